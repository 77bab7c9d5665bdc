package tammanlab

import (
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
)

// The games of a round of MatchMulti give each seat the same throws and
// draws: with the same variant in every seat they are the same game, and
// the next round's is another.
func TestMatchMultiRoundsShareTheLuck(t *testing.T) {
	for _, n := range []int{3, 4} {
		opts, err := engine.ParseOptions(tamman.Game{}, []string{"players=" + string(rune('0'+n))})
		if err != nil {
			t.Fatal(err)
		}
		game := func(i int) (int, int) {
			agents := make([]ai.Agent, n)
			for p := range agents {
				// Seeded apart: only the keyed draws make them alike.
				agents[p] = multiVariant(t, "easy/net", opts, uint64(100*i+p))
			}
			moves := 0
			s := playMulti(t, opts, agents, i, func(int, time.Duration) { moves++ })
			return s.Winner(), moves
		}
		w0, m0 := game(0)
		for i := 1; i < n; i++ {
			if w, m := game(i); w != w0 || m != m0 {
				t.Errorf("%d players, game %d of the first round: seat %d won after %d moves, game 0: seat %d after %d", n, i, w, m, w0, m0)
			}
		}
		if w, m := game(n); w == w0 && m == m0 {
			t.Errorf("%d players: the second round played the first's game (seat %d, %d moves)", n, w, m)
		}
	}
}
