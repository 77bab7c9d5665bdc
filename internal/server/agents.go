package server

import (
	"tabula/ai"
	"tabula/engine"
)

// AgentFunc makes the computer player for a seat of a game played under
// opts from its spec ("random", "mcts:hard"); seed makes it deterministic.
// It fails for an agent that cannot play the game so (alpha-beta for more
// than two players).
type AgentFunc func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error)

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
func DefaultAgents(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
	return ai.New(g, spec, ai.Config{Seed: seed, Threads: 1, Options: opts})
}

// availableAgents lists the specs of AgentSpecs that f accepts for g
// under opts.
func availableAgents(f AgentFunc, g engine.Game, opts engine.Options) []string {
	out := []string{}
	for _, spec := range AgentSpecs {
		if _, err := f(g, opts, spec, 1); err == nil {
			out = append(out, spec)
		}
	}
	return out
}
