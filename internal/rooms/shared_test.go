package rooms

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"tabula/internal/wire"
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/pgtest"
	"tabula/internal/store"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// twoProcesses returns two managers on one new PostgreSQL database, each
// with a connection pool of its own, as two server processes have.
func twoProcesses(t *testing.T, agents AgentFunc) (a, b *Manager, pg *store.Postgres) {
	t.Helper()
	url := pgtest.Database(t)
	var ms [2]*Manager
	for i := range ms {
		s, err := store.OpenPostgres(bg, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		pg = s
		ms[i] = NewManager(Config{
			Store:   s,
			Agents:  agents,
			Offered: func(engine.Game, engine.Options) []string { return []string{"random"} },
			Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
			Holder:  []string{"A", "B"}[i],
		})
		t.Cleanup(ms[i].Close)
	}
	return ms[0], ms[1], pg
}

func randomAgents(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
	return ai.NewRandom(seed), nil
}

// randomMove picks a legal move of the room's first actor at its
// version; done if the game is over.
func randomMove(r *Room, rng *rand.Rand) (version, mover int, move string, done bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state.Terminal() {
		return r.version, 0, "", true
	}
	mover = r.state.Actors(nil)[0]
	legal := engine.LegalTexts(r.state, mover)
	return r.version, mover, legal[rng.IntN(len(legal))], false
}

func roomOn(t *testing.T, m *Manager, id string) *Room {
	t.Helper()
	r, err := m.Room(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSameMoveOnTwoProcesses: in every turn of a whole game, the mover's
// move reaches both processes at the same moment (the same seat is
// connected to both). Exactly one applies it; the other acknowledges it
// as a duplicate. A spectator on the second process sees every event
// once, in order.
func TestSameMoveOnTwoProcesses(t *testing.T) {
	a, b, pg := twoProcesses(t, randomAgents)
	c, err := a.Create(bg, "adji-boto", nil, people(2), Clock{})
	if err != nil {
		t.Fatal(err)
	}
	ra, rb := roomOn(t, a, c.ID), roomOn(t, b, c.ID)
	subsA := []*Sub{join(t, ra, c.Tokens[0]), join(t, ra, c.Tokens[1])}
	subsB := []*Sub{join(t, rb, c.Tokens[0]), join(t, rb, c.Tokens[1])}
	spec := join(t, rb, "")
	rng := rand.New(rand.NewPCG(1, 2))
	seen := 0
	turns := 0
	for ; turns < 300; turns++ {
		// Both processes are up to date, as after a notification.
		a.Changed(bg, c.ID, 1<<30)
		b.Changed(bg, c.ID, 1<<30)
		v, mover, move, done := randomMove(ra, rng)
		if done {
			break
		}
		var acks [2]Ack
		var errs [2]error
		var wg sync.WaitGroup
		for i, p := range []struct {
			r *Room
			s *Sub
		}{{ra, subsA[mover]}, {rb, subsB[mover]}} {
			wg.Go(func() { acks[i], errs[i] = p.r.Move(bg, p.s, v, move) })
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("turn %d: %q at %d: errors %v, %v", turns, move, v, errs[0], errs[1])
		}
		if acks[0].Duplicate == acks[1].Duplicate || acks[0].Version != v+1 || acks[1].Version != v+1 {
			t.Fatalf("turn %d: acks %+v and %+v, want one new and one duplicate at %d", turns, acks[0], acks[1], v+1)
		}
		drain(subsA...)
		drain(subsB...)
		for len(spec.Out) > 0 {
			var m msg
			if err := json.Unmarshal(<-spec.Out, &m); err != nil {
				t.Fatal(err)
			}
			if m.Type != "event" {
				continue
			}
			if m.Event.Version != seen+1 {
				t.Fatalf("the spectator saw version %d after %d", m.Event.Version, seen)
			}
			seen++
		}
	}
	sn, err := pg.LoadRoom(bg, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if sn.Room.Status != store.Finished || turns < 10 {
		t.Fatalf("after %d turns the room is %s", turns, sn.Room.Status)
	}
	// One turn event per turn played (plus the end): nothing doubled.
	kinds := map[wire.EventKind]int{}
	for _, e := range sn.Events {
		kinds[e.Kind]++
	}
	if kinds[wire.KindTurn] != turns || kinds[wire.KindEnd] != 1 || len(sn.Events) != turns+1 {
		t.Fatalf("%d turns played, stored %v", turns, kinds)
	}
	if seen != len(sn.Events) {
		t.Fatalf("the spectator on the other process saw %d of %d events", seen, len(sn.Events))
	}
}

// TestHiddenChoicesAcrossProcesses: in Agsinnoninka the two seats choose
// on different processes at the same version. The second to store finds
// the room changed, catches up, and resolves the turn with the first's
// stored choice, which no viewer saw before the turn resolved.
func TestHiddenChoicesAcrossProcesses(t *testing.T) {
	a, b, _ := twoProcesses(t, randomAgents)
	c, err := a.Create(bg, "agsinnoninka", nil, people(2), Clock{})
	if err != nil {
		t.Fatal(err)
	}
	ra, rb := roomOn(t, a, c.ID), roomOn(t, b, c.ID)
	s0, s1 := join(t, ra, c.Tokens[0]), join(t, rb, c.Tokens[1])
	spec := join(t, rb, "")
	drain(s0, s1, spec)
	m0, m1 := engine.LegalTexts(ra.state, 0)[0], engine.LegalTexts(rb.state, 1)[0]
	if ack := mustMove(t, ra, s0, 0, m0); ack.Version != 1 {
		t.Fatalf("seat 0's choice: %+v", ack)
	}
	// Process B has not heard of it: its Apply conflicts, and it catches up.
	if ack := mustMove(t, rb, s1, 0, m1); ack.Version != 2 {
		t.Fatalf("seat 1's choice: %+v", ack)
	}
	commit := next(t, spec, "event")
	if commit.Event.Kind != wire.KindCommit || commit.Event.Choice != "" || *commit.Event.Seat != 0 {
		t.Fatalf("the spectator saw %s", commit.raw)
	}
	turn := next(t, spec, "event")
	if turn.Event.Kind != wire.KindTurn || turn.Event.Version != 2 || turn.Event.Move != m0+","+m1 {
		t.Fatalf("the turn: %s", turn.raw)
	}
	a.Changed(bg, c.ID, 2)
	if ra.version != 2 || len(ra.commits) != 0 || ra.state.Ply() != rb.state.Ply() {
		t.Fatalf("process A after catching up: version %d, commits %v", ra.version, ra.commits)
	}
}

// gate is an agent that waits for its gate to open before it moves.
type gate struct {
	calls atomic.Int32
	open  chan struct{}
}

func (g *gate) agents(game engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
	return gatedAgent{g, ai.NewRandom(seed)}, nil
}

type gatedAgent struct {
	g *gate
	*ai.Random
}

func (a gatedAgent) Choose(s engine.State, p int) engine.Move {
	a.g.calls.Add(1)
	<-a.g.open
	return a.Random.Choose(s, p)
}

// TestLeaseTakeover: only the process holding the lease computes a
// computer move; when it dies mid-search, its lease runs out and the
// other process takes the move over. The move is stored once.
func TestLeaseTakeover(t *testing.T) {
	ga, gb := &gate{open: make(chan struct{})}, &gate{open: make(chan struct{})}
	close(gb.open)
	defer close(ga.open)
	a, b, pg := gatedProcesses(t, ga, gb, nil)
	c, err := a.Create(bg, "adji-boto", nil, []SeatSpec{{Kind: Person}, {Kind: Computer, Agent: "random"}}, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	ra := roomOn(t, a, c.ID)
	p := join(t, ra, c.Tokens[0])
	mustMove(t, ra, p, 0, engine.LegalTexts(ra.state, 0)[0])
	// A stored the move and holds the lease of the computer's reply.
	rb := roomOn(t, b, c.ID)
	spec := join(t, rb, "")
	b.Changed(bg, c.ID, 1)
	if err := b.TakeOver(bg); err != nil {
		t.Fatal(err)
	}
	if gb.calls.Load() != 0 {
		t.Fatal("process B computed a move whose lease A holds")
	}
	// A dies in the middle of its search; its lease runs out.
	a.Close()
	if _, err := pg.Pool().Exec(bg, `UPDATE leases SET expires = 0`); err != nil {
		t.Fatal(err)
	}
	if err := b.TakeOver(bg); err != nil {
		t.Fatal(err)
	}
	var got []wire.Event
	for len(got) < 1 {
		m := next(t, spec, "event")
		got = append(got, m.Event)
	}
	if got[0].Version != 2 || got[0].Kind != wire.KindTurn || got[0].Actors[0] != 1 {
		t.Fatalf("after the takeover the spectator saw %+v", got[0])
	}
	if ga.calls.Load() > 1 || gb.calls.Load() != 1 {
		t.Fatalf("searches: A %d, B %d; want at most one that died, and one", ga.calls.Load(), gb.calls.Load())
	}
	sn, _ := pg.LoadRoom(bg, c.ID)
	if sn.Room.Version != 2 {
		t.Fatalf("the room is at version %d, want 2 (the computer's move stored once)", sn.Room.Version)
	}
	var holder string
	pg.Pool().QueryRow(context.Background(), `SELECT holder FROM leases WHERE room = $1`, c.ID).Scan(&holder)
	if holder != "B" {
		t.Fatalf("the lease is held by %q, want B", holder)
	}
}

// TestSeatChangesAcrossProcesses: a seat's new invite link, made through
// one process, closes that seat's connections on the other as soon as it
// catches up; the new name shows there too.
func TestSeatChangesAcrossProcesses(t *testing.T) {
	a, b, _ := twoProcesses(t, randomAgents)
	c, err := a.Create(bg, "adji-boto", nil, people(2), Clock{})
	if err != nil {
		t.Fatal(err)
	}
	ra, rb := roomOn(t, a, c.ID), roomOn(t, b, c.ID)
	onA, onB, other := join(t, ra, c.Tokens[0]), join(t, rb, c.Tokens[0]), join(t, rb, c.Tokens[1])
	if err := ra.SetName(bg, onA, "Ana"); err != nil {
		t.Fatal(err)
	}
	if _, err := ra.Reissue(bg, onA); err != nil {
		t.Fatal(err)
	}
	b.Changed(bg, c.ID, 2)
	select {
	case <-onB.Done:
	default:
		t.Fatal("seat 0's connection on the other process is still open after its link was replaced")
	}
	if code, _ := onB.Closed(); code != wire.CloseBadToken {
		t.Errorf("closed with %d, want %d", code, wire.CloseBadToken)
	}
	if !other.live() {
		t.Error("the other seat's connection was closed")
	}
	if v := rb.View(1); v.Seats[0].Name != "Ana" || v.Version != 2 {
		t.Errorf("the other process shows seat 0 as %+v at version %d", v.Seats[0], v.Version)
	}
	if _, err := rb.Join(c.Tokens[0], -1); err == nil {
		t.Error("the replaced token still joins on the other process")
	}
}

// TestStopReleasesLeases: a process that stops gives up its leases, so
// that another takes its computer move over at once.
func TestStopReleasesLeases(t *testing.T) {
	ga, gb := &gate{open: make(chan struct{})}, &gate{open: make(chan struct{})}
	close(gb.open)
	defer close(ga.open)
	a, b, pg := gatedProcesses(t, ga, gb, func(_ int, cfg *Config) { cfg.Lease = time.Hour })
	c, err := a.Create(bg, "adji-boto", nil, []SeatSpec{{Kind: Person}, {Kind: Computer, Agent: "random"}}, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	ra := roomOn(t, a, c.ID)
	mustMove(t, ra, join(t, ra, c.Tokens[0]), 0, engine.LegalTexts(ra.state, 0)[0])
	// A stops (SIGTERM): its RunShared returns and releases the lease.
	ctx, cancel := context.WithCancel(bg)
	done := make(chan struct{})
	go func() { a.RunShared(ctx, time.Hour); close(done) }()
	cancel()
	<-done
	a.Close()
	spec := join(t, roomOn(t, b, c.ID), "")
	if err := b.TakeOver(bg); err != nil {
		t.Fatal(err)
	}
	if e := next(t, spec, "event"); e.Event.Version != 2 || e.Event.Actors[0] != 1 {
		t.Fatalf("after A stopped, the spectator saw %s", e.raw)
	}
	var holder string
	pg.Pool().QueryRow(bg, `SELECT holder FROM leases WHERE room = $1`, c.ID).Scan(&holder)
	if holder != "B" || gb.calls.Load() != 1 {
		t.Fatalf("lease held by %q, B searched %d times", holder, gb.calls.Load())
	}
}

// The sharing mode is chosen once, from the store: a manager on SQLite
// is alone, one on PostgreSQL shares its rooms.
func TestModeFollowsTheStore(t *testing.T) {
	if _, ok := testManager(t, testStore(t)).mode.(alone); !ok {
		t.Error("a manager on SQLite is not alone")
	}
	a, _, _ := twoProcesses(t, randomAgents)
	if _, ok := a.mode.(*shared); !ok {
		t.Error("a manager on PostgreSQL does not share its rooms")
	}
}
