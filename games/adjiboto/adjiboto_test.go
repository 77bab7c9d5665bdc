package adjiboto

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite testdata/perft.txt")

func TestConformance(t *testing.T) {
	enginetest.Run(t, Game{}, enginetest.Config{Games: 200, MaxPlies: 2000})
	for _, o := range [][]string{
		{"chain-through-empty=true"}, {"capture-from=opponent"}, {"opening=ordered"},
		{"opening=none"}, {"skip-origin=true"}, {"seeds=25"}, {"seeds=2"}, {"repetition=0", "max-plies=50"},
	} {
		t.Run(strings.Join(o, ","), func(t *testing.T) {
			enginetest.Run(t, Game{}, enginetest.Config{Options: o, Games: 50, MaxPlies: 5000})
		})
	}
}

// perftSetups are the positions whose perft counts are pinned in
// testdata/perft.txt: name -> options and moves from the start.
var perftSetups = []struct {
	name  string
	opts  []string
	moves []int
}{
	{"start", nil, nil},
	{"after-opening", nil, []int{9, 4, 8, 3, 7, 2, 6, 1, 5, 0}},
	{"start-opening-none", []string{"opening=none"}, nil},
	{"start-chain-through-empty-opening-none", []string{"opening=none", "chain-through-empty=true"}, nil},
	// Three and four seeds a hole: captures, passes and blockades within
	// six moves.
	{"seeds-3-opening-none", []string{"opening=none", "seeds=3"}, nil},
	{"seeds-4-opening-none-midgame", []string{"opening=none", "seeds=4"}, []int{9, 4, 7}},
}

const perftHeader = "# Perft counts of Adji-Boto: setup, depth, number of move sequences.\n" +
	"# The opening's are counted by hand (TestPerftOpeningByHand); every line is\n" +
	"# checked by a second implementation (model_test.go).\n" +
	"# Regenerate with: go test ./games/adjiboto -run TestPerft -update\n"

func TestPerft(t *testing.T) {
	const maxDepth = 6
	var got []string
	for _, p := range perftSetups {
		s := start(t, p.opts...)
		play(t, s, p.moves...)
		for d := 1; d <= maxDepth; d++ {
			got = append(got, fmt.Sprintf("%s %d %d", p.name, d, enginetest.Perft(s, d)))
		}
	}
	enginetest.Golden(t, "perft.txt", perftHeader, got, *update)
}

func TestPerftOpeningByHand(t *testing.T) {
	// In the free opening each player has 5, then 4, then 3 holes left and
	// nothing else can change that: 5*5*4*4*3*3 sequences of six moves.
	if got := enginetest.Perft(start(t), 6); got != 5*5*4*4*3*3 {
		t.Errorf("perft 6 from the start = %d, want 3600", got)
	}
}

// TestRandomGamesKeepEverySeed checks the invariants along many random
// games: 100 seeds in all, stores never shrink, every game ends.
func TestRandomGamesKeepEverySeed(t *testing.T) {
	for _, o := range [][]string{nil, {"chain-through-empty=true"}, {"opening=none", "skip-origin=true"}} {
		for seed := uint64(0); seed < 300; seed++ {
			rng := rand.New(rand.NewPCG(seed, 7))
			s := start(t, o...)
			prev := [2]int{}
			for n := 0; !s.Terminal(); n++ {
				if n > 1000 {
					t.Fatalf("%v seed %d: no end after 1000 moves", o, seed)
				}
				l := s.Legal(s.ToMove(), nil)
				s.Apply(l[rng.IntN(len(l))])
				sum := s.Store(0) + s.Store(1)
				for h := 0; h < Holes; h++ {
					sum += s.Hole(h)
				}
				if sum != 100 {
					t.Fatalf("%v seed %d ply %d: %d seeds", o, seed, s.Ply(), sum)
				}
				for p := 0; p < 2; p++ {
					if s.Store(p) < prev[p] {
						t.Fatalf("%v seed %d: store %d shrank", o, seed, p)
					}
					prev[p] = s.Store(p)
				}
			}
		}
	}
}

func TestHashIsStable(t *testing.T) {
	// Pinned so that hashes stored by other programs (opening books,
	// transposition tables on disk) stay valid across versions.
	if got := strconv.FormatUint(start(t).Hash(), 16); got != "6dad8b5a74a0e262" {
		t.Errorf("hash of the start position changed to %s", got)
	}
	a, b := start(t), start(t)
	play(t, a, 9, 4)
	play(t, b, 9, 4)
	if a.Hash() != b.Hash() {
		t.Error("equal positions, different hashes")
	}
	play(t, b, 8)
	if a.Hash() == b.Hash() {
		t.Error("different positions, same hash")
	}
}

func TestParseMove(t *testing.T) {
	s := start(t)
	for _, bad := range []string{"", "10", "-1", "a", "05", " 5", "4"} {
		if _, err := s.ParseMove(0, bad); err == nil {
			t.Errorf("ParseMove(0, %q) accepted", bad)
		}
	}
	for h := 5; h <= 9; h++ {
		m, err := s.ParseMove(0, strconv.Itoa(h))
		if err != nil || int(m) != h {
			t.Errorf("ParseMove(0, %d) = %d, %v", h, m, err)
		}
	}
}

func FuzzReplay(f *testing.F) {
	f.Add("9 4 8 3 7 2 6 1 5 0 9")
	f.Add("5 5")
	f.Add("x")
	opts := engine.DefaultOptions(Game{})
	f.Fuzz(func(t *testing.T, line string) {
		moves := strings.Fields(line)
		s, err := engine.Replay(Game{}, opts, moves)
		if err != nil {
			return
		}
		sum := s.Scores(nil)[0] + s.Scores(nil)[1]
		for h := 0; h < Holes; h++ {
			sum += float64(s.(*State).Hole(h))
		}
		if sum != 100 {
			t.Fatalf("%q: %v seeds", line, sum)
		}
	})
}
