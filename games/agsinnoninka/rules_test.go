package agsinnoninka

import (
	"testing"

	"tabula/engine"
)

// setup builds a state at the start of a turn from a literal board; burnt
// lists burnt holes.
func setup(t *testing.T, settings []string, holes [Holes]int, stores [2]int, burnt ...int) *State {
	t.Helper()
	opts, err := engine.ParseOptions(Game{}, settings)
	if err != nil {
		t.Fatal(err)
	}
	p := Position{Holes: holes, Stores: stores}
	for _, h := range burnt {
		p.Burnt[h] = true
	}
	s, err := NewPosition(opts, p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play applies the turn "a,b" through the checked path.
func play(t *testing.T, s *State, turn string) {
	t.Helper()
	if err := engine.Play(s, turn); err != nil {
		t.Fatalf("%s: %v\n%s", turn, err, s)
	}
}

func wantBoard(t *testing.T, s *State, holes [Holes]int, stores [2]int) {
	t.Helper()
	var got [Holes]int
	for h := range got {
		got[h] = s.Hole(h)
	}
	if got != holes || s.Store(0) != stores[0] || s.Store(1) != stores[1] {
		t.Fatalf("board %v stores [%d %d], want %v %v\n%s", got, s.Store(0), s.Store(1), holes, stores, s)
	}
}

// wantMove checks what player p's move did in the last turn.
func wantMove(t *testing.T, s *State, p int, want PlayerTurn) {
	t.Helper()
	got := s.LastTurn().P[p]
	got.Steps = 0 // checked where it matters
	if got != want {
		t.Fatalf("player %d's move: %+v, want %+v", p, got, want)
	}
}

// The drops of a step come before the lifts: player 1 drops her first seed
// in hole 3 in the same step as player 0's last seed falls in hole 4, and
// player 0 lifts that seed and sows on (pussa kanawa). In step 2 both drop
// in hole 2 and find hole 1 empty: player 1's move ends in her own row and
// captures hole 8 across from it; player 0's ends in player 1's row.
func TestLockstepRelay(t *testing.T) {
	s := setup(t, nil, [Holes]int{0, 0, 0, 0, 2, 1, 0, 0, 4, 3}, [2]int{})
	play(t, s, "5,4")
	wantBoard(t, s, [Holes]int{0, 0, 2, 0, 1, 0, 0, 0, 0, 3}, [2]int{0, 4})
	wantMove(t, s, 0, PlayerTurn{Hole: 5, Lifts: 1, End: 1})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, Lifts: 0, End: 1, Captured: 4})
	if s.LastTurn().Steps != 2 {
		t.Errorf("%d steps, want 2", s.LastTurn().Steps)
	}
}

// A move that ends in the mover's own row captures the hole facing it; the
// same move ending elsewhere captures nothing.
func TestCaptureFacingHole(t *testing.T) {
	s := setup(t, nil, [Holes]int{1, 0, 1, 0, 3, 0, 0, 1, 0, 2}, [2]int{})
	play(t, s, "7,0")
	// Player 0: 7 -> 6, hole 5 is empty: ends in 5, takes hole 4 (3 seeds).
	// Player 1: 0 -> 9, hole 8 is empty: ends in 8, player 0's row.
	wantBoard(t, s, [Holes]int{0, 0, 1, 0, 0, 0, 1, 0, 0, 3}, [2]int{3, 0})
	wantMove(t, s, 0, PlayerTurn{Hole: 7, End: 5, Captured: 3})
	wantMove(t, s, 1, PlayerTurn{Hole: 0, End: 8})
}

// The lifts of a step come before its captures: player 0's move ends in
// hole 7 in the step in which player 1 lifts hole 2 across from it, so
// player 0 captures nothing.
func TestCaptureAfterLifts(t *testing.T) {
	s := setup(t, nil, [Holes]int{0, 0, 3, 0, 1, 2, 0, 0, 0, 1}, [2]int{})
	play(t, s, "9,4")
	// Step 1: player 0 drops in 8 and finds 7 empty; player 1 drops in 3
	// and lifts 2 (3 seeds): 1, 0, 9, then lifts 8 (player 0's seed): 7,
	// and finds 6 empty.
	wantBoard(t, s, [Holes]int{1, 1, 0, 1, 0, 2, 0, 1, 0, 1}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, End: 7})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, Lifts: 2, End: 6})
}

// Both relays reach hole 1 in step 2: its owner, player 1, lifts it and
// sows on; player 0 finds it empty and her move ends there.
func TestSameHoleConflict(t *testing.T) {
	s := setup(t, nil, [Holes]int{0, 2, 0, 0, 2, 1, 0, 0, 0, 3}, [2]int{})
	play(t, s, "5,4")
	wantBoard(t, s, [Holes]int{1, 0, 2, 0, 1, 0, 0, 0, 0, 4}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 5, Lifts: 1, End: 1, Conflict: true})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, Lifts: 1, End: 8})
}

// conflict=both-stop: neither lifts the hole both reach; both moves end
// there, and its owner captures across from it.
func TestSameHoleConflictBothStop(t *testing.T) {
	s := setup(t, []string{"conflict=both-stop"}, [Holes]int{0, 2, 0, 0, 2, 1, 0, 0, 2, 3}, [2]int{})
	play(t, s, "5,4")
	wantBoard(t, s, [Holes]int{0, 2, 2, 0, 1, 0, 0, 0, 0, 3}, [2]int{0, 2})
	wantMove(t, s, 0, PlayerTurn{Hole: 5, Lifts: 1, End: 1, Conflict: true})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 1, Captured: 2, Conflict: true})
}

