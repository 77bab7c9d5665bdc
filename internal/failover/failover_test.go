package failover

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tabula/engine"
	_ "tabula/games/all"
	"tabula/internal/pgtest"
	"tabula/internal/roomclient"
	"tabula/internal/servetest"
	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/view"
)

// TestMain: one build of tabula and one PostgreSQL cluster for all the
// tests.
func TestMain(m *testing.M) {
	code := servetest.Run(m)
	pgtest.StopShared()
	os.Exit(code)
}

// TestThreeInstances runs three `tabula serve` processes on one
// PostgreSQL database.
func TestThreeInstances(t *testing.T) {
	db := pgtest.Database(t) + "&pool_max_conns=5&statement_timeout=5s"
	bin := buildTabula(t)
	ins := []*instance{startInstance(t, bin, db), startInstance(t, bin, db), startInstance(t, bin, db)}
	pg, err := store.OpenPostgres(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	for _, game := range []struct{ id, options string }{{"adji-boto", ""}, {"tamman", `{"players":3}`}, {"agsinnoninka", ""}} {
		t.Run("WholeGame/"+game.id, func(t *testing.T) { wholeGame(t, ins, pg, game.id, game.options) })
	}
	t.Run("SameMoveTwice", func(t *testing.T) { sameMoveTwice(t, ins, pg) })
	t.Run("Presence", func(t *testing.T) { presenceAcrossInstances(t, ins) })
	t.Run("KillLeaseHolder", func(t *testing.T) { killLeaseHolder(t, ins, pg, bin, db) })
	// New instances in place of the killed ones.
	for i, in := range ins {
		if in.Dead.Load() {
			ins[i] = startInstance(t, bin, db)
		}
	}
	t.Run("KillPersonsInstance", func(t *testing.T) { killPersonsInstance(t, ins, pg) })
}

type created struct {
	ID    string `json:"id"`
	Seats []struct {
		Link string `json:"link"`
	} `json:"seats"`
}

func createRoom(t *testing.T, in *instance, body string) created {
	t.Helper()
	code, b, err := post(in.URL+"/api/rooms", body)
	if err != nil || code != http.StatusCreated {
		t.Fatalf("POST /api/rooms %s: %d %s %v", body, code, b, err)
	}
	var c created
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func tokenOf(link string) string { return link[strings.LastIndex(link, "/")+1:] }

// spectate follows a room through base, reconnecting with its last
// version when the connection drops, until the game ends. It returns the
// events in the order seen and fails on a gap or a repeat.
func spectate(ctx context.Context, base, room string, seen func(wire.Event)) ([]wire.Event, error) {
	var evs []wire.Event
	add := func(e wire.Event) error {
		if e.Version != len(evs)+1 {
			return fmt.Errorf("the spectator saw version %d after %d", e.Version, len(evs))
		}
		evs = append(evs, e)
		if seen != nil {
			seen(e)
		}
		return nil
	}
	for attempt := 0; ; attempt++ {
		if ctx.Err() != nil || attempt > 100 {
			return evs, fmt.Errorf("spectator gave up after %d connections: %v", attempt, ctx.Err())
		}
		c, w, err := roomclient.Dial(ctx, base, room, "", len(evs), nil)
		if err != nil {
			select { // a pause before reconnecting, as a browser makes
			case <-time.After(50 * time.Millisecond):
			case <-ctx.Done():
			}
			continue
		}
		for _, e := range w.Missed {
			if err := add(e); err != nil {
				return evs, err
			}
		}
		for len(evs) == 0 || evs[len(evs)-1].Kind != wire.KindEnd {
			m, err := c.Recv(ctx)
			if err != nil {
				break
			}
			if m.Type == "event" {
				if err := add(m.Event); err != nil {
					return evs, err
				}
			}
		}
		c.CloseNow()
		if len(evs) > 0 && evs[len(evs)-1].Kind == wire.KindEnd {
			return evs, nil
		}
	}
}

// checkLog checks the stored log of a room against what the bots were
// told and what the spectator saw: every acknowledged move is in the log
// exactly once, no person move is in it that was not acknowledged, the
// log replays legally to the end, and the spectator saw all of it.
func checkLog(t *testing.T, pg *store.Postgres, room string, bots []*roomclient.Bot, seen []wire.Event) {
	t.Helper()
	sn, err := pg.LoadRoom(context.Background(), room)
	if err != nil {
		t.Fatal(err)
	}
	if sn.Room.Status != store.Finished {
		t.Fatalf("room %s is %s", room, sn.Room.Status)
	}
	evs := make([]wire.Event, len(sn.Events))
	for i, se := range sn.Events {
		if err := json.Unmarshal(se.Body, &evs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) != len(evs) {
		t.Errorf("the spectator saw %d events, the log has %d", len(seen), len(evs))
	}
	for i := range min(len(seen), len(evs)) {
		if seen[i].Choice != "" {
			t.Errorf("event %d: the spectator saw a hidden choice %q", i+1, seen[i].Choice)
		}
		if seen[i].Kind != evs[i].Kind || seen[i].Move != evs[i].Move {
			t.Errorf("event %d: the spectator saw %s %q, the log has %s %q", i+1, seen[i].Kind, seen[i].Move, evs[i].Kind, evs[i].Move)
		}
	}
	// Each seat's moves in the log, in order: a person move is in the
	// turn that applied it, with the seat in By.
	logged := make([][]string, len(bots))
	for _, e := range evs {
		for _, s := range e.By {
			if i := slices.Index(e.Actors, s); s < len(bots) && i >= 0 {
				logged[s] = append(logged[s], e.Moves[i])
			}
		}
	}
	for s, b := range bots {
		if b == nil {
			continue
		}
		vs := make([]int, 0, len(b.Acked))
		for v := range b.Acked {
			vs = append(vs, v)
		}
		slices.Sort(vs)
		acked := make([]string, len(vs))
		for i, v := range vs {
			acked[i] = b.Acked[v]
		}
		if !slices.Equal(acked, logged[s]) {
			t.Errorf("seat %d: acknowledged %v, the log has %v", s, acked, logged[s])
		}
		if b.DoubleAcks != 0 {
			t.Errorf("seat %d: %d versions acknowledged twice", s, b.DoubleAcks)
		}
	}
	// Replay the log with the engine, independently of the servers.
	g, _ := engine.Lookup(sn.Room.Game)
	opts, err := engine.ParseOptions(g, sn.Room.Options)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := g.NewState(opts)
	for _, e := range evs {
		if e.Kind == wire.KindTurn {
			if err := engine.Play(st, e.Move); err != nil {
				t.Fatalf("replaying version %d %q: %v", e.Version, e.Move, err)
			}
		}
	}
	if o, _ := st.Outcome(); !st.Terminal() || evs[len(evs)-1].Kind != wire.KindEnd || evs[len(evs)-1].Result == nil || *evs[len(evs)-1].Result != view.ResultOf(o) {
		t.Errorf("the replayed log ends terminal=%v with %v; the log's last event is %+v", st.Terminal(), o, evs[len(evs)-1])
	}
}

// wholeGame: seat i plays through instance i (falling back to the
// others), and a spectator on the last instance sees every move in order.
func wholeGame(t *testing.T, ins []*instance, pg *store.Postgres, game, options string) {
	body := `{"game":"` + game + `","seats":[{"kind":"person"},{"kind":"person"}]}`
	if options != "" {
		body = `{"game":"` + game + `","options":` + options + `,"seats":[{"kind":"person"},{"kind":"person"},{"kind":"person"}]}`
	}
	c := createRoom(t, ins[0], body)
	ctx := ctxFor(t, 2*time.Minute)
	var wg sync.WaitGroup
	var seen []wire.Event
	var specErr error
	wg.Go(func() { seen, specErr = spectate(ctx, ins[2].URL, c.ID, nil) })
	bots := make([]*roomclient.Bot, len(c.Seats))
	for i := range bots {
		order := append(slices.Clone(ins[i%len(ins):]), ins[:i%len(ins)]...)
		lb := newBalancer(t, fixed(order...))
		bots[i] = &roomclient.Bot{Base: lb.URL, Room: c.ID, Token: tokenOf(c.Seats[i].Link), Rand: rand.New(rand.NewPCG(uint64(i), 7))}
		wg.Go(func() {
			if err := bots[i].Run(ctx); err != nil {
				t.Errorf("seat %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if specErr != nil {
		t.Fatal(specErr)
	}
	checkLog(t, pg, c.ID, bots, seen)
	moves, rejects, reconnects := 0, 0, 0
	for _, b := range bots {
		moves += len(b.Acked)
		rejects += len(b.Rejects)
		reconnects += b.Reconnect
	}
	t.Logf("%s: %d events, %d person moves acknowledged, %d refused, %d reconnections", game, len(seen), moves, rejects, reconnects)
}

// killPersonsInstance: two people play through different instances; the
// instance of seat 0 is killed with SIGKILL in the middle of the game.
// Seat 0's client resumes through another instance, and the game ends
// with nothing lost or doubled. The time from the kill to seat 0's next
// stored move is logged: the figure "time to resume after a kill".
func killPersonsInstance(t *testing.T, ins []*instance, pg *store.Postgres) {
	c := createRoom(t, ins[0], `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	ctx := ctxFor(t, 2*time.Minute)
	seenCh := make(chan wire.Event, 4096)
	var wg sync.WaitGroup
	var seen []wire.Event
	var specErr error
	wg.Go(func() { seen, specErr = spectate(ctx, ins[2].URL, c.ID, func(e wire.Event) { seenCh <- e }) })
	bots := make([]*roomclient.Bot, 2)
	for i := range bots {
		lb := newBalancer(t, fixed(ins[i], ins[2]))
		bots[i] = &roomclient.Bot{Base: lb.URL, Room: c.ID, Token: tokenOf(c.Seats[i].Link), Rand: rand.New(rand.NewPCG(uint64(i), 11))}
		wg.Go(func() {
			if err := bots[i].Run(ctx); err != nil {
				t.Errorf("seat %d: %v", i, err)
			}
		})
	}
	var killedAt time.Time
	var resumed time.Duration
	for resumed == 0 {
		select {
		case e := <-seenCh:
			switch {
			case e.Kind == wire.KindEnd:
				t.Fatal("the game ended before seat 0 moved after the kill")
			case killedAt.IsZero() && e.Version >= 10 && slices.Contains(e.By, 0):
				ins[0].Kill()
				killedAt = time.Now()
			case !killedAt.IsZero() && slices.Contains(e.By, 0):
				resumed = time.Since(killedAt)
			}
		case <-ctx.Done():
			t.Fatal("seat 0 never moved again after its instance was killed")
		}
	}
	playOut(t, &wg, seenCh, func() error { return specErr })
	checkLog(t, pg, c.ID, bots, seen)
	t.Logf("seat 0's instance killed: its client moved again, through another instance, %v later (%d reconnections)",
		resumed.Round(time.Millisecond), bots[0].Reconnect)
}

// playOut waits for the clients and the spectator of wg to finish the
// game, taking the events sent to seenCh meanwhile, and fails if the
// spectator did (specErr, read once it has finished).
func playOut(t *testing.T, wg *sync.WaitGroup, seenCh chan wire.Event, specErr func() error) {
	t.Helper()
	go func() {
		for range seenCh {
		}
	}()
	wg.Wait()
	close(seenCh)
	if err := specErr(); err != nil {
		t.Fatal(err)
	}
}
