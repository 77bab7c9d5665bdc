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

// RandomPlayout plays up to maxTurns turns, throws drawn by their chances
// (a throw is a turn of its own, as chance acts alone) and moves uniformly
// at random among Legal's, and returns the turns played
// (engine.RandomPlayouter).
func (s *State) RandomPlayout(r engine.Rand, maxTurns int) int {
	var ms [maxMoves]stepMove
	cuts := &s.r.cuts
	n := 0
	for ; n < maxTurns && s.phase != Over; n++ {
		if s.phase == ThrowPhase {
			// The draw of engine.Rand.Float64, before its scaling.
			x := r.Src.Uint64() << 11 >> 11
			i := 0
			for i < len(cuts) && x >= cuts[i] {
				i++
			}
			s.applyThrow(throwValues[i], nil)
			continue
		}
		s.applyStep(ms[r.IntN(s.stepMoves(&ms))], nil)
	}
	return n
}
