package tammanai

import (
	"tabula/engine"
	"tabula/games/tamman"
)

// MultiPlayoutTurns is the playout length of MCTS judged by the network
// of three or four players (MultiNetEval): the network sees what a long
// playout would play out, and short playouts leave time for more
// iterations.
const MultiPlayoutTurns = 4

// multiNetLevels are the levels that judge games of three and four
// players by their network instead of the race: those where the network
// won more than a fair share against the same level judged by the race
// (docs/lab/tamman-network-multi.md).
var multiNetLevels = map[int]map[string]bool{
	3: {"easy": true, "medium": true},
	4: {},
}

// multiJudge is MCTSJudge for games of three and four players: the
// network of that many players at the levels of multiNetLevels.
func multiJudge(level string, opts engine.Options) (func(engine.State, []float64) []float64, int, int, bool) {
	if !multiNetLevels[opts.Int(tamman.OptPlayers)][level] {
		return nil, 0, 0, false
	}
	return multiNetEval, MultiPlayoutTurns, 0, true
}

// multiNetEval is MultiNetEval for a search's Config.
func multiNetEval(s engine.State, dst []float64) []float64 {
	return MultiNetEval(s.(*tamman.State), dst)
}
