package agsinnoninka

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tabula/engine"
)

// The end of a round is said once, in the turn that ends it (RoundEnd), and
// not drawn on the boards of the next round.
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
		_, said, ended := s.RoundEnd(before)
		if s.LastRound() == before.LastRound() {
			if ended || len(said) != 0 {
				t.Fatalf("turn %d: no round ended, yet %q", turn, said)
			}
		} else {
			ends++
			want := fmt.Sprintf("round %d ended (%s)", ends, s.LastRound().Why)
			if len(said) != 1 || !strings.HasPrefix(said[0], want) {
				t.Fatalf("turn %d: said %q, want %q", turn, said, want)
			}
		}
		if strings.Contains(s.String(), " ended (") {
			t.Fatalf("turn %d: the board tells a round end:\n%s", turn, s)
		}
	}
	if ends < 2 || ends != int(s.round) {
		t.Errorf("%d round ends said in a match of %d rounds", ends, s.round)
	}
}
