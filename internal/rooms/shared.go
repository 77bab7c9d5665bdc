package rooms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/view"
)

// Shared is a Store that several server processes use at once
// (store.Postgres). Each process keeps the rooms it serves in memory and
// catches up with the steps the others store; computer moves are leased
// so that exactly one process computes each, and each process publishes
// the seats its connections play.
type Shared interface {
	Store
	SharedPresence
	// LoadSince is LoadRoom with only the events after version after.
	LoadSince(ctx context.Context, id string, after int) (store.Snapshot, error)
	// Versions returns the stored version of each of the rooms.
	Versions(ctx context.Context, ids []string) (map[string]int, error)
	// Claim takes the lease on the computer move of room at version for
	// holder; false if another holder's lease has not run out.
	Claim(ctx context.Context, room string, version int, holder string, ttl time.Duration) (bool, error)
	// TakeExpired takes over up to n leases that ran out while their room
	// stayed at the lease's version, and returns those rooms.
	TakeExpired(ctx context.Context, holder string, ttl time.Duration, n int) ([]string, error)
	// Release ends every lease of holder.
	Release(ctx context.Context, holder string) error
}

// shared is the mode of a process that shares its rooms with others on
// one Shared store.
type shared struct {
	m     *Manager
	store Shared
	pres  *presence
}

func newShared(m *Manager, s Shared) *shared {
	return &shared{m: m, store: s, pres: newPresence()}
}

// claim holds while this process holds the lease on the computer move.
func (s *shared) claim(r *Room) bool {
	got, err := s.store.Claim(r.m.ctx, r.ID, r.version, r.m.cfg.Holder, r.m.cfg.Lease)
	if err != nil {
		r.m.cfg.Log.Warn("lease of a computer move", "room", r.ID, "version", r.version, "err", err)
	}
	if got {
		r.m.cfg.Log.Info("computer move leased", "room", r.ID, "version", r.version, "holder", r.m.cfg.Holder)
	}
	return got
}

// catchUp brings the room in memory up to what is stored: the events
// other processes appended are applied and sent to this process's
// viewers in order, and seats, hidden commitments and status are taken as
// stored. The caller holds r.mu.
func (r *Room) catchUp(ctx context.Context) error {
	sn, err := r.m.mode.since(ctx, r.ID, r.version)
	if err != nil {
		return err
	}
	if sn.Room.Version != r.version+len(sn.Events) {
		return fmt.Errorf("rooms: room %s is stored at version %d with %d new events, %d in memory", r.ID, sn.Room.Version, len(sn.Events), r.version)
	}
	clear(r.commits)
	for _, c := range sn.Commits {
		r.commits[c.Seat] = c.Move
	}
	if err := r.takeStored(sn.Events); err != nil {
		return err
	}
	for _, st := range sn.Seats {
		if st.Index < 0 || st.Index >= len(r.seats) {
			continue
		}
		old := r.seats[st.Index]
		if old.Kind != st.Kind || !bytes.Equal(old.TokenHash, st.TokenHash) {
			r.closeSeat(st.Index, "the seat changed hands")
		}
		r.seats[st.Index] = seat{Seat: st}
	}
	res, err := view.ParseResult(sn.Room.Result)
	if err != nil {
		return fmt.Errorf("rooms: room %s: %w", r.ID, err)
	}
	r.status, r.result = sn.Room.Status, res
	r.caughtUp(len(sn.Events))
	return nil
}

// takeStored applies events that another process stored after the
// room's version and sends them to this process's viewers. The caller
// holds r.mu.
func (r *Room) takeStored(events []store.Event) error {
	for _, se := range events {
		var e wire.Event
		if err := json.Unmarshal(se.Body, &e); err != nil {
			return fmt.Errorf("rooms: room %s, event %d: %w", r.ID, se.Version, err)
		}
		if e.Version != r.version+1 {
			return fmt.Errorf("rooms: room %s: event %d stored at %d", r.ID, e.Version, r.version+1)
		}
		if err := r.replay(e); err != nil {
			return err
		}
		r.version = e.Version
		r.publish(r.state, e)
	}
	return nil
}

// caughtUp notes that the room took n events from the store. The caller
// holds r.mu.
func (r *Room) caughtUp(n int) {
	r.used = time.Now()
	if n > 0 && r.clock.On() {
		// The clocks go on from the times of the last event, from now.
		r.since = r.m.cfg.Now()
		r.armFlag()
	}
}

// Changed tells the manager that another process (or this one) stored
// version of a room: a room in memory that is behind catches up and, if
// a computer seat is due, bids for its lease. Rooms not in memory are
// loaded when they are asked for.
func (m *Manager) Changed(ctx context.Context, id string, version int) {
	m.follow(ctx, id, version, func(r *Room) error { return r.catchUp(ctx) })
}

