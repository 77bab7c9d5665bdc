package store

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tabula/internal/pgtest"
	"tabula/internal/wire"
)

// upgradable is what the rolling-upgrade test does with a store of
// either database.
type upgradable interface {
	CreateRoom(ctx context.Context, r Room, seats []Seat) error
	Apply(ctx context.Context, st Step) error
	LoadRoom(ctx context.Context, id string) (Snapshot, error)
	Ready(ctx context.Context) error
	SchemaVersion(ctx context.Context) (int, error)
	Close() error
}

// nextExpand is the migration a next version might add, of the kind
// every migration so far is (an expand): a nullable column, a table
// with a default, an index.
const nextExpand = `ALTER TABLE rooms ADD COLUMN note TEXT;
	CREATE TABLE upgrade_probe (room TEXT PRIMARY KEY, seen INTEGER NOT NULL DEFAULT 0);
	CREATE INDEX rooms_by_game ON rooms(game);`

// This program (version N-1, its migrations) and the next (version N:
// the same and nextExpand) on one database, side by side as in a rolling
// upgrade: N-1 made the database; N migrates it while N-1 keeps running;
// each then creates rooms and plays steps in rooms the other made, and
// both are ready. N-1 started again on the migrated schema (a rollback)
// runs and leaves it at N. Once a contract needs a program of N
// migrations, N-1 is refused (and not ready) while N runs. (The code of
// the next version is this one's: what is checked is that this code
// runs on a schema one expand ahead, which is what a rolling upgrade to
// the next version asks of it.)
func TestRollingUpgradeSideBySide(t *testing.T) {
	next := append(slices.Clone(migrations), nextExpand)
	n := len(next)
	for name, openAt := range map[string]func(t *testing.T) func(known int) (upgradable, error){
		"sqlite": func(t *testing.T) func(int) (upgradable, error) {
			path := filepath.Join(t.TempDir(), "upgrade.db")
			return func(known int) (upgradable, error) { return openSQLite(path, next[:known]) }
		},
		"postgres": func(t *testing.T) func(int) (upgradable, error) {
			url := pgtest.Database(t)
			return func(known int) (upgradable, error) {
				return openPostgres(context.Background(), url, pgDialect(next[:known]))
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			try := openAt(t)
			open := func(t *testing.T, known int) upgradable {
				s, err := try(known)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			older := open(t, n-1)
			defer func() { older.Close() }()
			if v, _ := older.SchemaVersion(ctx); v != n-1 {
				t.Fatalf("version N-1 made the schema at %d, want %d", v, n-1)
			}
			createRoom(t, older, "made-by-old")
			step(t, older, "made-by-old", 0)

			newer := open(t, n)
			defer newer.Close()
			if v, _ := newer.SchemaVersion(ctx); v != n {
				t.Fatalf("version N left the schema at %d, want %d", v, n)
			}
			createRoom(t, newer, "made-by-new")
			for i, s := range []upgradable{older, newer, older, newer} {
				step(t, s, "made-by-old", i+1)
				step(t, s, "made-by-new", i)
			}
			createRoom(t, older, "made-by-old-after")
			for _, s := range []upgradable{older, newer} {
				for room, want := range map[string]int{"made-by-old": 5, "made-by-new": 4, "made-by-old-after": 0} {
					sn, err := s.LoadRoom(ctx, room)
					if err != nil || sn.Room.Version != want || len(sn.Events) != want {
						t.Errorf("room %s read: version %d, %d events, %v; want %d", room, sn.Room.Version, len(sn.Events), err, want)
					}
				}
				if err := s.Ready(ctx); err != nil {
					t.Errorf("not ready during the upgrade: %v", err)
				}
			}

			// N-1 restarted (a rollback of one instance) runs on the
			// migrated schema and does not take it back.
			older.Close()
			older = open(t, n-1)
			step(t, older, "made-by-new", 4)
			if v, _ := newer.SchemaVersion(ctx); v != n {
				t.Errorf("after N-1 started again the schema is at %d, want %d", v, n)
			}

			// A contract that needs N (as migration N+1 would say): N-1
			// is no longer ready, cannot start, and N runs.
			contract := fmt.Sprintf(`UPDATE schema_oldest SET version = %d`, n)
			switch s := newer.(type) {
			case *SQLite:
				_, err := s.db.ExecContext(ctx, contract)
				if err != nil {
					t.Fatal(err)
				}
			case *Postgres:
				if _, err := s.pool.Exec(ctx, contract); err != nil {
					t.Fatal(err)
				}
			}
			if err := older.Ready(ctx); err == nil || !strings.Contains(err.Error(), "finish the upgrade") {
				t.Errorf("N-1 ready after a contract that needs N: %v", err)
			}
			older.Close()
			if s, err := try(n - 1); err == nil || !strings.Contains(err.Error(), "finish the upgrade") {
				if err == nil {
					s.Close()
				}
				t.Errorf("N-1 started after a contract that needs N: %v", err)
			}
			if err := newer.Ready(ctx); err != nil {
				t.Errorf("N not ready after its own contract: %v", err)
			}
		})
	}
}

func createRoom(t *testing.T, s upgradable, id string) {
	t.Helper()
	now := time.Now()
	r := Room{ID: id, Game: "adji-boto", Secret: []byte{1}, Status: wire.StatusOpen, Created: now, Updated: now}
	if err := s.CreateRoom(context.Background(), r, []Seat{{Index: 0, Kind: "person", Name: "Ana"}, {Index: 1, Kind: "person", Name: "Bo"}}); err != nil {
		t.Fatalf("creating %s: %v", id, err)
	}
}

func step(t *testing.T, s upgradable, room string, from int) {
	t.Helper()
	st := Step{Room: room, From: from, Events: []Event{{Version: from + 1, Kind: "turn", Body: []byte(`{}`)}}}
	if err := s.Apply(context.Background(), st); err != nil {
		t.Fatalf("step %d of %s: %v", from+1, room, err)
	}
}

// The fewest migrations a program must know is raised by each contract
// from the migration it is applied at, and by no expand.
func TestOldestProgramFollowsTheContracts(t *testing.T) {
	example := map[int]int{5: 4, 9: 8}
	for n, want := range map[int]int{0: 0, 4: 0, 5: 4, 8: 4, 9: 8, 12: 8} {
		if got := oldestProgram(n, example); got != want {
			t.Errorf("oldestProgram(%d) = %d, want %d", n, got, want)
		}
	}
	for _, c := range []struct{ have, oldest, known int }{{7, 0, 6}, {7, 6, 6}, {6, 0, 7}} {
		if err := tolerated(c.have, c.oldest, c.known); err != nil {
			t.Errorf("tolerated(%d, %d, %d): %v", c.have, c.oldest, c.known, err)
		}
	}
	if err := tolerated(8, 7, 6); err == nil {
		t.Error("a program of 6 migrations tolerated where a contract needs 7")
	}
	// This program's contracts name migrations it has, and need no
	// program newer than the migration itself.
	for k, o := range contracts {
		if k < 1 || k > len(migrations) || o > k {
			t.Errorf("contract %d needs a program of %d migrations; this one has %d", k, o, len(migrations))
		}
	}
}
