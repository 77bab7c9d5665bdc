package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// Memory keeps rooms in memory: the store of the engine in the browser
// (cmd/tabula-wasm), which has no database. Changed, if set, is told the
// room of each change once it is made, so that its owner can keep the
// room elsewhere (the browser's IndexedDB) and bring it back with Restore.
// It sorts with sort.Slice, not slices.SortFunc: the browser's engine then
// has one sort for every type, where each type's slices.SortFunc weighed
// 20 kB.
type Memory struct {
	mu       sync.Mutex
	rooms    map[string]*Snapshot
	finished map[string]Game
	chat     map[string][]ChatLine
	classes  map[string]Class
	lobby    memLobby // under mu

	Changed func(room string)
}

// NewMemory returns an empty store.
func NewMemory() *Memory {
	return &Memory{rooms: map[string]*Snapshot{}, finished: map[string]Game{}}
}

func (m *Memory) changed(room string) {
	if m.Changed != nil {
		m.Changed(room)
	}
}

// CreateRoom stores a new room with its seats.
func (m *Memory) CreateRoom(ctx context.Context, r Room, seats []Seat) error {
	m.mu.Lock()
	if _, ok := m.rooms[r.ID]; ok {
		m.mu.Unlock()
		return fmt.Errorf("store: create room %s: it exists", r.ID)
	}
	sn := &Snapshot{Room: r}
	putSeats(sn, seats)
	m.rooms[r.ID] = sn
	m.mu.Unlock()
	m.changed(r.ID)
	return nil
}

// putSeats replaces the seats of sn with their indexes.
func putSeats(sn *Snapshot, seats []Seat) {
	for _, st := range seats {
		i := slices.IndexFunc(sn.Seats, func(x Seat) bool { return x.Index == st.Index })
		if i < 0 {
			sn.Seats = append(sn.Seats, st)
		} else {
			sn.Seats[i] = st
		}
	}
	sort.Slice(sn.Seats, func(i, j int) bool { return sn.Seats[i].Index < sn.Seats[j].Index }) // (sort: see Memory)
}

// Apply makes one change of a room, or none.
func (m *Memory) Apply(ctx context.Context, st Step) error {
	for i, e := range st.Events {
		if e.Version != st.From+i+1 {
			return fmt.Errorf("store: event %d of a step from %d has version %d", i, st.From, e.Version)
		}
	}
	m.mu.Lock()
	sn, ok := m.rooms[st.Room]
	if !ok {
		m.mu.Unlock()
		return ErrNotFound
	}
	if sn.Room.Version != st.From {
		m.mu.Unlock()
		return fmt.Errorf("%w: room %s is at version %d, not %d", ErrConflict, st.Room, sn.Room.Version, st.From)
	}
	// A seat commits once a turn (the primary key of SQLite's commits).
	for i, c := range st.Commits {
		kept := sn.Commits
		if st.ClearCommits {
			kept = nil
		}
		if slices.ContainsFunc(st.Commits[:i], func(x Commit) bool { return x.Seat == c.Seat }) ||
			slices.ContainsFunc(kept, func(x Commit) bool { return x.Seat == c.Seat }) {
			m.mu.Unlock()
			return fmt.Errorf("store: commitment of seat %d in %s: it exists", c.Seat, st.Room)
		}
	}
	r := &sn.Room
	r.Version += len(st.Events)
	r.Updated = time.Now()
	if st.Status != "" {
		r.Status = st.Status
	}
	if st.Result != "" {
		r.Result = st.Result
	}
	sn.Events = append(sn.Events, st.Events...)
	putSeats(sn, st.Seats)
	if st.ClearCommits {
		sn.Commits = nil
	}
	sn.Commits = append(sn.Commits, st.Commits...)
	sort.Slice(sn.Commits, func(i, j int) bool { return sn.Commits[i].Seat < sn.Commits[j].Seat })
	if st.Archive != nil {
		m.finished[st.Archive.Room] = *st.Archive
	}
	m.mu.Unlock()
	if st.Durable != nil {
		st.Durable()
	}
	m.changed(st.Room)
	return nil
}

// LoadRoom returns a copy of everything stored about a room.
func (m *Memory) LoadRoom(ctx context.Context, id string) (Snapshot, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sn, ok := m.rooms[id]
	if !ok {
		return Snapshot{}, ErrNotFound
	}
	return Snapshot{Room: sn.Room, Seats: slices.Clone(sn.Seats), Events: slices.Clone(sn.Events), Commits: slices.Clone(sn.Commits)}, nil
}

