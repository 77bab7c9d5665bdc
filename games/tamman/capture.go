package tamman

import "encoding/binary"

// This file moves a man along his path and makes the captures of his move.

// moveFrom moves the man of the player to move on step from of her path by
// throw v, sends back the enemy men he overtakes and orders a capture
// throw for each.
func (s *State) moveFrom(from, v uint8, tr *tracer) {
	p := s.turn & 3 // (the mask spares the bounds checks)
	r := s.r
	q := r.path[p][from]
	to := int(from) + int(v)
	if to > Home {
		to = Home // only legal without exact-finish
	}
	// The men as one word, a byte a man: the mover's byte is taken out
	// and his new step put in after the men below it, so the men stay
	// ascending without a branch (men on the same step are alike).
	men := &s.men[p]
	w := binary.LittleEndian.Uint32(men[:])
	m0, m1, m2, m3 := men[0], men[1], men[2], men[3]
	below := uint(b2u(m0 < from) + b2u(m1 < from) + b2u(m2 < from))
	atOrBelow := uint(b2u(m0 <= from) + b2u(m1 <= from) + b2u(m2 <= from) + b2u(m3 <= from))
	t := uint8(to)
	beforeTo := uint(b2u(m0 < t) + b2u(m1 < t) + b2u(m2 < t) + b2u(m3 < t))
	low := uint32(1)<<(8*below&31) - 1
	w = w&low | w>>8&^low
	low = uint32(1)<<(8*(beforeTo-1)&31) - 1
	w = w&low | uint32(to)<<(8*(beforeTo-1)&31) | (w&^low)<<8
	binary.LittleEndian.PutUint32(men[:], w)
	// The square he leaves is free unless another of his men stands
	// there; habarti is never in occ.
	s.occ[p] &^= uint32(b2u(atOrBelow-below == 1)) << (q & 31)
	s.occ[p] |= uint32(1) << (r.path[p][to] & 31) &^ (1 << Habarti)
	s.remove(v)
	if tr != nil {
		tr.path(s, int(p), int(from), to)
	}

	hit := r.hit(int(p), int(from), to)
	caught := uint8(0)
	s.caughtOf = 0
	if hit&(s.occ[0]|s.occ[1]|s.occ[2]|s.occ[3]) != 0 { // else no man is on those squares
		for e := uint8(0); e < r.players; e++ {
			if e == p || hit&s.occ[e] == 0 {
				continue
			}
			s.caughtOf |= 1 << e
			s.caughtOn[e] = hit & s.occ[e]
			s.caughtN[e] = 0
			s.occ[e] &^= hit // every man of e on those squares goes back
			em := &s.men[e]
			if tr != nil {
				tr.sendBackOn(s, int(e), *em, hit)
			}
			// Each man on a hit square goes back to step 0, his own
			// 'ayn (always safe; Home is out of play), without a
			// branch: whether a man is hit is hard to foresee.
			n := uint8(0)
			for j, k := range em {
				c := b2u(k != 0) & b2u(k != Home) & uint8(hit>>(r.path[e][k]&31)&1)
				em[j] = k * (1 - c)
				n += c
			}
			caught += n
			s.caughtN[e] = n
			sortMen(em)
		}
	}
	s.captured = caught

	if men[0] == Home {
		s.phase = Over
		s.winner = int8(p)
		return
	}
	if caught > 0 {
		s.capDue += caught
		s.phase = ThrowPhase
		return
	}
	s.startMoves(tr)
}

// hit is the set of squares where player p's man moving from step from to
// step to sends enemy men back: the squares he passes over (steps from+1
// .. to-1), with the options' additions, less the safe ones.
func (r *rules) hit(p, from, to int) uint32 {
	h := r.before[p][to] &^ r.before[p][from+1]
	if r.landing {
		h |= 1 << r.path[p][to]
	}
	if r.atStart {
		h |= 1 << r.path[p][from]
	}
	return h &^ r.safe
}

// setOcc recomputes occ[p] from the men.
func (s *State) setOcc(p int) {
	s.occ[p] = 0
	for _, k := range s.men[p] {
		if k != 0 && k != Home {
			s.occ[p] |= 1 << s.r.path[p][k]
		}
	}
}

// sortMen puts four steps in ascending order.
func sortMen(m *[4]uint8) {
	// A sorting network of min and max, which compile to conditional
	// moves: an insertion sort's branches follow the random men.
	a, b, c, d := m[0], m[1], m[2], m[3]
	a, b = min(a, b), max(a, b)
	c, d = min(c, d), max(c, d)
	a, c = min(a, c), max(a, c)
	b, d = min(b, d), max(b, d)
	b, c = min(b, c), max(b, c)
	m[0], m[1], m[2], m[3] = a, b, c, d
}

// b2u is 1 for true and 0 for false; the compiler makes it a flag, not a
// branch.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
