package tammanai

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"tabula/engine"
	"tabula/games/tamman"
)

// This file learns NetEval's network by self-play with TD(lambda), as
// Train learns LearnedEval's weights and TD-Gammon learned backgammon's
// network: both players play the move after which the network gives them
// the best chance, and after every throw and move the network's estimate
// of the position before moves towards its estimate of the position after
// (towards the result at the end), along a trace of the gradients of the
// positions before it.

// DefaultNetConfig is the first run, whose network (testdata/net60.txt)
// the committed one in net.txt was trained on from (docs/ai.md).
var DefaultNetConfig = TrainConfig{Games: 400000, Seed: 1, Alpha: 0.1, Lambda: 0.7, Explore: 0}

// netGrad is a network's gradient, or a trace of gradients.
type netGrad = Net

// value0 is player 0's chance to win in s by n, and the net's output y
// (the chance of the player to act), its inputs x and hidden units h for
// addGrad; at the end, who won.
func (n *Net) value0(s *tamman.State, x *netX, h *netH) (v, y float64) {
	if s.Phase() == tamman.Over {
		return float64(b2i(s.Winner() == 0)), 0
	}
	netInputs(s, x, n.inputs)
	y = n.forward(x, h)
	if s.Turn() == 1 {
		return 1 - y, y
	}
	return y, y
}

// addGrad adds to g the gradient of player 0's chance in s (whose inputs
// x, hidden units h and output y forward left), times c: the chance is y
// when player 0 acts, 1 - y when player 1 does.
func (n *Net) addGrad(g *netGrad, s *tamman.State, x *netX, h *netH, y, c float64) {
	if s.Turn() == 1 {
		c = -c
	}
	dz := c * y * (1 - y)
	*g.b2() += dz
	var dh netH
	hh, gout, gb1, out := h[:n.hidden], g.out(), g.b1(), n.out()
	for j, a := range hh {
		gout[j] += dz * a
		dh[j] = dz * out[j] * a * (1 - a)
		gb1[j] += dh[j]
	}
	for i, v := range x[:n.inputs] {
		if v == 0 {
			continue
		}
		gi := g.in(i)
		for j, d := range dh[:n.hidden] {
			gi[j] += v * d
		}
	}
}

// scale multiplies every weight of g by c.
func (g *netGrad) scale(c float64) {
	for i := range g.w {
		g.w[i] *= c
	}
}

// step adds c times g to n.
func (n *Net) step(g *netGrad, c float64) {
	gw := g.w[:len(n.w)]
	for i := range n.w {
		n.w[i] += c * gw[i]
	}
}

// A TrainStage continues a run after its first cfg.Games games: Games
// more at step size Alpha, the throws drawn from the run's seed plus the
// stage's number (1 for the first of cfg.Then), so that a stage is the run
// `tabula train --net --from` makes from the network before it.
type TrainStage struct {
	Games int
	Alpha float64
}

// TrainNet returns the network learned from n (nil: small random weights
// drawn from cfg.Seed; n widened by Widen to cfg.NetInputs and
// cfg.NetHidden where they are set and not n's shape) by cfg.Games games
// of self-play under opts, which must be for two players, then by the
// stages of cfg.Then.
func TrainNet(opts engine.Options, cfg TrainConfig, n *Net) (*Net, error) {
	s, err := tamman.New(opts)
	if err != nil {
		return nil, err
	}
	if s.NumPlayers() != 2 {
		return nil, errors.New("tammanai: training plays games of two players")
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6e6574))
	if n == nil {
		inputs, hidden := cfg.NetInputs, cfg.NetHidden
		if inputs == 0 {
			inputs = NetInputs
		}
		if hidden == 0 {
			hidden = NetHidden
		}
		if !ValidNetInputs(inputs) || hidden < 1 || hidden > MaxNetHidden {
			return nil, fmt.Errorf("tammanai: a network of %d inputs and %d hidden units: want %s inputs, 1 to %d units",
				inputs, hidden, NetInputSets, MaxNetHidden)
		}
		n = newNet(inputs, hidden)
		for i := range inputs {
			for j := range n.in(i) {
				n.in(i)[j] = 0.2 * (rng.Float64() - 0.5)
			}
		}
		for j := range n.out() {
			n.out()[j] = 0.2 * (rng.Float64() - 0.5)
		}
	} else if in, h := cmp.Or(cfg.NetInputs, n.inputs), cmp.Or(cfg.NetHidden, n.hidden); in != n.inputs || h != n.hidden {
		// Another shape than the start's widens it (netwiden.go).
		if n, err = Widen(n, in, h, rng); err != nil {
			return nil, err
		}
	} else {
		n = n.clone()
	}
	done := 0
	for i, st := range append([]TrainStage{{cfg.Games, cfg.Alpha}}, cfg.Then...) {
		c := cfg
		c.Games, c.Alpha = st.Games, st.Alpha
		if i > 0 {
			// A stage is a run from the network before as its file
			// holds it: the weights as written, the throws of its own.
			for j, v := range n.w {
				n.w[j], _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', weightDigits, 64), 64)
			}
			rng = rand.New(rand.NewPCG(cfg.Seed+uint64(i), 0x6e6574))
		}
		if p := cfg.Progress; p != nil {
			c.Progress = func(g int, err float64) { p(done+g, err) }
		}
		if cfg.Search != nil {
			n.trainBySearch(*s, c, rng, cfg.Search(n.Eval, cfg.Seed+uint64(i)))
		} else {
			n.train(*s, c, rng)
		}
		done += st.Games
	}
	return n, nil
}

