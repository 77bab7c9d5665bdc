package agsinnoninka

import (
	"slices"
	"testing"

	"tabula/engine"
)

// The board of TestCaptureFacingHole: the turn "7,0" empties player 1's
// row, so the round ends at the start of the next turn, and player 0 takes
// the 4 seeds left in hers.
var endBoard = [Holes]int{1, 0, 0, 0, 3, 0, 0, 1, 0, 2}

// match=false: the game is one round; more seeds wins.
func TestEndOfRound(t *testing.T) {
	s := setup(t, []string{"end-hole=empty", "match=false"}, endBoard, [2]int{})
	play(t, s, "7,0")
	if !s.Terminal() || s.End() != RoundOver {
		t.Fatalf("not over: %s", s)
	}
	want := RoundRecord{Why: RowEmpty, Round: 1, Taken: [2]uint8{4, 0}, Seeds: [2]uint8{7, 0},
		Holes: [Holes]uint8{6: 1, 9: 3}}
	if s.LastRound() != want {
		t.Fatalf("round end %+v, want %+v", s.LastRound(), want)
	}
	wantBoard(t, s, [Holes]int{}, [2]int{7, 0})
	if o, _ := s.Outcome(); o.Winner != 0 {
		t.Errorf("outcome %v", o)
	}
	if got := s.Scores(nil); !slices.Equal(got, []float64{7, 0}) {
		t.Errorf("scores %v", got)
	}
	if len(s.Actors(nil)) != 0 || len(s.Legal(0, nil)) != 0 {
		t.Errorf("moves after the end")
	}
}

// A player who cannot fill a single hole at the start of a round loses the
// match: player 1 has no seeds left.
func TestLossOfMatch(t *testing.T) {
	s := setup(t, emptyEnd, endBoard, [2]int{})
	play(t, s, "7,0")
	if s.End() != Lost {
		t.Fatalf("end %v, want lost\n%s", s.End(), s)
	}
	if o, _ := s.Outcome(); o.Winner != 0 {
		t.Errorf("outcome %v, want player 0", o)
	}
	// Four seeds are not enough for one hole of five either.
	s = setup(t, emptyEnd, endBoard, [2]int{0, 4})
	play(t, s, "7,0")
	if o, _ := s.Outcome(); s.End() != Lost || o.Winner != 0 {
		t.Errorf("with 4 seeds: end %v outcome %v", s.End(), o)
	}
}

// At the next round each player fills her holes with five seeds from her
// store, from her left-most hole as she sits (9 for player 0, 4 for player
// 1); the rest are burnt for the round and the surplus stays in the store.
func TestRefillWithBurntHoles(t *testing.T) {
	s := setup(t, emptyEnd, endBoard, [2]int{10, 12})
	play(t, s, "7,0")
	// Stores 17 and 12: three holes and two holes.
	if s.Terminal() || s.Round() != 2 || s.Turns() != 0 {
		t.Fatalf("round %d, terminal %v\n%s", s.Round(), s.Terminal(), s)
	}
	wantBoard(t, s, [Holes]int{0, 0, 0, 5, 5, 0, 0, 5, 5, 5}, [2]int{2, 2})
	for h := range Holes {
		if want := slices.Contains([]int{0, 1, 2, 5, 6}, h); s.Burnt(h) != want {
			t.Errorf("hole %d burnt %v, want %v", h, s.Burnt(h), want)
		}
	}
	if got := s.Legal(1, nil); !slices.Equal(got, []engine.Move{4, 3}) {
		t.Errorf("legal for player 1: %v", got)
	}
	// refill-order=right: from the right-most hole (5 and 0).
	s = setup(t, []string{"end-hole=empty", "refill-order=right"}, endBoard, [2]int{10, 12})
	play(t, s, "7,0")
	wantBoard(t, s, [Holes]int{5, 5, 0, 0, 0, 5, 5, 5, 0, 0}, [2]int{2, 2})
	if !s.Burnt(9) || !s.Burnt(2) || s.Burnt(0) {
		t.Errorf("refill-order=right: burnt holes wrong\n%s", s)
	}
}

