package ai

import (
	"math"
	"testing"
)

// TestMoveValuesAreEachMovesExpectiminimax checks MoveValues (with Star1
// and its tables, searching the moves one after another in one agent)
// against the plain expectiminimax of settledValue, move by move, on
// positions of Tamman at depths 1 to 3: the value of every move, not
// only of the best; and the best of them is Search's value.
func TestMoveValuesAreEachMovesExpectiminimax(t *testing.T) {
	parted := 0
	for i, s := range positions(t, "tamman", 8, 20) {
		p := s.Actors(nil)[0]
		moves := s.Legal(p, nil)
		for depth := 1; depth <= 3; depth++ {
			a := NewAlphaBeta("a", Budget{Depth: depth}, Config{Seed: 1, Eval: boundedEval, EvalBound: 1})
			got, ok := a.MoveValues(s, p, moves, nil)
			if !ok || len(got) != len(moves) {
				t.Fatalf("position %d depth %d: %d values of %d moves, ok %v", i, depth, len(got), len(moves), ok)
			}
			best := math.Inf(-1)
			for k, m := range moves {
				c := s.Clone()
				c.Apply(m)
				if want := settledValue(c, depth-1, 0, 0, p, false, boundedEval); math.Abs(got[k]-want) > 1e-9 {
					t.Errorf("position %d depth %d move %d: %v, expectiminimax %v", i, depth, k, got[k], want)
				}
				if k > 0 && math.Abs(got[k]-got[0]) > 1e-6 {
					parted++
				}
				best = max(best, got[k])
			}
			if _, v := a.Search(s, p); math.Abs(v-best) > 1e-9 {
				t.Errorf("position %d depth %d: search %v, the best move's value %v", i, depth, v, best)
			}
		}
	}
	if parted == 0 {
		t.Error("every move had the same value: the test shows nothing")
	}
}
