package engine

import "sync"

// A game's computer player may live in a package of its own beside the
// rules (games/tamman/tammanai), so that the rules know no level of the
// computer players. That package registers its tuning of the levels
// here, keyed by the game's ID, and package ai finds it by TuningOf: the
// value implements one or more of ai's optional interfaces MCTSLeveller,
// MCTSJudge, AlphaBetaLeveller and AlphaBetaBounder. (The registry is
// here, not in ai, because ai's own tests import every game.)

var (
	tuningsMu sync.RWMutex
	tunings   = map[string]any{}
)

// RegisterTuning makes t the tuning of the levels of the game gameID. A
// game's computer-player package calls it from an init function; a
// later call for the same game replaces the earlier one.
func RegisterTuning(gameID string, t any) {
	tuningsMu.Lock()
	defer tuningsMu.Unlock()
	tunings[gameID] = t
}

// TuningOf returns the tuning registered for gameID, or nil.
func TuningOf(gameID string) any {
	tuningsMu.RLock()
	defer tuningsMu.RUnlock()
	return tunings[gameID]
}
