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
// in hole 2 and find hole 1 empty: both moves finish in hole 2, the hole
// of their last seed, in player 1's row; hole 7 across from it is empty, so
// she captures nothing.
func TestLockstepRelay(t *testing.T) {
	s := setup(t, nil, [Holes]int{0, 0, 0, 0, 2, 1, 0, 0, 4, 3}, [2]int{})
	play(t, s, "5,4")
	wantBoard(t, s, [Holes]int{0, 0, 2, 0, 1, 0, 0, 0, 4, 3}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 5, Lifts: 1, End: 2})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, Lifts: 0, End: 2})
	if s.LastTurn().Steps != 2 {
		t.Errorf("%d steps, want 2", s.LastTurn().Steps)
	}
}

// A move that finishes in the mover's own row captures the hole facing
// it; the same move finishing elsewhere captures nothing. Player 0's seed
// falls in hole 6 and hole 5 is empty: she takes hole 3. Player 1's falls
// in hole 9 and hole 8 is empty: hole 9 is player 0's.
func TestCaptureFacingHole(t *testing.T) {
	s := setup(t, nil, [Holes]int{1, 0, 1, 2, 3, 0, 0, 1, 0, 2}, [2]int{})
	play(t, s, "7,0")
	wantBoard(t, s, [Holes]int{0, 0, 1, 0, 3, 0, 1, 0, 0, 3}, [2]int{2, 0})
	wantMove(t, s, 0, PlayerTurn{Hole: 7, End: 6, Captured: 2})
	wantMove(t, s, 1, PlayerTurn{Hole: 0, End: 9})
}

// The lifts of a step come before its captures: player 0's move finishes
// in hole 8 in step 1, in which player 1 (last seed in hole 2) lifts hole
// 1 across from it, so player 0 captures nothing. Player 1 sows the 3
// seeds of hole 1 into 0, 9 and 8, finds 7 empty and finishes in hole 8,
// player 0's.
func TestCaptureAfterLifts(t *testing.T) {
	s := setup(t, nil, [Holes]int{0, 3, 0, 1, 0, 0, 0, 0, 0, 1}, [2]int{})
	play(t, s, "9,3")
	wantBoard(t, s, [Holes]int{1, 0, 1, 0, 0, 0, 0, 0, 2, 1}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, End: 8})
	wantMove(t, s, 1, PlayerTurn{Hole: 3, Lifts: 1, End: 8})
}

// Both relays reach hole 1 in step 2: its owner, player 1, lifts it and
// sows on (0, 9; hole 8 is empty, she finishes in 9); player 0 finds it
// empty and her move finishes in hole 2, where her last seed fell.
func TestSameHoleConflict(t *testing.T) {
	s := setup(t, nil, [Holes]int{0, 2, 0, 0, 2, 1, 0, 0, 0, 3}, [2]int{})
	play(t, s, "5,4")
	wantBoard(t, s, [Holes]int{1, 0, 2, 0, 1, 0, 0, 0, 0, 4}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 5, Lifts: 1, End: 2, Conflict: true})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, Lifts: 1, End: 9})
}

// conflict=both-stop: neither lifts the hole both reach; both moves end,
// in hole 2 of player 1's row, and she captures hole 7 across from it.
func TestSameHoleConflictBothStop(t *testing.T) {
	s := setup(t, []string{"conflict=both-stop"}, [Holes]int{0, 2, 0, 0, 2, 1, 0, 2, 0, 3}, [2]int{})
	play(t, s, "5,4")
	wantBoard(t, s, [Holes]int{0, 2, 2, 0, 1, 0, 0, 0, 0, 3}, [2]int{0, 2})
	wantMove(t, s, 0, PlayerTurn{Hole: 5, Lifts: 1, End: 2, Conflict: true})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 2, Captured: 2, Conflict: true})
}

// Both moves end in the same step in their own rows and both capture:
// player 0 in hole 6 takes hole 3, player 1 in hole 1 takes hole 8.
func TestTwoCapturesInOneStep(t *testing.T) {
	s := setup(t, nil, [Holes]int{0, 0, 1, 2, 3, 0, 0, 1, 2, 4}, [2]int{})
	play(t, s, "7,2")
	wantBoard(t, s, [Holes]int{0, 1, 0, 0, 3, 0, 1, 0, 0, 4}, [2]int{2, 2})
	wantMove(t, s, 0, PlayerTurn{Hole: 7, End: 6, Captured: 2})
	wantMove(t, s, 1, PlayerTurn{Hole: 2, End: 1, Captured: 2})
	if s.Captured() != 4 {
		t.Errorf("Captured() = %d, want 4 (both captures of the turn)", s.Captured())
	}
}

