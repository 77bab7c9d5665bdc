//go:build unix

package ai

import (
	"flag"
	"strings"
	"testing"
	"time"

	"tabula/engine"
)

var (
	levelGame   = flag.String("level-game", "", "game of TestMeasureLevelGame (empty: skip)")
	levelLevels = flag.String("level-levels", "easy,medium,hard,max", "levels of TestMeasureLevelGame")
)

// TestMeasureLevelGame reports, for each MCTS level, the time its moves
// take over a whole game against greedy: CPU time (one core, which other
// programs on the machine do not inflate) and wall time, mean and worst,
// and the mean iterations of a move:
//
//	go test ./ai -run MeasureLevelGame -count=1 -level-game agsinnoninka -level-levels easy,medium -v
func TestMeasureLevelGame(t *testing.T) {
	if *levelGame == "" {
		t.Skip("a measurement: run with -level-game ID")
	}
	g, err := engine.Lookup(*levelGame)
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range strings.Split(*levelLevels, ",") {
		b, ok := mctsLevels[level]
		if !ok {
			t.Fatalf("-level-levels: no level %q", level)
		}
		m := NewMCTS(level, gameLevel(g, level, b), Config{Seed: 1})
		seats := [2]Agent{m, NewGreedy(1)}
		s, err := g.NewState(engine.DefaultOptions(g))
		if err != nil {
			t.Fatal(err)
		}
		chance := NewRandom(1)
		var cpu, wall, worstCPU, worstWall time.Duration
		moves, iters := 0, 0
		for !s.Terminal() {
			actors := s.Actors(nil)
			joint := make([]engine.Move, len(actors))
			for k, a := range actors {
				switch {
				case a == engine.ChancePlayer:
					joint[k] = chance.Choose(s, a)
				case a == 0:
					c, w := cpuTime(), time.Now()
					joint[k] = m.Choose(s, a)
					dc, dw := cpuTime()-c, time.Since(w)
					cpu, wall = cpu+dc, wall+dw
					worstCPU, worstWall = max(worstCPU, dc), max(worstWall, dw)
					moves++
					iters += m.Iterations
				default:
					joint[k] = seats[a].Choose(s, a)
				}
			}
			engine.ApplyTurn(s, joint)
		}
		n := time.Duration(max(moves, 1))
		t.Logf("%s %s, %d moves: cpu mean %v worst %v; wall mean %v worst %v; %d iterations a move",
			*levelGame, level, moves, (cpu / n).Round(100*time.Microsecond), worstCPU.Round(100*time.Microsecond),
			(wall / n).Round(100*time.Microsecond), worstWall.Round(100*time.Microsecond), iters/max(moves, 1))
	}
}
