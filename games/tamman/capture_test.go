package tamman_test

import (
	"slices"
	"testing"

	"tabula/games/tamman"
)

// men is shorthand for a player's four men.
func men(q ...string) []string { return q }

func TestPassingAnEnemyOnAPlainSquareSendsHimBack(t *testing.T) {
	// c1+3 passes d1 and e1 and lands on e2: the enemy on d1 goes back to
	// his 'ayn c5 and player 0 throws once more at once, before using the
	// 2 she still holds.
	pos := tamman.Position{Men: [][]string{men("c1", "c1", "c1", "c1"), men("d1", "b5", "c5", "c5")}, Throws: []int{2, 3}}
	s := setup(t, pos)
	play(t, s, "c1+3")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "b5")) {
		t.Errorf("player 1: %v", got)
	}
	if s.Phase() != tamman.ThrowPhase || s.CaptureThrowsDue() != 1 || s.Turn() != 0 {
		t.Fatalf("phase %s, %d capture throws due, turn %d", s.Phase(), s.CaptureThrowsDue(), s.Turn())
	}
	if thrower, captured := detail(s, "thrower"), detail(s, "captured"); thrower != 0 || captured != 1 {
		t.Errorf("details thrower %v captured %v", thrower, captured)
	}
	play(t, s, "t3")
	if s.Phase() != tamman.MovePhase || !slices.Equal(s.Throws(), []int{2, 3}) {
		t.Errorf("phase %s throws %v", s.Phase(), s.Throws())
	}
}

func TestEnemyOnAnAynIsSafe(t *testing.T) {
	// d1+4 passes e1, e2, e3 and lands on e4; e3 is an 'ayn (of no player
	// in a two-player game), so the enemy there stays; the one on e2 goes.
	pos := tamman.Position{Men: [][]string{men("d1", "c1", "c1", "c1"), men("e3", "e2", "c5", "c5")}, Throws: []int{4}}
	s := setup(t, pos)
	play(t, s, "d1+4")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "e3")) {
		t.Errorf("player 1: %v", got)
	}
	if s.CaptureThrowsDue() != 1 {
		t.Errorf("capture throws due %d", s.CaptureThrowsDue())
	}
}

func TestEnemyOnHisOwnAynIsSafe(t *testing.T) {
	// Player 1 (e3) in a four-player game: a man on his own 'ayn, passed
	// by player 0, stays.
	pos := tamman.Position{Men: [][]string{men("e2", "c1", "c1", "c1"), men("e3", "e3", "e3", "e3"),
		men("c5", "c5", "c5", "c5"), men("a3", "a3", "a3", "a3")}, Throws: []int{2}}
	s := setup(t, pos, "players=4")
	play(t, s, "e2+2")
	if got := squares(s, 1); !slices.Equal(got, men("e3", "e3", "e3", "e3")) || s.Turn() != 1 {
		t.Errorf("player 1: %v, turn %d", got, s.Turn())
	}
}

func TestSafeAynOwnLeavesOtherAynUnsafe(t *testing.T) {
	pos := tamman.Position{Men: [][]string{men("d1", "c1", "c1", "c1"), men("e3", "c5", "c5", "c5")}, Throws: []int{4}}
	s := setup(t, pos, "safe-ayn=own")
	play(t, s, "d1+4")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "c5")) || s.CaptureThrowsDue() != 1 {
		t.Errorf("player 1: %v, capture throws %d", got, s.CaptureThrowsDue())
	}
}

func TestTwoEnemiesOnOneSquareEarnTwoThrows(t *testing.T) {
	pos := tamman.Position{Men: [][]string{men("c1", "c1", "c1", "c1"), men("d1", "d1", "c5", "c5")}, Throws: []int{2}}
	s := setup(t, pos)
	play(t, s, "c1+2")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "c5")) {
		t.Errorf("player 1: %v", got)
	}
	if s.CaptureThrowsDue() != 2 || s.Captured() != 2 {
		t.Fatalf("capture throws due %d, captured %d", s.CaptureThrowsDue(), s.Captured())
	}
	play(t, s, "t1", "t2")
	if !slices.Equal(s.Throws(), []int{1, 2}) || s.Phase() != tamman.MovePhase {
		t.Errorf("throws %v phase %s", s.Throws(), s.Phase())
	}
}

func TestMenOfSeveralEnemiesAreAllSentBack(t *testing.T) {
	// Four players: enemies of players 1, 2 and 3 on the squares passed.
	pos := tamman.Position{Men: [][]string{men("c1", "c1", "c1", "c1"), men("d1", "e3", "e3", "e3"),
		men("e1", "e1", "c5", "c5"), men("e2", "a3", "a3", "a3")}, Throws: []int{4}}
	s := setup(t, pos, "players=4")
	play(t, s, "c1+4")
	for p, want := range [][]string{nil, men("e3", "e3", "e3", "e3"), men("c5", "c5", "c5", "c5"), men("a3", "a3", "a3", "a3")} {
		if p == 0 {
			continue
		}
		if got := squares(s, p); !slices.Equal(got, want) {
			t.Errorf("player %d: %v, want %v", p, got, want)
		}
	}
	// c1+4 passes d1, e1 and e2 and lands on the 'ayn e3: one man of
	// player 1, two of player 2 and one of player 3 go back.
	if s.CaptureThrowsDue() != 4 {
		t.Errorf("capture throws due %d, want 4", s.CaptureThrowsDue())
	}
}