// Kept is what Export writes of one id: its room, its finished game and
// its class, each if there is one.
type Kept struct {
	Room     *Snapshot `json:"room,omitempty"`
	Finished *Game     `json:"finished,omitempty"`
	Class    *Class    `json:"class,omitempty"`
}

// Export is id's room and finished game, for keeping elsewhere (see
// Changed); Import brings them back.
func (m *Memory) Export(id string) Kept {
	m.mu.Lock()
	defer m.mu.Unlock()
	var k Kept
	if sn, ok := m.rooms[id]; ok {
		c := Snapshot{Room: sn.Room, Seats: slices.Clone(sn.Seats), Events: slices.Clone(sn.Events), Commits: slices.Clone(sn.Commits)}
		k.Room = &c
	}
	if g, ok := m.finished[id]; ok {
		k.Finished = &g
	}
	if c, ok := m.classes[id]; ok {
		k.Class = &c
	}
	return k
}

// Import puts back what Export gave, replacing what the store holds of
// the same id.
func (m *Memory) Import(k Kept) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if k.Room != nil {
		sn := *k.Room
		m.rooms[sn.Room.ID] = &sn
	}
	if k.Finished != nil {
		m.finished[k.Finished.Room] = *k.Finished
	}
	if k.Class != nil {
		if m.classes == nil {
			m.classes = map[string]Class{}
		}
		m.classes[k.Class.ID] = *k.Class
	}
}

// IDs lists the ids of the rooms, finished games and classes held.
func (m *Memory) IDs() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var ids []string
	for id := range m.rooms {
		ids = append(ids, id)
	}
	for id := range m.finished {
		if _, ok := m.rooms[id]; !ok {
			ids = append(ids, id)
		}
	}
	for id := range m.classes {
		if _, ok := m.rooms[id]; !ok {
			if _, ok := m.finished[id]; !ok {
				ids = append(ids, id)
			}
		}
	}
	slices.Sort(ids)
	return ids
}

// CorrespondenceRooms lists the open rooms with a clock per move.
func (m *Memory) CorrespondenceRooms(ctx context.Context) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var ids []string
	for id, sn := range m.rooms {
		if sn.Room.Status == Open && strings.HasPrefix(sn.Room.Clock, "move:") {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// IdleRooms lists the open rooms not changed since before.
func (m *Memory) IdleRooms(ctx context.Context, before time.Time) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var ids []string
	for id, sn := range m.rooms {
		if sn.Room.Status == Open && sn.Room.Updated.Before(before) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// FinishedGames lists finished games, newest first.
func (m *Memory) FinishedGames(ctx context.Context, f Filter) ([]Game, error) {
	if f.Limit <= 0 || f.Limit > 1000 {
		f.Limit = 100
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Game
	for _, g := range m.finished {
		if f.Game != "" && g.Game != f.Game || !f.resultMatches(g.Result) ||
			!f.Since.IsZero() && g.Finished.Before(f.Since) || !f.Until.IsZero() && !g.Finished.Before(f.Until) {
			continue
		}
		if f.Player != "" && !slices.ContainsFunc(g.Players, func(p string) bool {
			return strings.Contains(strings.ToLower(p), strings.ToLower(f.Player))
		}) {
			continue
		}
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		return cmp.Or(out[j].Finished.Compare(out[i].Finished), strings.Compare(out[i].Room, out[j].Room)) < 0
	})
	if len(out) > f.Limit {
		out = out[:f.Limit]
	}
	return out, nil
}

// FinishedGame returns one finished game by its room.
func (m *Memory) FinishedGame(ctx context.Context, room string) (Game, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, ok := m.finished[room]
	if !ok {
		return Game{}, ErrNotFound
	}
	return g, nil
}

// AddFinished archives a game played elsewhere; an id already archived is
// an error.
func (m *Memory) AddFinished(ctx context.Context, g Game) error {
	m.mu.Lock()
	if _, ok := m.finished[g.Room]; ok {
		m.mu.Unlock()
		return fmt.Errorf("store: archive %s: it exists", g.Room)
	}
	m.finished[g.Room] = g
	m.mu.Unlock()
	m.changed(g.Room)
	return nil
}
