package tammanai

import (
	"tabula/engine"
	"tabula/games/tamman"
)

// Levels is Tamman's tuning of the levels of the computer players
// (registered by this package's init; ai.MCTSLeveller, ai.MCTSJudge,
// ai.AlphaBetaLeveller and ai.AlphaBetaBounder).
type Levels struct{}

// MCTSLevel gives the MCTS budgets of the levels in Tamman (ai.MCTSLeveller):
// the iterations, and whether playouts follow tamman.State.PlayoutMove. In a race
// decided much by the throws, ten times the iterations of plain MCTS buy
// little past a few thousand (docs/lab/tamman-strength.md), so the levels are set apart by
// the iterations below that and by the playout policy above it. In games of
// two, MCTSJudge gives medium the learned evaluation, and hard and max
// search by AlphaBetaLevel instead.
func (Levels) MCTSLevel(level string) (iterations int, policy, ok bool) {
	switch level {
	case "easy":
		return 30, false, true
	case "medium":
		return 300, false, true
	case "hard":
		return 5000, true, true
	case "max":
		return 100000, true, true
	}
	return 0, false, false
}

// learnedPlayoutTurns is the playout length of the levels that judge by
// LearnedEval: the evaluation sees what a long playout would play out, and
// short playouts leave time for more iterations (docs/lab/tamman-learned-eval.md).
const learnedPlayoutTurns = 4

// MCTSJudge gives the level medium in games of two players the learned
// evaluation (LearnedEval), after playouts of learnedPlayoutTurns turns
// (ai.MCTSJudge): it won 56% of 400 games against medium by the race
// after 40 turns, in half the time (docs/lab/tamman-learned-eval.md). It was trained on games
// of two; hard and max search by AlphaBetaLevel there. With three or four
// players, multiJudge gives the levels where it won the network of that
// many players (levels_multi.go).
func (Levels) MCTSJudge(level string, opts engine.Options) (func(engine.State, []float64) []float64, int, int, bool) {
	if opts.Int(tamman.OptPlayers) != 2 {
		return multiJudge(level, opts)
	}
	if level != "medium" {
		return nil, 0, 0, false
	}
	return learnedEval, learnedPlayoutTurns, 0, true
}

// The depths of hard and max in games of two (AlphaBetaLevel): a move
// costs a ply, a throw after a throw another; depth 4 sees the rest of
// the turn and the enemy's throws and replies, at about 5 ms of CPU a
// move, depth 5 about 30 ms (docs/lab/tamman-learned-network.md).
const (
	hardDepth = 4
	maxDepth  = 5
)

// AlphaBetaLevel gives hard and max, in games of two, expectiminimax
// judged by the learned network (NetEval) instead of MCTS
// (ai.AlphaBetaLeveller): averaging every throw exactly a few plies deep
// with a sharp evaluation beat MCTS's sampled throws (docs/lab/tamman-learned-network.md). The
// network was trained on games of two; with more players the levels stay
// MCTS.
func (Levels) AlphaBetaLevel(level string, opts engine.Options) (int, func(engine.State, []float64) []float64, bool) {
	if opts.Int(tamman.OptPlayers) != 2 {
		return 0, nil, false
	}
	switch level {
	case "hard":
		return hardDepth, netEval, true
	case "max":
		return maxDepth, netEval, true
	}
	return 0, nil, false
}

// AlphaBetaBound is 1 (ai.AlphaBetaBounder): NetEval gives chances of
// winning, so a player's value minus the other's lies within ±1, and
// hard and max cut off throws by Star1 (docs/lab/tamman-hard.md).
func (Levels) AlphaBetaBound(string, engine.Options) float64 { return 1 }

// netEval is NetEval for a search's Config.
func netEval(s engine.State, dst []float64) []float64 { return NetEval(s.(*tamman.State), dst) }

// learnedEval is LearnedEval for a search's Config.
func learnedEval(s engine.State, dst []float64) []float64 { return LearnedEval(s.(*tamman.State), dst) }
