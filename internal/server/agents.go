package server

import (
	"slices"
	"strings"

	"tabula/ai"
	"tabula/engine"
)

// AgentFunc makes the computer player for a seat of a game played under
// opts from its spec ("random", "mcts:hard"); seed makes it deterministic.
// It fails for an agent that cannot play the game so.
type AgentFunc func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error)

// AgentSpecs are the computer players the server offers, easiest first.
// A seat may hold only one of these: a spec with a budget of its own
// ("mcts:87600h", "alphabeta:1000000") could keep a core busy for ever.
// Every budget here is bounded in time (ai's levels).
var AgentSpecs = []string{
	"random", "greedy",
	"mcts:easy", "mcts:medium", "mcts:hard", "mcts:max",
	"alphabeta:easy", "alphabeta:medium", "alphabeta:hard", "alphabeta:max",
}

// DefaultAgents makes agents with the ai package, one search thread each
// (the server runs several matches at once).
func DefaultAgents(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
	return ai.New(g, spec, ai.Config{Seed: seed, Threads: 1, Options: opts})
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

// checkSeat refuses a seat that is neither a person nor an offered agent.
func checkSeat(i int, spec string, offered []string) error {
	if spec == Human || slices.Contains(offered, spec) {
		return nil
	}
	return badRequest("seat %d: %q is not offered here (offered: %s, or %q)", i, spec, strings.Join(offered, ", "), Human)
}

// searches reports whether a seat's player searches (MCTS, alpha-beta, and
// greedy, which tries each move against up to 64 replies: seconds for
// Agsinnoninka at 25 seeds): its moves are heavy work and run on the
// compute pool. People and random players answer at once.
func searches(seat string) bool {
	return seat != Human && seat != "random"
}
