package solve

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/games/adjiboto"
)

var (
	tableFile  = flag.String("table-file", "", "TestTableFileSample, TestTableFilesAgree: a table file (k30.tab, say) to check; TestThreeSeedsFromStart: one of the default rules")
	fileSample = flag.Int("file-samples", 200, "TestTableFileSample: random boards of each of the table's top levels")
	otherFile  = flag.String("table-file2", "", "TestTableFilesAgree: a second table file of the same rules (k20.tab, say)")
	searchUpTo = flag.Int("search-limit", 2_000_000, "TestTableFileSample: the boards a solver searches for one board before it is skipped")
)

// openTableFile opens -table-file (the levels built so far, when its
// build is not finished), or skips the test without one; it returns the
// table and the options of the rules it was built for.
func openTableFile(t *testing.T) (*Table, engine.Options) {
	t.Helper()
	if *tableFile == "" {
		t.Skip("no -table-file")
	}
	tab, err := OpenUnfinished(*tableFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tab.Close() })
	return tab, options(t, tab.Rules()...)
}

// A table too large to build in a test, checked in three ways on random
// boards of its top ten levels (above 20 seeds, which the other tests
// check): each value is the best of the values its moves lead to; each
// value follows from the levels below by the literal search of the board's
// own level (moves without capture, under the repetition rule, the
// history kept; a capture leads to a board of the table's lower levels),
// where that search stays within -literal-budget positions; and a solver
// on the table's levels up to 20 seeds finds it by searching from the
// board, where that stays within -search-limit boards.
func TestTableFileSample(t *testing.T) {
	tab, opts := openTableFile(t)
	l := newLiteral(t, tab.Rules()...)
	l.budget = *literalBudget
	if l.budget == 0 {
		l.budget = 200_000
	}
	l.below = func(s *adjiboto.State) int {
		v, ok := tab.Value(s)
		if !ok {
			t.Fatalf("%v: not in the table", s)
		}
		return v
	}
	top := tab.Levels() - 1
	low := *tab
	low.levels = min(21, top-2)
	rng := rand.New(rand.NewPCG(7, 8))
	var bellman, literal, searched int
	for n := max(low.levels, top-9); n <= top; n++ {
		for range *fileSample {
			holes, p := randomBoard(rng, n), rng.IntN(2)
			s, err := adjiboto.NewPosition(opts, holes, [2]int{}, p)
			if err != nil {
				t.Fatal(err)
			}
			if s.Terminal() {
				continue
			}
			v, _ := tab.Value(s)
			_, vals, _ := tab.MoveValues(s)
			if best := slices.Max(vals); best != v {
				t.Fatalf("%v, player %d to move: table %d, its best move %d", holes, s.ToMove(), v, best)
			}
			bellman++
			if want, ok := l.try(t, opts, holes, p); ok {
				if got := tab.get(n, tab.entry(&holes, n, p)); got != want {
					t.Fatalf("%v, player %d to move: table %d, literal %d", holes, p, got, want)
				}
				literal++
			}
			sv, err := NewSolver(&low, opts, n, *searchUpTo)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := sv.Value(s); err == nil {
				if got != v {
					t.Fatalf("%v, player %d to move: table %d, solver from %d seeds %d", holes, s.ToMove(), v, low.levels-1, got)
				}
				searched++
			}
		}
	}
	t.Logf("%d boards of %d to %d seeds: the best of their moves on all; literal from the levels below on %d (the rest over %d positions); the solver on levels 0-%d on %d (the rest over %d boards)",
		bellman, max(low.levels, top-9), top, literal, l.budget, low.levels-1, searched, *searchUpTo)
	if bellman == 0 {
		t.Fatal("no board checked")
	}
}

// Two tables of the same rules built apart (K = 20 and K = 30, say) hold
// the same entries on the levels both have: a level's entries do not
// depend on K.
func TestTableFilesAgree(t *testing.T) {
	tab, _ := openTableFile(t)
	if *otherFile == "" {
		t.Skip("no -table-file2")
	}
	other, err := OpenUnfinished(*otherFile)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if !slices.Equal(tab.Rules(), other.Rules()) {
		t.Fatalf("rules %v and %v", tab.Rules(), other.Rules())
	}
	levels := min(tab.Levels(), other.Levels())
	for n := range levels {
		if !bytes.Equal(tab.levelData(n), other.levelData(n)) {
			t.Fatalf("level %d differs", n)
		}
	}
	t.Logf("levels 0 to %d (%d entries) agree", levels-1, Size(levels-1))
}

// threeSeeds is the value of each first move for player 0 with 3 seeds a
// hole, by the rules a table is for and the opening, as docs/lab/adjiboto-endgames.md gives
// them.
var threeSeeds = map[string]map[string]map[int]int{
	"chain-through-empty=false capture-from=any skip-origin=false": {
		"free":    {9: 6, 8: 4, 7: 6, 6: 4, 5: 4},
		"ordered": {9: 20},
		"none":    {9: 30, 8: 28, 7: 24, 6: 18, 5: 14},
	},
	"chain-through-empty=false capture-from=any skip-origin=true": {
		"free":    {9: 6, 8: 4, 7: 6, 6: 4, 5: 4},
		"ordered": {9: 20},
		"none":    {9: 30, 8: 28, 7: 24, 6: 18, 5: 14},
	},
	"chain-through-empty=false capture-from=opponent skip-origin=false": {
		"free":    {9: 4, 8: 6, 7: 4, 6: 4, 5: 6},
		"ordered": {9: 26},
		"none":    {9: 0, 8: -14, 7: 28, 6: 28, 5: -10},
	},
	"chain-through-empty=true capture-from=any skip-origin=false": {
		"free":    {9: 4, 8: 6, 7: 6, 6: 2, 5: 4},
		"ordered": {9: 26},
		"none":    {9: 30, 8: 28, 7: 24, 6: 18, 5: 14},
	},
}

// With 3 seeds a hole the game has 30 seeds, and every position after the
// opening is in a table of 30: the start's value and first moves under
// each opening, as docs/lab/adjiboto-endgames.md gives them for the table's rules.
func TestThreeSeedsFromStart(t *testing.T) {
	tab, _ := openTableFile(t)
	byOpening, ok := threeSeeds[strings.Join(tab.Rules(), " ")]
	if !ok {
		t.Skipf("%s is for %v, whose values are not listed", *tableFile, tab.Rules())
	}
	if tab.Levels() <= 30 {
		t.Skipf("%s has levels up to %d seeds, 3 seeds a hole need 30", *tableFile, tab.Levels()-1)
	}
	for opening, want := range byOpening {
		s, err := adjiboto.New(options(t, append(slices.Clone(tab.Rules()), "seeds=3", "opening="+opening)...))
		if err != nil {
			t.Fatal(err)
		}
		moves, vals, err := tab.GameMoves(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) != len(want) {
			t.Errorf("opening=%s: %d first moves, want %d", opening, len(moves), len(want))
		}
		for i, m := range moves {
			if w, ok := want[int(m)]; !ok || vals[i] != w {
				t.Errorf("opening=%s: first move %d: %d, want %d (listed %v)", opening, m, vals[i], w, ok)
			}
		}
	}
}
