package agsinnoninka

import (
	"slices"
	"testing"

	"tabula/engine"
)

// emptyEnd is the end-hole reading under which the examples of this file
// and of round_test.go were worked by hand: they test other rules, and
// TestEndHole and rules_test.go test the default reading.
var emptyEnd = []string{"end-hole=empty"}

// The board of TestLockstepRelay, on which the order of the two sowings
// matters.
var orderBoard = [Holes]int{0, 0, 0, 0, 2, 1, 0, 0, 4, 3}

// simultaneity=player0-first: both lift at once, then player 0 sows her
// whole move, then player 1.
func TestSequentialPlayer0First(t *testing.T) {
	s := setup(t, []string{"end-hole=empty", "simultaneity=player0-first"}, orderBoard, [2]int{})
	play(t, s, "5,4")
	// Player 0: 5 -> 4, hole 3 is empty: ends there. Player 1: 4 -> 3, 2,
	// hole 1 is empty: ends in her row and takes hole 8.
	wantBoard(t, s, [Holes]int{0, 0, 1, 1, 1, 0, 0, 0, 0, 3}, [2]int{0, 4})
	wantMove(t, s, 0, PlayerTurn{Hole: 5, End: 3})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 1, Captured: 4})
	if s.LastTurn().First != 0 {
		t.Errorf("first sower %d, want 0", s.LastTurn().First)
	}
}

// simultaneity=chance-order: the turn waits for chance, which draws who
// sows first with even odds; here player 1, whose seed in hole 3 player 0
// then lifts.
func TestSequentialChanceOrder(t *testing.T) {
	s := setup(t, []string{"end-hole=empty", "simultaneity=chance-order"}, orderBoard, [2]int{})
	play(t, s, "5,4")
	if got := s.Actors(nil); !slices.Equal(got, []int{engine.ChancePlayer}) {
		t.Fatalf("actors %v after the choices, want chance", got)
	}
	outs := s.ChanceOutcomes(nil)
	if len(outs) != 2 || outs[0].Prob != 0.5 || outs[1].Prob != 0.5 {
		t.Fatalf("chance outcomes %v", outs)
	}
	wantBoard(t, s, orderBoard, [2]int{}) // nothing sown yet
	play(t, s, "1-first")
	wantBoard(t, s, [Holes]int{0, 0, 2, 0, 1, 0, 0, 0, 0, 3}, [2]int{0, 4})
	wantMove(t, s, 0, PlayerTurn{Hole: 5, Lifts: 1, End: 1})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 1, Captured: 4})
	if s.LastTurn().First != 1 || s.Ply() != 2 || !slices.Equal(s.Actors(nil), []int{0, 1}) {
		t.Errorf("first %d ply %d actors %v", s.LastTurn().First, s.Ply(), s.Actors(nil))
	}
}

// simultaneity=alternating: player 0 sows first in the first turn of the
// match, player 1 in the second, and so on.
func TestSequentialAlternating(t *testing.T) {
	s := setup(t, []string{"end-hole=empty", "simultaneity=alternating"}, orderBoard, [2]int{})
	play(t, s, "5,4")
	wantBoard(t, s, [Holes]int{0, 0, 1, 1, 1, 0, 0, 0, 0, 3}, [2]int{0, 4})
	play(t, s, "9,4")
	if s.LastTurn().First != 1 {
		t.Errorf("second turn: first sower %d, want 1", s.LastTurn().First)
	}
}

