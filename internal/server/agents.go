package server

import (
	"strings"

	"tabula/ai"
	"tabula/engine"
)

// AgentSpecs are the computer players the server offers, easiest first.
// A seat may hold only one of these: a spec with a budget of its own
// ("mcts:87600h", "alphabeta:1000000") could keep a core busy for ever.
// Every budget here is bounded in time (ai's levels).
var AgentSpecs = []string{
	"random", "greedy",
	"mcts:easy", "mcts:medium", "mcts:hard", "mcts:max",
	"alphabeta:easy", "alphabeta:medium", "alphabeta:hard", "alphabeta:max",
}

// DefaultAgents makes the computer player of a room's seat from its spec
// ("random", "mcts:hard") with the ai package, one search thread each (the
// server runs several rooms at once); seed makes it deterministic. At a
// simultaneous turn MCTS draws its hidden choice from its mixed strategy
// (ai.Config.Mixed). It is the rooms.AgentFunc of "tabula serve".
func DefaultAgents(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
	return ai.New(g, spec, ai.Config{Seed: seed, Threads: 1, Options: opts, Mixed: true})
}

// offeredAgents lists the specs of AgentSpecs that can play g under opts,
// from the facts the game declares: alpha-beta needs two players and no
// simultaneous turns. The facts are cheap, so nothing is cached.
func offeredAgents(g engine.Game, opts engine.Options) []string {
	alphaBeta := ai.CheckAlphaBeta(g, opts) == nil
	out := []string{}
	for _, spec := range AgentSpecs {
		if alphaBeta || !strings.HasPrefix(spec, "alphabeta") {
			out = append(out, spec)
		}
	}
	return out
}
