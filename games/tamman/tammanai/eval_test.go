package tammanai

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// randomPly plays one throw, or one move at random.
func randomPly(s *tamman.State, rng *rand.Rand, moves []engine.Move) []engine.Move {
	if s.Phase() == tamman.ThrowPhase {
		s.Apply(s.SampleThrow(rng.Float64()))
		return moves
	}
	moves = s.Legal(s.Turn(), moves[:0])
	s.Apply(moves[rng.IntN(len(moves))])
	return moves
}

// Hard and max cut off throws on the promise that NetEval keeps a
// player's value minus the other's within ±AlphaBetaBound, finished games
// included: every position of 20 random games keeps it.
func TestNetEvalKeepsTheSearchBound(t *testing.T) {
	bound := Levels{}.AlphaBetaBound("hard", engine.DefaultOptions(tamman.Game{}))
	rng := rand.New(rand.NewPCG(3, 3))
	for game := range 20 {
		s, _ := tamman.New(engine.DefaultOptions(tamman.Game{}))
		for {
			v := NetEval(s, nil)
			if d := v[0] - v[1]; d < -bound || d > bound {
				t.Fatalf("game %d ply %d: NetEval %v, a difference outside ±%v", game, s.Ply(), v, bound)
			}
			if s.Terminal() {
				break
			}
			moves := s.Legal(s.Actors(nil)[0], nil)
			s.Apply(moves[rng.IntN(len(moves))])
		}
	}
}

// BenchmarkNetEval judges positions of random 2-player games by the
// learned network, as expectiminimax does at each leaf (NetEval), and by
// networks of other shapes (inputs x hidden units, random weights).
func BenchmarkNetEval(b *testing.B) {
	opts := engine.DefaultOptions(tamman.Game{})
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
			dst = NetEval(states[i%len(states)], dst[:0])
		}
	})
	for _, shape := range [][2]int{{NetInputs, 32}, {NetInputs, 64}, {NetInputsMore, 32}, {NetInputsMore, 64}} {
		n, err := TrainNet(opts, TrainConfig{Seed: 1, NetInputs: shape[0], NetHidden: shape[1]}, nil)
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
