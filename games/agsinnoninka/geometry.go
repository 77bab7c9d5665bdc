package agsinnoninka

import "tabula/engine"

// Board gives the geometry of the board: player 0 owns holes 5-9, player
// 1 holes 0-4; player p's store is place Holes+p.
func (s *State) Board() engine.Board { return engine.MancalaBoard(Holes) }

// MoveFrom gives the hole a move sows from: its number.
func (s *State) MoveFrom(_ int, m engine.Move) int { return int(m) }
