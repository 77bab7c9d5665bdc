package ai

import (
	"math"
	"testing"

	"tabula/engine"
)

// settledValue is expectiminimax by the rules of Config.SettleMoves and
// RareOutcome, with no pruning and no table: the value of s for root with
// depth plies to search, a node where a player is to move searched on
// past the depth by up to settle moves, the outcomes of a throw rarer
// than rare a ply shallower; afterThrow says s follows a throw (a throw
// after a throw costs a ply, as in AlphaBeta.search).
func settledValue(s engine.State, depth, settle int, rare float64, root int, afterThrow bool, eval func(engine.State, []float64) []float64) float64 {
	actors := s.Actors(nil)
	if len(actors) != 1 {
		return heuristic(s, root, eval, nil)[0]
	}
	throw := actors[0] == engine.ChancePlayer
	if depth <= 0 && (throw || depth <= -settle) {
		return heuristic(s, root, eval, nil)[0]
	}
	if throw {
		if afterThrow {
			depth--
		}
		v := 0.0
		for _, o := range s.ChanceOutcomes(nil) {
			c := s.Clone()
			c.Apply(o.Move)
			d := depth
			if o.Prob < rare {
				d--
			}
			v += o.Prob * settledValue(c, d, settle, rare, root, true, eval)
		}
		return v
	}
	best := math.Inf(-1)
	sign := 1.0
	if actors[0] != root {
		sign = -1
	}
	for _, m := range s.Legal(actors[0], nil) {
		c := s.Clone()
		c.Apply(m)
		best = max(best, sign*settledValue(c, depth-1, settle, rare, root, false, eval))
	}
	return sign * best
}

// rootValue is settledValue at the root: the best of p's moves.
func rootValue(s engine.State, depth, settle int, rare float64, p int) float64 {
	want := math.Inf(-1)
	for _, m := range s.Legal(p, nil) {
		c := s.Clone()
		c.Apply(m)
		want = max(want, settledValue(c, depth-1, settle, rare, p, false, boundedEval))
	}
	return want
}

// TestSettleMovesIsExpectiminimaxToTheTurnsEnd checks the search with
// SettleMoves (and Star1 and its tables) against settledValue on
// positions of Tamman, whose turns may hold several throws: the same root
// value at depths 1 to 3 and 0 to 3 moves of settling; and that settling
// searches more positions than the depth alone.
func TestSettleMovesIsExpectiminimaxToTheTurnsEnd(t *testing.T) {
	var plain, settled int64
	for i, s := range positions(t, "tamman", 12, 20) {
		p := s.Actors(nil)[0]
		for depth := 1; depth <= 3; depth++ {
			for settle := 0; settle <= 3; settle++ {
				a := NewAlphaBeta("a", Budget{Depth: depth}, Config{Seed: 1, Eval: boundedEval, EvalBound: 1, SettleMoves: settle})
				_, got := a.Search(s, p)
				if want := rootValue(s, depth, settle, 0, p); math.Abs(got-want) > 1e-9 {
					t.Errorf("position %d depth %d settle %d: search %v, expectiminimax %v", i, depth, settle, got, want)
				}
				switch settle {
				case 0:
					plain += a.Nodes
				case 3:
					settled += a.Nodes
				}
			}
		}
	}
	if settled <= plain {
		t.Errorf("settling visited %d positions, the depth alone %d: it searched nothing past the depth", settled, plain)
	}
	t.Logf("positions visited: %d without settling, %d with 3 moves", plain, settled)
}

// TestRareOutcomeSearchesRareThrowsAPlyShallower checks RareOutcome the
// same way: in Tamman the throws 4 and 8 (1/16 each, below 0.1) searched
// a ply shallower than 1, 2 and 3, with and without Star1, give the root
// value of settledValue at depths 1 to 3, and fewer positions than the
// full search; 0.05 reduces none of them.
func TestRareOutcomeSearchesRareThrowsAPlyShallower(t *testing.T) {
	var full, reduced int64
	for i, s := range positions(t, "tamman", 12, 20) {
		p := s.Actors(nil)[0]
		for depth := 1; depth <= 3; depth++ {
			for _, rare := range []float64{0, 0.05, 0.1} {
				want := rootValue(s, depth, 0, rare, p)
				for _, bound := range []float64{0, 1} {
					a := NewAlphaBeta("a", Budget{Depth: depth}, Config{Seed: 1, Eval: boundedEval, EvalBound: bound, RareOutcome: rare})
					if _, got := a.Search(s, p); math.Abs(got-want) > 1e-9 {
						t.Errorf("position %d depth %d rare %v bound %v: search %v, expectiminimax %v", i, depth, rare, bound, got, want)
					}
					switch {
					case rare == 0 && bound == 1:
						full += a.Nodes
					case rare == 0.1 && bound == 1:
						reduced += a.Nodes
					}
				}
			}
			if rootValue(s, depth, 0, 0.05, p) != rootValue(s, depth, 0, 0, p) {
				t.Errorf("position %d depth %d: 0.05 reduced a throw (none is rarer than 1/16)", i, depth)
			}
		}
	}
	if reduced >= full {
		t.Errorf("reducing the rare throws visited %d positions, the full search %d", reduced, full)
	}
	t.Logf("positions visited: %d in full, %d with 4 and 8 a ply shallower", full, reduced)
}
