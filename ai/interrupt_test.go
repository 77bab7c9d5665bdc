package ai

import (
	"fmt"
	"hash/fnv"
	"slices"
	"testing"
	"time"

	"tabula/engine"
	"tabula/games/agsinnoninka"
)

// choicePositions gives positions with a choice in every game.
func choicePositions(t *testing.T) []engine.State {
	var out []engine.State
	for _, start := range gameSetups(t) {
		out = append(out, engine.ChoicePositions(start, 3)...)
	}
	return out
}

// budgetedDigest searches each position by a seeded MCTS bounded by
// iterations alone and digests the root visit counts.
func budgetedDigest(t *testing.T) string {
	h := fnv.New64a()
	n := 0
	for i, s := range choicePositions(t) {
		m := NewMCTS("mcts", Budget{Iterations: 200}, Config{Seed: uint64(i + 1)})
		moves, weights := m.Policy(s, s.Actors(nil)[0])
		fmt.Fprintln(h, s.Game().ID(), moves, weights)
		n++
	}
	return fmt.Sprintf("%d:%x", n, h.Sum64())
}

// Searches bounded by iterations alone search as before the deadline
// was checked inside playouts and turns: the digest of their root visit
// counts, in positions of every game, was taken before that change.
func TestBudgetedSearchesKeepTheirResults(t *testing.T) {
	const want = "15:4656ab11da67fc1b"
	if got := budgetedDigest(t); got != want {
		t.Errorf("the budgeted searches' digest is %s, was %s", got, want)
	}
}

// longTurnAt is an Agsinnoninka position (from a seeded random match)
// whose turn 6,3 runs some 40,000 decision steps where 8,4 is short.
func longTurnAt(t *testing.T) engine.State {
	s, err := agsinnoninka.NewPosition(engine.DefaultOptions(agsinnoninka.Game{}), agsinnoninka.Position{
		Holes:  [agsinnoninka.Holes]int{0, 0, 5, 14, 3, 7, 4, 0, 4, 0},
		Stores: [2]int{8, 5},
		Burnt:  [agsinnoninka.Holes]bool{0: true, 1: true},
		Round:  9,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A timed search stops inside a long turn when its deadline passes
// there, by a fake clock: the second iteration's long turn looks at the
// clock many times when the deadline is far, and gives up at its first
// look when it has passed, leaving the tree as the first iteration left
// it.
func TestTimedSearchStopsInsideALongTurn(t *testing.T) {
	root := longTurnAt(t)
	start := time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)
	reads := 0
	search := func(seed uint64, iterations, passAt int) *tree {
		tr := newTree(seed)
		reads = 0
		tr.clock = func() time.Time {
			reads++
			if passAt > 0 && reads >= passAt {
				return start.Add(time.Hour)
			}
			return start
		}
		tr.search(root, iterations, start.Add(time.Second))
		return tr
	}
	// A seed whose second iteration meets the long turn (the untried
	// moves are drawn at random): its turn looks at the clock often.
	seed, first := uint64(1), 0
	for ; seed < 50; seed++ {
		search(seed, 1, 0)
		first = reads // the looks before and in the first iteration
		if tr := search(seed, 2, 0); tr.iterations == 2 && reads >= first+5 {
			break
		}
	}
	if seed == 50 {
		t.Fatal("no seed's second iteration met the long turn")
	}
	// After the first iteration's looks, one comes before the second
	// iteration, the next inside its long turn.
	tr := search(seed, 2, first+2)
	if tr.iterations != 1 || reads != first+2 {
		t.Errorf("with the deadline passing in the long turn: %d iterations, %d looks at the clock; want 1 and %d", tr.iterations, reads, first+2)
	}
	if len(tr.nodes) != 2 || tr.nodes[0].visits != 1 {
		t.Errorf("the cut iteration left %d nodes, the root visited %d times; want the first iteration's 2 and 1", len(tr.nodes), tr.nodes[0].visits)
	}
}

// A deadline cuts even a search's first iteration (a cold search's setup
// can outlast easy's 40 ms in the browser): by a fake clock that passes
// at the first look, no iteration ends, Policy gives every move alike
// and Choose draws a legal move; a search bounded by iterations alone
// never looks at the clock.
func TestDeadlineCutsTheFirstIteration(t *testing.T) {
	for i, s := range choicePositions(t) {
		player := s.Actors(nil)[0]
		m := NewMCTS("mcts", Budget{Iterations: 200, Time: time.Second}, Config{Seed: uint64(i + 1)})
		looks := 0
		// Policy sets the deadline by the real clock: an hour on, it has passed
		m.trees[0].clock = func() time.Time { looks++; return time.Now().Add(time.Hour) }
		moves, weights := m.Policy(s, player)
		if m.Iterations != 0 || looks != 1 {
			t.Errorf("%s at ply %d: %d iterations, %d looks at the clock past the deadline; want 0 and 1", s.Game().ID(), s.Ply(), m.Iterations, looks)
		}
		for j, w := range weights {
			if w != 1 {
				t.Errorf("%s at ply %d: %v weighs %v with no iteration, want 1", s.Game().ID(), s.Ply(), moves[j], w)
			}
		}
		if mv := m.Choose(s, player); !slices.Contains(moves, mv) {
			t.Errorf("%s at ply %d: chose %v, not among the legal %v", s.Game().ID(), s.Ply(), mv, moves)
		}
		budgeted := NewMCTS("mcts", Budget{Iterations: 20}, Config{Seed: uint64(i + 1)})
		budgeted.trees[0].clock = func() time.Time { t.Fatal("a budgeted search looked at the clock"); return time.Now() }
		if budgeted.Policy(s, player); budgeted.Iterations != 20 {
			t.Errorf("%s at ply %d: the budgeted search ran %d iterations, want 20", s.Game().ID(), s.Ply(), budgeted.Iterations)
		}
	}
}

// A timed search whose deadline never passes searches as the same
// search bounded by iterations alone, in every game: its playouts, cut
// in pieces to look at the clock, or played turn by turn through a
// game's turn applier, are the same turns from the same draws.
func TestTimedSearchesPlayTheBudgetedPlayouts(t *testing.T) {
	start := time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)
	for i, s := range choicePositions(t) {
		budgeted, timed := newTree(uint64(i)), newTree(uint64(i))
		timed.clock = func() time.Time { return start }
		budgeted.search(s, 200, time.Time{})
		timed.search(s, 200, start.Add(time.Second))
		var a, b []float64
		a = make([]float64, len(s.Legal(s.Actors(nil)[0], nil)))
		b = make([]float64, len(a))
		budgeted.addRootPolicy(s.Actors(nil)[0], a)
		timed.addRootPolicy(s.Actors(nil)[0], b)
		if !slices.Equal(a, b) {
			t.Errorf("%s at ply %d: the timed search's root visits %v, the budgeted one's %v", s.Game().ID(), s.Ply(), b, a)
		}
	}
}
