package tamman_test

import (
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
