package view

import "tabula/engine"

// MoveView is a legal move with the places it starts from and ends on, read
// from its trace, so that a drawing offers it by its places without knowing
// the game's notation or the paths its men follow (where a man stops at
// the end of his path, for example, is a rule of the game).
type MoveView struct {
	Move string `json:"move"`
	// From is the place the move lifts from or the man starts on; To is
	// the place the man ends on (-1 for a sowing, which ends where its
	// trace says).
	From int `json:"from"`
	To   int `json:"to"`
	// Steps is the number of places the man passes (0 for a sowing).
	Steps int `json:"steps"`
}

// Moves returns each legal move of the one player to move in s with its
// places ([] for chance, simultaneous turns, the end of the game, or a
// state that cannot trace its turns: those show their moves as text).
func Moves(s engine.State) []MoveView {
	out := []MoveView{}
	actors := s.Actors(nil)
	if len(actors) != 1 || actors[0] == engine.ChancePlayer {
		return out
	}
	if _, ok := s.(engine.Tracer); !ok {
		return out
	}
	p := actors[0]
	c := s.Clone()
	for _, m := range s.Legal(p, nil) {
		c.CopyFrom(s)
		events := c.(engine.Tracer).ApplyTraced([]engine.Move{m}, nil)
		mv := MoveView{Move: s.MoveText(p, m), From: -1, To: -1}
		for _, e := range events {
			if e.Player != p {
				continue
			}
			switch e.Kind {
			case engine.Lift, engine.Step:
				if mv.From < 0 {
					mv.From = e.From
				}
			}
			if e.Kind == engine.Step {
				mv.To = e.To
				mv.Steps++
			}
		}
		out = append(out, mv)
	}
	return out
}
