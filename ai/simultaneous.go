package ai

import "math"

// How each actor of a simultaneous turn chooses among her own moves
// (decoupled search: she keeps statistics over her own moves only).

// Exploration rate mixed into regret matching (and EXP3) at simultaneous
// turns.
const rmGamma = 0.1

// simMethod is how each actor chooses at a simultaneous turn.
type simMethod uint8

const (
	// simDUCT (the default): decoupled UCT, UCB1 on each actor's own
	// statistics; the most visited move is played. Measured against
	// greedy in Agsinnoninka it won far more than the others (docs/ai.md).
	simDUCT simMethod = iota
	// simRM: regret matching on outcome-sampled regrets; the move played
	// is drawn from the average strategy.
	simRM
	// simEXP3: EXP3 on importance-weighted rewards; the move played is
	// drawn from the average strategy.
	simEXP3
)

// setSimMethod chooses how actors choose at simultaneous turns.
func (m *MCTS) setSimMethod(sim simMethod) {
	m.sim = sim
	for _, t := range m.trees {
		t.sim = sim
	}
}

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

// regretStrategy fills t.probs with the current regret-matching strategy
// of a slot (positive regrets normalised, uniform when none is positive).
func (t *tree) regretStrategy(sl slot) []float64 {
	es := t.edges[sl.edge : sl.edge+sl.n]
	t.probs = t.probs[:0]
	sum := 0.0
	for i := range es {
		r := max(es[i].regret, 0)
		t.probs = append(t.probs, r)
		sum += r
	}
	for i := range t.probs {
		if sum > 0 {
			t.probs[i] /= sum
		} else {
			t.probs[i] = 1 / float64(len(es))
		}
	}
	return t.probs
}

// selectEXP3 draws an actor's move by EXP3 (Auer et al. 2002): weights
// exp(eta*X) over the importance-weighted reward sums X, mixed with
// exploration, eta = gamma/K; it adds the strategy to her average and
// returns the move with the probability it was drawn with.
func (t *tree) selectEXP3(sl slot) (int32, float64) {
	es := t.edges[sl.edge : sl.edge+sl.n]
	k := float64(len(es))
	eta := rmGamma / k
	most := math.Inf(-1)
	for i := range es {
		most = max(most, es[i].regret)
	}
	t.probs = t.probs[:0]
	sum := 0.0
	for i := range es {
		w := math.Exp(eta * (es[i].regret - most))
		t.probs = append(t.probs, w)
		sum += w
	}
	u := t.rng.Float64()
	pick, pickP := int32(len(es)-1), 0.0
	chosen := false
	for i, w := range t.probs {
		q := (1-rmGamma)*w/sum + rmGamma/k
		es[i].strat += q
		if !chosen && (u < q || i == len(es)-1) {
			pick, pickP, chosen = int32(i), q, true
		}
		u -= q
	}
	return pick, pickP
}

// selectRegretMatching draws an actor's move from her regret-matching
// strategy mixed with exploration, adds the strategy to her average and
// returns the move with the probability it was drawn with.
func (t *tree) selectRegretMatching(sl slot) (int32, float64) {
	sigma := t.regretStrategy(sl)
	es := t.edges[sl.edge : sl.edge+sl.n]
	k := float64(len(es))
	u := t.rng.Float64()
	pick, pickP := int32(len(es)-1), 0.0
	chosen := false
	for i, p := range sigma {
		es[i].strat += p
		q := (1-rmGamma)*p + rmGamma/k
		if !chosen && (u < q || i == len(es)-1) {
			pick, pickP, chosen = int32(i), q, true
		}
		u -= q
	}
	return pick, pickP
}
