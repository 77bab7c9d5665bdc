package tammanlab

import (
	"math"

	"tabula/ai"
	"tabula/engine"
)

// rootedSearch is an expectiminimax searcher whose evaluation depends on
// the player it searches for: Choose tells the evaluation who that is
// before the search starts.
type rootedSearch struct {
	*ai.AlphaBeta
	root *int
}

func (r rootedSearch) Choose(s engine.State, player int) engine.Move {
	*r.root = player
	return r.AlphaBeta.Choose(s, player)
}

// calibratedEval judges a game of two by eval, the root player's chance p
// read as σ(shift + logit p) and the other's as its complement. With
// shift > 0 the reading is concave, so the means over the throws prefer a
// sure position to a gamble of the same mean: a favourite's risk
// aversion, which is what play against a weaker opponent asks for (the
// committed network, calibrated on one ply's games against greedy, reads
// σ(1.74 + logit p), docs/lab/tamman-ceiling.md). Shift 0 is eval itself.
func calibratedEval(eval func(engine.State, []float64) []float64, shift float64, root *int) func(engine.State, []float64) []float64 {
	if shift == 0 {
		return eval
	}
	return func(s engine.State, dst []float64) []float64 {
		n := len(dst)
		dst = eval(s, dst)
		me := *root
		p := dst[n+me]
		if p > 0 && p < 1 {
			p = 1 / (1 + math.Exp(-shift-math.Log(p/(1-p))))
		}
		dst[n+me], dst[n+1-me] = p, 1-p
		return dst
	}
}
