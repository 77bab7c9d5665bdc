// Package e2e tests the browser app in a real headless Chromium (Debian's
// chromium-headless-shell; one game in the desktop chromium: see
// browser_test.go), driven by chromedp: whole games through the UI, a game
// at one device, the language switch, and (with -screenshots) a screenshot
// of each board.
//
// The harness: one Chromium for the whole package (started in TestMain)
// and one app server (srv, with its rooms in mgr). A test calls tab for
// a tab in a browser context of its own (its own storage: a device of
// its own; sameDevice opens a second tab of that device), so every test
// runs in parallel (parallel or parallelLong, parallelTests at once). A test that reads
// what it changes on the server (a count, a list) has a server of its
// own (ownApp). The pages animate nothing (see tab) unless a test asks
// for it; waits are waitFor (the page tells when a condition holds),
// never sleeps.
//
// Without chromium the tests fail when CI=true and are skipped otherwise.
// With -screenshots the tests write a screenshot of the pages they visit
// (for people to look at: nothing checks them) to $TABULA_SCREENSHOTS,
// else testdata-out/screenshots at the root of the repository (ignored by
// git); without it they take none.
package e2e

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabula/docs"
	_ "tabula/games/all"
	"tabula/internal/classes"
	"tabula/internal/lobby"
	"tabula/internal/pgtest"
	"tabula/internal/rooms"
	"tabula/internal/server"
	"tabula/internal/store"
	"tabula/web"
)

var (
	srv       *httptest.Server
	browser   context.Context // the one browser; each test opens its own context and tab
	noBrowser string          // why the browser could not start
	shotDir   string          // where screenshots go; "" takes none (see -screenshots)
	mgr       *rooms.Manager  // the rooms, online and at one device
)

func chromiumPath() string {
	for _, p := range []string{os.Getenv("TABULA_CHROMIUM"), "/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	for _, name := range []string{"chromium-headless-shell", "chromium"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// awayGrace is how long a person is away before another may give the
// seat to the computer, in the tests' rooms.
const awayGrace = 4 * time.Second

// newManager runs the rooms kept in db.
func newManager(db *store.SQLite) *rooms.Manager {
	discard := slog.New(slog.NewTextHandler(io.Discard, nil))
	// A seat away for awayGrace may be given to the computer: short, so
	// that a test sees the replace button come.
	return rooms.NewManager(rooms.Config{Store: db, Agents: rooms.AgentFunc(server.DefaultAgents), Offered: server.OfferedAgents, Log: discard, AwayGrace: awayGrace})
}

// appServer is the server of the tests: the app, the API and mgr's rooms.
func appServer(mgr *rooms.Manager) *server.Server {
	return server.New(server.Config{
		Log:            slog.New(slog.NewTextHandler(io.Discard, nil)),
		Static:         web.Static(),
		Rules:          docs.RulesFS(),
		Rooms:          mgr,
		Classes:        classDB,
		RoomsPerMinute: 1000,
		MessageRate:    200,
	})
}

// app is a whole app server on one SQLite file: the app, the API, its
// rooms, classes and lobby, counting the requests to create a room.
type app struct {
	*httptest.Server
	rooms   *rooms.Manager
	created atomic.Int64
	close   func()
}

// newApp serves the app from db.
func newApp(db *store.SQLite) *app {
	a := &app{rooms: newManager(db)}
	s := appServer(a.rooms)
	s.SetLobby(lobby.New(lobby.Config{Store: db.Lobby(), Rooms: a.rooms, Offered: server.OfferedAgents, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}),
		server.LobbyLimits{SeeksPerMinute: 1000, PlayersPerMinute: 1000})
	a.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/api/rooms" {
			a.created.Add(1)
		}
		s.ServeHTTP(w, r)
	}))
	a.close = func() {
		a.Server.Close()
		a.rooms.Close()
	}
	return a
}

// ownApp is an app server of the test's own, on a database of its own:
// for a test that reads what it changes on the server (a count, a list),
// which other tests, in parallel, must not change under it.
func ownApp(t *testing.T) *app {
	t.Helper()
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	a := newApp(db)
	t.Cleanup(func() {
		a.close()
		db.Close()
	})
	return a
}

