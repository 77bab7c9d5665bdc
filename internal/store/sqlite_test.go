package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/internal/store/storetest"
)

func TestSQLiteConformance(t *testing.T) {
	open := func(t *testing.T) rooms.Store {
		s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "t.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	var paths = map[rooms.Store]string{}
	openAt := func(t *testing.T) rooms.Store {
		p := filepath.Join(t.TempDir(), "t.db")
		s, err := store.OpenSQLite(p)
		if err != nil {
			t.Fatal(err)
		}
		paths[s] = p
		t.Cleanup(func() { s.Close() })
		return s
	}
	reopen := func(t *testing.T, old rooms.Store) rooms.Store {
		p := paths[old]
		old.(*store.SQLite).Close()
		s, err := store.OpenSQLite(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	storetest.Run(t, func(t *testing.T) rooms.Store {
		if strings.HasSuffix(t.Name(), "RoundTrip") || strings.HasSuffix(t.Name(), "Classes") {
			return openAt(t)
		}
		return open(t)
	}, reopen)
	storetest.RunLobby(t, func(t *testing.T) storetest.LobbyStore { return openAt(t).(*store.SQLite) })
}

func TestSQLiteSchema(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t.db")
	s, err := store.OpenSQLite(p)
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.SchemaVersion(context.Background())
	if err != nil || v < 1 {
		t.Fatalf("schema version %d, %v", v, err)
	}
	s.Close()
	// Opening again applies nothing and keeps the version.
	s, err = store.OpenSQLite(p)
	if err != nil {
		t.Fatal(err)
	}
	if v2, _ := s.SchemaVersion(context.Background()); v2 != v {
		t.Fatalf("reopened at schema version %d, want %d", v2, v)
	}
	var mode string
	var sync int
	s.DB().QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	s.DB().QueryRow(`PRAGMA synchronous`).Scan(&sync)
	if mode != "wal" || sync != 2 {
		t.Errorf("journal_mode %q synchronous %d, want wal and 2 (FULL)", mode, sync)
	}
	s.Close()
	// A database from a newer program is refused, not damaged.
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
	s, _ = store.OpenSQLite(p)
	// (with a contract that needs a program of 99 migrations: a newer
	// schema of expands alone is used, docs/deploy.md "Upgrades").
	s.DB().Exec(`UPDATE schema_version SET version = 99`)
	s.DB().Exec(`UPDATE schema_oldest SET version = 99`)
	s.Close()
	if _, err := store.OpenSQLite(p); err == nil || !strings.Contains(err.Error(), "finish the upgrade") {
		t.Fatalf("opening a newer schema: err = %v", err)
	}
	if _, err := store.OpenSQLite(filepath.Join(t.TempDir(), "no", "such", "dir.db")); err == nil {
		t.Fatal("opening a file in a missing directory succeeded")
	}
}

// A read does not wait for the writer: while the one connection that
// writes is held (as by a commit waiting for its fsync), a room, the
// archive and the schema are still read.
func TestSQLiteReadsBesideTheWriter(t *testing.T) {
	s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if err := s.CreateRoom(ctx, store.Room{ID: "r1", Game: "adji-boto", Secret: []byte{1}, Status: store.Open}, nil); err != nil {
		t.Fatal(err)
	}
	tx, err := s.DB().BeginTx(ctx, nil) // holds the writer's connection
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	// A hang, not a time, fails this test: the deadline is far.
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if sn, err := s.LoadRoom(ctx, "r1"); err != nil || sn.Room.ID != "r1" {
		t.Fatalf("loading a room while the writer is busy: %+v, %v", sn.Room, err)
	}
	if _, err := s.FinishedGames(ctx, store.Filter{}); err != nil {
		t.Fatalf("listing the archive while the writer is busy: %v", err)
	}
	if _, err := s.SchemaVersion(ctx); err != nil {
		t.Fatalf("reading the schema while the writer is busy: %v", err)
	}
}

// A room whose request is already over is not created (the writer's
// queue may have room: the request's end still wins).
func TestSQLiteNothingStoredForARequestThatIsOver(t *testing.T) {
	s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	over, cancel := context.WithCancel(context.Background())
	cancel()
	for i := range 20 {
		id := fmt.Sprintf("r%d", i)
		if err := s.CreateRoom(over, store.Room{ID: id, Game: "adji-boto", Secret: []byte{1}, Status: store.Open}, nil); err == nil {
			t.Fatalf("room %s created for a request that was over", id)
		}
	}
}

// A change asked for after Close gets an error, never a wait: with the
// queue free and the store closing, enqueue's select picks either at
// random, and a step that slipped into the queue after Close answered it
// used to wait for ever. Twenty tries miss that with odds of 2^-20.
func TestSQLiteChangesAfterCloseAreRefused(t *testing.T) {
	s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	changesAfterCloseAreRefused(t, s)
}

// changesAfterCloseAreRefused closes s, then asks it for twenty changes:
// each must get an error, not wait for ever; a second Close is fine.
func changesAfterCloseAreRefused(t *testing.T, s interface {
	rooms.Store
	Close() error
}) {
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		done := make(chan error, 1)
		go func() {
			done <- s.CreateRoom(context.Background(), store.Room{ID: fmt.Sprintf("r%d", i), Game: "adji-boto", Secret: []byte{1}, Status: store.Open}, nil)
		}()
		// A hang, not a time, fails this test: the deadline is far.
		select {
		case err := <-done:
			if err == nil {
				t.Fatalf("change %d after Close: no error", i)
			}
		case <-time.After(time.Minute):
			t.Fatalf("change %d after Close: still waiting after a minute", i)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatalf("a second Close: %v", err)
	}
}
