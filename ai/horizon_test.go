package ai

import (
	"flag"
	"math"
	"testing"

	"tabula/engine"
)

var (
	horizonGame  = flag.String("horizon-game", "", "game of TestMeasureHorizon (empty: skip)")
	horizonTurns = flag.Int("horizon-turns", DefaultPlayoutTurns, "playout turns of MCTS in TestMeasureHorizon")
	horizonIters = flag.Int("horizon-iterations", 200, "MCTS iterations a move in TestMeasureHorizon")
	horizonGames = flag.Int("horizon-games", 20, "games of TestMeasureHorizon")
)

// TestMeasureHorizon plays MCTS with a given playout length against
// greedy, seats alternating, and reports MCTS's share of the points:
//
//	go test ./ai -run MeasureHorizon -count=1 -horizon-game agsinnoninka -horizon-turns 4 -v
func TestMeasureHorizon(t *testing.T) {
	if *horizonGame == "" {
		t.Skip("a measurement: run with -horizon-game ID")
	}
	g, err := engine.Lookup(*horizonGame)
	if err != nil {
		t.Fatal(err)
	}
	points := 0.0
	for i := 0; i < *horizonGames; i++ {
		seed := uint64(i + 1)
		m := NewMCTS("mcts", Budget{Iterations: *horizonIters, PlayoutTurns: *horizonTurns}, Config{Seed: seed})
		agents := []Agent{m, NewGreedy(seed)}
		me := i % 2
		if me == 1 {
			agents[0], agents[1] = agents[1], agents[0]
		}
		s, err := g.NewState(engine.DefaultOptions(g))
		if err != nil {
			t.Fatal(err)
		}
		chance := NewRandom(seed)
		for !s.Terminal() {
			actors := s.Actors(nil)
			joint := make([]engine.Move, len(actors))
			for k, a := range actors {
				if a == engine.ChancePlayer {
					joint[k] = chance.Choose(s, a)
				} else {
					joint[k] = agents[a].Choose(s, a)
				}
			}
			engine.ApplyTurn(s, joint)
		}
		switch o, _ := s.Outcome(); {
		case o.Draw():
			points += 0.5
		case o.Winner == me:
			points++
		}
	}
	n := float64(*horizonGames)
	share := points / n
	half := 1.96 * math.Sqrt(share*(1-share)/n)
	t.Logf("%s: MCTS %d iterations, playouts of %d turns, against greedy: %.1f of %d points, %.0f%% ± %.0f%%",
		*horizonGame, *horizonIters, *horizonTurns, points, *horizonGames, 100*share, 100*half)
}
