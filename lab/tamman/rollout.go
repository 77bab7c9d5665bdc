package tammanlab

import (
	"math/rand/v2"
	"strconv"

	"tabula/ai"

	"tabula/engine"
	"tabula/games/tamman"
)

// roller judges a player's moves by rollouts (TD-Gammon's): from the
// position after each move, n games played on by the one-ply player of the
// network (each side takes the move after which the network gives it the
// best chance) for turns turns (0: to the end), then judged by the network;
// rollout k of every move throws from the same stream (common random
// numbers), so that the moves are compared on the same luck as long as
// their games keep in step.
type roller struct {
	n, turns int
	eval     func(engine.State, []float64) []float64
	st, tmp  *tamman.State
	moves    []engine.Move
	vals     []float64
}

func newRoller(n, turns int) *roller {
	return &roller{n: n, turns: turns, eval: netEval()}
}

// values returns each move's mean result for the player to move in s
// over the rollouts seeded by seed (1 a win, 0 a loss, the network's
// chance where a rollout stops).
func (r *roller) values(s *tamman.State, moves []engine.Move, seed uint64, dst []float64) []float64 {
	if r.st == nil {
		r.st, r.tmp = s.Clone().(*tamman.State), s.Clone().(*tamman.State)
	}
	p := s.Turn()
	dst = dst[:0]
	for range moves {
		dst = append(dst, 0)
	}
	for k := range r.n {
		for i, m := range moves {
			r.st.CopyFrom(s)
			r.st.Apply(m)
			rng := rand.New(rand.NewPCG(seed, uint64(k)))
			dst[i] += r.playout(r.st, p, rng)
		}
	}
	for i := range dst {
		dst[i] /= float64(r.n)
	}
	return dst
}

// playout plays s on and returns its value for player p.
func (r *roller) playout(s *tamman.State, p int, rng *rand.Rand) float64 {
	turns, last := 0, s.Turn()
	for !s.Terminal() {
		if t := s.Turn(); t != last {
			last = t
			turns++
			if r.turns > 0 && turns >= r.turns {
				break
			}
		}
		if s.Phase() == tamman.ThrowPhase {
			s.Apply(s.SampleThrow(rng.Float64()))
			continue
		}
		s.Apply(r.onePly(s))
	}
	r.vals = r.eval(s, r.vals[:0])
	return r.vals[p]
}

// onePly is the move after which the network gives the player to move
// the best chance (the first of equals).
func (r *roller) onePly(s *tamman.State) engine.Move {
	q := s.Turn()
	r.moves = s.Legal(q, r.moves[:0])
	best, bestV := r.moves[0], -1.0
	if len(r.moves) == 1 {
		return best
	}
	for _, m := range r.moves {
		r.tmp.CopyFrom(s)
		r.tmp.Apply(m)
		r.vals = r.eval(r.tmp, r.vals[:0])
		if v := r.vals[q]; v > bestV {
			best, bestV = m, v
		}
	}
	return best
}

// distinct returns the moves of the player to move in s that lead to
// different positions (the first of each).
func distinct(s *tamman.State, moves []engine.Move) []engine.Move {
	var out []engine.Move
	seen := map[uint64]bool{}
	c := s.Clone()
	for _, m := range moves {
		c.CopyFrom(s)
		c.Apply(m)
		if h := c.Hash(); !seen[h] {
			seen[h] = true
			out = append(out, m)
		}
	}
	return out
}

// rolloutAgent plays the move the rollouts rate best (roller), among the
// moves whose one-ply value by the network is within keep of the best
// (keep 1: all of them).
type rolloutAgent struct {
	name string
	r    *roller
	seed uint64
	keep float64
	vals []float64
}

func (a *rolloutAgent) Name() string       { return a.name }
func (a *rolloutAgent) Reseed(seed uint64) { a.seed = seed }

