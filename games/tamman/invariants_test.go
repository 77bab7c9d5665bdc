package tamman

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
)

// TestInvariantsAlongRandomGames checks what the fast path relies on after
// every ply of many random games: men and throws ascending, the occupancy
// masks in step with the men, the pool within its bound, phases consistent.
func TestInvariantsAlongRandomGames(t *testing.T) {
	for _, settings := range [][]string{
		{"players=2"}, {"players=4"}, {"players=3", "capture-on-landing=true", "capture-at-start=true", "safe-ayn=own"},
		{"players=4", "exact-finish=false", "throw-use=total"}, {"players=4", "triple-tamman=reset", "mouth-up=0.1"},
	} {
		opts, err := engine.ParseOptions(Game{}, settings)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(0); seed < 40; seed++ {
			s, _ := New(opts)
			rng := rand.New(rand.NewPCG(seed, 5))
			var moves []engine.Move
			for ply := 0; !s.Terminal(); ply++ {
				if s.phase == ThrowPhase {
					s.Apply(s.SampleThrow(rng.Float64()))
				} else {
					moves = s.Legal(s.Turn(), moves[:0])
					s.Apply(moves[rng.IntN(len(moves))])
				}
				if msg := s.broken(); msg != "" {
					t.Fatalf("%v seed %d ply %d: %s\n%v", settings, seed, ply, msg, s)
				}
			}
		}
	}
}

// broken says what invariant s breaks, or "".
func (s *State) broken() string {
	for p := 0; p < int(s.r.players); p++ {
		m := s.men[p]
		for i := 1; i < 4; i++ {
			if m[i-1] > m[i] {
				return "men not ascending"
			}
		}
		if m[3] > Home {
			return "man beyond habarti"
		}
		occ := s.occ[p]
		s.setOcc(p)
		if occ != s.occ[p] {
			return "occupancy out of step"
		}
	}
	if s.nPool > maxPool {
		return "pool overflow"
	}
	for i := uint8(1); i < s.nPool; i++ {
		if s.pool[i-1] > s.pool[i] {
			return "throws not ascending"
		}
	}
	for i := s.nPool; i < maxPool; i++ {
		if s.pool[i] != 0 {
			return "stale throw after the pool"
		}
	}
	switch s.phase {
	case ThrowPhase:
		if s.due == 0 && s.capDue == 0 {
			return "a throw phase with no throw due"
		}
	case MovePhase:
		if !s.canMove() || s.due != 0 || s.capDue != 0 {
			return "a move phase with no usable throw, or throws due"
		}
	case Over:
		if s.winner < 0 || s.men[s.winner][0] != Home {
			return "over without a winner home"
		}
	}
	return ""
}
