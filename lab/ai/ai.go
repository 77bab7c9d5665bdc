// Package ailab holds the measurements of the computer players of every
// game that docs/lab reports: the time a move takes at each level
// (LevelTimes, LevelGame) and the playout length MCTS wants (Horizon).
// `tabula lab level-times`, `tabula lab level-game` and `tabula lab
// horizon` run them (they were test flags of package ai once); their
// settings are the flags of Flags.
package ailab

import (
	"flag"
	"fmt"
	"math"
	"strings"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/lab"
)

// TB is what a measurement reports to (testing.TB is one).
type TB = lab.TB

var (
	flags = flag.NewFlagSet("ai lab", flag.ContinueOnError)

	measureLevels    = flags.Int("measure-levels", 3, "level-times: positions of random games per game")
	measureLevelGame = flags.String("measure-level-game", "", "level-times: only the games whose name (tamman/players=4) starts with this")
	levelGame        = flags.String("level-game", "agsinnoninka", "level-game: the game played")
	levelLevels      = flags.String("level-levels", strings.Join(ai.Levels, ","), "level-times, level-game: the levels measured (level-game: each a whole game against greedy)")
	horizonGame      = flags.String("horizon-game", "agsinnoninka", "horizon: the game played")
	horizonTurns     = flags.Int("horizon-turns", ai.DefaultPlayoutTurns, "horizon: playout turns of MCTS")
	horizonIters     = flags.Int("horizon-iterations", 200, "horizon: MCTS iterations a move")
	horizonGames     = flags.Int("horizon-games", 20, "horizon: games against greedy, seats alternating")
)

// Flags returns the settings of the measurements, to be parsed before one
// of them runs.
func Flags() *flag.FlagSet { return flags }

// setups lists every registered game at its start with each player count
// it allows (engine.StartsByPlayers).
func setups(t TB) []engine.State {
	out, err := engine.StartsByPlayers()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// setupName is a setup's game with its player count: tamman/players=4.
func setupName(s engine.State) string {
	name := s.Game().ID()
	for _, set := range s.Options().Settings() {
		if strings.HasPrefix(set, "players=") {
			name += "/" + set
		}
	}
	return name
}

// work is what a search did for its last move: MCTS's iterations or
// alpha-beta's depth.
func work(a ai.Agent) (iterations, depth int) {
	switch a := a.(type) {
	case *ai.MCTS:
		return a.Iterations, 0
	case *ai.AlphaBeta:
		return 0, a.Depth
	}
	return 0, 0
}

// LevelTimes reports, for every game and level (as ai.New makes it), the
// time a move takes on one core (CPU time, which other programs on the
// machine do not inflate) and the wall time, in positions taken from
// random games.
func LevelTimes(t TB) {
	if *measureLevels < 1 {
		t.Fatalf("--measure-levels %d: want a position at least", *measureLevels)
	}
	for _, start := range setups(t) {
		if !strings.HasPrefix(setupName(start), *measureLevelGame) {
			continue
		}
		var positions []engine.State
		rnd := ai.NewRandom(2)
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
		if len(positions) == 0 {
			t.Fatalf("%s: no position with a choice in 100 random games", setupName(start))
		}
		var line []string
		for _, level := range strings.Split(*levelLevels, ",") {
			a, err := ai.New(start.Game(), "mcts:"+level, ai.Config{Seed: 1, Options: start.Options()})
			if err != nil {
				t.Fatalf("--level-levels: %v", err)
			}
			var cpu, wall, worst time.Duration
			iters, depths := 0, 0
			for _, s := range positions {
				c, w := lab.CPUTime(), time.Now()
				a.Choose(s, s.Actors(nil)[0])
				d := lab.CPUTime() - c
				cpu, wall, worst = cpu+d, wall+time.Since(w), max(worst, d)
				i, dp := work(a)
				iters, depths = iters+i, depths+dp
			}
			n := time.Duration(len(positions))
			done := fmt.Sprintf("%d iterations", iters/len(positions))
			if _, ok := a.(*ai.AlphaBeta); ok {
				done = fmt.Sprintf("alpha-beta, mean depth %.1f", float64(depths)/float64(len(positions)))
			}
			line = append(line, fmt.Sprintf("%s %v cpu (worst %v, wall %v, %s)", level,
				(cpu/n).Round(100*time.Microsecond), worst.Round(time.Millisecond), (wall/n).Round(time.Millisecond), done))
		}
		t.Logf("%s, %d positions: %s", setupName(start), len(positions), strings.Join(line, "; "))
	}
}

// LevelGame reports, for each level (as ai.New makes it), the time its
// moves take over a whole game against greedy: CPU time and wall time,
// mean and worst, and the mean iterations of a move.
func LevelGame(t TB) {
	g, err := engine.Lookup(*levelGame)
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range strings.Split(*levelLevels, ",") {
		m, err := ai.New(g, "mcts:"+level, ai.Config{Seed: 1})
		if err != nil {
			t.Fatalf("--level-levels: %v", err)
		}
		seats := [2]ai.Agent{m, ai.NewGreedy(1)}
		s, err := g.NewState(engine.DefaultOptions(g))
		if err != nil {
			t.Fatal(err)
		}
		chance := ai.NewRandom(1)
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
					c, w := lab.CPUTime(), time.Now()
					joint[k] = m.Choose(s, a)
					dc, dw := lab.CPUTime()-c, time.Since(w)
					cpu, wall = cpu+dc, wall+dw
					worstCPU, worstWall = max(worstCPU, dc), max(worstWall, dw)
					moves++
					i, _ := work(m)
					iters += i
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

// Horizon plays MCTS with a given playout length against greedy, seats
// alternating, and reports MCTS's share of the points with its 95%
// interval.
func Horizon(t TB) {
	g, err := engine.Lookup(*horizonGame)
	if err != nil {
		t.Fatal(err)
	}
	if *horizonGames < 1 {
		t.Fatalf("--horizon-games %d: want a game at least", *horizonGames)
	}
	points := 0.0
	for i := 0; i < *horizonGames; i++ {
		seed := uint64(i + 1)
		m := ai.NewMCTS("mcts", ai.Budget{Iterations: *horizonIters, PlayoutTurns: *horizonTurns}, ai.Config{Seed: seed})
		agents := []ai.Agent{m, ai.NewGreedy(seed)}
		me := i % 2
		if me == 1 {
			agents[0], agents[1] = agents[1], agents[0]
		}
		s, err := g.NewState(engine.DefaultOptions(g))
		if err != nil {
			t.Fatal(err)
		}
		chance := ai.NewRandom(seed)
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