// classDB keeps the teachers' classes of the tests' server (class_test.go).
var classDB classes.Store

// parallelTests is how many browser tests run at once (each in a browser
// context of its own, see tab), unless -test.parallel says otherwise. A
// browser test mostly waits (for the page, the server), so three share
// two cores well.
const parallelTests = 3

func TestMain(m *testing.M) {
	flag.Parse()
	slots.free = parallelTests
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "test.parallel" {
			slots.free, _ = strconv.Atoi(f.Value.String())
		}
	})
	// The slots bound the tests at once: go test lets every one start.
	// With -test.parallel 1 go test runs one at a time itself, so that
	// a test's events (go test -json) are its own, to measure it alone.
	if slots.free > 1 {
		flag.Set("test.parallel", "1000")
	}
	os.Exit(run(m))
}

// slots are the places of the tests running at once. A long test (a whole
// game, a class, servers of its own) takes a free place before any other
// that waits, so that a run does not end with a long test alone on the
// machine while the short ones are done.
var slots struct {
	sync.Mutex
	free          int
	long, waiting []chan struct{}
}

// parallel runs t in parallel with the other tests (t.Parallel) once a
// place is free; parallelLong for a long test. A test with parallel
// subtests calls t.Parallel alone: its subtests take the places.
func parallel(t *testing.T)     { take(t, false) }
func parallelLong(t *testing.T) { take(t, true) }

func take(t *testing.T, long bool) {
	t.Parallel()
	slots.Lock()
	if slots.free > 0 {
		slots.free--
		slots.Unlock()
	} else {
		ready := make(chan struct{})
		if long {
			slots.long = append(slots.long, ready)
		} else {
			slots.waiting = append(slots.waiting, ready)
		}
		slots.Unlock()
		// go test's time of the test counts this wait: the log tells it.
		began := time.Now()
		<-ready
		t.Logf("waited %.1fs for a place", time.Since(began).Seconds())
	}
	// Registered first, run last: after the test's tabs are closed.
	t.Cleanup(func() {
		slots.Lock()
		defer slots.Unlock()
		for _, q := range []*[]chan struct{}{&slots.long, &slots.waiting} {
			if len(*q) > 0 {
				close((*q)[0])
				*q = (*q)[1:]
				return
			}
		}
		slots.free++
	})
}

func run(m *testing.M) int {
	dbDir, err := os.MkdirTemp("", "tabula-e2e")
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer os.RemoveAll(dbDir)
	db, err := store.OpenSQLite(filepath.Join(dbDir, "rooms.db"))
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer db.Close()
	classDB = db
	main := newApp(db)
	defer main.close()
	srv, mgr = main.Server, main.rooms
	// A test binary killed mid-run leaves no server, nginx or PostgreSQL
	// behind (each is its child, killed with it: servetest, startNginx),
	// and no cluster when it ends.
	defer pgtest.StopShared()
	defer func() {
		if built.dir != "" {
			os.RemoveAll(built.dir)
		}
	}()

	if *screenshots {
		shotDir = os.Getenv("TABULA_SCREENSHOTS")
		if shotDir == "" {
			shotDir = filepath.Join("..", "..", "testdata-out", "screenshots")
		}
		if err := os.MkdirAll(shotDir, 0o755); err != nil {
			shotDir, _ = os.MkdirTemp("", "tabula-screenshots")
		}
		if abs, err := filepath.Abs(shotDir); err == nil {
			shotDir = abs
		}
	}

	exe := chromiumPath()
	if testing.Short() {
		noBrowser = "not with -short" // the quick suite needs no browser
	} else if exe == "" {
		noBrowser = "chromium is not installed (apt-get install chromium-headless-shell; scripts/test.sh does it)"
	} else {
		ctx, stop, err := startBrowser(exe)
		if err != nil {
			noBrowser = err.Error()
		}
		defer stop()
		browser = ctx
	}
	code := m.Run()
	if shotDir != "" {
		fmt.Printf("e2e: screenshots in %s\n", shotDir)
	}
	return code
}
