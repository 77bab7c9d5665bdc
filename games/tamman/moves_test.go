package tamman_test

import (
	"slices"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// Player 1 of a two-player game starts on c5; her path runs c5(0) b5 a5 a4
// a3 a2 a1 b1 c1(8) d1(9) e1(10) e2(11) e3(12) e4 e5 d5 d4 d3 d2 c2 b2 b3
// b4 c4(23) c3.

func TestEachThrowMovesOneManInAnyOrder(t *testing.T) {
	s := start(t)
	play(t, s, "t4", "t3")
	if got := legal(s); !slices.Equal(got, []string{"c1+3", "c1+4"}) {
		t.Fatalf("legal %v", got)
	}
	play(t, s, "c1+4") // the 4 first, then the 3
	if got := legal(s); !slices.Equal(got, []string{"c1+3", "e3+3"}) {
		t.Fatalf("legal after c1+4: %v", got)
	}
	play(t, s, "e3+3")
	if got := squares(s, 0); !slices.Equal(got, []string{"c1", "c1", "c1", "d5"}) {
		t.Errorf("men %v", got)
	}
	if s.Turn() != 1 || s.Phase() != tamman.ThrowPhase {
		t.Errorf("turn %d phase %s after both throws", s.Turn(), s.Phase())
	}
}

func TestThrowUseTotalAddsTheThrows(t *testing.T) {
	s := start(t, "throw-use=total")
	play(t, s, "t8", "t4", "t1")
	if got := legal(s); !slices.Equal(got, []string{"c1+13"}) {
		t.Fatalf("legal %v", got)
	}
	play(t, s, "c1+13")
	if got := squares(s, 0); got[3] != "a2" {
		t.Errorf("men %v", got)
	}
}

func TestMoveNotationNamesSquareAndThrow(t *testing.T) {
	s := start(t)
	for _, text := range []string{"c1+3", "a1+8", "e5+1", "c2+20"} {
		m, err := s.ParseMove(0, text)
		if err != nil || s.MoveText(0, m) != text {
			t.Errorf("%s: %v, %v", text, s.MoveText(0, m), err)
		}
	}
	for _, text := range []string{"c1", "c1+", "c1+0", "c1+03", "f1+3", "c6+1", "c1+-3", "c1+256", "t3", "C1+3", " c1+3"} {
		if _, err := s.ParseMove(0, text); err == nil {
			t.Errorf("%q parses", text)
		}
	}
	for _, text := range []string{"t0", "t5", "t6", "t7", "t9", "8", "t", "c1+3"} {
		if _, err := s.ParseMove(engine.ChancePlayer, text); err == nil {
			t.Errorf("throw %q parses", text)
		}
	}
}

func TestMenShareSquares(t *testing.T) {
	// Any number of men of any colour may stand on one square: a man who
	// lands on enemy men does not capture them.
	pos := tamman.Position{Men: [][]string{{"c1", "c1", "c1", "c1"}, {"e2", "e2", "c5", "c5"}}, Throws: []int{3, 3}}
	s := setup(t, pos)
	play(t, s, "c1+3", "c1+3")
	if got := squares(s, 0); !slices.Equal(got, []string{"c1", "c1", "e2", "e2"}) {
		t.Errorf("player 0: %v", got)
	}
	if got := squares(s, 1); !slices.Equal(got, []string{"c5", "c5", "e2", "e2"}) {
		t.Errorf("player 1: %v", got)
	}
}

func TestExactFinish(t *testing.T) {
	// d3 is step 21 of the c1 path: a 3 lands on habarti, a 4 overshoots.
	pos := tamman.Position{Men: [][]string{{"d3", "c1", "c1", "c1"}, {"c5", "c5", "c5", "c5"}}, Throws: []int{3, 4}}
	s := setup(t, pos)
	if got := legal(s); !slices.Equal(got, []string{"c1+3", "d3+3", "c1+4"}) {
		t.Fatalf("legal %v", got)
	}
	play(t, s, "d3+3")
	if s.Home(0) != 1 || s.Men(0)[3] != tamman.Habarti {
		t.Errorf("men %v", squares(s, 0))
	}
	// Men on habarti are out of play: no move starts from c3.
	for _, m := range legal(s) {
		if m[:2] == "c3" {
			t.Errorf("a man on habarti may move: %s", m)
		}
	}
}

func TestOvershootStopsOnHabartiWithoutExactFinish(t *testing.T) {
	pos := tamman.Position{Men: [][]string{{"d3", "c1", "c1", "c1"}, {"c5", "c5", "c5", "c5"}}, Throws: []int{8}}
	s := setup(t, pos, "exact-finish=false")
	play(t, s, "d3+8")
	if s.Home(0) != 1 {
		t.Errorf("men %v", squares(s, 0))
	}
}

func TestUnusableThrowIsLost(t *testing.T) {
	// Three men home, the fourth on d2 (step 22): the 1 can be used, the 3
	// cannot; after the 1 the turn ends and the 3 is lost.
	pos := tamman.Position{Men: [][]string{{"d2", "c3", "c3", "c3"}, {"c5", "c5", "c5", "c5"}}, Throws: []int{1, 3}}
	s := setup(t, pos)
	if got := legal(s); !slices.Equal(got, []string{"d2+1"}) {
		t.Fatalf("legal %v", got)
	}
	play(t, s, "d2+1")
	if s.Turn() != 1 || s.Phase() != tamman.ThrowPhase {
		t.Fatalf("turn %d phase %s", s.Turn(), s.Phase())
	}
	if lost := detail(s, "lost"); lost != 1 {
		t.Errorf("lost %v", lost)
	}
}

func TestTurnPassesWhenNoThrowCanBeUsed(t *testing.T) {
	pos := tamman.Position{Men: [][]string{{"c2", "c3", "c3", "c3"}, {"c5", "c5", "c5", "c5"}}}
	s := setup(t, pos)
	play(t, s, "t2")
	if s.Turn() != 1 || s.Phase() != tamman.ThrowPhase || s.Ply() != 1 {
		t.Fatalf("after an unusable throw: turn %d phase %s ply %d", s.Turn(), s.Phase(), s.Ply())
	}
	s = setup(t, pos)
	play(t, s, "t1")
	if got := legal(s); !slices.Equal(got, []string{"c2+1"}) {
		t.Fatalf("legal %v", got)
	}
}

func TestFourMenOnHabartiWin(t *testing.T) {
	pos := tamman.Position{Turn: 1, Men: [][]string{{"c2", "c3", "c3", "c3"}, {"c4", "c3", "c3", "c3"}}, Throws: []int{1, 2}}
	s := setup(t, pos)
	play(t, s, "c4+1")
	o, ok := s.Outcome()
	if !s.Terminal() || !ok || o.Winner != 1 {
		t.Fatalf("outcome %v %v", o, ok)
	}
	if got := s.Scores(nil); !slices.Equal(got, []float64{3, 4}) {
		t.Errorf("scores %v", got)
	}
	if len(s.Actors(nil)) != 0 || len(legal(s)) != 0 {
		t.Errorf("actors after the end")
	}
}

func TestScoresCountMenOnHabarti(t *testing.T) {
	pos := tamman.Position{Men: [][]string{{"c1", "c3", "c2", "c3"}, {"c5", "c5", "c3", "c5"}, {"c5", "c5", "c5", "c5"}}}
	s := setup(t, pos, "players=3")
	if got := s.Scores(nil); !slices.Equal(got, []float64{2, 1, 0}) {
		t.Errorf("scores %v", got)
	}
}

func TestNoPassWhileAThrowCanBeUsed(t *testing.T) {
	s := start(t)
	play(t, s, "t2")
	if got := legal(s); !slices.Equal(got, []string{"c1+2"}) {
		t.Errorf("legal %v", got)
	}
	if err := engine.Play(s, "pass"); err == nil {
		t.Errorf("pass accepted")
	}
}

func TestMayPassOption(t *testing.T) {
	s := start(t, "may-pass=true")
	play(t, s, "t4", "t2")
	if got := legal(s); !slices.Equal(got, []string{"c1+2", "c1+4", "pass"}) {
		t.Fatalf("legal %v", got)
	}
	play(t, s, "c1+2", "pass")
	if s.Turn() != 1 || s.Phase() != tamman.ThrowPhase || len(s.Throws()) != 0 {
		t.Errorf("after pass: turn %d phase %s throws %v", s.Turn(), s.Phase(), s.Throws())
	}
}

func TestTurnOrder(t *testing.T) {
	for _, c := range []struct {
		settings []string
		want     string
	}{
		{[]string{"players=4"}, "c1 e3 c5 a3"},
		{[]string{"players=4", "turn-order=clockwise"}, "c1 a3 c5 e3"},
		{[]string{"players=3", "turn-order=clockwise"}, "c1 a3 c5"},
		{[]string{"players=2", "turn-order=clockwise"}, "c1 c5"},
	} {
		s := start(t, c.settings...)
		var got []string
		for p := 0; p < s.NumPlayers(); p++ {
			got = append(got, s.Seat(p).String())
			if s.Turn() != p {
				t.Fatalf("%v: turn %d, want %d", c.settings, s.Turn(), p)
			}
			play(t, s, "t1", s.Seat(p).String()+"+1")
		}
		if s.Turn() != 0 {
			t.Errorf("%v: the turn does not come back to player 0", c.settings)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%v: seats %v, want %s", c.settings, got, c.want)
		}
	}
}

func TestUseMostOption(t *testing.T) {
	// Men on d3 (step 21) and c2 (step 23), the rest home; throws 1 and 3.
	// d3+1 loses the 3 (no man can then use it); c2+1 and d3+3 keep both.
	pos := tamman.Position{Men: [][]string{men("d3", "c2", "c3", "c3"), men("c5", "c5", "c5", "c5")}, Throws: []int{1, 3}}
	s := setup(t, pos)
	if got := legal(s); !slices.Equal(got, []string{"d3+1", "c2+1", "d3+3"}) {
		t.Errorf("default: legal %v", got)
	}
	s = setup(t, pos, "use-most=true")
	if got := legal(s); !slices.Equal(got, []string{"c2+1", "d3+3"}) {
		t.Errorf("use-most: legal %v", got)
	}
	// When the throws cannot all be used, any move that uses the most is
	// allowed.
	pos.Men[0] = men("c2", "c2", "c3", "c3")
	pos.Throws = []int{1, 2}
	s = setup(t, pos, "use-most=true")
	if got := legal(s); !slices.Equal(got, []string{"c2+1"}) {
		t.Errorf("use-most, one usable: legal %v", got)
	}
}
