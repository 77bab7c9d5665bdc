package tammanai

import (
	"fmt"
	"math"
	"math/rand/v2"

	"tabula/engine"
	"tabula/games/tamman"
)

// This file learns the networks of three and four players by self-play,
// as nettrain.go learns the network of two, with TD(lambda) in its
// forward view: every player plays the move after which the network gives
// her the best chance, and at the end of each game every position visited
// moves toward its lambda-return, G_t = (1-lambda) V_{t+1} + lambda
// G_{t+1} with the result at the end (V the chances the network gave
// during the game). With one output a seat and a softmax, the step is the
// gradient of the cross-entropy between the net's chances and the target:
// no trace a seat to keep, and the same run at the end of each game.

// DefaultMultiNetConfig is the run whose networks are in net3.txt and
// net4.txt (with --players 3 and 4).
var DefaultMultiNetConfig = TrainConfig{Games: 50000, Seed: 1, Alpha: 0.02, Lambda: 0.7, Explore: 0, NetHidden: MultiHidden}

// multiStep is a position of a game of self-play: its inputs, the player
// to act, and the network's chances there, player by player.
type multiStep struct {
	x    multiX
	turn int
	v    multiP
}

// TrainMultiNet returns the network learned from n (nil: small random
// weights drawn from cfg.Seed, cfg.NetHidden hidden units) by cfg.Games
// games of self-play under opts, for three or four players.
func TrainMultiNet(opts engine.Options, cfg TrainConfig, n *MultiNet) (*MultiNet, error) {
	start, err := tamman.New(opts)
	if err != nil {
		return nil, err
	}
	players := start.NumPlayers()
	if players != 3 && players != 4 {
		return nil, fmt.Errorf("tammanai: the network of more players learns from games of 3 or 4, not %d", players)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6e657433))
	if n == nil {
		hidden := cfg.NetHidden
		if hidden == 0 {
			hidden = MultiHidden
		}
		if hidden < 1 || hidden > MaxNetHidden {
			return nil, fmt.Errorf("tammanai: %d hidden units: want 1 to %d", hidden, MaxNetHidden)
		}
		n = newMultiNet(players, hidden)
		for i := range multiInputs(players) {
			for j := range n.in(i) {
				n.in(i)[j] = 0.2 * (rng.Float64() - 0.5)
			}
		}
		for k := range players {
			for j := range n.out(k) {
				n.out(k)[j] = 0.2 * (rng.Float64() - 0.5)
			}
		}
	} else {
		if n.players != players {
			return nil, fmt.Errorf("tammanai: a network of %d players for games of %d", n.players, players)
		}
		c := *n
		c.w = append([]float64(nil), n.w...)
		n = &c
	}
	var (
		steps []multiStep
		h     netH
		moves []engine.Move
		after tamman.State
	)
	s := new(tamman.State)
	for g := 0; g < cfg.Games; g++ {
		*s = *start
		steps = steps[:0]
		for s.Phase() != tamman.Over {
			steps = append(steps, multiStep{turn: s.Turn()})
			st := &steps[len(steps)-1]
			multiNetInputs(s, &st.x)
			var c multiP
			n.forward(&st.x, &h, &c)
			for r := range players {
				st.v[(st.turn+r)%players] = c[r]
			}
			if s.Phase() == tamman.ThrowPhase {
				s.Apply(s.SampleThrow(rng.Float64()))
				continue
			}
			s.Apply(n.pick(s, &after, &moves, rng, cfg.Explore))
		}
		var result multiP
		result[s.Winner()] = 1
		next, target := result, result
		sqErr := 0.0
		for t := len(steps) - 1; t >= 0; t-- {
			for p := range players {
				target[p] = (1-cfg.Lambda)*next[p] + cfg.Lambda*target[p]
			}
			sqErr += n.learn(&steps[t], &target, &h, cfg.Alpha)
			next = steps[t].v
		}
		if cfg.Progress != nil {
			cfg.Progress(g+1, sqErr/float64(max(len(steps), 1)))
		}
	}
	return n, nil
}

// learn moves n's chances at st toward target (player by player) by a
// step of alpha along the gradient of their cross-entropy, and returns
// the squared error before the step.
func (n *MultiNet) learn(st *multiStep, target *multiP, h *netH, alpha float64) float64 {
	var c multiP
	n.forward(&st.x, h, &c)
	// dz is the gradient of the log-likelihood of the target by the
	// logits: the target minus the chance, seat by seat from the player
	// to act.
	var dz multiP
	sq := 0.0
	for r := range n.players {
		d := target[(st.turn+r)%n.players] - c[r]
		dz[r] = alpha * d
		sq += d * d
	}
	var dh netH
	hh := h[:n.hidden]
	for k := range n.players {
		out := n.out(k)
		for j, a := range hh {
			dh[j] += dz[k] * out[j]
			out[j] += dz[k] * a
		}
		n.b2()[k] += dz[k]
	}
	b1 := n.b1()
	for j, a := range hh {
		dh[j] *= a * (1 - a)
		b1[j] += dh[j]
	}
	for i, v := range st.x[:multiInputs(n.players)] {
		if v == 0 {
			continue
		}
		w := n.in(i)
		for j, d := range dh[:n.hidden] {
			w[j] += v * d
		}
	}
	return sq
}

// pick returns the move of s after which n gives the player to move the
// best chance, or with chance explore a move at random.
func (n *MultiNet) pick(s, after *tamman.State, moves *[]engine.Move, rng *rand.Rand, explore float64) engine.Move {
	me := s.Turn()
	*moves = s.Legal(me, (*moves)[:0])
	ms := *moves
	if len(ms) == 1 {
		return ms[0]
	}
	if explore > 0 && rng.Float64() < explore {
		return ms[rng.IntN(len(ms))]
	}
	var x multiX
	var h netH
	var c multiP
	best, m := math.Inf(-1), ms[0]
	for _, mv := range ms {
		*after = *s
		after.Apply(mv)
		var v float64
		if after.Phase() == tamman.Over {
			v = float64(b2i(after.Winner() == me))
		} else {
			multiNetInputs(after, &x)
			n.forward(&x, &h, &c)
			np := n.players
			v = c[(me-after.Turn()+np)%np]
		}
		if v > best {
			best, m = v, mv
		}
	}
	return m
}