// Stepped tells the manager that another process stored a step of a
// room that only appended events, from version from: a room in memory at
// from takes them as they are, without reading the store; one that is
// elsewhere behind catches up.
func (m *Manager) Stepped(ctx context.Context, id string, from int, events []store.Event) {
	m.follow(ctx, id, from+len(events), func(r *Room) error {
		if r.version != from {
			return r.catchUp(ctx)
		}
		if err := r.takeStored(events); err != nil {
			return err
		}
		r.caughtUp(len(events))
		return nil
	})
}

// follow brings the room id, if in memory and behind version, up to it
// with take, which is called with r.mu held; a room that cannot is
// dropped from memory and its viewers told to reconnect.
func (m *Manager) follow(ctx context.Context, id string, version int, take func(r *Room) error) {
	r := m.loaded(id)
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed || version <= r.version {
		return
	}
	if err := take(r); err != nil {
		if ctx.Err() != nil {
			return // stopping: the room closes with the others
		}
		r.m.cfg.Log.Warn("catching up", "room", r.ID, "err", err)
		m.forget(r)
		r.shut(wire.CloseRoomGone, "the room could not be loaded; reconnect")
		return
	}
	r.afterChange()
}

// pollBatch bounds the rooms asked about in one query.
const pollBatch = 500

func (s *shared) since(ctx context.Context, id string, version int) (store.Snapshot, error) {
	return s.store.LoadSince(ctx, id, version)
}

// Poll catches up every room in memory that is behind the store, and
// publishes, refreshes and reads presence: the fallback for
// notifications missed while the listener was away, and what expires
// the presence of processes that died.
func (m *Manager) Poll(ctx context.Context) error { return m.mode.poll(ctx) }

func (s *shared) poll(ctx context.Context) error {
	err := s.pollVersions(ctx)
	s.pollPresence(ctx)
	return err
}

func (s *shared) pollVersions(ctx context.Context) error {
	m := s.m
	m.mu.Lock()
	ids := make([]string, 0, len(m.rooms))
	for id := range m.rooms {
		ids = append(ids, id)
	}
	m.mu.Unlock()
	for len(ids) > 0 {
		batch := ids[:min(pollBatch, len(ids))]
		ids = ids[len(batch):]
		vs, err := s.store.Versions(ctx, batch)
		if err != nil {
			return err
		}
		for id, v := range vs {
			m.Changed(ctx, id, v)
		}
	}
	return nil
}

// TakeOver computes the computer moves whose leases ran out in other
// processes (which died or stalled): it takes the leases and loads or
// catches up each room, which then starts the move.
func (m *Manager) TakeOver(ctx context.Context) error { return m.mode.takeOver(ctx) }

func (s *shared) takeOver(ctx context.Context) error {
	m := s.m
	ids, err := s.store.TakeExpired(ctx, m.cfg.Holder, m.cfg.Lease, 20)
	if err != nil {
		return err
	}
	m.cfg.Metrics.TookOver(len(ids))
	for _, id := range ids {
		m.cfg.Log.Info("taking over a computer move", "room", id)
		r, err := m.Room(ctx, id) // a room loaded now starts the move itself
		if err != nil {
			m.cfg.Log.Warn("taking over", "room", id, "err", err)
			continue
		}
		r.mu.Lock()
		if err := r.catchUp(ctx); err == nil {
			r.afterChange()
		}
		r.mu.Unlock()
	}
	return nil
}

// RunShared polls and takes over expired leases every interval, and
// publishes presence as it changes, until ctx is done; it then releases
// this process's leases and drops its presence, so that the others take
// its computer moves over, and see its seats go, at once rather than when
// they run out. A Manager on a store of its own returns at once.
func (m *Manager) RunShared(ctx context.Context, every time.Duration) { m.mode.follow(ctx, every) }

func (s *shared) follow(ctx context.Context, every time.Duration) {
	m := s.m
	var wg sync.WaitGroup
	// Presence lives for a few polls without a refresh (at least a few
	// seconds, so that one slow poll does not make a seat flicker).
	s.pres.setTTL(max(3*every, 5*time.Second))
	wg.Go(func() { s.runPresence(ctx) })
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			wg.Wait()
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
			defer cancel()
			if err := s.store.Release(rctx, m.cfg.Holder); err != nil {
				m.cfg.Log.Warn("releasing leases", "err", err)
			}
			s.dropPresence(rctx)
			return
		case <-t.C:
		}
		if err := s.poll(ctx); err != nil && ctx.Err() == nil {
			m.cfg.Log.Warn("polling room versions", "err", err)
		}
		if err := s.takeOver(ctx); err != nil && ctx.Err() == nil {
			m.cfg.Log.Warn("taking over computer moves", "err", err)
		}
	}
}
