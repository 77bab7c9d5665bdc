package tamman

import "tabula/engine"

// This file holds the random playouts of search (engine.RandomPlayouter):
// the same throws and moves as a loop over Legal and Apply, with the
// throws drawn by integer thresholds instead of a float scan.

// throwCuts finds, for each of the first four throws, the least 53-bit
// draw x that samples a later throw from u = x/2^53 by throwIndex. The
// index throwIndex gives never falls as u grows (each step subtracts a
// constant and compares, and rounding keeps order), so the draws of each
// throw are one interval, and comparing x with the cuts samples exactly
// as throwIndex does.
func throwCuts(probs *[5]float64) (cuts [4]uint64) {
	for i := range cuts {
		lo, hi := uint64(0), uint64(1)<<53 // the least x with index > i is in [lo, hi]
		for lo < hi {
			mid := lo + (hi-lo)/2
			if throwIndex(probs, float64(mid)/(1<<53)) > i {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		cuts[i] = lo
	}
	return cuts
}

// drawThrow draws a throw by its chances from one draw of r, as
// engine.Rand.Float64 and throwIndex would, by comparing the draw before
// its scaling with the cuts.
func (s *State) drawThrow(r engine.Rand) uint8 { return s.throwOf(r.Src.Uint64()) }

// throwOf is drawThrow's throw for the draw x.
func (s *State) throwOf(x uint64) uint8 {
	x = x << 11 >> 11
	// The cuts ascend: the throw's index is the number of them at or
	// below x, counted without a branch (which would miss a third of the
	// time).
	c := &s.r.cuts
	return throwValues[b2u(x >= c[0])+b2u(x >= c[1])+b2u(x >= c[2])+b2u(x >= c[3])]
}

// RandomPlayout plays up to maxTurns turns, throws drawn by their chances
// (a throw is a turn of its own, as chance acts alone) and moves uniformly
// at random among Legal's, and returns the turns played
// (engine.RandomPlayouter).
func (s *State) RandomPlayout(r engine.Rand, maxTurns int) int { return s.playout(r, maxTurns, false) }

// PolicyPlayout plays up to maxTurns turns as RandomPlayout does, but
// picks each move with more than one choice by PlayoutMove's policy from
// one Float64 draw (a lone move takes an IntN draw, as the general loop
// draws it), and returns the turns played (ai.PolicyPlayouter).
func (s *State) PolicyPlayout(r engine.Rand, maxTurns int) int { return s.playout(r, maxTurns, true) }

// playout is RandomPlayout, or PolicyPlayout when policy.
func (s *State) playout(r engine.Rand, maxTurns int, policy bool) int {
	var ms [maxMoves]stepMove
	n := 0
	for ; n < maxTurns && s.phase != Over; n++ {
		if s.phase == ThrowPhase {
			s.applyThrow(s.drawThrow(r), nil)
			continue
		}
		k := s.stepMoves(&ms)
		var i int
		if policy && k > 1 {
			i = s.policyPick(ms[:k], r.Float64()) // maxMoves <= maxPolicyMoves
		} else {
			i = r.IntN(k)
		}
		s.applyStep(ms[i&31], nil)
	}
	return n
}

// RandomTurn plays one turn of RandomPlayout: a throw drawn from chance,
// or a move of the player to move drawn from her own source
// (engine.RandomTurner).
func (s *State) RandomTurn(chance engine.Chance, seats []engine.Rand) (actor, legal int, over bool) {
	if s.phase == ThrowPhase {
		s.applyThrow(s.throwOf(chance.Uint64()), nil)
		return engine.ChancePlayer, 0, s.phase == Over
	}
	var ms [maxMoves]stepMove
	k := s.stepMoves(&ms)
	p := int(s.turn)
	s.applyStep(ms[seats[p].IntN(k)&31], nil)
	return p, k, s.phase == Over
}

// RandomTurns plays RandomTurn's turns until the game ends or maxTurns
// are played, counting in t the moves that sent men back
// (engine.RandomRunner).
func (s *State) RandomTurns(chance engine.Chance, seats []engine.Rand, maxTurns int, t *engine.TurnTally) (turns int, over bool) {
	var ms [maxMoves]stepMove
	for ; turns < maxTurns && s.phase != Over; turns++ {
		if s.phase == ThrowPhase {
			s.applyThrow(s.throwOf(chance.Uint64()), nil)
			continue
		}
		k := s.stepMoves(&ms)
		s.applyStep(ms[seats[s.turn].IntN(k)&31], nil)
		if s.captured > 0 {
			t.Captures++
			t.Captured += int(s.captured)
		}
	}
	return turns, s.phase == Over
}

// RandomPlayersTurns plays RandomTurn's turns until the game ends or a
// move makes limit moves, counting the moves in t and appending the
// Standing after each players' turn (until the turn passes to another
// player) to stand (engine.StandingsPlayer).
func (s *State) RandomPlayersTurns(chance engine.Chance, seats []engine.Rand, limit int, t *engine.MoveTally, stand []float64) ([]float64, int, bool) {
	var ms [maxMoves]stepMove
	tm := *t // in registers, not through the pointer at each move
	turn := s.turn
	r := seats[turn]
	turns := 0
	two := s.r.players == 2
	// Only a move counts towards limit, so a throw never stops the run.
	for s.phase != Over && tm.Moves < limit {
		if s.phase == ThrowPhase {
			s.applyThrow(s.throwOf(chance.Uint64()), nil)
		} else {
			k := s.stepMoves(&ms)
			s.applyStep(ms[r.IntN(k)&31], nil)
			tm.Add(k)
		}
		if s.turn != turn || s.phase == Over {
			// The players' turn has ended.
			turns++
			if two { // Standing, inlined
				stand = append(stand, float64(menSum(&s.men[0])), float64(menSum(&s.men[1])))
			} else {
				stand = s.Standing(stand)
			}
			chance.TurnEnded()
			turn = s.turn
			r = seats[turn]
		}
	}
	*t = tm
	return stand, turns, s.phase == Over
}
