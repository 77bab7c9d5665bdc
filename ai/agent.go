// Package ai holds the computer players. It knows only the engine: every
// agent works for every game, and games help only through the optional
// engine.Evaluator interface.
package ai

import (
	"math/rand/v2"

	"tabula/engine"
)

// Agent chooses moves. An agent is used by one goroutine at a time.
type Agent interface {
	// Name is the agent as written on the command line ("random").
	Name() string
	// Choose returns one of player's legal moves in s. It must not change
	// s. For a simultaneous turn each actor's agent chooses on its own,
	// without seeing the others' choices.
	Choose(s engine.State, player int) engine.Move
}

// Random plays a uniformly random legal move.
type Random struct {
	rng   *rand.Rand
	moves []engine.Move
}

// NewRandom returns a random mover that is deterministic for a seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x7a6275))}
}

// Name returns "random".
func (r *Random) Name() string { return "random" }

// Choose returns a uniformly random legal move.
func (r *Random) Choose(s engine.State, player int) engine.Move {
	r.moves = s.Legal(player, r.moves[:0])
	return r.moves[r.rng.IntN(len(r.moves))]
}

// SampleChance draws a chance outcome of s by its probabilities, using u
// drawn uniformly from [0, 1).
func SampleChance(outcomes []engine.ChanceOutcome, u float64) engine.Move {
	for _, o := range outcomes {
		if u < o.Prob {
			return o.Move
		}
		u -= o.Prob
	}
	return outcomes[len(outcomes)-1].Move
}
