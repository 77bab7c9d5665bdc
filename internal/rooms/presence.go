package rooms

import (
	"context"
	"slices"
	"sync"
	"time"
)

// SharedPresence is what a store that several processes share offers to
// share presence too (store.Postgres): each process writes the seats its own connections play
// in each room it has in memory, and reads the others'. With it, a seat is
// online when a connection on any process plays it; without it, presence
// is this process's own.
type SharedPresence interface {
	// SetPresence replaces holder's seats of each room of seats (an
	// empty list: none), alive for ttl, and notifies the other processes.
	SetPresence(ctx context.Context, holder string, seats map[string][]int, ttl time.Duration) error
	// RefreshPresence keeps holder's seats alive for ttl from now.
	RefreshPresence(ctx context.Context, holder string, ttl time.Duration) error
	// Presence returns the seats of each of the rooms that holders other
	// than except play (rooms without any left out).
	Presence(ctx context.Context, ids []string, except string) (map[string][]int, error)
	// DropPresence deletes holder's seats of every room.
	DropPresence(ctx context.Context, holder string) error
}

// presenceTTL is how long a process's presence lasts without a refresh
// before RunShared sets it from the poll interval.
const presenceTTL = 10 * time.Second

// presence is the shared mode's side of shared presence. Changes are
// published by one goroutine at a time (RunShared's, or the poll), which
// reads each room's seats when it writes them, so that the rows follow
// the latest state however many changes came in between.
type presence struct {
	run     sync.Mutex // one publisher at a time
	stopped bool       // under run: the rows were dropped at shutdown

	mu    sync.Mutex
	dirty map[string]bool // rooms whose local seats differ from what was published
	stale map[string]bool // rooms in which another process changed its seats
	ttl   time.Duration
	wake  chan struct{}
}

func newPresence() *presence {
	return &presence{dirty: map[string]bool{}, stale: map[string]bool{}, ttl: presenceTTL, wake: make(chan struct{}, 1)}
}

// mark adds room to set and wakes the publisher.
func (p *presence) mark(set map[string]bool, room string) {
	p.requeue(set, room)
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// requeue adds room to set without waking the publisher: for what
// failed, which the next poll tries again.
func (p *presence) requeue(set map[string]bool, room string) {
	p.mu.Lock()
	set[room] = true
	p.mu.Unlock()
}

// setTTL sets how long published seats live without a refresh.
func (p *presence) setTTL(ttl time.Duration) {
	p.mu.Lock()
	p.ttl = ttl
	p.mu.Unlock()
}

// lifetime is how long published seats live without a refresh.
func (p *presence) lifetime() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ttl
}

// take empties set and returns its rooms.
func (p *presence) take(set map[string]bool) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	ids := make([]string, 0, len(set))
	for id := range set {
		ids = append(ids, id)
	}
	clear(set)
	return ids
}

// seatList lists the seats that are on.
func seatList(on []bool) []int {
	var out []int
	for i, o := range on {
		if o {
			out = append(out, i)
		}
	}
	return out
}

// seatsChanged queues the room's local seats for publication when they
// differ from what was last published. The caller holds r.mu.
func (s *shared) seatsChanged(r *Room) {
	if !slices.Equal(seatList(r.local()), r.published) {
		s.pres.mark(s.pres.dirty, r.ID)
	}
}

// setRemote takes the seats that other processes' connections play and,
// if that changes who is online, notes the absences and tells the
// viewers.
func (r *Room) setRemote(seats []int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	remote := make([]bool, len(r.seats))
	for _, s := range seats {
		if s >= 0 && s < len(remote) {
			remote[s] = true
		}
	}
	before := r.online()
	r.remote = remote
	after := r.online()
	if slices.Equal(before, after) {
		return
	}
	now := r.m.cfg.Now()
	for i := range after {
		switch {
		case after[i] && !before[i]:
			delete(r.away, i)
		case before[i] && !after[i]:
			r.away[i] = now
		}
	}
	r.sendPresence()
}

// PresenceChanged tells the manager that holder (another process)
// changed its seats of room: a room in memory reads the presence again.
func (m *Manager) PresenceChanged(room, holder string) { m.mode.presenceChanged(room, holder) }

func (s *shared) presenceChanged(room, holder string) {
	if holder != s.m.cfg.Holder && s.m.loaded(room) != nil {
		s.pres.mark(s.pres.stale, room)
	}
}

