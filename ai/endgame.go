package ai

import "tabula/engine"

// withEndgame plays the endgame's move where it knows one, else asks the
// search.
type withEndgame struct {
	Agent
	table engine.Endgame
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