// Both moves end in the same step in their own rows and both capture.
func TestTwoCapturesInOneStep(t *testing.T) {
	s := setup(t, nil, [Holes]int{0, 0, 1, 0, 3, 0, 0, 1, 2, 4}, [2]int{})
	play(t, s, "7,2")
	wantBoard(t, s, [Holes]int{0, 1, 0, 0, 0, 0, 1, 0, 2, 0}, [2]int{3, 4})
	wantMove(t, s, 0, PlayerTurn{Hole: 7, End: 5, Captured: 3})
	wantMove(t, s, 1, PlayerTurn{Hole: 2, End: 0, Captured: 4})
	if s.Captured() != 7 {
		t.Errorf("Captured() = %d, want 7 (both captures of the turn)", s.Captured())
	}
}

// end-hole=last: a move finishes in the hole of its last seed. Here each
// captures the other's end hole, last seed included, from the counts
// before either capture.
func TestEndHoleLast(t *testing.T) {
	s := setup(t, []string{"end-hole=last"}, [Holes]int{1, 0, 0, 2, 1, 0, 3, 1, 5, 0}, [2]int{})
	play(t, s, "7,4")
	wantBoard(t, s, [Holes]int{1, 0, 0, 0, 0, 0, 0, 0, 5, 0}, [2]int{3, 4})
	wantMove(t, s, 0, PlayerTurn{Hole: 7, End: 6, Captured: 3})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 3, Captured: 4})
	// The default reading on the same board: the moves end in the empty
	// holes 5 and 2, across from 4 (empty once lifted) and 7 (lifted).
	s = setup(t, nil, [Holes]int{1, 0, 0, 2, 1, 0, 3, 1, 5, 0}, [2]int{})
	play(t, s, "7,4")
	wantBoard(t, s, [Holes]int{1, 0, 0, 3, 0, 0, 4, 0, 5, 0}, [2]int{0, 0})
}

// Ten seeds from hole 9 go all round the board; the origin gets a seed
// (skip-origin=false), and the sowing relays on until hole 8, emptied by
// player 1's relay, stops it in player 0's row: she takes hole 1.
func TestSowingLapsTheBoard(t *testing.T) {
	s := setup(t, nil, [Holes]int{0, 0, 0, 0, 1, 0, 0, 0, 0, 10}, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{0, 0, 0, 3, 0, 2, 0, 2, 0, 2}, [2]int{2, 0})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, Lifts: 5, End: 8, Captured: 2})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 2})
	if got := s.LastTurn().P[0].Steps; got != 15 {
		t.Errorf("player 0 sowed %d seeds, want 15", got)
	}
}

// skip-origin=true: the lap passes over hole 9, the hole it was lifted
// from; later laps skip their own origins only.
func TestSkipOrigin(t *testing.T) {
	s := setup(t, []string{"skip-origin=true"}, [Holes]int{0, 0, 0, 0, 1, 0, 0, 0, 0, 10}, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{0, 2, 2, 0, 0, 0, 3, 1, 0, 1}, [2]int{2, 0})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, Lifts: 5, End: 5, Captured: 2})
}

// A relay that never ends: on this board, symmetric under a half turn,
// both relays chase each other round the board and the configuration after
// the drops of step 6 is the one after the drops of step 1. Both players
// are about to lift, so the cycle rule ends both moves there, without a
// capture.
func TestCyclingRelayIsCut(t *testing.T) {
	holes := [Holes]int{1, 0, 1, 0, 1, 1, 0, 1, 0, 1}
	s := setup(t, nil, holes, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{1, 0, 1, 1, 0, 1, 0, 1, 1, 0}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, Lifts: 5, End: 7, Cut: true})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, Lifts: 5, End: 2, Cut: true})
	if s.LastTurn().Steps != 6 {
		t.Errorf("%d steps, want 6", s.LastTurn().Steps)
	}
	// cycle=capture: the cut moves end as ordinary moves, and both capture.
	s = setup(t, []string{"cycle=capture"}, holes, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{1, 0, 0, 1, 0, 1, 0, 0, 1, 0}, [2]int{1, 1})
}

// max-steps: after so many steps of a turn, a player about to lift stops as
// if cut by the cycle rule. On the cycling board, both are cut in step 3.
func TestMaxStepsSafeguard(t *testing.T) {
	s := setup(t, []string{"max-steps=3"}, [Holes]int{1, 0, 1, 0, 1, 1, 0, 1, 0, 1}, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{0, 1, 0, 1, 1, 0, 1, 0, 1, 1}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, Lifts: 2, End: 3, Cut: true, Capped: true})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, Lifts: 2, End: 8, Cut: true, Capped: true})
	if !s.LastTurn().Capped {
		t.Error("not marked as capped")
	}
}

// A long cycle: the cut comes at the first lift whose configuration
// repeats, found without memory for every configuration. Checked against
// the oracle, which remembers them all.
func TestCycleRuleMatchesDirectSimulation(t *testing.T) {
	s := setup(t, []string{"end-hole=empty"}, [Holes]int{1, 2, 0, 0, 1, 1, 0, 1, 0, 1}, [2]int{})
	if !oracleAgrees(t, s, [2]engine.Move{9, 4}, -1) {
		t.Fatalf("no relay was cut: %+v", s.LastTurn())
	}
}
