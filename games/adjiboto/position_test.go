package adjiboto

import (
	"strings"
	"testing"

	"tabula/engine"
)

func TestNewPositionSettlesLikeAMove(t *testing.T) {
	opts := engine.DefaultOptions(Game{})
	// Player 1 has only single seeds: she passes and player 0 moves.
	s, err := NewPosition(opts, [Holes]int{1, 1, 0, 0, 0, 0, 0, 3, 0, 0}, [2]int{4, 5}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if s.ToMove() != 0 || s.InOpening() || s.Store(0) != 4 || s.Store(1) != 5 {
		t.Fatalf("to move %d, opening %v, stores %d %d", s.ToMove(), s.InOpening(), s.Store(0), s.Store(1))
	}
	// Nobody can move: the game ends and each sweeps her side.
	s, _ = NewPosition(opts, [Holes]int{1, 0, 0, 0, 0, 1, 1, 0, 0, 0}, [2]int{}, 0)
	if !s.Terminal() || s.Store(0) != 2 || s.Store(1) != 1 {
		t.Fatalf("terminal %v, stores %d %d", s.Terminal(), s.Store(0), s.Store(1))
	}
}

func TestNewPositionBadInput(t *testing.T) {
	opts := engine.DefaultOptions(Game{})
	for _, c := range []struct {
		holes  [Holes]int
		stores [2]int
		p      int
		want   string
	}{
		{[Holes]int{}, [2]int{}, 2, "player to move 2"},
		{[Holes]int{3: -1}, [2]int{}, 0, "hole 3 holds -1"},
		{[Holes]int{}, [2]int{0, -2}, 0, "store of player 1"},
		{[Holes]int{200, 56}, [2]int{}, 0, "256 seeds"},
	} {
		_, err := NewPosition(opts, c.holes, c.stores, c.p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %v %d: error %v, want %q", c.holes, c.stores, c.p, err, c.want)
		}
	}
}
