package adjiboto

import (
	"slices"
	"strings"
	"testing"
)

// A player who cannot move passes, and the terminal says so once, in the
// move after which she cannot move; an ordinary move says nothing.
func TestNarrateTellsTheForcedPass(t *testing.T) {
	s := position(t, [Holes]uint8{1, 1, 1, 1, 1, 0, 0, 0, 4, 4}, [2]uint8{}, 0)
	before := s.Clone()
	play(t, s, 9) // player 1 has only single seeds left
	if got := s.Narrate(before); !slices.Equal(got, []string{"player 1 cannot move and passes"}) {
		t.Errorf("after the move that blocks player 1: %q", got)
	}
	start := start(t)
	before = start.Clone()
	play(t, start, 9)
	if got := start.Narrate(before); len(got) != 0 {
		t.Errorf("opening move: %q", got)
	}
}

// The board shows the sowing direction: player 1's row (top) sows to the
// left, player 0's row (bottom) to the right.
func TestBoardShowsCounterClockwiseSowing(t *testing.T) {
	b := start(t).String()
	for _, want := range []string{"p1 <-", "p0 ->", "counter-clockwise: 9 8 7 6 5, then 4 3 2 1 0"} {
		if !strings.Contains(b, want) {
			t.Errorf("board lacks %q:\n%s", want, b)
		}
	}
}
