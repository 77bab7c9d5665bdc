package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"tabula/internal/wire"
	"testing"
	"time"

	"tabula/engine"
	"tabula/internal/roomclient"
	"tabula/internal/store"
	"tabula/view"
)

// TestMain lets the test binary act as `tabula serve` for the crash test:
// with TABULA_AS_COMMAND=1 it runs the command line and exits.
func TestMain(m *testing.M) {
	if os.Getenv("TABULA_AS_COMMAND") == "1" {
		watchStarted()
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func startTestServe(t *testing.T, addr, db string) *child {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	logs, err := os.OpenFile(filepath.Join(filepath.Dir(db), "serve.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { logs.Close() })
	c, err := startServe(exe, []string{"TABULA_AS_COMMAND=1"}, addr, db, logs)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestKill9DuringConcurrentGames plays 80 rooms of bots (the three games
// in turn) against a real `tabula serve`, kills it with SIGKILL in the
// middle, starts it again on the same database and lets the bots
// reconnect and go on, then stops it with SIGTERM. No acknowledged move
// is lost, none is stored twice, and each room's state as the server
// reports it is the replay of its stored moves.
func TestKill9DuringConcurrentGames(t *testing.T) {
	const nRooms, movesPerBot = 80, 12
	db := filepath.Join(t.TempDir(), "crash.db")
	srv := startTestServe(t, "127.0.0.1:0", db)
	base := srv.base
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var games []string // every registered game in turn
	for _, g := range engine.Games() {
		games = append(games, g.ID())
	}
	type room struct {
		id   string
		bots []*roomclient.Bot
	}
	rs := make([]room, nRooms)
	acks := make(chan struct{}, nRooms*2*movesPerBot)
	for i := range rs {
		id, tokens, err := createRoom(ctx, http.DefaultClient, base, games[i%len(games)], 2, "")
		if err != nil {
			t.Fatal(err)
		}
		rs[i].id = id
		for k, tok := range tokens {
			rs[i].bots = append(rs[i].bots, &roomclient.Bot{Base: base, Room: id, Token: tok,
				Rand: rand.New(rand.NewPCG(uint64(i), uint64(k))), StopAt: 2 * movesPerBot, Acks: acks})
		}
	}
	acked := func() int {
		n := 0
		for _, r := range rs {
			for _, b := range r.bots {
				n += b.AckedCount()
			}
		}
		return n
	}
	var wg sync.WaitGroup
	for _, r := range rs {
		for _, b := range r.bots {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := b.Run(ctx); err != nil {
					t.Errorf("room %s: %v", b.Room, err)
				}
			}()
		}
	}
	// Kill once about a third of the moves are acknowledged (the channel
	// holds every ack, so none is missed).
	for range nRooms * 2 * movesPerBot / 3 {
		select {
		case <-acks:
		case <-ctx.Done():
			t.Fatal("the bots made too few moves")
		}
	}
	before := acked()
	srv.kill()
	t.Logf("killed with %d moves acknowledged", before)
	// Start again on the same address; the bots reconnect by themselves.
	srv = startTestServe(t, net.JoinHostPort("127.0.0.1", portOf(t, base)), db)
	wg.Wait()
	if ctx.Err() != nil {
		t.Fatal("the bots did not finish in time")
	}
	// What the server says about each room, before it stops.
	states := map[string]string{}
	for _, r := range rs {
		res, err := http.Get(base + "/api/rooms/" + r.id)
		if err != nil {
			t.Fatal(err)
		}
		var v wire.View
		json.NewDecoder(res.Body).Decode(&v)
		res.Body.Close()
		states[r.id] = string(v.State)
	}
	if err := srv.stop(20 * time.Second); err != nil {
		t.Fatalf("graceful stop: %v", err)
	}
	st, err := store.OpenSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reconnects, lost, total := 0, 0, 0
	for _, r := range rs {
		sn, err := st.LoadRoom(ctx, r.id)
		if err != nil {
			t.Fatal(err)
		}
		var evs []wire.Event
		for _, e := range sn.Events {
			var ev wire.Event
			if err := json.Unmarshal(e.Body, &ev); err != nil {
				t.Fatal(err)
			}
			evs = append(evs, ev)
		}
		for seat, b := range r.bots {
			reconnects += b.Reconnect
			stored := 0 // the seat's moves in the log, each in one turn's By
			for _, ev := range evs {
				if ev.Kind == wire.KindTurn && slices.Contains(ev.By, seat) {
					stored++
				}
			}
			if _, open := openCommit(sn, seat); open {
				stored++
			}
			for v, mv := range b.AckedMoves() {
				total++
				ev := evs[v-1]
				i := -1
				for k, a := range ev.Actors {
					if a == seat {
						i = k
					}
				}
				switch {
				case ev.Kind == wire.KindCommit && *ev.Seat == seat:
				case ev.Kind == wire.KindTurn && i >= 0 && ev.Moves[i] == mv:
				default:
					lost++
					t.Errorf("room %s: version %d was acknowledged for seat %d's %q but holds %+v", r.id, v, seat, mv, ev)
				}
			}
			// Each stored move was acknowledged, except at most the one
			// in flight when the server died.
			if n := len(b.AckedMoves()); stored < n || stored > n+1 {
				t.Errorf("room %s seat %d: %d moves stored, %d acknowledged", r.id, seat, stored, n)
			}
		}
		// The state the server reported is the replay of the stored turns.
		var moves []string
		for _, ev := range evs {
			if ev.Kind == wire.KindTurn {
				moves = append(moves, ev.Move)
			}
		}
		g, _ := engine.Lookup(sn.Room.Game)
		opts, _ := engine.ParseOptions(g, sn.Room.Options)
		s, err := engine.Replay(g, opts, moves)
		if err != nil {
			t.Fatalf("room %s: %v", r.id, err)
		}
		js, _ := view.StateTold(s)
		if string(js) != states[r.id] {
			t.Errorf("room %s: the server's state is not the replay of its stored moves", r.id)
		}
	}
	t.Logf("%d acknowledged moves checked, %d lost, %d reconnects", total, lost, reconnects)
	if reconnects < nRooms {
		t.Errorf("only %d reconnects: did the kill happen during the games?", reconnects)
	}
}

// openCommit reports whether seat has a hidden choice of an open turn.
func openCommit(sn store.Snapshot, seat int) (string, bool) {
	for _, c := range sn.Commits {
		if c.Seat == seat {
			return c.Move, true
		}
	}
	return "", false
}

func portOf(t *testing.T, base string) string {
	_, port, err := net.SplitHostPort(base[len("http://"):])
	if err != nil {
		t.Fatal(fmt.Errorf("%s: %w", base, err))
	}
	return port
}

// TestGracefulStopClosesLiveConnectionsWith1001: SIGTERM closes every
// live connection with 1001 and the server exits 0.
func TestGracefulStopClosesLiveConnectionsWith1001(t *testing.T) {
	srv := startTestServe(t, "127.0.0.1:0", filepath.Join(t.TempDir(), "stop.db"))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	id, tokens, err := createRoom(ctx, http.DefaultClient, srv.base, "adji-boto", 2, "")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := roomclient.Dial(ctx, srv.base, id, tokens[0], -1, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	stopped := make(chan error, 1)
	go func() { stopped <- srv.stop(20 * time.Second) }()
	for {
		if _, err := c.Recv(ctx); err != nil {
			if code := roomclient.CloseStatus(err); code != 1001 {
				t.Fatalf("closed with %d (%v), want 1001", code, err)
			}
			break
		}
	}
	if err := <-stopped; err != nil {
		t.Fatalf("the server did not exit 0: %v", err)
	}
}
