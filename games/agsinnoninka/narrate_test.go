package agsinnoninka

import (
	"math/rand/v2"
	"strings"
	"testing"

	"tabula/engine"
)

// The end of a round is told once, in the turn that ends it, with the
// board as it ended, and not drawn on the boards of the next round.
func TestNarrateTellsEachRoundEndOnce(t *testing.T) {
	g := Game{}
	st, err := g.NewState(engine.DefaultOptions(g))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	rng := rand.New(rand.NewPCG(5, 5))
	ends := 0
	for turn := 0; !s.Terminal(); turn++ {
		if turn > 100000 {
			t.Fatal("match too long")
		}
		actors := s.Actors(nil)
		moves := make([]engine.Move, len(actors))
		for i, a := range actors {
			legal := s.Legal(a, nil)
			moves[i] = legal[rng.IntN(len(legal))]
		}
		before := s.Clone().(*State)
		engine.ApplyTurn(s, moves)
		var said []engine.Message
		for _, m := range s.Tell() {
			if m.Key == engine.RoundOver {
				said = append(said, m)
			}
		}
		_, drawn := s.RoundBoard("en")
		if s.LastRound() == before.LastRound() {
			if drawn || len(said) != 0 {
				t.Fatalf("turn %d: no round ended, yet %v", turn, said)
			}
		} else {
			ends++
			if !drawn || len(said) != 1 || said[0].Args["n"] != ends {
				t.Fatalf("turn %d: said %v of round %d", turn, said, ends)
			}
		}
		if strings.Contains(s.String(), " is over (") {
			t.Fatalf("turn %d: the board tells a round end:\n%s", turn, s)
		}
	}
	if ends < 2 || ends != int(s.round) {
		t.Errorf("%d round ends said in a match of %d rounds", ends, s.round)
	}
}
