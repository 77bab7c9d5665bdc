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
//
// A search also calls the function WithYield put in ctx between steps of
// its work (every MCTS iteration, every 1,024 alpha-beta nodes), so that
// a scheduler may lend its processor to others for a while; the time it
// waits there counts against its time budget.
func ChooseContext(ctx context.Context, a Agent, s engine.State, player int) engine.Move {
	done, yield := ctx.Done(), yieldOf(ctx)
	if done == nil && yield == nil {
		return a.Choose(s, player)
	}
	switch x := a.(type) {
	case withEndgame:
		// The table answers at once; the search it wraps heeds ctx. A
		// table still to be built is not built here, where the search
		// shares the processors by slices (yield): this move is searched,
		// and the table is built off the slices for the moves after.
		known := x.known
		if b, ok := x.table.(engine.EndgameBuilt); ok && yield != nil {
			known = func(s engine.State, player int) (engine.Move, bool) {
				if player == engine.ChancePlayer {
					return 0, false
				}
				return b.BestMoveBuilt(s)
			}
		}
		if m, ok := known(s, player); ok {
			return m
		}
		return ChooseContext(ctx, x.Agent, s, player)
	case *MCTS:
		x.setDone(done, yield)
		defer x.setDone(nil, nil)
	case *AlphaBeta:
		x.done, x.yield = done, yield
		defer func() { x.done, x.yield = nil, nil }()
	}
	return a.Choose(s, player)
}

// setDone makes every tree's search stop when done is closed and call
// yield between iterations.
func (m *MCTS) setDone(done <-chan struct{}, yield func()) {
	for _, t := range m.trees {
		t.done, t.yield = done, yield
	}
}

type yieldKey struct{}

// WithYield returns ctx carrying yield, which the searches of
// ChooseContext and Analyze call between steps of their work. A
// scheduler (the server's internal/compute) passes one that may block
// while other work has the processor.
func WithYield(ctx context.Context, yield func()) context.Context {
	return context.WithValue(ctx, yieldKey{}, yield)
}

// Yield calls the function WithYield put in ctx, if any: long work other
// than a search calls it between its steps.
func Yield(ctx context.Context) {
	if y := yieldOf(ctx); y != nil {
		y()
	}
}

func yieldOf(ctx context.Context) func() {
	y, _ := ctx.Value(yieldKey{}).(func())
	return y
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