// train plays cfg.Games games of self-play from start at step size
// cfg.Alpha, the throws drawn from rng, each side playing the move after
// which n gives it the best chance (pick), and moves n after every throw
// and move.
func (n *Net) train(start tamman.State, cfg TrainConfig, rng *rand.Rand) {
	var after tamman.State
	var moves []engine.Move
	n.selfPlay(start, cfg, rng, func(s *tamman.State) (engine.Move, float64, bool) {
		return n.pick(s, &after, &moves, rng, cfg.Explore), 0, false
	})
}

// selfPlay is the TD(lambda) loop of both trainings: cfg.Games games
// from start, the throws drawn from rng, the moves by choose. After
// every throw and move n moves, along the eligibility trace, toward the
// value of the position after, or, where choose searched (searched
// true), toward the lambda-mixture with the search's value target,
// player 0's chance (searchtrain.go says why).
func (n *Net) selfPlay(start tamman.State, cfg TrainConfig, rng *rand.Rand, choose func(s *tamman.State) (m engine.Move, target float64, searched bool)) {
	s := new(tamman.State)
	var x netX
	var h netH
	trace := newNet(n.inputs, n.hidden)
	for g := 0; g < cfg.Games; g++ {
		*s = start
		clear(trace.w)
		prev, y := n.value0(s, &x, &h)
		n.addGrad(trace, s, &x, &h, y, 1)
		sqErr, steps := 0.0, 0
		for s.Phase() != tamman.Over {
			target, searched := 0.0, false
			if s.Phase() == tamman.ThrowPhase {
				s.Apply(s.SampleThrow(rng.Float64()))
			} else {
				var m engine.Move
				m, target, searched = choose(s)
				s.Apply(m)
			}
			next, y := n.value0(s, &x, &h)
			delta := next - prev
			if searched {
				delta = (1-cfg.Lambda)*target + cfg.Lambda*next - prev
			}
			sqErr += delta * delta
			steps++
			n.step(trace, cfg.Alpha*delta)
			prev = next
			trace.scale(cfg.Lambda)
			if s.Phase() != tamman.Over {
				n.addGrad(trace, s, &x, &h, y, 1)
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(g+1, sqErr/float64(max(steps, 1)))
		}
	}
}

// pick returns the move of s after which n gives the player to move the
// best chance, or with chance explore a move at random.
func (n *Net) pick(s, after *tamman.State, moves *[]engine.Move, rng *rand.Rand, explore float64) engine.Move {
	*moves = s.Legal(s.Turn(), (*moves)[:0])
	ms := *moves
	if len(ms) == 1 {
		return ms[0]
	}
	if explore > 0 && rng.Float64() < explore {
		return ms[rng.IntN(len(ms))]
	}
	best, m := math.Inf(-1), ms[0]
	for _, c := range ms {
		*after = *s
		after.Apply(c)
		v := n.WinChance(after)
		if after.Turn() != s.Turn() {
			v = 1 - v
		}
		if after.Phase() == tamman.Over {
			v = float64(b2i(after.Winner() == s.Turn()))
		}
		if v > best {
			best, m = v, c
		}
	}
	return m
}
