package tamman_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tabula/ai"
	"tabula/engine"
	"tabula/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite the files in testdata/")

// perftSetups are the positions whose perft counts are pinned in
// testdata/perft.txt: name, options, and turns from the start.
var perftSetups = []struct {
	name  string
	opts  []string
	turns []string
}{
	{"start-2p", nil, nil},
	{"start-4p", []string{"players=4"}, nil},
	{"midgame-2p", nil, []string{"t8", "t2", "t3", "c1+8", "c1+3", "c1+2", "t4", "t4", "c5+4", "c5+4"}},
	{"start-2p-total", []string{"throw-use=total"}, nil},
	// A seeded random four-player game after 60 turns: men of all four
	// players in the field, a capture throw due, captures within reach.
	{"midgame-4p", []string{"players=4"}, strings.Fields("t1 c1+1 t2 e3+2 t8 t1 t2 c5+1 b5+8 d1+2 t1 a3+1 t3 d1+3 t3 c1+3 t2 e5+2 t2 c5+2 t1 a2+1 t1 c1+1 t2 c5+2 t1 a5+1 t2 a1+2 t1 c1+1 t3 a5+3 t1 e3+1 t2 c5+2 t2 c1+2 t1 t1 e1+1 e2+1 t2 c1+2 t2 a2+2 t2 a5+2 t3 e3+3 t2 a3+2 t1 e1+1 t3 e3+3 t3 a3+3")},
}

// TestPerftByHand counts the first plies from the start by hand. Depth 2:
// t1, t2, t3 leave one move each, t4 and t8 one more throw each (5 + 5).
// Depth 3: after t1, t2 or t3 and the move, 5 throws of the next player;
// t4 then 1, 2, 3, 8 gives two moves (c1+x, c1+4) and t4 one; t8 then any
// throw leaves one more throw (5 x 5).
func TestPerftByHand(t *testing.T) {
	s := start(t)
	for d, want := range []int64{1, 5, 1 + 1 + 1 + 5 + 5, 5 + 5 + 5 + (2 + 2 + 2 + 1 + 2) + 25} {
		if got := enginetest.Perft(s, d); got != want {
			t.Errorf("perft %d = %d, want %d", d, got, want)
		}
	}
}

func TestPerft(t *testing.T) {
	const maxDepth = 6
	var got []string
	for _, p := range perftSetups {
		s := start(t, p.opts...)
		play(t, s, p.turns...)
		for d := 1; d <= maxDepth; d++ {
			got = append(got, fmt.Sprintf("%s %d %d", p.name, d, enginetest.Perft(s, d)))
		}
	}
	const header = "# Perft counts of Tamman: setup, depth, number of move sequences (each throw\n" +
		"# outcome is a branch). Depths 1-3 of start-2p are counted by hand (TestPerftByHand);\n" +
		"# every line is checked by a second implementation (model_test.go).\n" +
		"# Regenerate with: go test ./games/tamman -run TestPerft -update\n"
	enginetest.Golden(t, "perft.txt", header, got, *update)
}

// TestPlaythrough pins a whole two-player game, seeded, state by state:
// each line is a turn, then the phase and player after it, the throws
// waiting, and each player's men as path steps (0: 'ayn, 24: habarti).
func TestPlaythrough(t *testing.T) {
	s := start(t)
	rng := rand.New(rand.NewPCG(2026, 3))
	var got []string
	for !s.Terminal() {
		a := s.Actors(nil)[0]
		var m engine.Move
		if a == engine.ChancePlayer {
			m = ai.SampleChance(s.ChanceOutcomes(nil), rng.Float64())
		} else {
			ms := s.Legal(a, nil)
			m = ms[rng.IntN(len(ms))]
		}
		text := s.MoveText(a, m)
		s.Apply(m)
		got = append(got, fmt.Sprintf("%-6s %-5s p%d throws=%v men=%v,%v", text, s.Phase(), s.Turn(),
			s.Throws(), s.Steps(0), s.Steps(1)))
	}
	o, _ := s.Outcome()
	got = append(got, "result "+o.String())
	const header = "# A seeded random two-player game of Tamman: each turn, then the phase and\n" +
		"# player after it, the throws waiting, each player's men as path steps.\n" +
		"# Checked state by state by a second implementation (model_test.go).\n" +
		"# Regenerate with: go test ./games/tamman -run TestPlaythrough -update\n"
	enginetest.Golden(t, "playthrough-2p.txt", header, got, *update)
}
