package store_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabula/internal/pgtest"
	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/internal/store/storetest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// twoPoolsOneRoom opens a fresh database twice, as two processes do, with
// room r made at version 0.
func twoPoolsOneRoom(t *testing.T) (a, b *store.Postgres) {
	t.Helper()
	a, url := openPG(t)
	b, err := store.OpenPostgres(bg, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	now := time.Now()
	if err := a.CreateRoom(bg, store.Room{ID: "r", Game: "adji-boto", Secret: []byte{1}, Status: store.Open, Created: now, Updated: now}, nil); err != nil {
		t.Fatal(err)
	}
	return a, b
}

var bg = context.Background()

// openPG opens a fresh database on the test binary's cluster.
func openPG(t *testing.T) (*store.Postgres, string) {
	t.Helper()
	url := pgtest.Database(t)
	s, err := store.OpenPostgres(bg, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, url
}

func TestPostgresConformance(t *testing.T) {
	urls := map[rooms.Store]string{}
	open := func(t *testing.T) rooms.Store {
		s, url := openPG(t)
		urls[s] = url
		return s
	}
	reopen := func(t *testing.T, old rooms.Store) rooms.Store {
		old.(*store.Postgres).Close()
		s, err := store.OpenPostgres(bg, urls[old])
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	storetest.Run(t, open, reopen)
	storetest.RunLobby(t, func(t *testing.T) storetest.LobbyStore { s, _ := openPG(t); return s })
}

// TestMigrationsInStep: both dialects' migrations give the same tables
// with the same columns, in the same order, and the same schema version.
func TestMigrationsInStep(t *testing.T) {
	pg, _ := openPG(t)
	lite, err := store.OpenSQLite(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	liteCols := map[string][]string{}
	rows, err := lite.DB().Query(`SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table' ORDER BY m.name, p.cid`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var tab, col string
		rows.Scan(&tab, &col)
		liteCols[tab] = append(liteCols[tab], col)
	}
	rows.Close()
	pgCols := map[string][]string{}
	prow, err := pg.Pool().Query(bg, `SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`)
	if err != nil {
		t.Fatal(err)
	}
	for prow.Next() {
		var tab, col string
		prow.Scan(&tab, &col)
		pgCols[tab] = append(pgCols[tab], col)
	}
	prow.Close()
	if len(liteCols) < 6 {
		t.Fatalf("SQLite has only tables %v", slices.Sorted(maps.Keys(liteCols)))
	}
	if !maps.EqualFunc(liteCols, pgCols, slices.Equal) {
		t.Errorf("schemas differ:\nSQLite     %v\nPostgreSQL %v", liteCols, pgCols)
	}
	lv, _ := lite.SchemaVersion(bg)
	pv, _ := pg.SchemaVersion(bg)
	if lv != pv || lv < 2 {
		t.Errorf("schema versions: SQLite %d, PostgreSQL %d", lv, pv)
	}
}

// TestPostgresOpen: migrations run once even when several processes open
// a new database at the same moment; a newer schema and a bad address are
// refused with a clear error.
func TestPostgresOpen(t *testing.T) {
	url := pgtest.Database(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			s, err := store.OpenPostgres(bg, url)
			if err == nil {
				err = s.Ready(bg)
				s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("opening one new database four times at once: %v", err)
	}
	// Every statement is bounded: 10 s unless the URL says otherwise.
	for _, c := range []struct{ query, want string }{{"", "10s"}, {"&statement_timeout=5s", "5s"}} {
		s, err := store.OpenPostgres(bg, url+c.query)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		s.Pool().QueryRow(bg, `SHOW statement_timeout`).Scan(&got)
		s.Close()
		if got != c.want {
			t.Errorf("statement_timeout with %q = %q, want %q", c.query, got, c.want)
		}
	}
	s, err := store.OpenPostgres(bg, url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Pool().Exec(bg, `UPDATE schema_version SET version = 99; UPDATE schema_oldest SET version = 99`); err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(bg); err == nil || !strings.Contains(err.Error(), "99") {
		t.Errorf("Ready with a schema of version 99: %v", err)
	}
	s.Close()
	if _, err := store.OpenPostgres(bg, url); err == nil || !strings.Contains(err.Error(), "finish the upgrade") {
		t.Errorf("opening a newer schema: err = %v", err)
	}
	if _, err := store.OpenPostgres(bg, "postgres://nobody@/nodb?host=/nonexistent&connect_timeout=2"); err == nil {
		t.Error("opening a database that does not exist succeeded")
	}
	if _, err := store.OpenPostgres(bg, "postgres://%zz"); err == nil || !strings.Contains(err.Error(), "connection string") {
		t.Errorf("a malformed URL: err = %v", err)
	}
}

// An instance's pool holds DefaultPoolConns connections unless the URL
// says otherwise: pgx's own default of 4 could not carry 1,000 rooms.
func TestPostgresPoolSize(t *testing.T) {
	url := pgtest.Database(t)
	for _, c := range []struct {
		query string
		want  int32
	}{{"", store.DefaultPoolConns}, {"&pool_max_conns=3", 3}} {
		s, err := store.OpenPostgres(bg, url+c.query)
		if err != nil {
			t.Fatal(err)
		}
		got := s.Pool().Config().MaxConns
		s.Close()
		if got != c.want {
			t.Errorf("pool with %q: %d connections, want %d", c.query, got, c.want)
		}
	}
}

// TestTwoPoolsOneVersion hammers one room from many goroutines on two
// separate connection pools (two processes): every version is written
// exactly once, the log has no gap, and the losers get ErrConflict.
func TestTwoPoolsOneVersion(t *testing.T) {
	a, b := twoPoolsOneRoom(t)
	const workers, rounds = 8, 25
	var wins, conflicts atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		s := []*store.Postgres{a, b}[w%2]
		wg.Go(func() {
			for i := range rounds {
				vs, err := s.Versions(bg, []string{"r"})
				if err != nil {
					t.Error(err)
					return
				}
				v := vs["r"]
				err = s.Apply(bg, store.Step{Room: "r", From: v,
					Events: []store.Event{{Version: v + 1, Kind: "turn", Body: fmt.Appendf(nil, `{"w":%d,"i":%d}`, w, i)}}})
				switch {
				case err == nil:
					wins.Add(1)
				case errors.Is(err, store.ErrConflict):
					conflicts.Add(1)
				default:
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	sn, err := b.LoadRoom(bg, "r")
	if err != nil {
		t.Fatal(err)
	}
	if int64(sn.Room.Version) != wins.Load() || len(sn.Events) != sn.Room.Version {
		t.Fatalf("%d steps won, room at version %d with %d events", wins.Load(), sn.Room.Version, len(sn.Events))
	}
	for i, e := range sn.Events {
		if e.Version != i+1 {
			t.Fatalf("event %d has version %d", i, e.Version)
		}
	}
	if wins.Load()+conflicts.Load() != workers*rounds {
		t.Errorf("%d wins + %d conflicts != %d attempts", wins.Load(), conflicts.Load(), workers*rounds)
	}
	t.Logf("%d steps applied, %d refused as conflicts", wins.Load(), conflicts.Load())
}

func TestLeases(t *testing.T) {
	s, _ := openPG(t)
	now := time.Now()
	for _, id := range []string{"r", "q"} {
		if err := s.CreateRoom(bg, store.Room{ID: id, Game: "adji-boto", Secret: []byte{1}, Status: store.Open, Created: now, Updated: now}, nil); err != nil {
			t.Fatal(err)
		}
	}
	claim := func(room string, v int, holder string, ttl time.Duration) bool {
		t.Helper()
		ok, err := s.Claim(bg, room, v, holder, ttl)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !claim("r", 0, "A", time.Hour) {
		t.Fatal("A could not claim a free lease")
	}
	if claim("r", 0, "B", time.Hour) {
		t.Fatal("B claimed the lease A holds")
	}
	if !claim("r", 0, "A", time.Hour) {
		t.Fatal("A could not renew its own lease")
	}
	// Nobody takes over a lease that has not run out.
	if ids, err := s.TakeExpired(bg, "B", time.Hour, 10); err != nil || len(ids) != 0 {
		t.Fatalf("TakeExpired of running leases = %v, %v", ids, err)
	}
	// A lease that has run out (its holder died) is taken over, once.
	if !claim("q", 0, "A", -time.Second) {
		t.Fatal("A could not claim q")
	}
	if !claim("q", 0, "B", time.Hour) {
		t.Fatal("B could not claim q's expired lease")
	}
	if claim("q", 0, "A", time.Hour) {
		t.Fatal("A took q back from B")
	}
	// Both holders die: their leases run out.
	if _, err := s.Pool().Exec(bg, `UPDATE leases SET expires = 0`); err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, h := range []string{"B", "C", "D"} {
		wg.Go(func() {
			ids, err := s.TakeExpired(bg, h, time.Hour, 10)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			got[h] = ids
			mu.Unlock()
		})
	}
	wg.Wait()
	var all []string
	for _, ids := range got {
		all = append(all, ids...)
	}
	slices.Sort(all)
	if !slices.Equal(all, []string{"q", "r"}) {
		t.Fatalf("three sweepers took over %v, want q and r once each", got)
	}
	if claim("r", 0, "A", time.Hour) {
		t.Fatal("the dead holder A got its lease back after the takeover")
	}
	// A lease on an older version gives way to the next move's.
	if err := s.Apply(bg, store.Step{Room: "r", From: 0, Events: []store.Event{{Version: 1, Kind: "turn", Body: []byte(`{}`)}}}); err != nil {
		t.Fatal(err)
	}
	if !claim("r", 1, "A", time.Hour) {
		t.Fatal("A could not claim the lease of the next version")
	}
	// Expired leases of rooms that moved on are not taken over.
	if _, err := s.Pool().Exec(bg, `UPDATE leases SET expires = 0, version = 0`); err != nil {
		t.Fatal(err)
	}
	if ids, _ := s.TakeExpired(bg, "B", time.Hour, 10); !slices.Equal(ids, []string{"q"}) {
		t.Fatalf("TakeExpired = %v, want only q (r moved on)", ids)
	}
}

// TestListen: a committed step reaches the listener of another pool with
// its room and version; a refused one sends nothing.
func TestListen(t *testing.T) {
	a, url := openPG(t)
	// Settings of the pool in the URL do not reach the listener's connection.
	b, err := store.OpenPostgres(bg, url+"&pool_max_conns=3&pool_min_conns=1")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx, cancel := context.WithTimeout(bg, 30*time.Second)
	defer cancel()
	got := make(chan string, 10)
	listen(ctx, t, b, store.Listener{
		Changed: func(room string, v int) { got <- fmt.Sprintf("%s %d", room, v) },
		Lost:    func(err error) { t.Log(err) },
	})
	now := time.Now()
	if err := a.CreateRoom(bg, store.Room{ID: "r", Game: "adji-boto", Secret: []byte{1}, Status: store.Open, Created: now, Updated: now}, nil); err != nil {
		t.Fatal(err)
	}
	step := store.Step{Room: "r", From: 0, Events: []store.Event{{Version: 1, Kind: "turn", Body: []byte(`{}`)}, {Version: 2, Kind: "turn", Body: []byte(`{}`)}}}
	if err := a.Apply(bg, step); err != nil {
		t.Fatal(err)
	}
	if err := a.Apply(bg, step); !errors.Is(err, store.ErrConflict) {
		t.Fatal(err)
	}
	if err := a.Apply(bg, store.Step{Room: "r", From: 2, Events: []store.Event{{Version: 3, Kind: "turn", Body: []byte(`{}`)}}}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"r 2", "r 3"} {
		expectNote(ctx, t, got, want)
	}
}

// expectNote waits for the next of the notifications got (until ctx is
// done) and checks that it is want.
func expectNote(ctx context.Context, t *testing.T, got <-chan string, want string) {
	t.Helper()
	select {
	case g := <-got:
		if g != want {
			t.Fatalf("notification %q, want %q", g, want)
		}
	case <-ctx.Done():
		t.Fatalf("no notification %q", want)
	}
}

// listen runs s.Listen with l until ctx is done, once it is connected.
func listen(ctx context.Context, t *testing.T, s *store.Postgres, l store.Listener) {
	t.Helper()
	connected := make(chan struct{}, 1)
	l.Connected = func() {
		select {
		case connected <- struct{}{}:
		default:
		}
	}
	go s.Listen(ctx, l)
	select {
	case <-connected:
	case <-ctx.Done():
		t.Fatal("the listener never connected")
	}
}

func TestPostgresChangesAfterCloseAreRefused(t *testing.T) {
	s, _ := openPG(t)
	changesAfterCloseAreRefused(t, s)
}
