package ai

import (
	"testing"

	"tabula/engine"
)

// Pick, handed the legal moves, draws the move Choose draws: two random
// agents of one seed, one choosing and one picking, play the same games
// in every setup (the self-play loop hands random agents its list).
func TestRandomPickDrawsAsChoose(t *testing.T) {
	for _, root := range gameSetups(t) {
		a, b := NewRandom(5), NewRandom(5)
		chance := NewRandom(9)
		s := root.Clone()
		var legal []engine.Move
		for turn := 0; turn < 300 && !s.Terminal(); turn++ {
			actors := s.Actors(nil)
			var moves []engine.Move
			for _, p := range actors {
				if p == engine.ChancePlayer {
					moves = append(moves, chance.Choose(s, p))
					continue
				}
				legal = s.Legal(p, legal[:0])
				want := a.Choose(s, p)
				if got := b.Pick(legal); got != want {
					t.Fatalf("%s %v, turn %d: Pick gave %v, Choose %v", root.Game().ID(), root.Options().Settings(), turn, got, want)
				}
				moves = append(moves, want)
			}
			engine.ApplyTurn(s, moves)
		}
	}
}
