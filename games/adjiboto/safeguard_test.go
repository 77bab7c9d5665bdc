package adjiboto

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
)

// cycleBoard and cycleMoves are a capture-free cycle found by exhaustive
// search: from this board, player 0 to move, the ten moves give the same
// position back. No smaller total of seeds has such a cycle.
var (
	cycleBoard = [Holes]uint8{1, 2, 1, 2, 2, 1, 2, 1, 2, 2}
	cycleMoves = []int{8, 3, 6, 1, 9, 4, 7, 2, 5, 0}
)

func TestCycleReturnsToTheSamePosition(t *testing.T) {
	s := position(t, cycleBoard, [2]uint8{}, 0)
	s.remember(s.key())
	play(t, s, cycleMoves...)
	if s.holes != cycleBoard || s.ToMove() != 0 || s.Terminal() {
		t.Fatalf("after the cycle: holes %v, player %d, terminal %v", s.holes, s.ToMove(), s.Terminal())
	}
}

func TestThirdRepetitionEndsGameAsBlockade(t *testing.T) {
	s := position(t, cycleBoard, [2]uint8{}, 0)
	s.remember(s.key())
	play(t, s, cycleMoves...)
	play(t, s, cycleMoves[:9]...)
	if s.Terminal() {
		t.Fatal("game ended before the third occurrence")
	}
	play(t, s, cycleMoves[9])
	if !s.Terminal() || s.End() != Repetition {
		t.Fatalf("third occurrence: terminal %v, end %v", s.Terminal(), s.End())
	}
	// Each player takes her own side: 8 seeds each, a draw.
	if s.Store(0) != 8 || s.Store(1) != 8 {
		t.Errorf("stores %d %d, want 8 8", s.Store(0), s.Store(1))
	}
	if o, _ := s.Outcome(); !o.Draw() {
		t.Errorf("outcome %v, want draw", o)
	}
}

func TestRepetitionOptionSetsTheCount(t *testing.T) {
	s := position(t, cycleBoard, [2]uint8{}, 0, "repetition=2")
	s.remember(s.key())
	play(t, s, cycleMoves...)
	if s.End() != Repetition {
		t.Fatalf("repetition=2: end %v after one cycle", s.End())
	}
	s = position(t, cycleBoard, [2]uint8{}, 0, "repetition=0", "max-plies=1000")
	s.remember(s.key())
	for i := 0; i < 10; i++ {
		play(t, s, cycleMoves...)
	}
	if s.Terminal() {
		t.Fatalf("repetition=0: game ended (%v)", s.End())
	}
}

func TestCaptureClearsRepetitionHistory(t *testing.T) {
	s := start(t)
	play(t, s, 9, 4, 8, 3, 7, 2, 6, 1, 5, 0)
	for !s.Terminal() && s.Captured() == 0 {
		play(t, s, int(s.Legal(s.ToMove(), nil)[0]))
	}
	if !s.Terminal() && len(s.hist) != 1 {
		t.Errorf("after a capture the history holds %d positions, want 1", len(s.hist))
	}
}

func TestMaxPliesEndsGame(t *testing.T) {
	s := start(t, "max-plies=12")
	play(t, s, 9, 4, 8, 3, 7, 2, 6, 1, 5, 0, 9)
	if s.Terminal() {
		t.Fatal("ended before max-plies")
	}
	play(t, s, int(s.Legal(s.ToMove(), nil)[0]))
	if !s.Terminal() || s.End() != PlyLimit {
		t.Fatalf("after 12 plies: terminal %v end %v", s.Terminal(), s.End())
	}
	if s.Store(0)+s.Store(1) != 100 {
		t.Errorf("stores %d + %d: the sweep must give out every seed", s.Store(0), s.Store(1))
	}
}

func TestSafeguardOptionsThatCannotEndAreRejected(t *testing.T) {
	for _, bad := range [][]string{{"repetition=0"}, {"repetition=1"}} {
		opts, err := engine.ParseOptions(Game{}, bad)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New(opts); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// The repetition rule compares positions exactly, not by a 64-bit hash
// that could collide: the key it keeps gives back every field of the
// position (holes, stores, the player to move, the opening's progress), on
// the positions of random games.
func TestRepetitionKeyIsExact(t *testing.T) {
	for seed := range uint64(20) {
		s := start(t)
		rng := rand.New(rand.NewPCG(seed, 3))
		for !s.Terminal() {
			k := s.key()
			var holes [Holes]uint8
			for h := range 8 {
				holes[h] = uint8(k[0] >> (8 * h))
			}
			holes[8], holes[9] = uint8(k[1]), uint8(k[1]>>8)
			stores := [2]uint8{uint8(k[1] >> 16), uint8(k[1] >> 24)}
			opened := [2]uint8{uint8(k[1] >> 48), uint8(k[1] >> 56)}
			if holes != s.holes || stores != s.stores || uint8(k[1]>>32) != s.turn || uint8(k[1]>>40) != s.openingLeft || opened != s.opened {
				t.Fatalf("key %x does not give back the position\n%s", k, s)
			}
			legal := s.Legal(s.ToMove(), nil)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
}
