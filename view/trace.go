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

// mancalaView and gridView are the JSON of the two kinds of board.
type (
	mancalaView struct {
		Kind   string `json:"kind"`   // "mancala": two rows of holes and a store each
		Holes  int    `json:"holes"`  // holes are places 0..Holes-1
		Stores []int  `json:"stores"` // the place of each player's store
		Owners []int  `json:"owners"` // the player whose row each hole is in
	}
	gridView struct {
		Kind     string            `json:"kind"`    // "grid": squares in files and ranks
		Squares  []string          `json:"squares"` // place number -> square name
		Files    []float64         `json:"files"`   // the width of each file, left to right
		Ranks    []float64         `json:"ranks"`   // the height of each rank, bottom to top
		Paths    [][]string        `json:"paths"`   // each player's path, its start first
		Named    map[string]string `json:"named"`   // square -> its kind
		Marks    map[string]string `json:"marks"`   // kind -> its drawing
		MouthsUp map[int]int       `json:"mouthsUp"`
	}
)

// Board returns the JSON of the board s declares (engine.Boarder), or nil
// when s declares none.
func Board(s engine.State) any {
	b, ok := s.(engine.Boarder)
	if !ok {
		return nil
	}
	g := b.Board()
	if g.Kind == "mancala" {
		return mancalaView{Kind: g.Kind, Holes: g.Holes, Stores: g.Stores, Owners: g.Owners}
	}
	return gridView{Kind: g.Kind, Squares: g.Squares, Files: g.Files, Ranks: g.Ranks, Paths: g.Paths, Named: g.Named, Marks: g.Marks, MouthsUp: g.MouthsUp}
}
