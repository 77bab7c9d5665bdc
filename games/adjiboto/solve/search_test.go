package solve

import (
	"math/rand/v2"
	"strings"
	"testing"

	"tabula/games/adjiboto"
)

// A solver on the levels of the table below 16 seeds searches the boards
// of 16 and 17 seeds, groups on cycles included, and finds the values of
// the table built whole: on every board of a group and on random boards.
func TestSolverBeyondTheTableMatchesTheTable(t *testing.T) {
	whole, groups := cycleTable(t)
	low := *whole
	low.levels = 16
	opts := options(t)
	v, err := NewSolver(&low, opts, 17, 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	check := func(holes [adjiboto.Holes]int, p int) {
		s, err := adjiboto.NewPosition(opts, holes, [2]int{}, p)
		if err != nil {
			t.Fatal(err)
		}
		if s.Terminal() {
			return
		}
		got, err := v.Value(s)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := whole.Value(s); got != want {
			t.Fatalf("%v, player %d to move: solver %d, table %d", holes, s.ToMove(), got, want)
		}
	}
	for _, g := range groups {
		for _, m := range g {
			check(holesOf(m), int(m.p))
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		check(randomBoard(rng, 16+rng.IntN(2)), rng.IntN(2))
	}
	st := v.Stats()
	if st.Groups[16]+st.Groups[17] == 0 || st.Positions == 0 {
		t.Fatalf("the search met no group (%v) or kept no board (%d)", st.Groups, st.Positions)
	}
	t.Logf("%d boards searched", st.Positions)
}

// The search stops at its limit with an error, never a wrong value.
func TestSolverLimit(t *testing.T) {
	tab, v := smallSolver(t, 10)
	s, _ := adjiboto.NewPosition(options(t), [adjiboto.Holes]int{2, 2, 1, 1, 2, 2, 1, 1, 0, 0}, [2]int{}, 0)
	if _, err := v.Value(s); err == nil {
		t.Fatal("a search beyond its limit of 10 boards gave a value")
	}
	if _, err := NewSolver(tab, options(t, "skip-origin=true"), 12, 10); err == nil {
		t.Fatal("a solver for other rules than the table's")
	}
}

// A chain of moves deeper than MaxDepth stops the search with an error,
// not a crash of Go's stack.
func TestSolverDepthLimit(t *testing.T) {
	_, v := smallSolver(t, 1_000_000)
	saved := MaxDepth
	MaxDepth = 2
	defer func() { MaxDepth = saved }()
	s, _ := adjiboto.NewPosition(options(t), [adjiboto.Holes]int{2, 2, 1, 1, 2, 2, 1, 1, 0, 0}, [2]int{}, 0)
	if _, err := v.Value(s); err == nil || !strings.Contains(err.Error(), "MaxDepth") {
		t.Fatalf("error %v, want the depth limit", err)
	}
}

// smallSolver is a solver up to 12 seeds on the table of 6.
func smallSolver(t *testing.T, limit int) (*Table, *Solver) {
	t.Helper()
	tab, _, err := Build(options(t), 6, nil)
	if err != nil {
		t.Fatal(err)
	}
	v, err := NewSolver(tab, options(t), 12, limit)
	if err != nil {
		t.Fatal(err)
	}
	return tab, v
}