func (a *rolloutAgent) Choose(st engine.State, p int) engine.Move {
	s := st.(*tamman.State)
	cands := distinct(s, s.Legal(p, nil))
	if len(cands) == 1 {
		return cands[0]
	}
	if a.keep < 1 {
		c := s.Clone().(*tamman.State)
		one := make([]float64, len(cands))
		best := 0.0
		for i, m := range cands {
			c.CopyFrom(s)
			c.Apply(m)
			a.vals = a.r.eval(c, a.vals[:0])
			one[i] = a.vals[p]
			best = max(best, one[i])
		}
		kept := cands[:0]
		for i, m := range cands {
			if one[i] >= best-a.keep {
				kept = append(kept, m)
			}
		}
		cands = kept
		if len(cands) == 1 {
			return cands[0]
		}
	}
	a.vals = a.r.values(s, cands, a.seed, a.vals)
	best := 0
	for i, v := range a.vals {
		if v > a.vals[best] {
			best = i
		}
	}
	return cands[best]
}

// rolloutVariant is Match's rollout:N[/tT][/kK].
func rolloutVariant(tb TB, spec, n string, mods []string, seed uint64) ai.Agent {
	count, err := strconv.Atoi(n)
	if err != nil || count < 1 {
		tb.Fatalf("variant %q: bad rollout count", spec)
	}
	a := &rolloutAgent{name: spec, r: newRoller(count, 0), seed: seed, keep: 1}
	for _, m := range mods {
		v, err := strconv.ParseFloat(m[1:], 64)
		switch {
		case err != nil:
			tb.Fatalf("variant %q: bad modifier %q", spec, m)
		case m[0] == 't':
			a.r.turns = int(v)
		case m[0] == 'k':
			a.keep = v
		default:
			tb.Fatalf("variant %q: unknown modifier %q", spec, m)
		}
	}
	return a
}

// checkedAgent plays inner's move, except where p has a man left behind
// (behind): there the rollouts (roller) judge the moves, and a move they
// rate more than margin above inner's is played instead.
type checkedAgent struct {
	name   string
	inner  ai.Agent
	r      *roller
	seed   uint64
	margin float64
	all    bool // check every move, not only with a man left behind
	vals   []float64
}

func (a *checkedAgent) Name() string { return a.name }

func (a *checkedAgent) Reseed(seed uint64) {
	a.seed = seed
	a.inner.(ai.Reseeder).Reseed(seed)
}

func (a *checkedAgent) Choose(st engine.State, p int) engine.Move {
	m := a.inner.Choose(st, p)
	s := st.(*tamman.State)
	if !a.all && !behind(s, p) {
		return m
	}
	cands := distinct(s, s.Legal(p, nil))
	if len(cands) == 1 {
		return m
	}
	a.vals = a.r.values(s, cands, a.seed, a.vals)
	played, best := playedIndex(s, cands, m), 0
	for i, v := range a.vals {
		if v > a.vals[best] {
			best = i
		}
	}
	if a.vals[best]-a.vals[played] > a.margin {
		return cands[best]
	}
	return m
}

// behind reports whether player p has a man left behind: her rearmost man
// within four steps of her 'ayn while two others have gone at least
// halfway round the outer ring (the lost games of docs/lab/tamman-hard.md).
func behind(s *tamman.State, p int) bool {
	st := s.Steps(p)
	return st[0] <= 4 && st[2] >= 12
}

// checkedVariant is Match's checked:N[/mM][/all]: mcts:hard checked
// by N rollouts a move.
func checkedVariant(tb TB, spec, n string, mods []string, seed uint64) ai.Agent {
	count, err := strconv.Atoi(n)
	if err != nil || count < 1 {
		tb.Fatalf("variant %q: bad rollout count", spec)
	}
	a := &checkedAgent{name: spec, inner: variant(tb, "mcts:hard", seed), r: newRoller(count, 0), seed: seed, margin: 0.02}
	for _, m := range mods {
		switch {
		case m == "all":
			a.all = true
		case m[0] == 'm':
			v, err := strconv.ParseFloat(m[1:], 64)
			if err != nil {
				tb.Fatalf("variant %q: bad margin %q", spec, m)
			}
			a.margin = v
		default:
			tb.Fatalf("variant %q: unknown modifier %q", spec, m)
		}
	}
	return a
}
