package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		if strings.HasSuffix(t.Name(), "RoundTrip") {
			return openAt(t)
		}
		return open(t)
	}, reopen)
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
	s.DB().Exec(`UPDATE schema_version SET version = 99`)
	s.Close()
	if _, err := store.OpenSQLite(p); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("opening a newer schema: err = %v", err)
	}
	if _, err := store.OpenSQLite(filepath.Join(t.TempDir(), "no", "such", "dir.db")); err == nil {
		t.Fatal("opening a file in a missing directory succeeded")
	}
}
