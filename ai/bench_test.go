package ai

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"tabula/engine"
)

func benchName(s engine.State) string {
	name := s.Game().ID()
	for _, set := range s.Options().Settings() {
		if strings.HasPrefix(set, "players=") {
			name += "/" + set
		}
	}
	return name
}

// BenchmarkRandomPlayout plays whole random games from the start as MCTS
// playouts do, by the game's own fast path (path=fast) and through the
// engine interfaces (path=general, as `tabula sim --agents random,random`
// does): the same games; games/s is the speed of the rules.
func BenchmarkRandomPlayout(b *testing.B) {
	for _, start := range gameSetups(b) {
		for _, path := range []string{"general", "fast"} {
			b.Run(benchName(start)+"/path="+path, func(b *testing.B) { benchPlayout(b, start, path == "general") })
		}
	}
}

func benchPlayout(b *testing.B, start engine.State, general bool) {
	t := newTree(1)
	t.randomPlayouts, t.noFast = true, general
	s := start.Clone()
	plies := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CopyFrom(start)
		t.playout(s)
		plies += s.Ply()
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkMCTS runs MCTS iterations from the start position, with the
// agents' playouts (the game's length, else DefaultPlayoutTurns, then the
// evaluation), with DefaultPlayoutTurns and with playouts to the end of
// the game.
func BenchmarkMCTS(b *testing.B) {
	for _, horizon := range []int{0, DefaultPlayoutTurns, -1} {
		name := "playouts=" + strconv.Itoa(horizon)
		switch {
		case horizon == 0:
			name = "playouts=game" // the game's PlayoutTurns, as the agents play
		case horizon < 0:
			name = "playouts=full"
		}
		b.Run(name, func(b *testing.B) { benchmarkMCTS(b, horizon) })
	}
}

// BenchmarkMCTSCache is BenchmarkMCTS with and without the positions
// cached in the tree (before and after it, from the same binary).
func BenchmarkMCTSCache(b *testing.B) {
	for _, cached := range []int32{0, maxCached} {
		name := "cache=off"
		if cached > 0 {
			name = "cache=on"
		}
		b.Run(name, func(b *testing.B) { benchmarkMCTSCached(b, DefaultPlayoutTurns, cached) })
	}
}

// BenchmarkMCTSRandom is BenchmarkMCTS with uniformly random playouts in
// every game (plain UCT, as Ludii's), where Tamman's levels hard and max
// follow its playout policy.
func BenchmarkMCTSRandom(b *testing.B) {
	for _, horizon := range []int{0, -1} {
		name := "playouts=game"
		if horizon < 0 {
			name = "playouts=full"
		}
		b.Run(name, func(b *testing.B) { benchmarkMCTSWith(b, horizon, maxCached, true) })
	}
}

func benchmarkMCTS(b *testing.B, horizon int) { benchmarkMCTSCached(b, horizon, maxCached) }

func benchmarkMCTSCached(b *testing.B, horizon int, cached int32) {
	benchmarkMCTSWith(b, horizon, cached, false)
}

func benchmarkMCTSWith(b *testing.B, horizon int, cached int32, random bool) {
	for _, start := range gameSetups(b) {
		b.Run(benchName(start), func(b *testing.B) {
			t := newTree(1)
			t.horizon = horizon
			t.maxCached = cached
			t.randomPlayouts = random
			t.search(start, 1000, time.Time{})
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			iters := 0
			for iters < b.N {
				n := min(b.N-iters, 20000)
				t.search(start, n, time.Time{})
				iters += n
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "iterations/s")
			if cpu := cpuTime() - cpu; cpu > 0 {
				// The rate on one core, whatever else runs on the machine.
				b.ReportMetric(float64(b.N)/cpu.Seconds(), "iterations/cpu-s")
			}
		})
	}
}

// BenchmarkAlphaBeta searches the start position (after the opening, where
// the game has one) to a fixed depth, with a fresh table each time.
func BenchmarkAlphaBeta(b *testing.B) {
	for _, start := range gameSetups(b) {
		if err := CheckAlphaBeta(start.Game(), start.Options()); errors.Is(err, ErrAlphaBetaGame) {
			continue
		}
		b.Run(benchName(start), func(b *testing.B) {
			s := start.Clone()
			rnd := NewRandom(3)
			for i := 0; (i < 12 || s.Actors(nil)[0] == engine.ChancePlayer) && !s.Terminal(); i++ {
				a := s.Actors(nil)[0]
				s.Apply(rnd.Choose(s, a))
			}
			var nodes int64
			a := NewAlphaBeta("alphabeta", Budget{Depth: 7}, Config{Seed: 1})
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				a.clearTable()
				a.Search(s, s.Actors(nil)[0])
				nodes += a.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkMCTSGame measures iterations per second as an agent meets them:
// two MCTS agents of 1,000 iterations a move play the first 10 turns of a
// game from the start, and every search counts (one game per b.N); with
// and without the game's turn applier (TurnApplierMaker), where it has
// one.
func BenchmarkMCTSGame(b *testing.B) {
	for _, start := range gameSetups(b) {
		modes := []string{"applier=none"}
		if _, ok := start.(TurnApplierMaker); ok {
			modes = []string{"applier=off", "applier=on"}
		}
		for _, mode := range modes {
			b.Run(benchName(start)+"/"+mode, func(b *testing.B) {
				b.ReportAllocs()
				cpu := cpuTime()
				iters := 0
				for i := 0; i < b.N; i++ {
					iters += benchGame(start, 10, 1000, mode == "applier=off")
				}
				b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
				if cpu := cpuTime() - cpu; cpu > 0 {
					b.ReportMetric(float64(iters)/cpu.Seconds(), "iterations/cpu-s")
				}
			})
		}
	}
}

// benchGame plays turns turns from start between MCTS agents of the given
// iterations (without the game's turn applier if noApplier) and returns
// the iterations searched.
func benchGame(start engine.State, turns, iterations int, noApplier bool) int {
	s := start.Clone()
	chance := NewRandom(5)
	var agents []*MCTS
	for p := range s.NumPlayers() {
		m := NewMCTS("mcts", Budget{Iterations: iterations}, Config{Seed: uint64(p + 1)})
		m.trees[0].noApplier = noApplier
		agents = append(agents, m)
	}
	total := 0
	var joint []engine.Move
	for turn := 0; turn < turns && !s.Terminal(); {
		actors := s.Actors(nil)
		joint = joint[:0]
		for _, a := range actors {
			if a == engine.ChancePlayer {
				joint = append(joint, chance.Choose(s, a))
				continue
			}
			joint = append(joint, agents[a].Choose(s, a))
			total += agents[a].Iterations
		}
		if actors[0] != engine.ChancePlayer {
			turn++
		}
		engine.ApplyTurn(s, joint)
	}
	return total
}

// BenchmarkMCTSDeep runs one search of 40,000 iterations (a search at the
// level hard or max) from a position six random turns into the game, with
// and without the game's turn applier, where it has one: past the
// positions the tree keeps, deep turns are resolved again.
func BenchmarkMCTSDeep(b *testing.B) {
	for _, start := range gameSetups(b) {
		if _, ok := start.(TurnApplierMaker); !ok {
			continue
		}
		s := start.Clone()
		rnd := NewRandom(3)
		for i := 0; i < 6 && !s.Terminal(); i++ {
			actors := s.Actors(nil)
			joint := make([]engine.Move, len(actors))
			for k, a := range actors {
				joint[k] = rnd.Choose(s, a)
			}
			engine.ApplyTurn(s, joint)
		}
		for _, mode := range []string{"applier=off", "applier=on"} {
			b.Run(benchName(start)+"/"+mode, func(b *testing.B) {
				cpu := cpuTime()
				for i := 0; i < b.N; i++ {
					t := newTree(1)
					t.noApplier = mode == "applier=off"
					t.search(s, 40000, time.Time{})
				}
				b.ReportMetric(float64(40000*b.N)/b.Elapsed().Seconds(), "iterations/s")
				if cpu := cpuTime() - cpu; cpu > 0 {
					b.ReportMetric(float64(40000*b.N)/cpu.Seconds(), "iterations/cpu-s")
				}
			})
		}
	}
}

// BenchmarkGreedyGame plays whole games of greedy players from the start
// through the engine interfaces, chance drawn from a stream, as `tabula
// sim --agents greedy,greedy` plays them: the engine's rate for greedy
// games, and its allocations (none once its buffers have grown).
func BenchmarkGreedyGame(b *testing.B) {
	for _, start := range gameSetups(b) {
		b.Run(benchName(start), func(b *testing.B) {
			seats := make([]Agent, start.NumPlayers())
			for k := range seats {
				seats[k] = NewGreedy(uint64(k + 1))
			}
			chance := engine.Rand{Src: rand.NewPCG(1, 2)}
			s := start.Clone()
			var actors []int
			var moves []engine.Move
			var outs []engine.ChanceOutcome
			plies := 0
			b.ReportAllocs()
			for b.Loop() {
				s.CopyFrom(start)
				for !s.Terminal() {
					actors = s.Actors(actors[:0])
					moves = moves[:0]
					if actors[0] == engine.ChancePlayer {
						outs = s.ChanceOutcomes(outs[:0])
						moves = append(moves, SampleChance(outs, chance.Float64()))
					} else {
						for _, a := range actors {
							moves = append(moves, seats[a].Choose(s, a))
						}
					}
					engine.ApplyTurn(s, moves)
				}
				plies += s.Ply()
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}