// roomLoaded has the others' seats of a room just loaded read soon.
func (s *shared) roomLoaded(id string) { s.pres.mark(s.pres.stale, id) }

// loaded returns the room id in memory, or nil.
func (m *Manager) loaded(id string) *Room {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.rooms[id]
}

// flushPresence publishes the rooms whose local seats changed and reads
// those in which others' changed. A failed write only logs (presence is
// advisory) and is tried again later.
func (s *shared) flushPresence(ctx context.Context) {
	m, p := s.m, s.pres
	p.run.Lock()
	defer p.run.Unlock()
	if p.stopped {
		return
	}
	s.publishPresence(ctx)
	if ids := p.take(p.stale); len(ids) > 0 {
		if err := s.readPresence(ctx, ids); err != nil && ctx.Err() == nil {
			m.cfg.Log.Warn("reading presence", "err", err)
		}
	}
}

// publishPresence writes the local seats of the dirty rooms, in batches;
// a room no longer in memory has none. The caller holds p.run.
func (s *shared) publishPresence(ctx context.Context) {
	m, p := s.m, s.pres
	ids := p.take(p.dirty)
	ttl := p.lifetime()
	for len(ids) > 0 {
		batch := ids[:min(pollBatch, len(ids))]
		seats := make(map[string][]int, len(batch))
		for _, id := range batch {
			seats[id] = nil
			if r := m.loaded(id); r != nil {
				r.mu.Lock()
				if !r.closed {
					r.published = seatList(r.local())
					seats[id] = r.published
				}
				r.mu.Unlock()
			}
		}
		if err := s.store.SetPresence(ctx, m.cfg.Holder, seats, ttl); err != nil {
			for _, id := range ids {
				p.requeue(p.dirty, id)
			}
			if ctx.Err() == nil {
				m.cfg.Log.Warn("publishing presence", "rooms", len(batch), "err", err)
			}
			return
		}
		ids = ids[len(batch):]
	}
}

// readPresence reads the others' seats of the rooms ids, in batches, and
// applies them to the rooms in memory.
func (s *shared) readPresence(ctx context.Context, ids []string) error {
	m := s.m
	for len(ids) > 0 {
		batch := ids[:min(pollBatch, len(ids))]
		ids = ids[len(batch):]
		got, err := s.store.Presence(ctx, batch, m.cfg.Holder)
		if err != nil {
			return err
		}
		for _, id := range batch {
			if r := m.loaded(id); r != nil {
				r.setRemote(got[id])
			}
		}
	}
	return nil
}

// pollPresence is the poll's part for presence: it publishes whatever
// changed without being noticed, keeps this process's rows alive, and
// reads the others' seats of every room in memory (which is how the
// seats of a process that died without cleaning up go away).
func (s *shared) pollPresence(ctx context.Context) {
	m, p := s.m, s.pres
	m.mu.Lock()
	rooms := make([]*Room, 0, len(m.rooms))
	for _, r := range m.rooms {
		rooms = append(rooms, r)
	}
	m.mu.Unlock()
	ids := make([]string, 0, len(rooms))
	for _, r := range rooms {
		r.mu.Lock()
		s.seatsChanged(r)
		r.mu.Unlock()
		ids = append(ids, r.ID)
	}
	p.run.Lock()
	defer p.run.Unlock()
	if p.stopped {
		return
	}
	s.publishPresence(ctx)
	if err := s.store.RefreshPresence(ctx, m.cfg.Holder, p.lifetime()); err != nil && ctx.Err() == nil {
		m.cfg.Log.Warn("refreshing presence", "err", err)
	}
	if err := s.readPresence(ctx, ids); err != nil && ctx.Err() == nil {
		m.cfg.Log.Warn("reading presence", "err", err)
	}
}

// runPresence publishes and reads presence as changes are noted, until
// ctx is done.
func (s *shared) runPresence(ctx context.Context) {
	p := s.pres
	for { // a change noted before the loop ran left its wake-up in p.wake
		select {
		case <-ctx.Done():
			return
		case <-p.wake:
		}
		s.flushPresence(ctx)
	}
}

// dropPresence deletes this process's rows when it stops, so that the
// others see its seats go at once, and publishes nothing after.
func (s *shared) dropPresence(ctx context.Context) {
	p := s.pres
	p.run.Lock()
	defer p.run.Unlock()
	p.stopped = true
	if err := s.store.DropPresence(ctx, s.m.cfg.Holder); err != nil {
		s.m.cfg.Log.Warn("dropping presence", "err", err)
	}
}
