package adjiboto

import (
	"slices"
	"testing"

	"tabula/engine"
)

// position builds a main-phase position from a literal board: holes in the
// source's numbering, stores, and the player to move.
func position(t *testing.T, holes [Holes]uint8, stores [2]uint8, turn int, settings ...string) *State {
	t.Helper()
	opts, err := engine.ParseOptions(Game{}, settings)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	s.holes, s.stores, s.turn = holes, stores, uint8(turn)
	s.openingLeft, s.opened = 0, [2]uint8{}
	s.mask = s.legalMask(turn)
	s.hist, s.histBits = s.hist[:0], 0
	return s
}

func start(t *testing.T, settings ...string) *State {
	t.Helper()
	opts, err := engine.ParseOptions(Game{}, settings)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func legal(s *State) []int {
	var out []int
	for _, m := range s.Legal(s.ToMove(), nil) {
		out = append(out, int(m))
	}
	return out
}

func play(t *testing.T, s *State, holes ...int) {
	t.Helper()
	for _, h := range holes {
		if err := engine.Play(s, s.MoveText(s.ToMove(), engine.Move(h))); err != nil {
			t.Fatalf("play %d: %v", h, err)
		}
	}
}

func TestStartTenSeedsEachHolePlayer0First(t *testing.T) {
	s := start(t)
	for h := 0; h < Holes; h++ {
		if s.Hole(h) != 10 {
			t.Errorf("hole %d has %d seeds, want 10", h, s.Hole(h))
		}
	}
	if s.ToMove() != 0 {
		t.Errorf("player %d moves first, want 0", s.ToMove())
	}
	if got, want := legal(s), []int{9, 8, 7, 6, 5}; !slices.Equal(got, want) {
		t.Errorf("legal %v, want %v", got, want)
	}
}

func TestMoveLeavesOneSeedAndSowsCounterClockwise(t *testing.T) {
	s := start(t)
	play(t, s, 9)
	want := [Holes]uint8{11, 11, 11, 11, 11, 11, 11, 11, 11, 1}
	if s.holes != want {
		t.Errorf("after 9: holes %v, want %v", s.holes, want)
	}
	if s.stores != [2]uint8{} {
		t.Errorf("stores %v: sowing must never feed a store", s.stores)
	}
}

func TestSowingWrapsFromHoleZeroToNine(t *testing.T) {
	s := position(t, [Holes]uint8{0, 4, 0, 0, 0, 0, 0, 0, 0, 2}, [2]uint8{}, 1)
	play(t, s, 1) // 3 seeds: 0, 9, 8
	want := [Holes]uint8{1, 1, 0, 0, 0, 0, 0, 0, 1, 3}
	if s.holes != want {
		t.Errorf("holes %v, want %v", s.holes, want)
	}
}

func TestHoleWithOneSeedCannotBePlayed(t *testing.T) {
	s := position(t, [Holes]uint8{2, 2, 2, 2, 2, 1, 1, 3, 1, 0}, [2]uint8{}, 0)
	if got, want := legal(s), []int{7}; !slices.Equal(got, want) {
		t.Errorf("legal %v, want %v", got, want)
	}
}

func TestOpeningEachHoleOnceInAnyOrder(t *testing.T) {
	s := start(t)
	play(t, s, 7, 2, 9, 0)
	if got, want := legal(s), []int{8, 6, 5}; !slices.Equal(got, want) {
		t.Errorf("player 0 after playing 7 and 9 in the opening: legal %v, want %v", got, want)
	}
	play(t, s, 8, 1, 6, 3)
	if !s.InOpening() {
		t.Fatal("opening over after 8 moves")
	}
	play(t, s, 5, 4)
	if s.InOpening() {
		t.Fatal("opening not over after 10 moves")
	}
	if got, want := legal(s), []int{9, 8, 7, 6, 5}; !slices.Equal(got, want) {
		t.Errorf("after the opening: legal %v, want %v", got, want)
	}
}

func TestOpeningHasNoCaptures(t *testing.T) {
	// In the opening the hole after the last seed may hold an odd count;
	// nothing is taken.
	s := start(t)
	s.holes = [Holes]uint8{10, 10, 10, 10, 10, 10, 10, 3, 10, 10}
	play(t, s, 9) // last seed in 0, next hole 9 holds 1
	if s.Store(0) != 0 || s.Captured() != 0 {
		t.Errorf("opening move captured %d", s.Captured())
	}
}

func TestOpeningOrderedOption(t *testing.T) {
	s := start(t, "opening=ordered")
	if got, want := legal(s), []int{9}; !slices.Equal(got, want) {
		t.Errorf("player 0 first: legal %v, want %v", got, want)
	}
	play(t, s, 9)
	if got, want := legal(s), []int{4}; !slices.Equal(got, want) {
		t.Errorf("player 1 first: legal %v, want %v", got, want)
	}
	play(t, s, 4)
	if got, want := legal(s), []int{8}; !slices.Equal(got, want) {
		t.Errorf("player 0 second: legal %v, want %v", got, want)
	}
}

func TestOpeningNoneOptionCapturesFromMoveOne(t *testing.T) {
	s := start(t, "opening=none")
	if s.InOpening() {
		t.Fatal("opening=none starts in the opening")
	}
	s.holes = [Holes]uint8{10, 10, 10, 10, 10, 2, 4, 10, 12, 10}
	// 11 seeds: 7 6 5 4 3 2 1 0 9 8 7; last in 7; 6 holds 5 and 5 holds
	// 3, both taken; 4 holds 11 and ends the chain.
	play(t, s, 8)
	if s.Captured() != 8 {
		t.Errorf("captured %d, want 8 (holes 6 and 5)", s.Captured())
	}
}

func TestCaptureOddCountAfterLastHole(t *testing.T) {
	// Player 0 sows 2 seeds from 6 into 5 and 4; hole 3 holds n.
	for _, n := range []uint8{1, 3, 5} {
		s := position(t, [Holes]uint8{2, 2, 2, n, 0, 0, 3, 0, 0, 0}, [2]uint8{}, 0)
		play(t, s, 6)
		if s.Captured() != int(n) || s.Store(0) != int(n) || s.Hole(3) != 0 {
			t.Errorf("hole 3 with %d: captured %d, store %d, hole %d", n, s.Captured(), s.Store(0), s.Hole(3))
		}
	}
}

func TestNoCaptureOfEvenOrLargeCount(t *testing.T) {
	for _, n := range []uint8{2, 4, 6, 7} {
		s := position(t, [Holes]uint8{2, 2, 2, n, 0, 0, 3, 0, 0, 0}, [2]uint8{}, 0)
		play(t, s, 6)
		if s.Captured() != 0 || s.Hole(3) != int(n) {
			t.Errorf("hole 3 with %d: captured %d", n, s.Captured())
		}
	}
}

func TestCaptureChainGoesOnWhileOdd(t *testing.T) {
	// Sow 6 -> 5, 4; then 3 (1), 2 (3), 1 (5) are taken; 0 (2) ends it.
	s := position(t, [Holes]uint8{2, 5, 3, 1, 0, 0, 3, 0, 0, 0}, [2]uint8{}, 0)
	play(t, s, 6)
	if s.Captured() != 9 {
		t.Errorf("captured %d, want 9", s.Captured())
	}
	if s.Hole(0) != 2 || s.Hole(1)+s.Hole(2)+s.Hole(3) != 0 {
		t.Errorf("holes %v", s.holes)
	}
}

func TestCaptureChainStopsAtEvenCount(t *testing.T) {
	s := position(t, [Holes]uint8{0, 5, 4, 1, 0, 0, 3, 0, 0, 0}, [2]uint8{}, 0)
	play(t, s, 6)
	if s.Captured() != 1 || s.Hole(1) != 5 {
		t.Errorf("captured %d, hole 1 %d: the 4 in hole 2 must end the chain", s.Captured(), s.Hole(1))
	}
}

func TestCaptureChainStopsAtEmptyHoleByDefault(t *testing.T) {
	s := position(t, [Holes]uint8{0, 5, 0, 1, 0, 0, 3, 0, 0, 2}, [2]uint8{}, 0)
	play(t, s, 6)
	if s.Captured() != 1 || s.Hole(1) != 5 {
		t.Errorf("captured %d: the empty hole 2 must end the chain", s.Captured())
	}
}

func TestChainThroughEmptyOption(t *testing.T) {
	s := position(t, [Holes]uint8{2, 5, 0, 1, 0, 0, 3, 0, 0, 2}, [2]uint8{}, 0, "chain-through-empty=true")
	play(t, s, 6)
	if s.Captured() != 6 || s.Hole(0) != 2 {
		t.Errorf("captured %d, want 6 (holes 3 and 1 over the empty 2)", s.Captured())
	}
}

func TestChainThroughEmptyDoesNotStartOnEmpty(t *testing.T) {
	s := position(t, [Holes]uint8{2, 5, 1, 0, 0, 0, 3, 0, 0, 2}, [2]uint8{}, 0, "chain-through-empty=true")
	play(t, s, 6)
	if s.Captured() != 0 {
		t.Errorf("captured %d: the hole right after the last seed is empty, so no chain starts", s.Captured())
	}
}

func TestCaptureNeverTakesTheLastSeedsHole(t *testing.T) {
	// Every hole is odd after the sowing: the chain runs all the way round
	// and stops before the hole of the last seed (4, which holds 1 + 0).
	s := position(t, [Holes]uint8{1, 1, 1, 1, 0, 1, 3, 1, 1, 1}, [2]uint8{}, 0)
	play(t, s, 6) // 2 seeds: 5 -> 2, 4 -> 1; last in 4
	// Next holes: 3 (1), 2 (1), 1 (1), 0 (1), 9 (1), 8 (1), 7 (1), 6 (1); 5 holds 2: stop.
	if s.Captured() != 8 || s.Hole(4) != 1 || s.Hole(5) != 2 {
		t.Errorf("captured %d, holes %v", s.Captured(), s.holes)
	}
	// Now 5 holds 1 after the sowing: the chain comes all the way round
	// to 4 and stops there. Nobody can move after it, so player 1 sweeps
	// the seed of hole 4 into her store.
	s = position(t, [Holes]uint8{1, 1, 1, 1, 0, 0, 3, 1, 1, 1}, [2]uint8{}, 0)
	play(t, s, 6)
	if s.Captured() != 9 || s.Store(0) != 9 || s.Store(1) != 1 {
		t.Errorf("captured %d, stores %d %d; want 9, 9, 1 (hole 4 never taken)", s.Captured(), s.Store(0), s.Store(1))
	}
}

func TestCaptureFromOpponentOnlyOption(t *testing.T) {
	// Player 0's last seed falls in her hole 5; the chain takes 4..0 from
	// player 1, then reaches her own hole 9.
	board := [Holes]uint8{1, 1, 1, 1, 1, 0, 2, 0, 0, 1}
	s := position(t, board, [2]uint8{}, 0)
	play(t, s, 6)
	if s.Captured() != 6 {
		t.Errorf("capture-from=any: captured %d, want 6 (holes 4..0 and 9)", s.Captured())
	}
	s = position(t, board, [2]uint8{}, 0, "capture-from=opponent")
	play(t, s, 6)
	if s.Captured() != 5 {
		t.Errorf("capture-from=opponent: captured %d, want 5 (holes 4..0)", s.Captured())
	}
}

func TestSowingOfElevenPassesTheOriginAgain(t *testing.T) {
	s := position(t, [Holes]uint8{0, 0, 0, 0, 0, 0, 0, 0, 0, 12}, [2]uint8{}, 0)
	last := s.sow(9) // 11 seeds: 8..0 (9), then 9 and 8
	want := [Holes]uint8{1, 1, 1, 1, 1, 1, 1, 1, 2, 2}
	if s.holes != want || last != 8 {
		t.Errorf("holes %v last %d, want %v last 8", s.holes, last, want)
	}
}

func TestSkipOriginOption(t *testing.T) {
	s := position(t, [Holes]uint8{0, 0, 0, 0, 0, 0, 0, 0, 0, 12}, [2]uint8{}, 0, "skip-origin=true")
	last := s.sow(9) // 11 seeds: 8..0 (9), 9 skipped, 8 and 7
	want := [Holes]uint8{1, 1, 1, 1, 1, 1, 1, 2, 2, 1}
	if s.holes != want || last != 7 {
		t.Errorf("holes %v last %d, want %v last 7", s.holes, last, want)
	}
	s = position(t, [Holes]uint8{0, 0, 0, 0, 0, 0, 0, 0, 0, 10}, [2]uint8{}, 0, "skip-origin=true")
	if last := s.sow(9); last != 0 {
		t.Errorf("9 seeds with skip-origin end in %d, want 0", last)
	}
	s = position(t, [Holes]uint8{0, 0, 0, 0, 0, 0, 0, 0, 0, 19}, [2]uint8{}, 0, "skip-origin=true")
	if last := s.sow(9); last != 0 || s.holes[9] != 1 || s.holes[0] != 2 {
		t.Errorf("18 seeds with skip-origin: last %d holes %v", last, s.holes)
	}
}

func TestLapOfExactlyTenEndsInOrigin(t *testing.T) {
	s := position(t, [Holes]uint8{0, 0, 0, 0, 0, 0, 0, 0, 0, 11}, [2]uint8{}, 0)
	last := s.sow(9)
	want := [Holes]uint8{1, 1, 1, 1, 1, 1, 1, 1, 1, 2}
	if s.holes != want || last != 9 {
		t.Errorf("holes %v last %d, want %v last 9", s.holes, last, want)
	}
	// Played as a move, the chain runs from 8 round to 0 and stops at 9.
	s = position(t, [Holes]uint8{0, 0, 0, 0, 0, 0, 0, 0, 0, 11}, [2]uint8{}, 0)
	play(t, s, 9)
	if s.Captured() != 9 {
		t.Errorf("captured %d, want 9", s.Captured())
	}
}

func TestBlockedPlayerPasses(t *testing.T) {
	// Player 1 has only single seeds: after player 0 moves, she passes.
	s := position(t, [Holes]uint8{1, 1, 1, 1, 1, 0, 0, 0, 4, 4}, [2]uint8{}, 0)
	play(t, s, 9) // 3 seeds: 8, 7, 6; next 5 empty: no capture
	if s.Terminal() {
		t.Fatal("game ended though player 0 can move")
	}
	if s.ToMove() != 0 {
		t.Errorf("player %d to move, want 0 (player 1 passes)", s.ToMove())
	}
	if s.Ply() != 1 {
		t.Errorf("ply %d: a pass is no move", s.Ply())
	}
}

func TestBlockadeEndsGameEachTakesOwnSide(t *testing.T) {
	s := position(t, [Holes]uint8{1, 1, 0, 1, 1, 0, 0, 1, 0, 2}, [2]uint8{40, 50}, 0)
	play(t, s, 9) // 1 seed into 8; next 7 holds 1: captured
	if !s.Terminal() {
		t.Fatal("nobody can move but the game goes on")
	}
	if s.End() != Blockade {
		t.Errorf("end %v, want blockade", s.End())
	}
	// Player 0: 40 + 1 (capture) + 1 (9) + 1 (8) = 43; player 1: 50 + 4.
	if s.Store(0) != 43 || s.Store(1) != 54 {
		t.Errorf("stores %d %d, want 43 54", s.Store(0), s.Store(1))
	}
	if o, _ := s.Outcome(); o.Winner != 1 {
		t.Errorf("outcome %v, want player 1", o)
	}
}

func TestEqualSeedsIsADraw(t *testing.T) {
	s := position(t, [Holes]uint8{0, 0, 0, 0, 0, 0, 0, 0, 0, 2}, [2]uint8{48, 50}, 0)
	play(t, s, 9) // 1 seed into 8; then nobody can move: 48 + 2 against 50
	o, ok := s.Outcome()
	if !ok || !o.Draw() {
		t.Errorf("outcome %v %v, want a draw", o, ok)
	}
}
