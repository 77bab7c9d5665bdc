package ai

import (
	"math"
	"math/rand/v2"
	"reflect"

	"tabula/engine"
)

// winValue is the value of a won game in the units of the heuristic
// evaluation; it must exceed any evaluation a game gives.
const winValue = 1e6

// Greedy plays the move with the best immediate gain by the game's
// evaluation (engine.Evaluator, or the scores when the game has none),
// breaking ties at random. A throw that follows the move counts by its
// expectation; in a simultaneous turn the others' moves are taken as
// uniformly random.
type Greedy struct {
	src     *rand.PCG
	rng     *rand.Rand
	moves   []engine.Move
	best    []engine.Move
	scratch scratchStates
	vals    []float64
	others  [][]engine.Move
	joint   []engine.Move
	actors  []int
	outs    [][]engine.ChanceOutcome
	// eval replaces the game's evaluation when set (Config.Eval).
	eval func(engine.State, []float64) []float64
}

// NewGreedy returns a greedy player that is deterministic for a seed.
func NewGreedy(seed uint64) *Greedy {
	g := &Greedy{}
	g.rng, g.src = newRand(seed, 0x67726565)
	return g
}

// Name returns "greedy".
func (g *Greedy) Name() string { return "greedy" }

// Reseed restarts the tie-breaking from seed.
func (g *Greedy) Reseed(seed uint64) { g.src.Seed(seed, 0x67726565) }

// maxJointSamples bounds the opponents' joint moves a simultaneous turn
// averages over.
const maxJointSamples = 64

// Choose returns a move of best immediate value for player: one of Ties,
// drawn uniformly.
func (g *Greedy) Choose(s engine.State, player int) engine.Move {
	if player == engine.ChancePlayer {
		return chanceMove(s, g.rng)
	}
	g.best = g.Ties(s, player, g.best[:0])
	if len(g.moves) == 1 {
		return g.best[0] // no draw, as before Ties
	}
	return g.best[g.rng.IntN(len(g.best))]
}

// Ties appends to best the moves among which Choose draws uniformly for
// player at s (a single legal move: that move alone), in legal order. A
// search that accounts for greedy's draws (a luck of its choice) needs
// them. In a simultaneous turn with many joint moves it draws from the
// generator as Choose does.
func (g *Greedy) Ties(s engine.State, player int, best []engine.Move) []engine.Move {
	g.moves = s.Legal(player, g.moves[:0])
	if len(g.moves) == 1 {
		return append(best, g.moves[0])
	}
	g.actors = s.Actors(g.actors[:0])
	me := 0
	for i, a := range g.actors {
		if a == player {
			me = i
		}
	}
	// The others' moves, in lists kept from call to call (the player's
	// own entry is not read: her move is m).
	for len(g.others) < len(g.actors) {
		g.others = append(g.others, nil)
	}
	combos := 1
	for i, a := range g.actors {
		if a != player {
			g.others[i] = s.Legal(a, g.others[i][:0])
			combos *= len(g.others[i])
		}
	}
	samples := min(combos, maxJointSamples)
	bestVal := math.Inf(-1)
	n := len(best)
	for _, m := range g.moves {
		total := 0.0
		for k := 0; k < samples; k++ {
			g.joint = g.joint[:0]
			code := k
			if combos > maxJointSamples {
				code = g.rng.IntN(combos)
			}
			for i := range g.actors {
				if i == me {
					g.joint = append(g.joint, m)
					continue
				}
				n := len(g.others[i])
				g.joint = append(g.joint, g.others[i][code%n])
				code /= n
			}
			c := g.scratch.at(0, s)
			c.CopyFrom(s)
			engine.ApplyTurn(c, g.joint)
			total += g.value(c, player, 1)
		}
		v := total / float64(samples)
		switch {
		case v > bestVal+1e-9:
			bestVal = v
			best = append(best[:n], m)
		case v > bestVal-1e-9:
			best = append(best, m)
		}
	}
	return best
}

// value judges s for player, taking pending throws by their expectation
// (up to depth chance events in a row).
func (g *Greedy) value(s engine.State, player, depth int) float64 {
	if !s.Terminal() && depth <= 2 {
		for len(g.outs) <= depth {
			g.outs = append(g.outs, nil)
		}
		g.outs[depth] = s.ChanceOutcomes(g.outs[depth][:0])
		if outs := g.outs[depth]; len(outs) > 0 {
			sum := 0.0
			for _, o := range outs {
				c := g.scratch.at(depth, s)
				c.CopyFrom(s)
				c.Apply(o.Move)
				sum += o.Prob * g.value(c, player, depth+1)
			}
			return sum
		}
	}
	g.vals = heuristic(s, player, g.eval, g.vals)
	return g.vals[0]
}

// heuristic puts in dst[0] the value of s for player: the evaluation, which
// is eval, else the game's Eval (or its scores), for player minus the best
// of the others, and for a finished game judged without eval a large
// constant besides (won, lost; 0 for a draw). An eval judges finished
// games itself, on its own scale: a search that averages over chance
// (alpha-beta's expectation) weighs a win by its chance, not by the
// constant.
// dst is scratch space.
func heuristic(s engine.State, player int, eval func(engine.State, []float64) []float64, dst []float64) []float64 {
	bonus := 0.0
	if o, ok := s.Outcome(); ok && !o.Draw() && eval == nil {
		bonus = -winValue
		if o.Winner == player {
			bonus = winValue
		}
	}
	if e, ok := s.(engine.Evaluator); eval != nil {
		dst = eval(s, dst[:0])
	} else if ok {
		dst = e.Eval(dst[:0])
	} else {
		dst = s.Scores(dst[:0])
	}
	best := math.Inf(-1)
	for q, v := range dst {
		if q != player && v > best {
			best = v
		}
	}
	if math.IsInf(best, -1) {
		best = 0
	}
	dst[0] = bonus + dst[player] - best
	return dst
}

// scratchStates keeps states to copy positions into, so searches do not
// allocate once they have grown.
type scratchStates struct {
	states []engine.State
}

// at returns scratch state i, made for the game of like (its contents are
// arbitrary: CopyFrom a position into it). A state of another type is
// made again: CopyFrom copies a state of its own type.
func (sc *scratchStates) at(i int, like engine.State) engine.State {
	for len(sc.states) <= i {
		sc.states = append(sc.states, nil)
	}
	if c := sc.states[i]; c == nil || reflect.TypeOf(c) != reflect.TypeOf(like) {
		sc.states[i] = like.Clone()
	}
	return sc.states[i]
}
