package rooms

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"tabula/internal/wire"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/compute"
	"tabula/internal/metrics"
	"tabula/internal/policy"
	"tabula/internal/store"
	"tabula/view"
)

// AgentFunc makes the computer player of a seat from its spec.
type AgentFunc func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error)

// Config sets up a Manager.
type Config struct {
	Store Store
	// Agents makes computer players; Offered lists the specs allowed for
	// a game under its options (only those are accepted for a seat).
	Agents  AgentFunc
	Offered func(g engine.Game, opts engine.Options) []string
	// Think runs the computer searches with a bounded number at once, in
	// fair turns (default: a compute.Pool of one worker per core).
	Think Thinker
	// MoveDeadline bounds one computer move (default 20s).
	MoveDeadline time.Duration
	// IdleAfter expires open rooms unchanged for that long (default 7 days).
	IdleAfter time.Duration
	Log       Logger
	// Now is the time of the game clocks and of absences (default
	// time.Now; tests set their own).
	Now func() time.Time
	// AwayGrace is how long a person must be away before the others may
	// give the seat to the computer (default 2 minutes).
	AwayGrace time.Duration
	// Holder names this process in the leases of computer moves, when
	// Store is Shared by several processes (default: a random name).
	Holder string
	// Lease is how long a computer move's lease runs without a renewal
	// before another process may take it over (default DefaultLease); the
	// holder renews it every third of that while it searches.
	Lease time.Duration
	// renewals, if set, ticks the lease renewals instead of a ticker
	// (tests).
	renewals <-chan time.Time
	// cheapSlots bounds the cheap moves searched at once off the pool
	// (default GOMAXPROCS; tests set their own).
	cheapSlots int
	// Secrets is the source of each new room's chance secret, which
	// seeds its throws and its computer players (default crypto/rand).
	// Tests that need the same throws on every run set a seeded source;
	// nothing a client sends reaches it.
	Secrets io.Reader
	// Ended, if set, is called in a goroutine of its own when this
	// process has stored the end of a room's game (the lobby rates it).
	Ended func(room string)
	// IDPrefix begins the id of every room created here: the engine in
	// the browser's "b." (no server id has a dot), by which its pages
	// tell the rooms they play themselves from a server's.
	IDPrefix string
	// ComputersOnly lets a room seat the computer in every seat, a game
	// it plays against itself to be watched: only the engine in the
	// browser, whose processor is the watcher's own (a kiosk's attract
	// screen); a server refuses such a room.
	ComputersOnly bool
	// Metrics are the counters this manager's rooms add to (default: new
	// ones; the server exports them, see Manager.Metrics).
	Metrics *metrics.Events
}

// Thinker runs the computer players' searches: compute.Pool.
type Thinker interface {
	// Do runs f for j when a worker is free (compute.Pool.Do).
	Do(ctx context.Context, j compute.Job, f func(ctx context.Context)) error
	// Fits reports whether j, asked now, would get at least d of
	// processor time within its cost (compute.Pool.Fits).
	Fits(j compute.Job, d time.Duration) bool
}

// Manager holds the rooms in memory and loads the others from the store
// when they are asked for.
type Manager struct {
	cfg    Config
	ctx    context.Context // done when the manager closes
	cancel context.CancelFunc

	mu     sync.Mutex
	rooms  map[string]*Room
	closed bool

	secretMu sync.Mutex // cfg.Secrets need not be safe for concurrent use

	mode mode // alone, or shared with other processes (chosen once, by NewManager)

	// cheap holds a slot for each cheap move searched off the pool (see
	// cheapMove): one per core, so that a flood of them, when the pool is
	// full, does not take every core either.
	cheap chan struct{}
}

