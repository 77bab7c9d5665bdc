package ai

import "tabula/engine"

// settles reports whether a node the depth has run out at (depth <= 0)
// is searched on rather than judged: a player is to move there and fewer
// than Config.SettleMoves moves were searched past the depth. A throw, a
// finished game and a node of several actors are judged as before.
//
// In a game of dice a turn may hold several throws, each used by a move
// of its own (Tamman: the extra throws of a 4 or an 8, and of each
// capture); a position between two of them asks the evaluation what the
// mover will make of the throws she holds, which a search of her moves
// answers exactly. The moves past the depth count as plies (depth goes
// below zero), so a chain of them ends.
func (a *AlphaBeta) settles(depth int, actors []int) bool {
	return depth > -a.cfg.SettleMoves && len(actors) == 1 && actors[0] != engine.ChancePlayer
}

// outcomeDepth is the depth to search outcome o of a throw at: depth,
// one ply less when o is rarer than Config.RareOutcome.
func (a *AlphaBeta) outcomeDepth(o engine.ChanceOutcome, depth int) int {
	if o.Prob < a.cfg.RareOutcome {
		return depth - 1
	}
	return depth
}
