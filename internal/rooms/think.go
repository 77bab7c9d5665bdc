package rooms

import (
	"context"
	"sync/atomic"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/compute"
	"tabula/internal/wire"
)

// askedBy notes the address of the person acting through ctx: the
// computer's next search is charged to it (its fair share of the pool).
// The caller holds r.mu.
func (r *Room) askedBy(ctx context.Context) {
	if a := compute.AddrOf(ctx); a != "" {
		r.asker = a
	}
}

// job is the pool's job for a search of spec in this room. A room nobody
// has acted in since it was loaded is an address of its own.
func (r *Room) job(spec string) compute.Job {
	j := compute.Job{Addr: r.asker, Room: r.ID, Cost: ai.SpecTime(spec)}
	if j.Addr == "" {
		j.Addr = "room " + r.ID
	}
	return j
}

// think starts the search of the computer seat who; the caller holds
// r.mu. The seat's level is played only if its fair part of the
// processors, under the present load, gives it more time than the level
// below would have alone; else the level below plays this move (its
// answer as good and sooner), and the room is told.
func (r *Room) think(who int) {
	spec := r.seats[who].Agent
	played, j := spec, r.job(spec)
	for {
		lower, ok := ai.Lower(played)
		if !ok || r.m.cfg.Think.Fits(j, ai.SpecTime(lower)) {
			break
		}
		played, j = lower, r.job(lower)
	}
	seed := agentSeed(r.secret, who, r.version)
	ag, err := r.m.cfg.Agents(r.game, r.opts, played, seed)
	if err != nil {
		r.m.cfg.Log.Error("agent", "room", r.ID, "seat", who, "err", err)
		return
	}
	if played != spec {
		r.m.cfg.Log.Info("computer level lowered", "room", r.ID, "seat", who, "agent", spec, "played", played)
		r.sendAll(wire.NoteLevelLowered(who, spec, played))
	}
	ctx, cancel := context.WithTimeout(r.m.ctx, r.m.cfg.MoveDeadline)
	r.thinking = cancel
	r.thinkGen++
	gen := r.thinkGen
	s, version := r.state.Clone(), r.version
	var lost atomic.Bool
	r.m.mode.holdLease(ctx, r, version, func() { lost.Store(true); cancel() })
	go func() {
		defer cancel()
		var move engine.Move
		err := r.m.cfg.Think.Do(ctx, j, func(ctx context.Context) {
			move = ai.ChooseContext(ctx, ag, s, who)
		})
		ai.Release(ag) // its tables to the next search, cleared here, off the pool
		if err != nil && r.m.ctx.Err() == nil {
			// No worker in time: the search never started. A cheap
			// level's move keeps the game going.
			r.m.cfg.Log.Warn("computer move without a search", "room", r.ID, "seat", who, "err", err)
			move = r.cheapMove(s, who, played, seed)
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		if gen != r.thinkGen {
			return // dropped by an undo; a newer move may be thinking
		}
		r.thinking = nil
		if r.closed || r.m.ctx.Err() != nil || lost.Load() {
			return // a process that took the lease over stores the move
		}
		if _, err := r.move(r.m.ctx, who, version, s.MoveText(who, move), nil); err != nil {
			// Only the code: a refusal's message may name the move, which
			// may be a hidden choice.
			r.m.cfg.Log.Warn("computer move refused", "room", r.ID, "seat", who, "code", refusalCode(err))
		} else {
			r.m.cfg.Metrics.Moved(false, 0)
		}
		r.afterChange()
	}()
}

// cheapMove is the move of spec's lowest level in s, searched off the
// pool for at most that level's time, once one of the manager's cheap
// slots is free: for a search that never got a worker. An agent that
// cannot be made plays the first legal move.
func (r *Room) cheapMove(s engine.State, who int, spec string, seed uint64) engine.Move {
	for {
		lower, ok := ai.Lower(spec)
		if !ok {
			break
		}
		spec = lower
	}
	ag, err := r.m.cfg.Agents(r.game, r.opts, spec, seed)
	if err != nil {
		return s.Legal(who, nil)[0]
	}
	select {
	case r.m.cheap <- struct{}{}:
		defer func() { <-r.m.cheap }()
	case <-r.m.ctx.Done():
		return s.Legal(who, nil)[0] // closing: the move is not stored
	}
	ctx, cancel := context.WithTimeout(r.m.ctx, max(ai.LevelTime["easy"], time.Millisecond))
	defer cancel()
	defer ai.Release(ag)
	return ai.ChooseContext(ctx, ag, s, who)
}

// sendAll sends msg to every viewer; the caller holds r.mu.
func (r *Room) sendAll(msg []byte) {
	for sub := range r.subs {
		if !sub.send(msg) {
			r.drop(sub, wire.CloseSlow, "too slow to follow the room")
		}
	}
}