// sow-stores=true: player 0 drops a seed in her own store on her way from
// hole 5 to hole 4; player 1 sows past no store.
func TestSowStores(t *testing.T) {
	b := [Holes]int{0, 0, 1, 0, 0, 0, 3, 0, 0, 2}
	s := setup(t, []string{"end-hole=empty", "sow-stores=true"}, b, [2]int{})
	play(t, s, "6,2")
	wantBoard(t, s, [Holes]int{0, 1, 0, 0, 1, 1, 0, 0, 0, 0}, [2]int{1, 2})
	wantMove(t, s, 0, PlayerTurn{Hole: 6, End: 3})
	// The default: stores only hold captures.
	s = setup(t, emptyEnd, b, [2]int{})
	play(t, s, "6,2")
	wantBoard(t, s, [Holes]int{0, 1, 0, 1, 1, 1, 0, 0, 0, 0}, [2]int{0, 2})
}

// store-end: with sow-stores, a last seed in the store ends the move
// (stop, the default) or the hole after the store is looked at (relay).
func TestStoreEnd(t *testing.T) {
	b := [Holes]int{0, 0, 1, 0, 3, 0, 2, 0, 0, 2}
	s := setup(t, []string{"end-hole=empty", "sow-stores=true"}, b, [2]int{})
	play(t, s, "6,2")
	wantBoard(t, s, [Holes]int{0, 1, 0, 0, 3, 1, 0, 0, 0, 0}, [2]int{1, 2})
	wantMove(t, s, 0, PlayerTurn{Hole: 6, End: storePos})
	s = setup(t, []string{"end-hole=empty", "sow-stores=true", "store-end=relay"}, b, [2]int{})
	play(t, s, "6,2")
	wantBoard(t, s, [Holes]int{0, 2, 1, 1, 0, 1, 0, 0, 0, 0}, [2]int{1, 2})
	wantMove(t, s, 0, PlayerTurn{Hole: 6, Lifts: 1, End: 0})
}

// Burnt holes are never sown into, and the relay looks past them
// (burnt-next=skip): player 0 sows from 7 over burnt 6 and 5 into 4;
// player 1's last seed falls in 2 and she looks past burnt 1 at 0.
func TestBurntHolesAreSkipped(t *testing.T) {
	b := [Holes]int{0, 0, 0, 1, 2, 0, 0, 1, 2, 0}
	s := setup(t, []string{"end-hole=empty", "match=false"}, b, [2]int{}, 1, 5, 6)
	play(t, s, "7,4")
	wantBoard(t, s, [Holes]int{0, 0, 2, 0, 1, 0, 0, 0, 2, 0}, [2]int{1, 0})
	wantMove(t, s, 0, PlayerTurn{Hole: 7, Lifts: 1, End: 9, Captured: 1})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 0})
	if got := s.Legal(0, nil); !slices.Equal(got, []engine.Move{8}) {
		t.Errorf("legal for player 0: %v", got)
	}
}

// burnt-next=empty: a burnt hole after the last seed ends the move like an
// empty hole; player 1's move ends in her burnt hole 1 and takes hole 8,
// which empties player 0's row and ends the round.
func TestBurntNextEmpty(t *testing.T) {
	b := [Holes]int{0, 0, 0, 1, 2, 0, 0, 1, 2, 0}
	s := setup(t, []string{"end-hole=empty", "match=false", "burnt-next=empty"}, b, [2]int{}, 1, 5, 6)
	play(t, s, "7,4")
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 1, Captured: 2})
	r := s.LastRound()
	if r.Why != RowEmpty || r.Taken != [2]uint8{0, 3} || s.Store(0) != 1 || s.Store(1) != 5 {
		t.Fatalf("round end %+v, stores %d %d\n%s", r, s.Store(0), s.Store(1), s)
	}
}

func TestOptionConflicts(t *testing.T) {
	for _, bad := range [][]string{{"repetition=1"}, {"repetition=0"}, {"repetition=0", "max-turns=0"}} {
		opts, err := engine.ParseOptions(Game{}, bad)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (Game{}).NewState(opts); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	opts, _ := engine.ParseOptions(Game{}, []string{"repetition=0", "max-turns=10"})
	if _, err := (Game{}).NewState(opts); err != nil {
		t.Errorf("repetition=0 max-turns=10: %v", err)
	}
}
