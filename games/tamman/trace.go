package tamman

import "tabula/engine"

// This file gives a move's trace for drawing it (engine.Tracer). Places are
// the squares, numbered as Square (file + 5*rank: a1 = 0, c3 = 12, e5 =
// 24), the squares the state's JSON names in "pieces" and "seats". Events
// come one after another: each has its own Time, from 0.

var _ engine.Tracer = (*State)(nil)

// tracer collects the events of one move; a nil *tracer records nothing,
// which is how Apply runs.
type tracer struct {
	ev []engine.Event
	t  int
}

func (tr *tracer) add(e engine.Event) {
	if tr == nil {
		return
	}
	e.Time = tr.t
	tr.t++
	tr.ev = append(tr.ev, e)
}

// ApplyTraced plays ms[0] like Apply and appends its events. A throw is a
// Throw event (Player is the thrower, N the value). A man's move is one
// Step event for each square he goes to along his path (N 1), then a
// SendBack event for each square whose enemy men he sends back to their
// 'ayn (N men). A turn that ends with throws unused (none can be used, a
// pass, or 8, 8, 8) ends with a Pass event whose N is the throws lost;
// under triple-tamman=reset, 8, 8, 8 first sends the thrower's men back.
func (s *State) ApplyTraced(ms []engine.Move, dst []engine.Event) []engine.Event {
	tr := tracer{ev: dst}
	s.apply(ms[0], &tr)
	return tr.ev
}

// path records player p's man going from step from to step to of her path.
func (tr *tracer) path(s *State, p, from, to int) {
	if tr == nil {
		return
	}
	for k := from; k < to; k++ {
		tr.add(engine.Event{Kind: engine.Step, Player: p, From: int(s.r.path[p][k]), To: int(s.r.path[p][k+1]), N: 1})
	}
}

// sendBackOn records the men of player e (steps men) on the squares of
// hit that go back to her 'ayn: those in play, not on it or on habarti.
func (tr *tracer) sendBackOn(s *State, e int, men [4]uint8, hit uint32) {
	if tr == nil {
		return
	}
	var on [Squares]int
	for _, k := range men {
		if k != 0 && k != Home && hit&(1<<s.r.path[e][k]) != 0 {
			on[s.r.path[e][k]]++
		}
	}
	for q, n := range on {
		if n > 0 {
			tr.add(engine.Event{Kind: engine.SendBack, Player: e, From: q, To: int(s.r.path[e][0]), N: n})
		}
	}
}

// sendBack records all of player p's men in play going back to her 'ayn.
func (tr *tracer) sendBack(s *State, p int, men [4]uint8) {
	tr.sendBackOn(s, p, men, 1<<Squares-1)
}
