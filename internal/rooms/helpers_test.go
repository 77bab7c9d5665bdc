package rooms

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	_ "tabula/games/all"
	"tabula/internal/store"
	"tabula/internal/wire"
)

// What the tests of this package share: stores, managers, rooms and
// their connections.

var bg = context.Background()

func testStore(t testing.TB) *store.SQLite {
	t.Helper()
	s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func testManager(t testing.TB, st Store) *Manager {
	t.Helper()
	m := NewManager(Config{
		Store: st,
		Agents: func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
			return ai.New(g, spec, ai.Config{Seed: seed, Options: opts})
		},
		Offered: func(engine.Game, engine.Options) []string { return []string{"random", "greedy"} },
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	t.Cleanup(m.Close)
	return m
}

func people(n int) []SeatSpec {
	out := make([]SeatSpec, n)
	for i := range out {
		out[i] = SeatSpec{Kind: Person}
	}
	return out
}

func create(t testing.TB, m *Manager, game string, opts []string, seats []SeatSpec) (*Room, Created) {
	t.Helper()
	c, err := m.Create(bg, game, opts, seats, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.Room(bg, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return r, c
}

func join(t testing.TB, r *Room, token string) *Sub {
	t.Helper()
	s, err := r.Join(token, -1)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Leave(s) })
	return s
}

// msg is a message of the server with its bytes.
type msg struct {
	wire.ServerMsg
	raw []byte
}

// next returns the next message of type typ, skipping others. The
// timeout only keeps a broken test from hanging; nothing waits on time.
func next(t *testing.T, s *Sub, typ string) msg {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case b := <-s.Out:
			sm, err := wire.DecodeServer(b)
			if err != nil {
				t.Fatal(err)
			}
			m := msg{sm, b}
			if m.Type == typ {
				return m
			}
		case <-deadline:
			t.Fatalf("no %q message", typ)
		}
	}
}

// drain empties the subs' queues, as connections do.
func drain(subs ...*Sub) {
	for _, s := range subs {
		for len(s.Out) > 0 {
			<-s.Out
		}
	}
}

func mustMove(t *testing.T, r *Room, s *Sub, version int, text string) Ack {
	t.Helper()
	a, err := r.Move(bg, s, version, text)
	if err != nil {
		t.Fatalf("move %q at %d: %v", text, version, err)
	}
	return a
}
