package view

import "tabula/engine"

// EventView is one event of a turn's trace in JSON: kind is the event's
// name ("lift", "drop", ...); places are numbered as the game's state JSON
// numbers them, -1 for none.
type EventView struct {
	Kind   string `json:"kind"`
	Player int    `json:"player"`
	Time   int    `json:"time"`
	From   int    `json:"from"`
	To     int    `json:"to"`
	N      int    `json:"n"`
}

// Trace returns the JSON view of a turn's events (an empty list, not
// null, for a turn with none).
func Trace(events []engine.Event) []EventView {
	out := make([]EventView, len(events))
	for i, e := range events {
		out[i] = EventView{Kind: e.Kind.String(), Player: e.Player, Time: e.Time, From: e.From, To: e.To, N: e.N}
	}
	return out
}

// ApplyTraced applies one turn to s (one move per actor, in the order of
// Actors, or a chance outcome) and returns its trace, or nil with ok false
// when s cannot show its turns step by step (the turn is applied all the
// same).
func ApplyTraced(s engine.State, moves []engine.Move) (trace []EventView, ok bool) {
	t, ok := s.(engine.Tracer)
	if !ok {
		engine.ApplyTurn(s, moves)
		return nil, false
	}
	return Trace(t.ApplyTraced(moves, nil)), true
}

// Boarder is implemented by states that tell a drawing of the board what
// it needs beyond the state's JSON: its geometry (the places that traces
// number, the paths men follow), as a struct whose JSON object gives it.
type Boarder interface {
	Board() any
}

// Board returns the geometry of s's board, or nil when s gives none.
func Board(s engine.State) any {
	if b, ok := s.(Boarder); ok {
		return b.Board()
	}
	return nil
}

// Mancala is the geometry of a mancala board of two rows (Board): the
// places that traces number (holes, then the stores) and who owns each
// hole.
type Mancala struct {
	Kind   string `json:"kind"`   // "mancala": two rows of holes and a store each
	Holes  int    `json:"holes"`  // holes are places 0..Holes-1
	Stores []int  `json:"stores"` // the place of each player's store
	Owners []int  `json:"owners"` // the player whose row each hole is in
}

// MancalaBoard gives the geometry of a two-row mancala board of holes
// holes: player 1 owns the first half, player 0 the second; player p's
// store is place holes+p.
func MancalaBoard(holes int) Mancala {
	g := Mancala{Kind: "mancala", Holes: holes, Stores: []int{holes, holes + 1}, Owners: make([]int, holes)}
	for h := range holes / 2 {
		g.Owners[h] = 1
	}
	return g
}
