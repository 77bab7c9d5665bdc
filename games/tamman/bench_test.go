package tamman_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// playout plays s to the end with uniformly random moves and throws drawn
// by their chances, and returns the plies played.
func playout(s *tamman.State, rng *rand.Rand, moves []engine.Move) int {
	n := 0
	for !s.Terminal() {
		moves = randomPly(s, rng, moves)
		n++
	}
	return n
}

// randomPly plays one throw drawn by its chance or one uniformly random
// move, and returns moves for reuse.
func randomPly(s *tamman.State, rng *rand.Rand, moves []engine.Move) []engine.Move {
	if s.Phase() == tamman.ThrowPhase {
		s.Apply(s.SampleThrow(rng.Float64()))
		return moves
	}
	moves = s.Legal(s.Turn(), moves[:0])
	s.Apply(moves[rng.IntN(len(moves))])
	return moves
}

func benchRandomGame(b *testing.B, players string) {
	root, err := tamman.New(options(b, players))
	if err != nil {
		b.Fatal(err)
	}
	s := new(tamman.State)
	rng := rand.New(rand.NewPCG(1, 2))
	moves := make([]engine.Move, 0, 64)
	plies := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CopyFrom(root)
		plies += playout(s, rng, moves)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkRandomGame plays random 2-player games on the concrete state.
func BenchmarkRandomGame(b *testing.B) { benchRandomGame(b, "players=2") }

// BenchmarkRandomGame4 plays random 4-player games.
func BenchmarkRandomGame4(b *testing.B) { benchRandomGame(b, "players=4") }

// BenchmarkRandomGameEngine plays random 2-player games through the
// engine.State interface, as generic search does.
func BenchmarkRandomGameEngine(b *testing.B) {
	root, err := tamman.Game{}.NewState(engine.DefaultOptions(tamman.Game{}))
	if err != nil {
		b.Fatal(err)
	}
	s := root.Clone()
	rng := rand.New(rand.NewPCG(1, 2))
	moves := make([]engine.Move, 0, 64)
	actors := make([]int, 0, 4)
	outs := make([]engine.ChanceOutcome, 0, 8)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CopyFrom(root)
		for !s.Terminal() {
			actors = s.Actors(actors[:0])
			if actors[0] == engine.ChancePlayer {
				outs = s.ChanceOutcomes(outs[:0])
				u := rng.Float64()
				m := outs[len(outs)-1].Move
				for _, o := range outs {
					if u < o.Prob {
						m = o.Move
						break
					}
					u -= o.Prob
				}
				s.Apply(m)
			} else {
				moves = s.Legal(actors[0], moves[:0])
				s.Apply(moves[rng.IntN(len(moves))])
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

func benchRandomPlayout(b *testing.B, players string) {
	root, err := tamman.New(options(b, players))
	if err != nil {
		b.Fatal(err)
	}
	s := new(tamman.State)
	r := engine.Rand{Src: rand.NewPCG(1, 2)}
	plies := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CopyFrom(root)
		plies += s.RandomPlayout(r, 1<<30)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkRandomPlayout plays the random 2-player games of
// BenchmarkRandomGame by the fast path (RandomPlayout, engine.Rand).
func BenchmarkRandomPlayout(b *testing.B) { benchRandomPlayout(b, "players=2") }

// BenchmarkRandomPlayout4 plays random 4-player games by the fast path.
func BenchmarkRandomPlayout4(b *testing.B) { benchRandomPlayout(b, "players=4") }

// BenchmarkNetEval judges positions of random 2-player games by the
// learned network, as expectiminimax does at each leaf (NetEval), and by
// networks of other shapes (inputs x hidden units, random weights).
func BenchmarkNetEval(b *testing.B) {
	opts := options(b, "players=2")
	root, err := tamman.New(opts)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var states []*tamman.State
	var moves []engine.Move
	for len(states) < 1000 {
		s := root.Clone().(*tamman.State)
		for !s.Terminal() {
			moves = randomPly(s, rng, moves)
			if !s.Terminal() {
				states = append(states, s.Clone().(*tamman.State))
			}
		}
	}
	b.Run("NetEval", func(b *testing.B) {
		dst := make([]float64, 0, 2)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			dst = states[i%len(states)].NetEval(dst[:0])
		}
	})
	for _, shape := range [][2]int{{tamman.NetInputs, 32}, {tamman.NetInputs, 64}, {tamman.NetInputsMore, 32}, {tamman.NetInputsMore, 64}} {
		n, err := tamman.TrainNet(opts, tamman.TrainConfig{Seed: 1, NetInputs: shape[0], NetHidden: shape[1]}, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dx%d", shape[0], shape[1]), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				n.WinChance(states[i%len(states)])
			}
		})
	}
}

// BenchmarkRollout is one rollout to the end by the one-ply player of the
// network, from the start.
func BenchmarkRollout(b *testing.B) {
	r := newRoller(1, 0)
	s := start(b)
	moves := s.Legal(engine.ChancePlayer, nil)[:1]
	var dst []float64
	for i := range b.N {
		dst = r.values(s, moves, uint64(i), dst)
	}
}