// A hole burnt in one round is filled again in a later one if its owner
// has won seeds back: every round starts from the full row.
func TestBurntHoleRefilledLater(t *testing.T) {
	s := setup(t, emptyEnd, [Holes]int{0, 0, 0, 5, 5, 0, 0, 5, 5, 5}, [2]int{12, 8}, 0, 1, 2, 5, 6)
	s.round = 2
	// Say player 1's row has just been emptied into player 0's store: the
	// round ends, player 0 has 12+15 = 27 seeds and player 1 18.
	s.holes = [Holes]uint8{0, 0, 0, 0, 0, 0, 0, 5, 5, 5}
	s.stores = [2]uint8{12, 18}
	s.settle(nil)
	if s.Round() != 3 {
		t.Fatalf("round %d\n%s", s.Round(), s)
	}
	wantBoard(t, s, [Holes]int{0, 0, 5, 5, 5, 5, 5, 5, 5, 5}, [2]int{2, 3})
	for h := range Holes {
		if s.Burnt(h) != (h < 2) {
			t.Errorf("hole %d burnt %v", h, s.Burnt(h))
		}
	}
}

// Both rows can empty in the same step: here each move ends in its own row
// and captures the other's last seed. Nobody has seeds to take; the next
// round starts with two holes each.
func TestBothRowsEmptyAtOnce(t *testing.T) {
	s := setup(t, emptyEnd, [Holes]int{0, 0, 0, 1, 0, 0, 0, 0, 0, 1}, [2]int{10, 10})
	play(t, s, "9,3")
	want := RoundRecord{Why: RowEmpty, Round: 1, Seeds: [2]uint8{11, 11}}
	if s.LastRound() != want {
		t.Fatalf("round end %+v, want %+v", s.LastRound(), want)
	}
	wantBoard(t, s, [Holes]int{0, 0, 0, 5, 5, 0, 0, 0, 5, 5}, [2]int{1, 1})
	// max-rounds=1: the match ends after the round, by seeds: a draw.
	s = setup(t, []string{"end-hole=empty", "max-rounds=1"}, [Holes]int{0, 0, 0, 1, 0, 0, 0, 0, 0, 1}, [2]int{10, 10})
	play(t, s, "9,3")
	if o, ok := s.Outcome(); s.End() != RoundLimit || !ok || !o.Draw() {
		t.Errorf("max-rounds=1: end %v outcome %v", s.End(), o)
	}
}

// max-turns ends a round after so many turns as if a row were empty.
func TestMaxTurns(t *testing.T) {
	s := setup(t, []string{"end-hole=empty", "max-turns=1", "repetition=0", "match=false"}, [Holes]int{5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, [2]int{})
	play(t, s, "9,4")
	if s.LastRound().Why != TurnLimit || s.End() != RoundOver {
		t.Errorf("round end %+v, end %v", s.LastRound(), s.End())
	}
}

// Option seeds sets the seeds in each hole at the start (default 5), and
// so the seeds a hole takes at each refill.
func TestSeedsOption(t *testing.T) {
	for _, c := range []struct {
		settings []string
		n        int
	}{{nil, 5}, {[]string{"seeds=3"}, 3}} {
		s := start(t, c.settings...)
		for h := range Holes {
			if s.Hole(h) != c.n {
				t.Fatalf("%v: hole %d holds %d", c.settings, h, s.Hole(h))
			}
		}
		if got := s.Scores(nil); !slices.Equal(got, []float64{float64(5 * c.n), float64(5 * c.n)}) || s.Seeds() != 10*c.n {
			t.Errorf("%v: scores %v, seeds %d", c.settings, got, s.Seeds())
		}
	}
	// With seeds=3, 17 seeds fill five holes and leave 2; 12 fill four.
	s := setup(t, []string{"end-hole=empty", "seeds=3"}, endBoard, [2]int{10, 12})
	play(t, s, "7,0")
	wantBoard(t, s, [Holes]int{0, 3, 3, 3, 3, 3, 3, 3, 3, 3}, [2]int{2, 0})
	if !s.Burnt(0) || s.Burnt(1) {
		t.Errorf("burnt holes wrong\n%s", s)
	}
}
