package server

import (
	"tabula/ai"
	"tabula/engine"
)

// AgentFunc makes the computer player for a seat from its spec ("random",
// "mcts:hard"); seed makes it deterministic.
type AgentFunc func(g engine.Game, spec string, seed uint64) (ai.Agent, error)

// AgentSpecs are the computer players the server offers, easiest first.
// Only those that the AgentFunc accepts for a game are shown for it, so
// new levels of the ai package appear by themselves.
var AgentSpecs = []string{
	"random", "greedy",
	"mcts:easy", "mcts:medium", "mcts:hard", "mcts:max",
	"alphabeta:easy", "alphabeta:medium", "alphabeta:hard", "alphabeta:max",
}

// DefaultAgents makes agents with the ai package, one search thread each
// (the server may run several matches at once).
func DefaultAgents(g engine.Game, spec string, seed uint64) (ai.Agent, error) {
	return ai.New(g, spec, ai.Config{Seed: seed, Threads: 1})
}

// availableAgents lists the specs of AgentSpecs that f accepts for g.
func availableAgents(f AgentFunc, g engine.Game) []string {
	var out []string
	for _, spec := range AgentSpecs {
		if _, err := f(g, spec, 1); err == nil {
			out = append(out, spec)
		}
	}
	return out
}
