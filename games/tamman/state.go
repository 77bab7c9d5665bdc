package tamman

import (
	"encoding/binary"
	"math"
	"math/bits"

	"tabula/engine"
)

// This file holds the State's accessors, its copying and hashing, and the
// end of the game.

// Game returns Game{}.
func (s *State) Game() engine.Game { return Game{} }

// Options returns the options the game was made with.
func (s *State) Options() engine.Options { return s.r.opts }

// NumPlayers returns the number of players.
func (s *State) NumPlayers() int { return int(s.r.players) }

// Ply returns the number of throws and moves played.
func (s *State) Ply() int { return int(s.ply) }

// Turn returns the player whose turn it is (the last mover once the game
// is over).
func (s *State) Turn() int { return int(s.turn) }

// Phase returns what the game waits for.
func (s *State) Phase() Phase { return s.phase }

// Clone returns a copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src, which must be a *tamman.State.
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

// Hash digests the men, the throws waiting and due, the turn and phase.
func (s *State) Hash() uint64 {
	var w [4]uint64
	for p := 0; p < 4; p++ {
		for i, k := range s.men[p] {
			w[p/2] |= uint64(k) << (8 * (4*(p%2) + i))
		}
	}
	for i, v := range s.pool {
		w[2+i/8] |= uint64(v) << (8 * (i % 8))
	}
	h := uint64(s.turn) | uint64(s.phase)<<8 | uint64(s.seq)<<16 | uint64(s.due)<<24 |
		uint64(s.capDue)<<32 | uint64(s.nPool)<<40 | uint64(uint8(s.winner))<<48
	x := engine.Mix64(h)
	for _, v := range w {
		x = engine.Mix64(x ^ v)
	}
	return x
}

// Captured returns the men the last move sent back to their 'ayn
// (self-play statistics count captures with it).
func (s *State) Captured() int { return int(s.captured) }

// Terminal reports whether someone has all four men on habarti.
func (s *State) Terminal() bool { return s.phase == Over }

// Outcome gives the player who brought all four men home.
func (s *State) Outcome() (engine.Outcome, bool) {
	if s.phase != Over {
		return engine.Outcome{}, false
	}
	return engine.Outcome{Winner: int(s.winner)}, true
}

// Home returns how many of player p's men are on habarti.
func (s *State) Home(p int) int {
	n := 0
	for _, k := range s.men[p] {
		if k == Home {
			n++
		}
	}
	return n
}

// Scores appends each player's men on habarti.
func (s *State) Scores(dst []float64) []float64 {
	for p := 0; p < int(s.r.players); p++ {
		dst = append(dst, float64(s.Home(p)))
	}
	return dst
}

// Eval judges each player by the steps her men have made (a man home
// counts a bonus step): her share of the way minus the best opponent's,
// and +1/-1 once the game is won.
func (s *State) Eval(dst []float64) []float64 {
	n := int(s.r.players)
	if s.phase == Over {
		for p := 0; p < n; p++ {
			dst = append(dst, float64(2*int(b2u(int(s.winner) == p))-1))
		}
		return dst
	}
	// The best opponent of each player is the leader, or for the leader
	// the runner-up: the largest and second largest share, found once.
	var prog [4]float64
	top, second, leader := math.Inf(-1), math.Inf(-1), 0
	for p := 0; p < n; p++ {
		prog[p] = float64(menSteps(&s.men[p])) / float64(4*(Steps+1))
		switch {
		case prog[p] > top:
			second, top, leader = top, prog[p], p
		case prog[p] > second:
			second = prog[p]
		}
	}
	for p := 0; p < n; p++ {
		best := top
		if p == leader {
			best = second
		}
		dst = append(dst, prog[p]-best)
	}
	return dst
}

// menSteps is the steps a player's four men have made, a man home
// counting one more, summed as the bytes of one word: a man is at most
// Home (24) steps along, so four sum to under 256, and adding 128-Home
// to each sets its top bit only for a man home; no byte carries.
func menSteps(men *[4]uint8) int {
	w := binary.LittleEndian.Uint32(men[:])
	return int(w*0x01010101>>24) + bits.OnesCount32((w+(128-Home)*0x01010101)&0x80808080)
}

// menSum is the steps a player's four men have made, summed as menSteps
// does.
func menSum(men *[4]uint8) int { return int(binary.LittleEndian.Uint32(men[:]) * 0x01010101 >> 24) }

// Men returns the squares of player p's four men, least advanced first.
func (s *State) Men(p int) [4]Square {
	var out [4]Square
	for i, k := range s.men[p] {
		out[i] = s.r.path[p][k]
	}
	return out
}

// Steps returns the path steps of player p's four men (0: on her 'ayn, 24:
// on habarti), ascending.
func (s *State) Steps(p int) [4]int {
	var out [4]int
	for i, k := range s.men[p] {
		out[i] = int(k)
	}
	return out
}

// Throws returns the throws waiting to be used this turn, ascending.
func (s *State) Throws() []int { return s.AppendThrows(make([]int, 0, s.nPool)) }

// AppendThrows appends the throws waiting to be used this turn, ascending,
// to dst (Throws without an allocation, for the evaluations).
func (s *State) AppendThrows(dst []int) []int {
	for _, v := range s.pool[:s.nPool] {
		dst = append(dst, int(v))
	}
	return dst
}

// ThrowsOwed returns how many throws are still to be thrown this turn, the
// opening throws and the capture throws together.
func (s *State) ThrowsOwed() int { return int(s.due) + int(s.capDue) }

// Winner returns the player who won, or -1 while the game goes on.
func (s *State) Winner() int { return int(s.winner) }

// CaptureThrowsDue returns how many capture throws are still to be thrown.
func (s *State) CaptureThrowsDue() int { return int(s.capDue) }

// ExtraThrowsDue returns how many of the turn's opening throws (the first
// and the extra throws it earned) are still to be thrown.
func (s *State) ExtraThrowsDue() int {
	if s.phase != ThrowPhase || s.capDue > 0 {
		return 0
	}
	return int(s.due)
}

// Seat returns the 'ayn where player p's men start.
func (s *State) Seat(p int) Square { return Ayn[s.r.seats[p]] }
