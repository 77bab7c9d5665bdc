package ai

import (
	"context"

	"tabula/engine"
)

// ChooseContext is a.Choose(s, player) that stops early when ctx is done:
// MCTS and alpha-beta then return the best move found so far (always a
// legal move: MCTS runs at least one iteration, alpha-beta keeps the
// first root move until an iteration completes). Other agents do little
// work and ignore ctx.
func ChooseContext(ctx context.Context, a Agent, s engine.State, player int) engine.Move {
	done := ctx.Done()
	if done == nil {
		return a.Choose(s, player)
	}
	switch x := a.(type) {
	case withEndgame:
		// The table answers at once; the search it wraps heeds ctx.
		if m, ok := x.known(s, player); ok {
			return m
		}
		return ChooseContext(ctx, x.Agent, s, player)
	case *MCTS:
		x.setDone(done)
		defer x.setDone(nil)
	case *AlphaBeta:
		x.done = done
		defer func() { x.done = nil }()
	}
	return a.Choose(s, player)
}

// setDone makes every tree's search stop when done is closed.
func (m *MCTS) setDone(done <-chan struct{}) {
	for _, t := range m.trees {
		t.done = done
	}
}

// closed reports whether done is closed (false for nil).
func closed(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}
