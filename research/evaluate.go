package research

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"tabula/ai"
	"tabula/engine"
)

// State-evaluation measures, after Browne's aesthetic measures as Ludii
// computes them: a search (ai.Analyze, MCTS) judges every decision of the
// first games of each reading, and the measures say how the judged values
// move (docs/metrics.md). The probe only watches: the games are the same
// with it or without.

// EvalResult is what the probe measured in one game.
type EvalResult struct {
	// Positions is the number of decisions judged.
	Positions int `json:"positions"`
	// Threshold is the highest value the search gave a player who did not
	// win (decided games only): the decisiveness threshold.
	Threshold float64 `json:"threshold"`
	// Decisive is the share of the judged decisions from the first at
	// which the winner's value rose above Threshold.
	Decisive float64 `json:"decisive"`
	// Narrowness is the mean, over decisions with moves of differing
	// value, of the share of moves valued above min + 0.75 (max − min);
	// Clarity the mean variance of the move values.
	Narrowness float64 `json:"narrowness"`
	Clarity    float64 `json:"clarity"`
	// Coverage is the share of the board's places a piece was placed on
	// (dropped, stepped, captured or moved onto) during the game.
	Coverage float64 `json:"coverage"`
	// Mobility is the mean number of legal moves of each actor at a
	// decision.
	Mobility float64 `json:"mobility"`
	decided  bool
}

// probe judges the decisions of one game.
type probe struct {
	iterations int
	seed       uint64
	values     [][]float64 // each player's value at each judged decision
	narrow     []float64
	clarity    []float64
	legal      int
	decisions  int
	events     []engine.Event
	scratch    engine.State // where a turn is traced
	places     map[int]bool
	board      int // the board's places
	moveVals   []float64
}

func newProbe(iterations int, seed uint64, s engine.State) *probe {
	pr := &probe{iterations: iterations, seed: seed, places: map[int]bool{}}
	if b, ok := s.(engine.Boarder); ok {
		bd := b.Board()
		pr.board = bd.Holes + len(bd.Stores) + len(bd.Squares)
	}
	return pr
}

// decide judges the position before the actors move.
func (pr *probe) decide(s engine.State, actors []int) {
	a := ai.Analyze(context.Background(), s, ai.Budget{Iterations: pr.iterations}, pr.seed^uint64(len(pr.values))*0x9e3779b97f4a7c15)
	pr.values = append(pr.values, a.Values)
	for _, actor := range actors {
		pr.moveVals = pr.moveVals[:0]
		for _, m := range a.Moves {
			if m.Player == actor {
				pr.moveVals = append(pr.moveVals, m.Value)
			}
		}
		pr.legal += len(s.Legal(actor, nil))
		pr.decisions++
		if n, ok := narrowness(pr.moveVals); ok {
			pr.narrow = append(pr.narrow, n)
			pr.clarity = append(pr.clarity, variance(pr.moveVals))
		}
	}
}

// see notes the places the turn's moves put pieces on in s (the state
// before them), tracing them on a copy: the self-play loop plays the turn.
func (pr *probe) see(s engine.State, moves []engine.Move) {
	if pr.board == 0 {
		return
	}
	if pr.scratch == nil {
		pr.scratch = s.Clone()
	} else {
		pr.scratch.CopyFrom(s)
	}
	tr, ok := pr.scratch.(engine.Tracer)
	if !ok {
		return
	}
	pr.events = tr.ApplyTraced(moves, pr.events[:0])
	for _, p := range placed(pr.events) {
		pr.places[p] = true
	}
}

// placed lists the places the events put a piece on.
func placed(events []engine.Event) []int {
	var out []int
	for _, e := range events {
		switch e.Kind {
		case engine.Drop, engine.Step, engine.Capture, engine.SendBack, engine.Transfer:
			if e.To >= 0 {
				out = append(out, e.To)
			}
		case engine.Set:
			if e.From >= 0 && e.N > 0 {
				out = append(out, e.From)
			}
		}
	}
	return out
}

// result sums the game up; winner is -1 for a draw.
func (pr *probe) result(winner int) *EvalResult {
	r := &EvalResult{Positions: len(pr.values), Narrowness: meanOf(pr.narrow), Clarity: meanOf(pr.clarity)}
	if pr.decisions > 0 {
		r.Mobility = float64(pr.legal) / float64(pr.decisions)
	}
	if pr.board > 0 {
		r.Coverage = float64(len(pr.places)) / float64(pr.board)
	}
	if winner >= 0 {
		r.decided = true
		r.Threshold, r.Decisive = decisiveness(pr.values, winner)
	}
	return r
}

