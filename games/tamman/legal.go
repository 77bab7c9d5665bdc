package tamman

import (
	"math/bits"

	"tabula/engine"
)

// This file generates the legal throws and moves and gives the chances of
// the throws.

// Actors appends chance at a throw, the player at a move, nobody at the end.
func (s *State) Actors(dst []int) []int {
	switch s.phase {
	case ThrowPhase:
		return append(dst, engine.ChancePlayer)
	case MovePhase:
		return append(dst, int(s.turn))
	}
	return dst
}

// Legal appends the throws t1 t2 t3 t4 t8 for chance at a throw, or the
// moves of the player to move: for each throw value she holds, ascending,
// each square with a man of hers that can use it, in the order of her path.
func (s *State) Legal(player int, dst []engine.Move) []engine.Move {
	switch {
	case s.phase == ThrowPhase && player == engine.ChancePlayer:
		for _, v := range throwValues {
			dst = append(dst, engine.Move(v))
		}
	case s.phase == MovePhase && player == int(s.turn):
		var ms [maxMoves]stepMove
		path := &s.r.path[player]
		for _, m := range ms[:s.stepMoves(&ms)] {
			if m.v == 0 {
				dst = append(dst, Pass)
				continue
			}
			dst = append(dst, engine.Move(path[m.from])<<8|engine.Move(m.v))
		}
	}
	return dst
}

// maxMoves is the length of a list of moves: a player has at most 21
// (five throw values for four men, and a pass); the list holds 32, so
// that indexes masked by 31 need no bounds checks and stepMoves' spare
// writes stay inside it.
const maxMoves = 32

// stepMove is a move as the step of the man on his path and the throw he
// uses; v 0 is the pass.
type stepMove struct{ from, v uint8 }

// stepMoves writes the legal moves of the player to move, in Legal's
// order, to ms and returns how many there are.
func (s *State) stepMoves(ms *[maxMoves]stepMove) int {
	men := &s.men[s.turn]
	best := -1 // under use-most: the most throws she can use
	if s.r.useMost {
		sum := 0
		for _, v := range s.pool[:s.nPool] {
			sum += int(v)
		}
		// When the least advanced man can use all the throws, every
		// move leaves them all usable.
		if int(men[0])+sum > Home {
			best = mostUsable(*men, s.pool, s.nPool)
		}
	}
	// The steps with a man not home, one bit each however many men
	// stand there, so that a throw's moves are the bits up to the last
	// step it does not overshoot from, in the order of the path.
	// (A step is at most Home, so the masks by 31 change nothing; they
	// spare the shifts their checks.)
	steps := (uint32(1)<<(men[0]&31) | uint32(1)<<(men[1]&31) | uint32(1)<<(men[2]&31) | uint32(1)<<(men[3]&31)) &^ (1 << Home)
	n := 0
	last := uint8(0)
	for i := uint8(0); i < s.nPool; i++ {
		v := s.pool[i]
		if v == last {
			continue
		}
		last = v
		from := steps
		if s.r.exact {
			from &= uint32(1)<<((Home+1-min(v, Home+1))&31) - 1
		}
		if best >= 0 {
			for ; from != 0; from &= from - 1 {
				k := uint8(bits.TrailingZeros32(from))
				if 1+mostUsable(moved(*men, k, v), without(s.pool, s.nPool, v), s.nPool-1) >= best {
					ms[n] = stepMove{k, v}
					n++
				}
			}
			continue
		}
		// The throw's moves are the bits of from, at most four (a man
		// each): four are written and the real ones counted, as a loop
		// over the bits would mispredict its end. Each throw value adds
		// at most four moves, so the spare writes stay inside ms.
		c := bits.OnesCount32(from)
		ms[n&31] = stepMove{uint8(bits.TrailingZeros32(from)), v}
		from &= from - 1
		ms[(n+1)&31] = stepMove{uint8(bits.TrailingZeros32(from)), v}
		from &= from - 1
		ms[(n+2)&31] = stepMove{uint8(bits.TrailingZeros32(from)), v}
		from &= from - 1
		ms[(n+3)&31] = stepMove{uint8(bits.TrailingZeros32(from)), v}
		n += c
	}
	if s.r.mayPass {
		ms[n&31] = stepMove{}
		n++
	}
	return n
}

// ChanceOutcomes appends the five throws with their chances when a throw
// is due.
func (s *State) ChanceOutcomes(dst []engine.ChanceOutcome) []engine.ChanceOutcome {
	if s.phase != ThrowPhase {
		return dst
	}
	for i, v := range throwValues {
		dst = append(dst, engine.ChanceOutcome{Move: engine.Move(v), Prob: s.r.probs[i]})
	}
	return dst
}

// SampleThrow returns the throw whose share of [0, 1) holds u (drawn
// uniformly), the fast way for playouts to throw the cowries.
func (s *State) SampleThrow(u float64) engine.Move {
	return engine.Move(throwValues[throwIndex(&s.r.probs, u)])
}

// throwIndex is the index in throwValues of the throw whose share of [0,
// 1) holds u: the outcomes' chances are taken off u in order, as a search
// samples any chance event (the last takes what rounding leaves).
func throwIndex(probs *[5]float64, u float64) int {
	for i, p := range probs[:4] {
		if u < p {
			return i
		}
		u -= p
	}
	return 4
}

// mostUsable returns how many of the n throws in pool (ascending) the
// men can use, one after another, each landing on or before habarti.
// Capture throws cannot change it: captures never move the mover's men.
func mostUsable(men [4]uint8, pool [maxPool]uint8, n uint8) int {
	best := 0
	last := uint8(0)
	for i := uint8(0); i < n; i++ {
		v := pool[i]
		if v == last {
			continue
		}
		last = v
		prev := uint8(255)
		for _, k := range men {
			if k == prev || int(k)+int(v) > Home {
				continue
			}
			prev = k
			u := 1 + mostUsable(moved(men, k, v), without(pool, n, v), n-1)
			if u > best {
				best = u
				if best == int(n) {
					return best
				}
			}
		}
	}
	return best
}

// moved returns men with one man moved from step k by v, kept ascending.
func moved(men [4]uint8, k, v uint8) [4]uint8 {
	for i := range men {
		if men[i] == k {
			men[i] = k + v
			break
		}
	}
	sortMen(&men)
	return men
}

// without returns the first n throws of pool with one v taken out.
func without(pool [maxPool]uint8, n, v uint8) [maxPool]uint8 {
	i := uint8(0)
	for i < n && pool[i] != v {
		i++
	}
	copy(pool[i:n-1], pool[i+1:n])
	pool[n-1] = 0
	return pool
}