// NewManager returns a manager for cfg.
func NewManager(cfg Config) *Manager {
	if cfg.Log == nil {
		cfg.Log = defaultLog()
	}
	if cfg.Think == nil {
		cfg.Think = compute.NewPool(compute.Config{})
	}
	if cfg.MoveDeadline == 0 {
		cfg.MoveDeadline = 20 * time.Second
	}
	if cfg.Lease == 0 {
		cfg.Lease = DefaultLease
	}
	if cfg.Holder == "" {
		cfg.Holder = newID()
	}
	if cfg.IdleAfter == 0 {
		cfg.IdleAfter = 7 * 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Secrets == nil {
		cfg.Secrets = rand.Reader
	}
	if cfg.AwayGrace == 0 {
		cfg.AwayGrace = 2 * time.Minute
	}
	if cfg.Metrics == nil {
		cfg.Metrics = metrics.NewEvents()
	}
	ctx, cancel := context.WithCancel(context.Background())
	if cfg.cheapSlots <= 0 {
		cfg.cheapSlots = runtime.GOMAXPROCS(0)
	}
	m := &Manager{cfg: cfg, ctx: ctx, cancel: cancel, rooms: map[string]*Room{}, cheap: make(chan struct{}, cfg.cheapSlots)}
	if sh, ok := cfg.Store.(Shared); ok {
		m.mode = newShared(m, sh)
	} else {
		m.mode = alone{cfg.Store}
	}
	return m
}

// newSecret draws a new room's chance secret from cfg.Secrets.
func (m *Manager) newSecret() ([]byte, error) {
	secret := make([]byte, 32)
	m.secretMu.Lock()
	defer m.secretMu.Unlock()
	if _, err := io.ReadFull(m.cfg.Secrets, secret); err != nil {
		return nil, fmt.Errorf("rooms: drawing a room's secret: %w", err)
	}
	return secret, nil
}

// SeatSpec asks for one seat: a person (with an optional name) or a
// computer player given by its agent spec.
type SeatSpec struct {
	Kind  wire.SeatKind `json:"kind"`
	Name  string        `json:"name,omitempty"`
	Agent string        `json:"agent,omitempty"`
	// The lobby's, never a request's: the identity that holds the seat
	// and its rating, and the hash of the seat's token made beforehand
	// (a seek's, sealed for its seeker when the seek was made: Created
	// then has no token for the seat).
	Player    string `json:"-"`
	Rating    int    `json:"-"`
	TokenHash []byte `json:"-"`
}

// Created is a new room with the tokens of its person seats (empty for
// computer seats). The tokens are given only here.
type Created struct {
	ID     string
	Tokens []string
}

// Create makes a room for game g under the option settings, with seats.
func (m *Manager) Create(ctx context.Context, gameID string, settings []string, seats []SeatSpec, clock Clock) (Created, error) {
	return m.CreateFrom(ctx, gameID, settings, seats, clock, nil)
}

// GameOf is the game of id under the option settings a room would be
// made with, and its first state: what Create refuses for them, refused
// the same way.
func GameOf(id string, settings []string) (engine.Game, engine.Options, engine.State, error) {
	g, err := engine.Lookup(id)
	if err != nil {
		return nil, engine.Options{}, nil, refuseErr(CodeBad, err)
	}
	// Options that could make one move take minutes are refused
	// (policy.ParseOptions).
	opts, err := policy.ParseOptions(g, settings)
	if err != nil {
		return nil, engine.Options{}, nil, refuseErr(CodeBad, err)
	}
	s, err := g.NewState(opts)
	if err != nil {
		return nil, engine.Options{}, nil, refuseErr(CodeBad, err)
	}
	return g, opts, s, nil
}

// CreateFrom is Create for a game that goes on from moves (a record's):
// the room starts with them played. A record of a finished game makes a
// finished room, archived like any.
func (m *Manager) CreateFrom(ctx context.Context, gameID string, settings []string, seats []SeatSpec, clock Clock, moves []string) (Created, error) {
	g, opts, s, err := GameOf(gameID, settings)
	if err != nil {
		return Created{}, err
	}
	first, after, err := startMoves(g, opts, moves)
	if err != nil {
		return Created{}, err
	}
	if len(seats) != s.NumPlayers() {
		return Created{}, refuse(CodeBad, "rooms.seat_count", "count", s.NumPlayers(), "seats", len(seats))
	}
	if err := clock.check(s.NumPlayers()); err != nil {
		return Created{}, err
	}
	var offered []string
	if m.cfg.Offered != nil {
		offered = m.cfg.Offered(g, opts)
	}
	c := Created{ID: m.cfg.IDPrefix + newID(), Tokens: make([]string, len(seats))}
	stored := make([]store.Seat, len(seats))
	persons := 0
	for i, sp := range seats {
		name, err := CleanName(sp.Name)
		if err != nil {
			return Created{}, refuse(CodeBad, "rooms.seat_err", "seat", i, "err", err)
		}
		st := store.Seat{Index: i, Kind: sp.Kind, Name: name, Player: sp.Player, Rating: sp.Rating}
		switch sp.Kind {
		case Person:
			if sp.Agent != "" {
				return Created{}, refuse(CodeBad, "rooms.seat_person_agent", "seat", i)
			}
			if st.TokenHash = sp.TokenHash; st.TokenHash == nil {
				c.Tokens[i] = newToken()
				st.TokenHash = hashToken(c.Tokens[i])
			}
			persons++
		case Computer:
			if !slices.Contains(offered, sp.Agent) {
				return Created{}, refuse(CodeBad, "rooms.seat_agent", "seat", i, "agent", strconv.Quote(sp.Agent), "offered", offered)
			}
			st.Agent = sp.Agent
		default:
			return Created{}, refuse(CodeBad, "rooms.seat_kind", "seat", i, "kind", strconv.Quote(string(sp.Kind)), "person", strconv.Quote(string(Person)), "computer", strconv.Quote(string(Computer)))
		}
		stored[i] = st
	}
	if persons == 0 && !m.cfg.ComputersOnly {
		return Created{}, refuse(CodeBad, "rooms.no_person")
	}
	secret, err := m.newSecret()
	if err != nil {
		return Created{}, err
	}
	now := m.cfg.Now()
	rs := store.Room{ID: c.ID, Game: g.ID(), Options: opts.Settings(), Secret: secret, Status: store.Open, Created: now, Updated: now, Clock: clock.String()}
	if err := m.cfg.Store.CreateRoom(ctx, rs, stored); err != nil {
		return Created{}, err
	}
	if len(moves) == 0 {
		// In memory at once: its players connect next, and would each
		// load it.
		if r, err := m.load(store.Snapshot{Room: rs, Seats: stored}); err == nil {
			m.install(ctx, r)
		}
		return c, nil
	}
	if err := m.cfg.Store.Apply(ctx, m.startStep(g, opts, rs, stored, moves, first, after)); err != nil {
		return Created{}, err
	}
	return c, nil
}

// startStep is the step that plays a new room's first moves.
// evs and s are startMoves's answer for moves.
func (m *Manager) startStep(g engine.Game, opts engine.Options, rs store.Room, seats []store.Seat, moves []string, evs []wire.Event, s engine.State) store.Step {
	st := store.Step{Room: rs.ID, From: 0}
	if o, over := s.Outcome(); over {
		res := view.ResultOf(o)
		st.Status, st.Result = store.Finished, res.Code()
		evs = append(evs, wire.Event{Version: len(evs) + 1, Kind: wire.KindEnd, Result: &res, Secret: hex.EncodeToString(rs.Secret)})
		rec := view.NewRecord(g, opts)
		rec.Moves, rec.Result = moves, &res
		for _, se := range seats {
			rec.Players = append(rec.Players, seat{Seat: se}.label())
		}
		body, _ := json.Marshal(Record{Record: rec, Room: rs.ID, Secret: hex.EncodeToString(rs.Secret)})
		st.Archive = &store.Game{Room: rs.ID, Game: g.ID(), Players: rec.Players, Result: st.Result, Finished: m.cfg.Now(), Record: body}
	}
	for _, e := range evs {
		body, _ := json.Marshal(e)
		st.Events = append(st.Events, store.Event{Version: e.Version, Kind: e.Kind, Body: body})
	}
	return st
}

// Metrics are the counters this manager's rooms add to.
func (m *Manager) Metrics() *metrics.Events { return m.cfg.Metrics }

// InMemory is the number of rooms in memory.
func (m *Manager) InMemory() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.rooms)
}

