package tamman

// This file gives the computer player (package tammanai) the facts of the
// board and the throws under the game's options that its evaluations
// read, without letting it see the rules' own tables.

// SquareOn returns the square of step k (0 to Home) of player p's path.
func (s *State) SquareOn(p, k int) Square { return s.r.path[p][k] }

// StepOf returns the step of square q on player p's path.
func (s *State) StepOf(p int, q Square) int { return int(s.r.step[p][q]) }

// IsSafe reports whether no man is sent back on square q (habarti, and
// every 'ayn unless the option safe-ayn is own).
func (s *State) IsSafe(q Square) bool { return s.r.safe&(1<<q) != 0 }

// CaptureSquares returns the squares, a bit (1<<Square) each, where a man
// of player p moving from step from to step to sends enemy men back: the
// squares he passes over, with the options' additions, less the safe ones.
func (s *State) CaptureSquares(p, from, to int) uint32 { return s.r.hit(p, from, to) }

// ThrowAtMost returns the chance that one throw is at most d steps, so
// that a man d steps behind a square does not pass over it; d is 0 to 7.
func (s *State) ThrowAtMost(d int) float64 { return s.r.miss[d] }

// MeanThrow returns the mean value of one throw.
func (s *State) MeanThrow() float64 { return s.r.meanThrow() }

// ExactFinish reports whether a man must reach habarti by the exact
// throw (the option exact-finish).
func (s *State) ExactFinish() bool { return s.r.exact }

// meanThrow is the mean value of a throw.
func (r *rules) meanThrow() float64 {
	m := 0.0
	for i, v := range throwValues {
		m += float64(v) * r.probs[i]
	}
	return m
}

// beyond returns the chance that one throw is more than d (so a man d
// steps behind a square passes over it).
func (r *rules) beyond(d int) float64 {
	c := 0.0
	for i, v := range throwValues {
		if int(v) > d {
			c += r.probs[i]
		}
	}
	return c
}