// decisiveness gives the decisiveness threshold of a game, the highest
// value of a player other than the winner at any judged decision, and the
// share of the decisions from the first at which the winner's value is
// above it (0 if never).
func decisiveness(values [][]float64, winner int) (threshold, share float64) {
	for _, v := range values {
		for p, x := range v {
			if p != winner {
				threshold = max(threshold, x)
			}
		}
	}
	for t, v := range values {
		if winner < len(v) && v[winner] > threshold {
			return threshold, float64(len(values)-t) / float64(len(values))
		}
	}
	return threshold, 0
}

// narrowness is the share of the values above min + 0.75 (max − min),
// and false when there are fewer than two or all are equal.
func narrowness(vals []float64) (float64, bool) {
	if len(vals) < 2 {
		return 0, false
	}
	lo, hi := vals[0], vals[0]
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	if lo == hi {
		return 0, false
	}
	cut := lo + 0.75*(hi-lo)
	k := 0
	for _, v := range vals {
		if v > cut {
			k++
		}
	}
	return float64(k) / float64(len(vals)), true
}

// variance is the population variance of vals.
func variance(vals []float64) float64 {
	m := meanOf(vals)
	s := 0.0
	for _, v := range vals {
		s += (v - m) * (v - m)
	}
	return s / float64(len(vals))
}

func meanOf(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// EvalStats are a reading's state-evaluation measures over its judged
// games, each the mean of the games' values with its 95% interval.
type EvalStats struct {
	Iterations int      `json:"iterations"`
	Games      int      `json:"games"`
	Threshold  Interval `json:"threshold"` // decided games
	Decisive   Interval `json:"decisive"`  // decided games
	Narrowness Interval `json:"narrowness"`
	Clarity    Interval `json:"clarity"`
	Coverage   Interval `json:"coverage"`
	Mobility   Interval `json:"mobility"`
}

// evalStats sums up the judged games of a reading (nil without any).
func evalStats(iterations int, rs []game, tab *gameTables) *EvalStats {
	var th, dec, nar, cla, cov, mob []float64
	for _, r := range rs {
		e := tab.eval(r)
		if e == nil {
			continue
		}
		if r.Winner >= 0 {
			th, dec = append(th, e.Threshold), append(dec, e.Decisive)
		}
		nar, cla = append(nar, e.Narrowness), append(cla, e.Clarity)
		cov, mob = append(cov, e.Coverage), append(mob, e.Mobility)
	}
	if len(nar) == 0 {
		return nil
	}
	return &EvalStats{Iterations: iterations, Games: len(nar), Threshold: Mean(th), Decisive: Mean(dec), Narrowness: Mean(nar),
		Clarity: Mean(cla), Coverage: Mean(cov), Mobility: Mean(mob)}
}

// writeEval writes the state-evaluation table, if the run judged games.
func (rep *Report) writeEval(w io.Writer) {
	if rep.Config.Evaluate == 0 {
		return
	}
	fmt.Fprintf(w, "\nState evaluation (an MCTS search of %d iterations judged every decision of the first %d games of each reading; means over the games with 95%% intervals: threshold: the highest value of a player who did not win; decisive %%: decisions after the winner rose above it; narrowness %%: moves valued in the top quarter of the range; clarity: variance of the move values; coverage %%: board places used; mobility: legal moves)\n",
		rep.Config.Evaluate, rep.Config.EvaluateGames)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "reading\tgames\tthreshold\tdecisive %\tnarrowness %\tclarity\tcoverage %\tmobility\t")
	for _, s := range rep.Stats {
		e := s.Eval
		if e == nil {
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t\n", s.Reading.Label(), e.Games, num(e.Threshold), pct(e.Decisive),
			pct(e.Narrowness), num(e.Clarity), pct(e.Coverage), num(e.Mobility))
	}
	tw.Flush()
}

// evalCSV writes the state-evaluation measures.
func (rep *Report) evalCSV(c csvRows) {
	for i, s := range rep.Stats {
		e := s.Eval
		if e == nil {
			continue
		}
		l := s.Reading.Label()
		for _, m := range []struct {
			name string
			iv   Interval
		}{{"decisiveness threshold", e.Threshold}, {"decisive share", e.Decisive}, {"narrowness", e.Narrowness},
			{"clarity", e.Clarity}, {"coverage", e.Coverage}, {"mobility", e.Mobility}} {
			c.est("evaluation", i, l, m.name, m.iv, "", "", fmt.Sprintf("mcts %d iterations", e.Iterations))
		}
	}
}
