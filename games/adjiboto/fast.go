package adjiboto

import (
	"encoding/binary"
	"math/bits"

	"tabula/engine"
)

// This file holds the fast form of a sowing and the random playouts of
// search (engine.RandomPlayouter). A sowing adds one precomputed pattern
// of seeds to the board, as two machine words: the board holds at most
// 255 seeds, so no hole's byte carries into the next.

// sowing is what sowing a number of seeds from a hole adds to the board
// (holes 0-7 in lo, 8-9 in hi, a byte each) and the hole of the last seed.
type sowing struct {
	lo   uint64
	hi   uint16
	last uint8
}

// sowings[skip][h][n] is the sowing of n seeds (fewer than a lap) from
// hole h, with skip-origin (skip 1) or without; laps[skip][h] is one whole
// lap from h.
var sowings, laps = func() (sw [2][Holes][Holes]sowing, lp [2][Holes]sowing) {
	for skip := range 2 {
		for h := range Holes {
			var add [Holes]uint8
			pos := h
			for n := 1; n < Holes; n++ {
				pos = nextSowFrom(pos, h, skip == 1)
				add[pos]++
				sw[skip][h][n] = packSowing(add, pos)
			}
			sw[skip][h][0] = sowing{last: uint8(h)}
			var lap [Holes]uint8
			for i := range lap {
				if i != h || skip == 0 {
					lap[i] = 1
				}
			}
			last := h
			if skip == 1 {
				last = (h + 1) % Holes // the hole before h in sowing order
			}
			lp[skip][h] = packSowing(lap, last)
		}
	}
	return sw, lp
}()

func packSowing(add [Holes]uint8, last int) sowing {
	return sowing{lo: binary.LittleEndian.Uint64(add[:8]), hi: uint16(add[8]) | uint16(add[9])<<8, last: uint8(last)}
}

// nextSowFrom is the hole after pos where a sowing from origin drops a
// seed: the next hole counter-clockwise, passing over origin with
// skip-origin.
func nextSowFrom(pos, origin int, skipOrigin bool) int {
	pos = next(pos)
	if pos == origin && skipOrigin {
		pos = next(pos)
	}
	return pos
}

// nextSow is nextSowFrom under the state's rules.
func (s *State) nextSow(pos, origin int) int { return nextSowFrom(pos, origin, s.r.skipOrigin) }

// sow lifts all seeds but one from hole h, sows them counter-clockwise and
// returns the hole that got the last seed: whole laps first, then the
// remainder.
func (s *State) sow(h int) int {
	n := int(s.holes[h]) - 1
	s.holes[h] = 1
	skip, ring := 0, Holes
	if s.r.skipOrigin {
		skip, ring = 1, Holes-1
	}
	lo := binary.LittleEndian.Uint64(s.holes[:8])
	hi := uint16(s.holes[8]) | uint16(s.holes[9])<<8
	k, rem := n/ring, n%ring
	last := sowings[skip][h][rem].last
	if k > 0 {
		lap := &laps[skip][h]
		lo += uint64(k) * lap.lo
		hi += uint16(k) * lap.hi
		if rem == 0 {
			last = lap.last
		}
	}
	lo += sowings[skip][h][rem].lo
	hi += sowings[skip][h][rem].hi
	binary.LittleEndian.PutUint64(s.holes[:8], lo)
	s.holes[8], s.holes[9] = uint8(hi), uint8(hi>>8)
	return int(last)
}

// rowMask is the set of holes of player p's row that hold two seeds or
// more, as bits, found for the five holes at once: a byte is 2 or more
// when it is non-zero without its low bit.
func rowMask(holes *[Holes]uint8, p int) uint16 {
	const ones5, lows7 = 0x7f7f7f7f7f, 0xfefefefefe
	var x uint64
	if p == 0 { // holes 5-9
		x = binary.LittleEndian.Uint64(holes[2:]) >> 24
	} else { // holes 0-4
		x = binary.LittleEndian.Uint64(holes[:]) & 0xffffffffff
	}
	y := x & lows7
	nz := ((y & ones5) + ones5 | y) >> 7 & 0x0101010101 // bit 8i: byte i is non-zero
	// Gather bit 8i to bit 32+i: the shifts 32-7j put no two products on
	// one bit, so nothing carries.
	bits5 := uint16(nz*(1<<32|1<<25|1<<18|1<<11|1<<4)>>32) & 0x1f
	return bits5 << (5 * (1 - p))
}

// RandomPlayout plays up to maxTurns uniformly random moves, as a loop of
// Legal and Apply drawing r.IntN(len(legal)) would, and returns the moves
// played (engine.RandomPlayouter).
func (s *State) RandomPlayout(r engine.Rand, maxTurns int) int {
	n := 0
	for ; n < maxTurns && s.end == NotOver; n++ {
		s.randomMove(r)
	}
	return n
}

// RandomTurn plays one move of RandomPlayout, drawn from the source of
// the player to move (engine.RandomTurner; the game has no chance).
func (s *State) RandomTurn(_ engine.Chance, seats []engine.Rand) (actor, legal int, over bool) {
	p := int(s.turn)
	legal = s.randomMove(seats[p])
	return p, legal, s.end != NotOver
}

// RandomTurns plays RandomTurn's moves until the game ends or maxTurns
// are played, counting in t the moves that captured
// (engine.RandomRunner).
func (s *State) RandomTurns(_ engine.Chance, seats []engine.Rand, maxTurns int, t *engine.TurnTally) (turns int, over bool) {
	for ; turns < maxTurns && s.end == NotOver; turns++ {
		s.randomMove(seats[s.turn])
		if s.captured > 0 {
			t.Captures++
			t.Captured += int(s.captured)
		}
	}
	return turns, s.end != NotOver
}

// RandomPlayersTurns plays RandomTurn's moves, each a players' turn, until
// the game ends or limit moves are made, counting them in t and appending
// the Standing after each to stand (engine.StandingsPlayer).
func (s *State) RandomPlayersTurns(_ engine.Chance, seats []engine.Rand, limit int, t *engine.MoveTally, stand []float64) ([]float64, int, bool) {
	turns := 0
	tm := *t          // in registers, not through the pointer at each move
	seats = seats[:2] // two seats: no bounds check a move
	for s.end == NotOver && tm.Moves < limit {
		tm.Add(s.randomMove(seats[s.turn&1]))
		turns++
		stand = s.Standing(stand)
	}
	*t = tm
	return stand, turns, s.end != NotOver
}

// randomMove plays a uniformly random legal move drawn from r and returns
// the number of legal moves.
func (s *State) randomMove(r engine.Rand) int {
	m := s.mask
	// Legal lists the holes from the highest down: the k-th move of c is
	// the (c-1-k)-th lowest bit.
	c := bits.OnesCount16(m)
	for k := c - 1 - r.IntN(c); k > 0; k-- {
		m &= m - 1
	}
	s.play(bits.TrailingZeros16(m), nil)
	return c
}