// Open counts the rooms in memory whose game is not over. It takes each
// room's lock in turn, never with the manager's held.
func (m *Manager) Open() int {
	m.mu.Lock()
	rs := slices.Collect(maps.Values(m.rooms))
	m.mu.Unlock()
	open := 0
	for _, r := range rs {
		r.mu.Lock()
		if r.status == store.Open && !r.closed {
			open++
		}
		r.mu.Unlock()
	}
	return open
}

// ErrNoRoom is returned for an unknown or closed room.
var ErrNoRoom = engine.NewError("rooms.no_room")

// Room returns the room with the given id, loading it from the store if it
// is not in memory.
func (m *Manager) Room(ctx context.Context, id string) (*Room, error) {
	return m.room(ctx, id, true)
}

// Read returns the room with the given id for reading (its view, its
// record): the one in memory, or else the stored one. A room loaded so
// that is over is not kept in memory: nothing more can happen in it but
// a rematch, which the store holds, and a client reading thousands of
// finished games must not hold them all until the next sweep. An open
// room is kept, as Room does (its computer may be due to move).
func (m *Manager) Read(ctx context.Context, id string) (*Room, error) {
	return m.room(ctx, id, false)
}

// room is Room, or Read unless keep.
func (m *Manager) room(ctx context.Context, id string, keep bool) (*Room, error) {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil, ErrNoRoom
	}
	r, ok := m.rooms[id]
	m.mu.Unlock()
	if ok {
		return r, nil
	}
	sn, err := m.cfg.Store.LoadRoom(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNoRoom
	}
	if err != nil {
		return nil, err
	}
	if r, err = m.load(sn); err != nil {
		return nil, err
	}
	if r.talk.lines, err = m.cfg.Store.Chat(ctx, id); err != nil {
		return nil, err
	}
	if !keep && r.status != store.Open {
		return r, nil
	}
	return m.install(ctx, r)
}

