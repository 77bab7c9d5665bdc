package enginebench

import (
	"time"

	"tabula/ai"
	"tabula/engine"
)

// AgentMaker makes the computer player of a spec as a room seats it
// (server.DefaultAgents), so that a level is timed as it plays.
type AgentMaker func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error)

// LevelTime is how long a level's moves took in one game's positions.
type LevelTime struct {
	Game    string  `json:"game"`
	Level   string  `json:"level"`
	Moves   int     `json:"moves"`
	MeanMs  float64 `json:"meanMs"`
	WorstMs float64 `json:"worstMs"`
	// CapMs is the level's time limit (ai.LevelTime).
	CapMs float64 `json:"capMs"`
}

// Levels times one move of each level (MCTS, "mcts:LEVEL") in positions
// positions of each game at its default options, reached by seeded random
// play (the same positions natively and in the browser): wall time, the
// only clock a browser has.
func Levels(newAgent AgentMaker, games, levels []string, positions int) ([]LevelTime, error) {
	var out []LevelTime
	for _, id := range games {
		g, err := engine.Lookup(id)
		if err != nil {
			return nil, err
		}
		opts := engine.DefaultOptions(g)
		start, err := g.NewState(opts)
		if err != nil {
			return nil, err
		}
		at := engine.ChoicePositions(start, positions)
		for _, level := range levels {
			lt := LevelTime{Game: id, Level: level, CapMs: float64(ai.LevelTime[level].Microseconds()) / 1000}
			var total time.Duration
			for i, s := range at {
				a, err := newAgent(g, opts, "mcts:"+level, uint64(i+1))
				if err != nil {
					return nil, err
				}
				begin := time.Now()
				a.Choose(s, s.Actors(nil)[0])
				d := time.Since(begin)
				ai.Release(a) // as a room does after each move: its tables go to the next
				total += d
				lt.WorstMs = max(lt.WorstMs, float64(d.Microseconds())/1000)
				lt.Moves++
			}
			if lt.Moves > 0 {
				lt.MeanMs = float64(total.Microseconds()) / 1000 / float64(lt.Moves)
			}
			out = append(out, lt)
		}
	}
	return out, nil
}
