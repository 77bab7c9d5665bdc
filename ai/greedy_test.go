package ai

import (
	"tabula/engine"

	"slices"
	"testing"
)

// Greedy draws among the moves of equal best gain, and Ties names them:
// over many seeds Choose plays each tie and nothing else.
func TestGreedyChoosesAmongItsTies(t *testing.T) {
	b := build("ties", 2)
	g := b.game(b.turn(0, b.leaf(-1, 3, 0), b.leaf(-1, 1, 0), b.leaf(-1, 3, 0)))
	s, _ := g.NewState(engine.Options{})
	ties := NewGreedy(1).Ties(s, 0, nil)
	if !slices.Equal(ties, []engine.Move{0, 2}) {
		t.Fatalf("ties %v, want [0 2]", ties)
	}
	seen := map[engine.Move]int{}
	for seed := range uint64(100) {
		seen[NewGreedy(seed).Choose(s, 0)]++
	}
	if len(seen) != 2 || seen[0] == 0 || seen[2] == 0 {
		t.Errorf("greedy chose %v over 100 seeds, want both ties and nothing else", seen)
	}
}
