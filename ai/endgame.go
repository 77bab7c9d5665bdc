package ai

import (
	"sync"

	"tabula/engine"
)

// Endgame knows the best move of some positions exactly, as an endgame
// table does. It must be safe for concurrent use.
type Endgame interface {
	// BestMove returns a best move of the player to move in s, and false
	// when it does not know s.
	BestMove(s engine.State) (engine.Move, bool)
}

var (
	endgamesMu sync.RWMutex
	endgames   = map[string]Endgame{}
)

// RegisterEndgame makes the "max" level of every search of the game play
// e's move wherever e knows the position. The command registers the
// tables it has; the ai package itself knows no game.
func RegisterEndgame(gameID string, e Endgame) {
	endgamesMu.Lock()
	defer endgamesMu.Unlock()
	endgames[gameID] = e
}

func endgameFor(gameID string) Endgame {
	endgamesMu.RLock()
	defer endgamesMu.RUnlock()
	return endgames[gameID]
}

// withEndgame plays the endgame's move where it knows one, else asks the
// search.
type withEndgame struct {
	Agent
	table Endgame
}

func (w withEndgame) Choose(s engine.State, player int) engine.Move {
	if m, ok := w.known(s, player); ok {
		return m
	}
	return w.Agent.Choose(s, player)
}

// known returns the table's move for player in s, if it knows one.
func (w withEndgame) known(s engine.State, player int) (engine.Move, bool) {
	if player == engine.ChancePlayer {
		return 0, false
	}
	return w.table.BestMove(s)
}

// Reseed passes the seed on to the search.
func (w withEndgame) Reseed(seed uint64) {
	if r, ok := w.Agent.(Reseeder); ok {
		r.Reseed(seed)
	}
}
