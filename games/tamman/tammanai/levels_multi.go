package tammanai

import (
	"tabula/engine"
	"tabula/games/tamman"
)

// MultiPlayoutTurns is the playout length of MCTS judged by the network
// of three or four players (MultiNetEval) unless a level sets its own:
// the network sees what a long playout would play out, and short
// playouts leave time for more iterations.
const MultiPlayoutTurns = 4

// multiNetLevels are the levels that judge games of three and four
// players by their network instead of the race, with the length of their
// playouts: those where the network won more than a fair share against
// the same level judged by the race, on two seeds
// (docs/lab/tamman-network-multi.md). Medium with four players gained
// nothing significant after playouts of 4 turns (one round), and did
// after 8. Hard and max keep the race: given the race's CPU time, hard's
// network won 27.4% of 146 games with three players (fair 33.3%) and
// 30.3% of 66 (20.6..42.2) with four (fair 25%), no interval above the
// fair share: thousands of iterations average away the noise of the
// race's leaves, which is all the network saves; max, at 1 s a move, was
// not measured.
var multiNetLevels = map[int]map[string]int{
	3: {"easy": MultiPlayoutTurns, "medium": MultiPlayoutTurns},
	4: {"easy": MultiPlayoutTurns, "medium": 8},
}

// multiJudge is MCTSJudge for games of three and four players: the
// network of that many players at the levels of multiNetLevels.
func multiJudge(level string, opts engine.Options) (func(engine.State, []float64) []float64, int, int, bool) {
	turns := multiNetLevels[opts.Int(tamman.OptPlayers)][level]
	if turns == 0 {
		return nil, 0, 0, false
	}
	return multiNetEval, turns, 0, true
}

// multiNetEval is MultiNetEval for a search's Config.
func multiNetEval(s engine.State, dst []float64) []float64 {
	return MultiNetEval(s.(*tamman.State), dst)
}
