package tammanlab

import (
	"math"
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
)

// The tests of the dual bound's search (dual_test.go): it plays the
// harness's games, it finds what trying every path finds, and its luck has
// mean zero.

// The search, its player's moves given by an agent, plays the game the
// harness plays between that agent and greedy: the same throws, the same
// draws of greedy's, the same end; and without luck its value is the win.
func TestDualSearchPlaysTheHarnessGame(t *testing.T) {
	keyedDraws(t)
	for i := range 6 {
		seed := uint64(i+1) + *matchSeed
		agents := []ai.Agent{variant(t, "greedy/net", seed), mustAgent(t, "greedy", seed)}
		if i%2 == 1 {
			agents[0], agents[1] = agents[1], agents[0]
		}
		end := playPaired(t, agents, i, func(*tamman.State, int, engine.Move, time.Duration) {})
		o, _ := end.Outcome()
		for _, spec := range []string{"none", "net"} {
			d, v, err := dualGame(i, *matchSeed, spec, 1e6, variant(t, "greedy/net", seed), always)
			if err != nil {
				t.Fatal(err)
			}
			if d.end.Hash() != end.Hash() || d.end.Ply() != end.Ply() {
				t.Errorf("game %d, %s: the search ended at ply %d, the harness at %d", i, spec, d.end.Ply(), end.Ply())
			}
			if win := b2f(o.Winner == i%2); spec == "none" && v != win {
				t.Errorf("game %d: value %v without luck, the player's win %v", i, v, win)
			}
		}
	}
}

// bruteDual plays game i as the harness does (its throws, its reseeding
// of greedy), the policy moving for the player before ply free, and tries
// every sequence of her moves from there, one whole game each, keeping
// nothing: the most of win minus luck over them, and how many games it
// played (-1 past limit).
func bruteDual(tb testing.TB, i int, spec string, policy ai.Agent, free, limit int) (float64, int) {
	judge, err := dualJudge(spec, i%2)
	if err != nil {
		tb.Fatal(err)
	}
	greedy := mustAgent(tb, "greedy", 1).(*ai.Greedy)
	var luck luckJudge
	best, games := math.Inf(-1), 0
	var walk func(s *tamman.State, dice keyedThrows, z float64)
	walk = func(s *tamman.State, dice keyedThrows, z float64) {
		for !s.Terminal() {
			switch p := s.Actors(nil)[0]; {
			case p == engine.ChancePlayer:
				m := dice.draw(s)
				z += luck.throw(s, m, judge)
				s.Apply(m)
			case p != i%2:
				reseed(&dice, greedy, p, *matchPlay)
				m := greedy.Choose(s, p)
				if *dualGreedyLuck {
					z += luck.tie(s, p, m, greedy, judge)
				}
				s.Apply(m)
			case s.Ply() < free:
				reseed(&dice, policy, p, *matchPlay)
				s.Apply(policy.Choose(s, p))
			default:
				dice.drawSeed(p, *matchPlay)
				for _, m := range s.Legal(p, nil) {
					if games < 0 {
						return
					}
					c := s.Clone().(*tamman.State)
					c.Apply(m)
					walk(c, dice, z)
				}
				return
			}
		}
		if games++; games > limit {
			games = -1
		}
		o, _ := s.Outcome()
		best = max(best, b2f(o.Winner == i%2)-z)
	}
	walk(start(tb), keyedThrows{run: *matchSeed, pair: uint64(i / 2)}, 0)
	return best, games
}

// The memoised search finds what trying every sequence of the player's
// moves finds, in the last turns of games: with luck and without.
func TestDualSearchEqualsEveryPath(t *testing.T) {
	keyedDraws(t)
	most := 0 // games played by the enumerations
	for i := range 6 {
		policy := func() ai.Agent { return variant(t, "greedy/net", uint64(i+1)) }
		d, _, err := dualGame(i, *matchSeed, "none", 1e6, policy(), always)
		if err != nil {
			t.Fatal(err)
		}
		// The widest window of the game's last plies with at most 2,000
		// paths, widened 4 plies at a time.
		var want [2]float64
		free, games := 0, 0
		for plies := 4; plies < d.end.Ply(); plies += 4 {
			var w [2]float64
			n := 0
			for j, spec := range []string{"none", "net"} {
				w[j], n = bruteDual(t, i, spec, policy(), d.end.Ply()-plies, 2000)
			}
			if n < 0 {
				break
			}
			want, free, games = w, d.end.Ply()-plies, n
		}
		most += games
		for j, spec := range []string{"none", "net"} {
			_, got, err := dualGame(i, *matchSeed, spec, 1e6, policy(), func(s *tamman.State) bool { return s.Ply() < free })
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got-want[j]) > 1e-9 {
				t.Errorf("game %d from ply %d, %s: the search %.9f, every path %.9f (%d games)", i, free, spec, got, want[j], games)
			}
		}
	}
	if most < 100 {
		t.Errorf("the enumerations played %d games: too few to test the search", most)
	}
}

// The luck of a throw has mean zero over the throws, by the rules'
// chances; that of greedy's move, over its ties. Along games of greedy's
// against greedy/net, ties of two or more included.
func TestDualLuckHasMeanZero(t *testing.T) {
	keyedDraws(t)
	var luck luckJudge
	throws, ties := 0, 0
	for i := range 4 {
		judge, _ := dualJudge("net", i%2)
		agents := []ai.Agent{variant(t, "greedy/net", uint64(i+1)), mustAgent(t, "greedy", uint64(i+1))}
		if i%2 == 1 {
			agents[0], agents[1] = agents[1], agents[0]
		}
		playPaired(t, agents, i, func(s *tamman.State, p int, _ engine.Move, _ time.Duration) {
			g, ok := agents[p].(*ai.Greedy)
			if !ok || p == i%2 {
				return
			}
			ms := g.Ties(s, p, nil)
			sum := 0.0
			for _, m := range ms {
				sum += luck.tie(s, p, m, g, judge) / float64(len(ms))
			}
			if math.Abs(sum) > 1e-12 {
				t.Errorf("game %d, ply %d: greedy's luck has mean %g over %d ties", i, s.Ply(), sum, len(ms))
			}
			if len(ms) > 1 {
				ties++
			}
			outs := s.ChanceOutcomes(nil) // none at a move: the next throw's
			c := s.Clone().(*tamman.State)
			c.Apply(ms[0])
			if outs = c.ChanceOutcomes(outs); len(outs) == 0 {
				return
			}
			sum = 0
			for _, o := range outs {
				sum += o.Prob * luck.throw(c, o.Move, judge)
			}
			if math.Abs(sum) > 1e-12 {
				t.Errorf("game %d, ply %d: a throw's luck has mean %g", i, c.Ply(), sum)
			}
			throws++
		})
	}
	if ties == 0 || throws == 0 {
		t.Errorf("%d greedy moves with ties, %d throws checked", ties, throws)
	}
}
