//go:build !js

package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tabula/internal/compute"
	"tabula/internal/lobby"
	"tabula/internal/pgtest"
	"tabula/internal/rooms"
	"tabula/internal/store"
)

// pgInstance is one server of several on one PostgreSQL, with its lobby
// listening for the others' notifications.
func pgInstance(t *testing.T, url string) *lobbyServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	db, err := store.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	pool := compute.NewPool(compute.Config{})
	mgr := rooms.NewManager(rooms.Config{Store: db, Agents: rooms.AgentFunc(DefaultAgents), Offered: OfferedAgents, Log: log, Think: pool})
	ls := &lobbyServer{lob: lobby.New(lobby.Config{Store: db.Lobby(), Rooms: mgr, Offered: OfferedAgents, Log: log, Notify: db.NotifyLobby})}
	listening := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		db.Listen(ctx, store.Listener{
			Connected: func() { close(listening) },
			Lobby:     func() { ls.lob.Refresh(ctx) },
		})
	}()
	s := New(Config{Log: log, Rooms: mgr, Pool: pool, RoomsPerMinute: 1000, MessageRate: 1000})
	s.SetLobby(ls.lob, LobbyLimits{SeeksPerMinute: 1000})
	ls.ts = httptest.NewServer(s)
	t.Cleanup(func() {
		cancel()
		<-done
		mgr.Close()
		s.Close()
		ls.ts.Close()
		db.Close()
	})
	select {
	case <-listening:
	case <-time.After(30 * time.Second):
		t.Fatal("the listener did not connect")
	}
	return ls
}

// Two instances on one PostgreSQL: a seek made on one appears at once on
// the other's lobby connection, and its seeker, connected to the other,
// is told its room when a player of the first accepts it.
func TestLobbyAcrossInstances(t *testing.T) {
	url := pgtest.Database(t)
	a, b := pgInstance(t, url), pgInstance(t, url)
	ana, bea := a.player(t, "Ana"), b.player(t, "Bea")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// Bea watches on B; Ana, the seeker, also watches on B.
	watchB := func(key string) func(typ string) map[string]any {
		c, _, err := dialLobby(ctx, b.ts.URL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.CloseNow() })
		if key != "" {
			c.Write(ctx, 1, []byte(`{"type":"hello","key":"`+key+`"}`))
			c.Write(ctx, 1, []byte(`{"type":"ping"}`))
		}
		return func(typ string) map[string]any {
			for {
				_, data, err := c.Read(ctx)
				if err != nil {
					t.Fatalf("waiting for %s on B: %v", typ, err)
				}
				var m map[string]any
				json.Unmarshal(data, &m)
				if m["type"] == typ {
					return m
				}
			}
		}
	}
	bea1, ana2 := watchB(""), watchB(ana.Key)
	bea1("seeks")
	ana2("pong")
	var s seekJSON
	if code := a.do(t, "POST", "/api/seeks", ana.Key, adjiSeek, &s); code != 201 {
		t.Fatalf("seek on A: %d", code)
	}
	if m := bea1("seek"); m["seek"].(map[string]any)["id"] != s.ID {
		t.Fatalf("B showed %v, want the seek %s made on A", m, s.ID)
	}
	var list []seekJSON
	b.do(t, "GET", "/api/seeks?game=adji-boto", "", "", &list)
	if len(list) != 1 || list[0].ID != s.ID || list[0].Name != "Ana" {
		t.Errorf("GET /api/seeks on B: %+v", list)
	}
	var m seekJSON
	if code := a.do(t, "POST", "/api/seeks/"+s.ID+"/accept", bea.Key, "", &m); code != 201 {
		t.Fatalf("accept on A: %d", code)
	}
	if g := bea1("gone"); g["id"] != s.ID {
		t.Errorf("gone on B: %v", g)
	}
	if got := ana2("matched"); got["room"] != m.Room || !strings.HasPrefix(got["link"].(string), "/#/room/"+m.Room+"/") {
		t.Errorf("the seeker on B was told %v; the room is %s", got, m.Room)
	}
}
