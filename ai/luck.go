package ai

import (
	"fmt"

	"tabula/engine"
)

// Luck measures the luck of chance outcomes for one seat, as backgammon
// programs' luck analysis does: the luck of outcome m at a chance event is
// V(after m) - Σ_o p(o)·V(after o), over the event's outcomes o with the
// rules' own chances p(o), where V judges a position for a fixed seat.
// Given the history, a game's luck has mean zero exactly, whatever V, so a
// result minus the luck of its chance events is an unbiased estimate of
// the expected result; the better V judges, the smaller its variance.
//
// The zero value is ready. A Luck serves the states of one game (it keeps
// a scratch state) and is not safe for concurrent use.
type Luck struct {
	outs  []engine.ChanceOutcome
	child engine.State
}

// Of returns the luck of outcome m at s, a state awaiting a chance event,
// judged by v (for a win chance: within [0, 1], 1 and 0 once the game is
// decided). s is left as it was. It errs when s awaits no chance event or
// m is not among its outcomes; once its scratch state has grown it does
// not allocate, if v does not.
func (l *Luck) Of(s engine.State, m engine.Move, v func(engine.State) float64) (float64, error) {
	l.outs = s.ChanceOutcomes(l.outs[:0])
	if len(l.outs) == 0 {
		return 0, fmt.Errorf("ai: luck at ply %d: no chance event pending", s.Ply())
	}
	if l.child == nil {
		l.child = s.Clone()
	}
	mean, drawn, found := 0.0, 0.0, false
	for _, o := range l.outs {
		l.child.CopyFrom(s)
		l.child.Apply(o.Move)
		x := v(l.child)
		mean += o.Prob * x
		if o.Move == m {
			drawn, found = x, true
		}
	}
	if !found {
		return 0, fmt.Errorf("ai: luck at ply %d: move %d is not among the %d chance outcomes", s.Ply(), m, len(l.outs))
	}
	return drawn - mean, nil
}
