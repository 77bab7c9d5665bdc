package tamman_test

import (
	"flag"
	"math"
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
)

// measureGames turns on the measurement of ThreatEval against Eval (it takes
// minutes; docs/ai.md has the figures):
//
//	go test ./games/tamman -run MeasureThreatEval -count=1 -measure-games 200 -measure-time 20ms -v
var (
	measureGames = flag.Int("measure-games", 0, "games for TestMeasureThreatEvalAgainstEval (0: skip)")
	measureTime  = flag.Duration("measure-time", 20*time.Millisecond, "MCTS time per move in TestMeasureThreatEvalAgainstEval")
)

// TestMeasureThreatEvalAgainstEval plays MCTS with ThreatEval against
// MCTS with Eval at equal time per move, two players, seats alternating,
// and reports the share of games ThreatEval won with a 95% interval.
func TestMeasureThreatEvalAgainstEval(t *testing.T) {
	if *measureGames == 0 {
		t.Skip("a measurement: run with -measure-games N")
	}
	threat := func(s engine.State, dst []float64) []float64 { return s.(*tamman.State).ThreatEval(dst) }
	wins := 0
	for i := 0; i < *measureGames; i++ {
		seed := uint64(i + 1)
		agents := []ai.Agent{
			ai.NewMCTS("threat", ai.Budget{Time: *measureTime}, ai.Config{Seed: seed, Eval: threat}),
			ai.NewMCTS("eval", ai.Budget{Time: *measureTime}, ai.Config{Seed: seed}),
		}
		newSeat := i % 2 // the seat of the agent with ThreatEval
		if newSeat == 1 {
			agents[0], agents[1] = agents[1], agents[0]
		}
		s := start(t)
		dice := ai.NewRandom(seed)
		for !s.Terminal() {
			p := s.Actors(nil)[0]
			if p == engine.ChancePlayer {
				s.Apply(dice.Choose(s, p))
				continue
			}
			s.Apply(agents[p].Choose(s, p))
		}
		if o, _ := s.Outcome(); o.Winner == newSeat {
			wins++
		}
	}
	n := float64(*measureGames)
	share := float64(wins) / n
	half := 1.96 * math.Sqrt(share*(1-share)/n)
	t.Logf("ThreatEval against Eval, MCTS %v a move: won %d of %d, %.1f%% ± %.1f%%", *measureTime, wins, *measureGames, 100*share, 100*half)
}