func TestOwnMenAreNotCaptured(t *testing.T) {
	pos := tamman.Position{Men: [][]string{men("c1", "d1", "e1", "c1"), men("c5", "c5", "c5", "c5")}, Throws: []int{3}}
	s := setup(t, pos)
	play(t, s, "c1+3")
	if got := squares(s, 0); !slices.Equal(got, men("c1", "d1", "e1", "e2")) || s.Turn() != 1 {
		t.Errorf("player 0: %v, turn %d", got, s.Turn())
	}
}

func TestLandingSquareIsNotCapturedByDefault(t *testing.T) {
	pos := tamman.Position{Men: [][]string{men("c1", "c1", "c1", "c1"), men("e1", "c5", "c5", "c5")}, Throws: []int{2}}
	s := setup(t, pos)
	play(t, s, "c1+2")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "e1")) || s.CaptureThrowsDue() != 0 {
		t.Errorf("player 1: %v, capture throws %d", got, s.CaptureThrowsDue())
	}
}

func TestCaptureOnLandingOption(t *testing.T) {
	pos := tamman.Position{Men: [][]string{men("c1", "c1", "c1", "c1"), men("e1", "c5", "c5", "c5")}, Throws: []int{2}}
	s := setup(t, pos, "capture-on-landing=true")
	play(t, s, "c1+2")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "c5")) || s.CaptureThrowsDue() != 1 {
		t.Errorf("player 1: %v, capture throws %d", got, s.CaptureThrowsDue())
	}
	// Landing on an 'ayn captures nothing, even so.
	pos = tamman.Position{Men: [][]string{men("e2", "c1", "c1", "c1"), men("e3", "c5", "c5", "c5")}, Throws: []int{1}}
	s = setup(t, pos, "capture-on-landing=true")
	play(t, s, "e2+1")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "e3")) {
		t.Errorf("player 1 on an 'ayn: %v", got)
	}
}

func TestMenOnHabartiAreNeverCaptured(t *testing.T) {
	pos := tamman.Position{Men: [][]string{men("c2", "c1", "c1", "c1"), men("c3", "c5", "c5", "c5")}, Throws: []int{1}}
	s := setup(t, pos, "capture-on-landing=true", "capture-at-start=true")
	play(t, s, "c2+1")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "c3")) || s.CaptureThrowsDue() != 0 {
		t.Errorf("player 1: %v, capture throws %d", got, s.CaptureThrowsDue())
	}
}

func TestStartSquareIsNotCapturedByDefault(t *testing.T) {
	pos := tamman.Position{Men: [][]string{men("d1", "c1", "c1", "c1"), men("d1", "c5", "c5", "c5")}, Throws: []int{2}}
	s := setup(t, pos)
	play(t, s, "d1+2")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "d1")) || s.CaptureThrowsDue() != 0 {
		t.Errorf("player 1: %v, capture throws %d", got, s.CaptureThrowsDue())
	}
	s = setup(t, pos, "capture-at-start=true")
	play(t, s, "d1+2")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "c5")) || s.CaptureThrowsDue() != 1 {
		t.Errorf("capture-at-start: player 1: %v, capture throws %d", got, s.CaptureThrowsDue())
	}
}

func TestOvershootCapturesOnTheWayHome(t *testing.T) {
	// Without exact finish, d3+8 goes d2, c2 and stops on c3: the enemy on
	// c2 is passed over.
	pos := tamman.Position{Men: [][]string{men("d3", "c1", "c1", "c1"), men("c2", "c5", "c5", "c5")}, Throws: []int{8}}
	s := setup(t, pos, "exact-finish=false")
	play(t, s, "d3+8")
	if got := squares(s, 1); !slices.Equal(got, men("c5", "c5", "c5", "c5")) || s.CaptureThrowsDue() != 1 {
		t.Errorf("player 1: %v, capture throws %d", got, s.CaptureThrowsDue())
	}
}

func TestCapturedManWinsNoThrowWhenTheMoverWins(t *testing.T) {
	// The last man home ends the game at once, capture or not.
	pos := tamman.Position{Men: [][]string{men("d3", "c3", "c3", "c3"), men("d2", "c5", "c5", "c5")}, Throws: []int{3}}
	s := setup(t, pos)
	play(t, s, "d3+3")
	if o, ok := s.Outcome(); !ok || o.Winner != 0 || s.CaptureThrowsDue() != 0 {
		t.Errorf("outcome %v %v, capture throws %d", o, ok, s.CaptureThrowsDue())
	}
}

func TestCaptureThrowsUnderTotalAreAddedUp(t *testing.T) {
	pos := tamman.Position{Men: [][]string{men("c1", "c1", "c1", "c1"), men("d1", "d1", "c5", "c5")}, Throws: []int{2}}
	s := setup(t, pos, "throw-use=total")
	play(t, s, "c1+2", "t3", "t4")
	if got := legal(s); !slices.Equal(got, []string{"c1+7", "e1+7"}) {
		t.Errorf("legal %v", got)
	}
}
