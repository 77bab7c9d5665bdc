package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/adjiboto"
	"tabula/games/adjiboto/solve"
)

// auditAgentsOf makes the agents of --audit.
func auditAgentsOf(spec string, positions int, opts engine.Options) ([]ai.Agent, error) {
	if spec == "" {
		return nil, nil
	}
	var agents []ai.Agent
	for _, name := range strings.Split(spec, ",") {
		a, err := ai.New(adjiboto.Game{}, name, ai.Config{Seed: 1, Options: opts})
		if err != nil {
			return nil, usagef("--audit: %v", err)
		}
		agents = append(agents, a)
	}
	if positions < 1 || positions > 1000000 {
		return nil, usagef("--positions: want 1 to 1000000, got %d", positions)
	}
	return agents, nil
}

// addEndgameFlag declares --endgame, the table files the level max plays
// from; loadEndgames reads them once the flags are parsed, each into the
// endgame of the game it is for (engine.LoadEndgame).
func addEndgameFlag(fs *flag.FlagSet) *optionList {
	var files optionList
	fs.Var(&files, "endgame", "an endgame table `FILE` made by 'tabula solve' for the level max to play from (repeatable)")
	return &files
}

func loadEndgames(files *optionList) error {
	for _, name := range *files {
		if err := engine.LoadEndgame(name); err != nil {
			return usagef("--endgame %s: %v", name, err)
		}
	}
	return nil
}

// auditAgents asks each agent for a move in the same positions the table
// covers, taken from random games (at most five from each, after the
// board has come down to the table's size), and prints how often its move
// lost value against the best move, how much on average, and how often it
// changed the result (a win into a draw or a loss, a draw into a loss):
// the searches play for the result, not the margin.
func auditAgents(w io.Writer, tab *solve.Table, start *adjiboto.State, agents []ai.Agent, n int) {
	var test []engine.State
	rnd := ai.NewRandom(1)
	for game := 0; len(test) < n && game < 100*n; game++ {
		s := start.Clone()
		taken := 0
		for !s.Terminal() && taken < 5 && len(test) < n {
			if moves, _, ok := tab.MoveValues(s); ok && len(moves) > 1 {
				test = append(test, s.Clone())
				taken++
			}
			s.Apply(rnd.Choose(s, s.Actors(nil)[0]))
		}
	}
	fmt.Fprintf(w, "audit: %d positions with at most %d seeds on the board and two moves or more\n", len(test), tab.K())
	sign := func(x int) int { return min(max(x, -1), 1) }
	for _, a := range agents {
		lost, worse, result := 0, 0, 0
		for _, s := range test {
			moves, vals, _ := tab.MoveValues(s)
			best := vals[0]
			for _, v := range vals {
				best = max(best, v)
			}
			p := s.Actors(nil)[0]
			lead := int(s.Scores(nil)[p] - s.Scores(nil)[1-p])
			m := a.Choose(s, p)
			for i, mv := range moves {
				if mv == m && vals[i] < best {
					worse++
					lost += best - vals[i]
					if sign(lead+vals[i]) < sign(lead+best) {
						result++
					}
				}
			}
		}
		fmt.Fprintf(w, "  %-16s lost value in %4.1f%% of the positions (%.2f seeds a position on average), the result in %4.1f%%\n",
			a.Name(), 100*float64(worse)/float64(len(test)), float64(lost)/float64(len(test)), 100*float64(result)/float64(len(test)))
	}
}
