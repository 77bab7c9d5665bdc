package tammanai

import (
	"errors"
	"math"
	"math/rand/v2"

	"tabula/engine"
	"tabula/games/tamman"
)

// This file learns LearnedEval's weights by self-play with TD(lambda), as
// TD-Gammon learned backgammon's: both players pick the move whose
// position the current weights like best, the throws fall as they fall,
// and after each step the weights move the estimate of the position
// before towards the estimate of the position after (towards the result
// at the end), along a trace of the positions before it.

// TrainConfig sets a training run.
type TrainConfig struct {
	Games   int          // self-play games
	Seed    uint64       // of the throws and the exploring moves
	Alpha   float64      // step size
	Lambda  float64      // decay of the trace
	Explore float64      // share of moves drawn at random
	Then    []TrainStage // the network's stages after the first Games
	// The shape of a network drawn at random (0: NetInputs, NetHidden),
	// or to widen the start network to where larger than its own.
	NetInputs, NetHidden int
	// Search, if set, makes the searcher by which the network's self-play
	// chooses its moves and whose values it learns (searchtrain.go), from
	// the network's evaluation and a seed for the searcher's ties: ai's
	// alpha-beta to a depth, `tabula train --net --search-depth`. Nil: one
	// ply, the network's own values (nettrain.go).
	Search func(eval func(engine.State, []float64) []float64, seed uint64) NetSearcher
	// Progress, if set, is called after every game with the games done
	// and the mean squared TD error of that game.
	Progress func(games int, err float64)
}

// DefaultTrainConfig is the run whose weights are in learned.txt.
var DefaultTrainConfig = TrainConfig{Games: 100000, Seed: 1, Alpha: 0.01, Lambda: 0.7, Explore: 0.05}

// winProb is player 0's chance to win in s by w, in a game of two.
func winProb(s *tamman.State, w *Weights, x *[NumFeatures]float64) float64 {
	if s.Phase() == tamman.Over {
		return float64(b2i(s.Winner() == 0))
	}
	var f1 [NumFeatures]float64
	features(s, 0, x)
	features(s, 1, &f1)
	z := 0.0
	for i := range x {
		x[i] -= f1[i]
		z += w[i] * x[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// Train returns the weights learned from w (nil: all zero) by cfg.Games
// games of self-play under opts, which must be for two players.
func Train(opts engine.Options, cfg TrainConfig, w *Weights) (*Weights, error) {
	s, err := tamman.New(opts)
	if err != nil {
		return nil, err
	}
	if s.NumPlayers() != 2 {
		return nil, errors.New("tammanai: training plays games of two players")
	}
	if w == nil {
		w = new(Weights)
	} else {
		c := *w
		w = &c
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7464))
	start := *s
	var after tamman.State
	var moves []engine.Move
	var x, trace [NumFeatures]float64
	for g := 0; g < cfg.Games; g++ {
		*s = start
		prev := winProb(s, w, &x)
		for i := range trace {
			trace[i] = prev * (1 - prev) * x[i]
		}
		sqErr, steps := 0.0, 0
		for s.Phase() != tamman.Over {
			if s.Phase() == tamman.ThrowPhase {
				s.Apply(s.SampleThrow(rng.Float64()))
			} else {
				moves = s.Legal(s.Turn(), moves[:0])
				m := moves[0]
				if len(moves) > 1 && rng.Float64() < cfg.Explore {
					m = moves[rng.IntN(len(moves))]
				} else if len(moves) > 1 {
					best := math.Inf(-1)
					for _, c := range moves {
						after = *s
						after.Apply(c)
						v := winProb(&after, w, &x)
						if s.Turn() == 1 {
							v = 1 - v
						}
						if v > best {
							best, m = v, c
						}
					}
				}
				s.Apply(m)
			}
			// The trace holds the gradients of the positions before this
			// step; the step's error moves them all.
			next := winProb(s, w, &x)
			delta := next - prev
			sqErr += delta * delta
			steps++
			for i := range w {
				w[i] += cfg.Alpha * delta * trace[i]
			}
			prev = next
			// The trace now takes in the new position's gradient.
			d := next * (1 - next)
			for i := range trace {
				trace[i] = cfg.Lambda*trace[i] + d*x[i]
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(g+1, sqErr/float64(max(steps, 1)))
		}
	}
	return w, nil
}