// install puts r, just loaded, in memory, unless it is there already
// (loaded at the same time by another request), and starts it.
func (m *Manager) install(ctx context.Context, r *Room) (*Room, error) {
	id := r.ID
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil, ErrNoRoom
	}
	if old, ok := m.rooms[id]; ok { // loaded at the same time by another request
		m.mu.Unlock()
		return old, nil
	}
	m.rooms[id] = r
	m.mu.Unlock()
	m.mode.roomLoaded(id)
	// Locks are taken room first, then manager (a conflict forgets the
	// room while holding it), never the other way round.
	r.mu.Lock()
	r.askedBy(ctx)
	r.armFlag()
	r.afterChange()
	r.mu.Unlock()
	return r, nil
}

// load rebuilds a room from what is stored: its state is the replay of
// its stored turns.
func (m *Manager) load(sn store.Snapshot) (*Room, error) {
	g, err := engine.Lookup(sn.Room.Game)
	if err != nil {
		return nil, fmt.Errorf("rooms: room %s: %w", sn.Room.ID, err)
	}
	opts, err := engine.ParseOptions(g, sn.Room.Options)
	if err != nil {
		return nil, fmt.Errorf("rooms: room %s: %w", sn.Room.ID, err)
	}
	clock, err := parseClock(sn.Room.Clock)
	if err != nil {
		return nil, err
	}
	c, err := newCore(sn.Room.ID, g, opts, sn.Room.Secret, clock, sn.Seats)
	if err != nil {
		return nil, fmt.Errorf("rooms: room %s: %w", sn.Room.ID, err)
	}
	c.status = sn.Room.Status
	if c.status != store.Open {
		c.endedAt = sn.Room.Updated // its last change: the end, or a rematch made just after
	}
	if c.result, err = view.ParseResult(sn.Room.Result); err != nil {
		return nil, fmt.Errorf("rooms: room %s: %w", sn.Room.ID, err)
	}
	r := &Room{m: m, core: c, subs: map[*Sub]struct{}{}, used: time.Now(), away: map[int]time.Time{}}
	for _, st := range sn.Seats {
		if st.Kind == Person {
			r.away[st.Index] = m.cfg.Now()
		}
	}
	for _, se := range sn.Events {
		var e wire.Event
		if err := json.Unmarshal(se.Body, &e); err != nil {
			return nil, fmt.Errorf("rooms: room %s, event %d: %w", r.ID, se.Version, err)
		}
		if e.Version != len(r.events)+1 {
			return nil, fmt.Errorf("rooms: room %s: event %d stored at %d", r.ID, e.Version, len(r.events)+1)
		}
		if err := r.replay(e); err != nil {
			return nil, err
		}
	}
	r.version = len(r.events)
	for _, c := range sn.Commits {
		r.commits[c.Seat] = c.Move
	}
	// The clocks go on from the last stored times (set by replay): the
	// time the server was down is not counted against anyone; but by
	// correspondence the clocks run from the time stored with them (or
	// the room's creation), so that a day is a day across restarts.
	if clock.PerMove == 0 {
		r.since = m.cfg.Now()
	} else if r.since.IsZero() {
		r.since = sn.Room.Created
	}
	return r, nil
}

