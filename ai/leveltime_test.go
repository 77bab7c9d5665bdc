//go:build unix

package ai

import (
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"tabula/engine"
)

var (
	measureLevels    = flag.Int("measure-levels", 0, "positions per game for TestMeasureLevelTimes (0: skip)")
	measureLevelGame = flag.String("measure-level-game", "", "only the games whose name (tamman/players=4) starts with this")
)

// TestMeasureLevelTimes reports, for every game and level, the time a
// move takes on one core (CPU time, which other programs on the machine do
// not inflate) and the wall time, in positions taken from random games:
//
//	go test ./ai -run MeasureLevelTimes -count=1 -measure-levels 3 [-measure-level-game tamman] -v
func TestMeasureLevelTimes(t *testing.T) {
	if *measureLevels == 0 {
		t.Skip("a measurement: run with -measure-levels N")
	}
	for _, start := range gameSetups(t) {
		if !strings.HasPrefix(benchName(start), *measureLevelGame) {
			continue
		}
		var positions []engine.State
		rnd := NewRandom(2)
		for i := 0; len(positions) < *measureLevels && i < 100; i++ {
			s := start.Clone()
			for j := 0; j < 10+7*i && !s.Terminal(); j++ {
				actors := s.Actors(nil)
				joint := make([]engine.Move, len(actors))
				for k, a := range actors {
					joint[k] = rnd.Choose(s, a)
				}
				engine.ApplyTurn(s, joint)
			}
			if !s.Terminal() && s.Actors(nil)[0] != engine.ChancePlayer && len(s.Legal(s.Actors(nil)[0], nil)) > 1 {
				positions = append(positions, s)
			}
		}
		var line []string
		for _, level := range Levels {
			// The level as New makes it: the game's iterations, evaluation
			// and playout length for it, or its alpha-beta search.
			a, err := New(start.Game(), "mcts:"+level, Config{Seed: 1, Options: start.Options()})
			if err != nil {
				t.Fatal(err)
			}
			var cpu, wall, worst time.Duration
			iters, depths := 0, 0
			for _, s := range positions {
				c, w := cpuTime(), time.Now()
				a.Choose(s, s.Actors(nil)[0])
				d := cpuTime() - c
				cpu += d
				wall += time.Since(w)
				worst = max(worst, d)
				switch a := a.(type) {
				case *MCTS:
					iters += a.Iterations
				case *AlphaBeta:
					depths += a.Depth
				}
			}
			n := time.Duration(len(positions))
			work := fmt.Sprintf("%d iterations", iters/len(positions))
			if _, ok := a.(*AlphaBeta); ok {
				work = fmt.Sprintf("alpha-beta, mean depth %.1f", float64(depths)/float64(len(positions)))
			}
			line = append(line, fmt.Sprintf("%s %v cpu (worst %v, wall %v, %s)", level,
				(cpu/n).Round(100*time.Microsecond), worst.Round(time.Millisecond), (wall/n).Round(time.Millisecond), work))
		}
		t.Logf("%s, %d positions: %s", benchName(start), len(positions), strings.Join(line, "; "))
	}
}