// end-hole=last (the default): a move finishes in the hole of its last
// seed. Here each captures the other's end hole, last seed included, from
// the counts before either capture. end-hole=empty: the moves finish in
// the empty holes 5 and 2, across from 4 (empty once lifted) and 7
// (lifted), and capture nothing.
func TestEndHole(t *testing.T) {
	holes := [Holes]int{1, 0, 0, 2, 1, 0, 3, 1, 5, 0}
	s := setup(t, nil, holes, [2]int{})
	play(t, s, "7,4")
	wantBoard(t, s, [Holes]int{1, 0, 0, 0, 0, 0, 0, 0, 5, 0}, [2]int{3, 4})
	wantMove(t, s, 0, PlayerTurn{Hole: 7, End: 6, Captured: 3})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 3, Captured: 4})
	s = setup(t, []string{"end-hole=empty"}, holes, [2]int{})
	play(t, s, "7,4")
	wantBoard(t, s, [Holes]int{1, 0, 0, 3, 0, 0, 4, 0, 5, 0}, [2]int{0, 0})
	wantMove(t, s, 0, PlayerTurn{Hole: 7, End: 5})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 2})
}

// Ten seeds from hole 9 go all round the board; the origin gets a seed
// (skip-origin=false). The sowing relays from 8, 6, 4, 2 and 0, drops its
// last seed in hole 9 and finds 8 (emptied by the first relay) empty: it
// finishes in hole 9, across from hole 0, lifted. Player 1's one seed
// falls in 3 and finds 2 empty.
func TestSowingLapsTheBoard(t *testing.T) {
	s := setup(t, nil, [Holes]int{0, 0, 0, 0, 1, 0, 0, 0, 0, 10}, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{0, 2, 0, 3, 0, 2, 0, 2, 0, 2}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, Lifts: 5, End: 9})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, End: 3})
	if got := s.LastTurn().P[0].Steps; got != 15 {
		t.Errorf("player 0 sowed %d seeds, want 15", got)
	}
	// end-hole=empty: her move finishes in hole 8, across from hole 1.
	s = setup(t, []string{"end-hole=empty"}, [Holes]int{0, 0, 0, 0, 1, 0, 0, 0, 0, 10}, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{0, 0, 0, 3, 0, 2, 0, 2, 0, 2}, [2]int{2, 0})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, Lifts: 5, End: 8, Captured: 2})
}

// skip-origin=true: the lap passes over hole 9, the hole it was lifted
// from, and its tenth seed falls in 8; later laps skip their own origins
// only. The relays lift 7, 5, 3, 0 and 8; the last seed falls in 6 and 5
// is empty: across from 6, hole 3 was lifted.
func TestSkipOrigin(t *testing.T) {
	s := setup(t, []string{"skip-origin=true"}, [Holes]int{0, 0, 0, 0, 1, 0, 0, 0, 0, 10}, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{0, 2, 2, 0, 2, 0, 3, 1, 0, 1}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, Lifts: 5, End: 6})
	if got := s.LastTurn().P[0].Steps; got != 17 {
		t.Errorf("player 0 sowed %d seeds, want 17", got)
	}
}

// A relay that never ends: on this board, symmetric under a half turn,
// both relays chase each other round the board and the configuration after
// the drops of step 6 is the one after the drops of step 1. Both players
// are about to lift, so the cycle rule ends both moves there, without a
// capture; they finish where their last seeds fell, 8 and 3.
func TestCyclingRelayIsCut(t *testing.T) {
	holes := [Holes]int{1, 0, 1, 0, 1, 1, 0, 1, 0, 1}
	s := setup(t, nil, holes, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{1, 0, 1, 1, 0, 1, 0, 1, 1, 0}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, Lifts: 5, End: 8, Cut: true})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, Lifts: 5, End: 3, Cut: true})
	if s.LastTurn().Steps != 6 {
		t.Errorf("%d steps, want 6", s.LastTurn().Steps)
	}
	// cycle=capture: the cut moves end as ordinary moves; across from 8
	// and 3, holes 1 and 6 are empty.
	s = setup(t, []string{"cycle=capture"}, holes, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{1, 0, 1, 1, 0, 1, 0, 1, 1, 0}, [2]int{})
	// With end-hole=empty they finish in the holes they were about to
	// lift, 7 and 2, and take 2 and 7.
	s = setup(t, []string{"cycle=capture", "end-hole=empty"}, holes, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{1, 0, 0, 1, 0, 1, 0, 0, 1, 0}, [2]int{1, 1})
}

// max-steps: after so many steps of a turn, a player about to lift stops as
// if cut by the cycle rule. On the cycling board, both are cut in step 3,
// with their last seeds in 4 and 9.
func TestMaxStepsSafeguard(t *testing.T) {
	s := setup(t, []string{"max-steps=3"}, [Holes]int{1, 0, 1, 0, 1, 1, 0, 1, 0, 1}, [2]int{})
	play(t, s, "9,4")
	wantBoard(t, s, [Holes]int{0, 1, 0, 1, 1, 0, 1, 0, 1, 1}, [2]int{})
	wantMove(t, s, 0, PlayerTurn{Hole: 9, Lifts: 2, End: 4, Cut: true, Capped: true})
	wantMove(t, s, 1, PlayerTurn{Hole: 4, Lifts: 2, End: 9, Cut: true, Capped: true})
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