// forget removes a room from memory (it is loaded again when asked for).
func (m *Manager) forget(r *Room) {
	m.mu.Lock()
	if m.rooms[r.ID] == r {
		delete(m.rooms, r.ID)
	}
	m.mu.Unlock()
}

// shut stops a room's computer and closes its viewers; the caller holds r.mu.
func (r *Room) shut(code int, reason string) {
	r.closed = true
	if r.thinking != nil {
		r.thinking()
		r.thinking = nil
	}
	if r.flagTimer != nil {
		r.flagTimer.Stop()
		r.flagTimer = nil
	}
	for s := range r.subs {
		s.close(code, reason)
	}
	clear(r.subs)
	r.m.mode.seatsChanged(r) // its seats here are gone
}

// Unload takes a room out of memory and closes its connections with 4004,
// so that their clients reconnect (and load it again from the store).
func (m *Manager) Unload(id string) {
	m.mu.Lock()
	r := m.rooms[id]
	m.mu.Unlock()
	if r != nil {
		m.unload(r, "the room was unloaded; reconnect")
	}
}

func (m *Manager) unload(r *Room, reason string) {
	m.forget(r)
	r.mu.Lock()
	r.shut(wire.CloseRoomGone, reason)
	r.mu.Unlock()
}

// Sweep unloads finished rooms nobody watches and rooms unused for an
// hour, and expires open rooms unchanged for IdleAfter. A game by
// correspondence lives as long as its clock allows: its room stays in
// memory (loaded here after a restart), where its flag falls on time.
func (m *Manager) Sweep(ctx context.Context, now time.Time) error {
	m.mu.Lock()
	var idle []*Room
	for _, r := range m.rooms {
		idle = append(idle, r)
	}
	m.mu.Unlock()
	for _, r := range idle {
		r.mu.Lock()
		byPost := r.status == store.Open && r.clock.PerMove > 0
		unload := len(r.subs) == 0 && !byPost && (r.status != store.Open || now.Sub(r.used) > time.Hour)
		r.mu.Unlock()
		if unload {
			m.unload(r, "the room was closed")
		}
	}
	post, err := m.cfg.Store.CorrespondenceRooms(ctx)
	if err != nil {
		return err
	}
	for _, id := range post {
		if r, err := m.Room(ctx, id); err == nil { // loaded, its flag armed
			r.mu.Lock()
			r.checkFlag()
			r.mu.Unlock()
		}
	}
	ids, err := m.cfg.Store.IdleRooms(ctx, now.Add(-m.cfg.IdleAfter))
	if err != nil {
		return err
	}
	for _, id := range ids {
		r, err := m.Room(ctx, id)
		if err != nil {
			continue
		}
		r.mu.Lock()
		if r.clock.PerMove > 0 && r.status == store.Open {
			r.mu.Unlock() // it ends on time, not for want of moves
			continue
		}
		if r.status == store.Open {
			st := store.Step{Room: r.ID, From: r.version, Status: store.Expired, Result: view.Abandoned().Code()}
			if err := r.persist(ctx, &st); err == nil {
				r.status, r.result = store.Expired, view.Abandoned()
			}
		}
		r.shut(wire.CloseRoomGone, "the room expired")
		r.mu.Unlock()
		m.forget(r)
	}
	return nil
}

// Close stops every computer move and closes every viewer with 1001.
func (m *Manager) Close() {
	m.mu.Lock()
	m.closed = true
	rooms := m.rooms
	m.rooms = map[string]*Room{}
	m.mu.Unlock()
	m.cancel()
	for _, r := range rooms {
		r.mu.Lock()
		r.shut(wire.CloseGoingAway, "the server is stopping; reconnect shortly")
		r.mu.Unlock()
	}
}

// FinishedGames lists the archive.
func (m *Manager) FinishedGames(ctx context.Context, f store.Filter) ([]store.Game, error) {
	return m.cfg.Store.FinishedGames(ctx, f)
}

// FinishedGame reads one archived game.
func (m *Manager) FinishedGame(ctx context.Context, id string) (store.Game, error) {
	return m.cfg.Store.FinishedGame(ctx, id)
}
