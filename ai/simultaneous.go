package ai

import "math"

// At a simultaneous turn each actor chooses by UCB1 on her own statistics
// (decoupled UCT). Regret matching and EXP3, the other two methods of
// Lanctot, Lisý and Winands (2013), lost every one of 68 games to it in
// Agsinnoninka at equal iterations and won at most one of 68 against
// greedy; they were removed after that measurement (docs/lab/agsinnoninka-search.md names the
// commit and the command that repeat it).

// selectDecoupledUCB is selectUCB for one actor of a simultaneous turn:
// untried moves first in random order, ties broken at random, so that two
// actors with the same statistics do not move in lockstep.
func (t *tree) selectDecoupledUCB(sl slot, parentVisits int32) int32 {
	es := t.edges[sl.edge : sl.edge+sl.n]
	logN := math.Log(float64(max(parentVisits, 1)))
	best, bestV, ties := int32(0), math.Inf(-1), 0
	for i := range es {
		e := &es[i]
		v := math.Inf(1)
		if e.visits > 0 {
			v = e.reward/float64(e.visits) + uctC*math.Sqrt(logN/float64(e.visits))
		}
		switch {
		case v > bestV:
			best, bestV, ties = int32(i), v, 1
		case v == bestV:
			// Reservoir sampling among equals.
			ties++
			if t.rng.IntN(ties) == 0 {
				best = int32(i)
			}
		}
	}
	return best
}

// drawWeighted is the index drawn by weights (not all zero, none
// negative), using u drawn uniformly from [0, 1).
func drawWeighted(weights []float64, u float64) int {
	total := 0.0
	for _, w := range weights {
		total += w
	}
	u *= total
	for i, w := range weights {
		if u < w {
			return i
		}
		u -= w
	}
	return len(weights) - 1
}
