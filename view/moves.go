package view

import (
	"slices"
	"sync"

	"tabula/engine"
)

// MoveView is a legal move with the places it starts from and ends on, read
// from its trace, so that a drawing offers it by its places without knowing
// the game's notation or the paths its men follow (where a man stops at
// the end of his path, for example, is a rule of the game).
type MoveView struct {
	// Player is who makes the move: one of the actors of the turn.
	Player int    `json:"player"`
	Move   string `json:"move"`
	// From is the place the move lifts from or the man starts on; To is
	// the place the man ends on (-1 for a sowing, which ends where its
	// trace says).
	From int `json:"from"`
	To   int `json:"to"`
	// Steps is the number of places the man passes (0 for a sowing).
	Steps int `json:"steps"`
}

// Moves returns each legal move of every player to move in s with its
// places, the actors in turn ([] for chance, the end of the game, or a
// state that cannot trace its turns: those show their moves as text). A
// move of one player is read off its trace; in a simultaneous turn, whose
// moves cannot be played one by one, the game says where each starts
// (engine.Placer), or its places are -1.
func Moves(s engine.State) []MoveView {
	out := []MoveView{}
	actors := s.Actors(nil)
	if len(actors) == 0 || actors[0] == engine.ChancePlayer {
		return out
	}
	if len(actors) > 1 {
		pl, _ := s.(engine.Placer)
		for _, p := range actors {
			for _, m := range s.Legal(p, nil) {
				mv := MoveView{Player: p, Move: s.MoveText(p, m), From: -1, To: -1}
				if pl != nil {
					mv.From = pl.MoveFrom(p, m)
				}
				out = append(out, mv)
			}
		}
		return out
	}
	if _, ok := s.(engine.Tracer); !ok {
		return out
	}
	p := actors[0]
	c := s.Clone()
	// One scratch for every move's trace, kept from call to call: a
	// server answers this at each turn, and a fresh trace a move was a
	// quarter of what it allocated.
	scratch := traceScratch.Get().(*[]engine.Event)
	defer traceScratch.Put(scratch)
	buf := *scratch
	defer func() { *scratch = buf[:0] }()
	ms := make([]engine.Move, 1)
	legal := s.Legal(p, nil)
	out = slices.Grow(out, len(legal))
	for _, m := range legal {
		ms[0] = m
		var mv MoveView
		mv, buf = traceMove(s, c, p, ms, buf[:0])
		out = append(out, mv)
	}
	return out
}

var traceScratch = sync.Pool{New: func() any { return new([]engine.Event) }}

// traceMove reads the places of player p's move ms[0] off its trace,
// which it appends to buf and returns; c is scratch.
func traceMove(s, c engine.State, p int, ms []engine.Move, buf []engine.Event) (MoveView, []engine.Event) {
	c.CopyFrom(s)
	events := c.(engine.Tracer).ApplyTraced(ms, buf)
	mv := MoveView{Player: p, Move: s.MoveText(p, ms[0]), From: -1, To: -1}
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
	return mv, events
}
