package tamman_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

func mustMove(t *testing.T, s *tamman.State, text string) engine.Move {
	t.Helper()
	m, err := s.ParseMove(s.Turn(), text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// policyChoices counts the moves PlayoutMove picks over a grid of u.
func policyChoices(s *tamman.State) map[engine.Move]int {
	moves := s.Legal(s.Turn(), nil)
	got := map[engine.Move]int{}
	for i := range 1000 {
		got[s.PlayoutMove(moves, (float64(i)+0.5)/1000)]++
	}
	return got
}

// With a 3 the man on c1 passes over d1 and e1, where an enemy man stands
// who has made 10 steps; the policy takes him, except in its random share.
func TestPlayoutPolicyCaptures(t *testing.T) {
	s := setup(t, tamman.Position{Turn: 0,
		Men:    [][]string{{"c1", "c1", "c1", "a1"}, {"e1", "c5", "c5", "c5"}},
		Throws: []int{3}})
	got := policyChoices(s)
	capture := mustMove(t, s, "c1+3")
	if got[capture] < 900 {
		t.Errorf("the capture c1+3 was picked %d times of 1000, want at least 900: %v", got[capture], got)
	}
}

// With a 3 the man on c1 can land on e2, or the man on d1 on e3, an 'ayn
// and safe. An enemy man waits on c1 (safe there), one step behind d1 and
// three behind e2 on his path: the policy takes the man on d1 out of
// danger and does not put another in it.
func TestPlayoutPolicyAvoidsDanger(t *testing.T) {
	s := setup(t, tamman.Position{Turn: 0,
		Men:    [][]string{{"c1", "c1", "c1", "d1"}, {"c1", "c5", "c5", "c5"}},
		Throws: []int{3}})
	got := policyChoices(s)
	safe := mustMove(t, s, "d1+3")
	if got[safe] < 900 {
		t.Errorf("d1+3 to the safe e3 was picked %d times of 1000, want at least 900: %v", got[safe], got)
	}
}

// Whatever the position, PlayoutMove returns one of the moves it is given.
func TestPlayoutPolicyReturnsALegalMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, players := range []string{"players=2", "players=4"} {
		for game := range 20 {
			s := start(t, players)
			for !s.Terminal() {
				p := s.Actors(nil)[0]
				moves := s.Legal(p, nil)
				if p == engine.ChancePlayer {
					s.Apply(moves[rng.IntN(len(moves))])
					continue
				}
				m := s.PlayoutMove(moves, rng.Float64())
				if !slices.Contains(moves, m) {
					t.Fatalf("%s, game %d: PlayoutMove gave %v, not among %v", players, game, m, moves)
				}
				s.Apply(m)
			}
		}
	}
}
