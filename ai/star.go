package ai

import "tabula/engine"

// chanceBounded is the value of the throw at s when every value lies
// within ±Config.EvalBound (Ballard's Star1): each outcome is searched
// with the window that would decide the mean, taking the outcomes not yet
// searched at their bounds, and the search stops as soon as the mean is
// sure to fall outside (alpha, beta). It returns what search returns: the
// mean when it lies inside the window, else a bound on the side it fell.
// (Star2, which first probes each outcome with the mover's best move of
// an earlier search, visited no fewer positions in Tamman: docs/lab/tamman-hard.md.)
func (a *AlphaBeta) chanceBounded(s engine.State, e *ttEntry, key uint64, depth, childDepth int, alpha, beta float64, ply int) float64 {
	lo, hi := -a.cfg.EvalBound, a.cfg.EvalBound
	if alpha >= hi {
		return hi
	}
	if beta <= lo {
		return lo
	}
	p := &a.plies[ply]
	p.outs = s.ChanceOutcomes(p.outs[:0])
	// The likeliest first: its value narrows the mean's bounds most.
	for i := 1; i < len(p.outs); i++ {
		for j := i; j > 0 && p.outs[j].Prob > p.outs[j-1].Prob; j-- {
			p.outs[j], p.outs[j-1] = p.outs[j-1], p.outs[j]
		}
	}
	sum, rest := 0.0, 1.0 // the searched outcomes' share of the mean; the others' chance
	for i := range p.outs {
		o := p.outs[i]
		rest -= o.Prob
		// The mean is at most sum + Prob*v + hi*rest and at least
		// sum + Prob*v + lo*rest: v at or below ca leaves it at or below
		// alpha, v at or above cb at or above beta.
		ca := (alpha - sum - hi*rest) / o.Prob
		cb := (beta - sum - lo*rest) / o.Prob
		p.child.CopyFrom(s)
		p.child.Apply(o.Move)
		v := a.search(p.child, a.outcomeDepth(o, childDepth), max(ca, lo), min(cb, hi), ply+1)
		p = &a.plies[ply]
		if a.stopped {
			return 0
		}
		sum += o.Prob * v
		if v <= ca {
			v = sum + hi*rest
			*e = ttEntry{key: key, value: v, gen: a.ttGen, depth: int16(depth), flag: ttUpper, player: int8(a.root)}
			return v
		}
		if v >= cb {
			v = sum + lo*rest
			*e = ttEntry{key: key, value: v, gen: a.ttGen, depth: int16(depth), flag: ttLower, player: int8(a.root)}
			return v
		}
	}
	*e = ttEntry{key: key, value: sum, gen: a.ttGen, depth: int16(depth), flag: ttExact, player: int8(a.root)}
	return sum
}
