package adjiboto

import (
	"reflect"
	"strings"
	"testing"

	"tabula/engine"
)

// A player who cannot move passes, and Tell says so once, in the move
// after which she cannot move; an ordinary move says nothing.
func TestTellTheForcedPass(t *testing.T) {
	s := position(t, [Holes]uint8{1, 1, 1, 1, 1, 0, 0, 0, 4, 4}, [2]uint8{}, 0)
	play(t, s, 9) // player 1 has only single seeds left
	want := []engine.Message{{Key: "ev_pass", Args: map[string]any{"player": 1}}}
	if got := s.Tell(); !reflect.DeepEqual(got, want) {
		t.Errorf("after the move that blocks player 1: %v", got)
	}
	start := start(t)
	play(t, start, 9)
	if got := start.Tell(); len(got) != 0 {
		t.Errorf("opening move: %v", got)
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
