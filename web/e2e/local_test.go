package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/internal/store"
)

// A game at one device or against the computer is a room of the engine
// in the browser (id "b.…"), with or without a server in reach: it is
// kept in the browser, survives a reload, and the computer answers in it.
// Online rooms are the server's: one survives a restart of the server.

// TestGamesOfTheBrowser runs the tests of games of the engine in the
// browser, and of an online room's restart, each at a fresh device, one
// after the other in one tab (tabCases).
func TestGamesOfTheBrowser(t *testing.T) {
	parallelLong(t)
	var r *restartable
	tabCases(t,
		tabCase{"LocalGameIsTheBrowsers", 90 * time.Second, nil, localGameIsTheBrowsers},
		tabCase{"LocalGameAgainstTheComputer", 90 * time.Second, nil, localGameAgainstTheComputer},
		tabCase{"EverySeatAtOneDeviceIsOnline", time.Minute, nil, everySeatAtOneDeviceIsOnline},
		tabCase{"TwoTabsStayInStep", time.Minute, nil, twoTabsStayInStep},
		tabCase{"AReconnectionDuringAnAnimationShowsTheRoomAsItIs", 90 * time.Second, nil, aReconnectionDuringAnAnimationShowsTheRoomAsItIs},
		tabCase{"SameGameInBrowserAndServer", 2 * time.Minute, nil, sameGameInBrowserAndServer},
		tabCase{"BrowserGameToServerArchive", time.Minute, nil, browserGameToServerArchive},
		tabCase{"OnlineRoomSurvivesARestart", 90 * time.Second,
			func(t *testing.T) string { r = newRestartable(t); return "http://" + r.addr + "/" },
			func(t *testing.T, ctx context.Context) { onlineRoomSurvivesARestart(t, ctx, r) }},
	)
}

// restartable is a server on its own SQLite file and address, which a
// test stops and starts again on the same file and address (the page's
// tokens are kept per address).
type restartable struct {
	t    *testing.T
	path string
	addr string
	stop func()
}

// newRestartable starts a restartable server, stopped when the test
// ends.
func newRestartable(t *testing.T) *restartable {
	t.Helper()
	r := &restartable{t: t, path: filepath.Join(t.TempDir(), "online.db"), addr: "127.0.0.1:0"}
	r.start()
	t.Cleanup(func() { r.stop() })
	return r
}

func (r *restartable) start() string {
	r.t.Helper()
	db, err := store.OpenSQLite(r.path)
	if err != nil {
		r.t.Fatal(err)
	}
	m := newManager(db)
	ln, err := net.Listen("tcp", r.addr)
	if err != nil {
		r.t.Fatal(err)
	}
	r.addr = ln.Addr().String()
	hs := &http.Server{Handler: appServer(m)}
	go hs.Serve(ln)
	r.stop = func() {
		m.Close()
		hs.Close()
		db.Close()
	}
	return "http://" + r.addr
}

// onlineRoomSurvivesARestart: an online room against the computer
// lives on the server (r's, the page's first): a new server on the same
// file and address takes it up, and the page reconnects by itself and
// plays on.
func onlineRoomSurvivesARestart(t *testing.T, ctx context.Context, r *restartable) {
	base := "http://" + r.addr
	link := eval[string](t, ctx, `fetch('/api/rooms', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({game: 'adji-boto', options: {seeds: 3}, seats: [{kind: 'person'}, {kind: 'computer', agent: 'random'}]})})
		.then((r) => r.json()).then((j) => j.seats[0].link)`)
	must(t, ctx, chromedp.Navigate(base+link))
	const ply = `(async () => (await (await fetch('/api/rooms/' + location.hash.split('/')[2])).json()).state.ply)()`
	const holes = `[...document.querySelectorAll('#board [data-hole]')].map((e) => e.getAttribute('aria-label')).join('|')`
	play := func() {
		t.Helper()
		if st := status(t, ctx); st != "input" {
			t.Fatalf("the page is %q", st)
		}
		before := movesPlayed(t, ctx)
		must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
		waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#movelist li').length > %d`, before), 10*time.Second)
		status(t, ctx)
	}
	play()
	before := eval[int](t, ctx, ply)

	// A new server on the same file and address: the page reconnects by
	// itself and plays on.
	r.stop()
	r.start()
	waitFor(t, ctx, `(() => { const p = document.getElementById('room'); return p.dataset.drops > 0 && p.dataset.conn === 'online' && p.dataset.status === 'input'; })()`, 30*time.Second)
	if got := eval[int](t, ctx, ply); got != before {
		t.Fatalf("after the restart the game is at ply %d, want %d", got, before)
	}
	play()
	before = eval[int](t, ctx, ply)
	board := eval[string](t, ctx, holes)

	// Once more, and this time the page reloads.
	r.stop()
	r.start()
	must(t, ctx, chromedp.Reload())
	if st := status(t, ctx); st != "input" {
		t.Fatalf("after the restart the page is %q", st)
	}
	if got := eval[int](t, ctx, ply); got != before {
		t.Fatalf("after the restart the game is at ply %d, want %d", got, before)
	}
	if got := eval[string](t, ctx, holes); got != board {
		t.Errorf("after the restart the board shows %s, want %s", got, board)
	}
	play()
}

// localGameIsTheBrowsers: a game of two people at this device, with
// the server in reach, is played by the engine in the browser (the server
// knows no such room); it survives the engine dropping it from memory
// (the page reconnects by itself) and a reload (IndexedDB), and goes on.
func localGameIsTheBrowsers(t *testing.T, ctx context.Context) {
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`))
	openGame(t, ctx, "adji-boto", map[string]string{"seeds": "3"}, []string{"human", "human"})
	must(t, ctx, jsDo(`document.getElementById('start').click()`))
	waitFor(t, ctx, `location.hash.startsWith('#/play/b.')`, 20*time.Second)
	for i := 0; i < 3; i++ {
		if st := status(t, ctx); st != "input" {
			t.Fatalf("move %d: the page is %q", i, st)
		}
		must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
		waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, i+1), 10*time.Second)
	}
	status(t, ctx)
	if got := eval[int](t, ctx, `fetch('/api/rooms/' + location.hash.split('/')[2]).then((r) => r.status)`); got != 404 {
		t.Errorf("the server answers %d for the browser's room, want 404", got)
	}
	ply := `(async () => ` + roomNow + `.state.ply)()`
	before := eval[int](t, ctx, ply)
	const holes = `[...document.querySelectorAll('#board [data-hole]')].map((e) => e.getAttribute('aria-label')).join('|')`
	board := eval[string](t, ctx, holes)
	if board == "" {
		t.Fatal("no holes on the board")
	}

	// The engine drops the room, as a server restarts: the page
	// reconnects by itself and plays on.
	must(t, ctx, jsDo(`import('./engine.js').then((m) => m.engineUnload(location.hash.split('/')[2]))`))
	waitFor(t, ctx, `(() => { const p = document.getElementById('room'); return p.dataset.drops > 0 && p.dataset.conn === 'online' && p.dataset.status === 'input'; })()`, 30*time.Second)
	if got := eval[int](t, ctx, ply); got != before {
		t.Fatalf("after the engine dropped it the game is at ply %d, want %d", got, before)
	}
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, ctx, `document.querySelectorAll('#movelist li').length === 4`, 10*time.Second)
	status(t, ctx)
	before = eval[int](t, ctx, ply)
	board = eval[string](t, ctx, holes)

	// The page reloads: a new engine takes the game from IndexedDB.
	must(t, ctx, chromedp.Reload())
	if st := status(t, ctx); st != "input" {
		t.Fatalf("after the reload the page is %q", st)
	}
	if n := movesPlayed(t, ctx); n != 4 {
		t.Fatalf("after the reload the move list has %d moves, want 4", n)
	}
	if got := eval[int](t, ctx, ply); got != before {
		t.Fatalf("after the reload the game is at ply %d, want %d", got, before)
	}
	if got := eval[string](t, ctx, holes); got != board {
		t.Errorf("after the reload the board shows %s, want %s", got, board)
	}
	waitFor(t, ctx, `document.querySelectorAll('#board .hole.lastfrom').length === 1`, 10*time.Second)
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, ctx, `document.querySelectorAll('#movelist li').length === 5`, 10*time.Second)
}

// localGameAgainstTheComputer: against the computer the engine in the
// browser answers; the game has no spectator link (no server holds it)
// and its record downloads from the browser.
func localGameAgainstTheComputer(t *testing.T, ctx context.Context) {
	openGame(t, ctx, "adji-boto", map[string]string{"seeds": "2"}, []string{"human", "random"})
	must(t, ctx, jsDo(`document.getElementById('start').click()`))
	waitFor(t, ctx, `location.hash.startsWith('#/play/b.')`, 20*time.Second)
	if status(t, ctx) != "input" {
		t.Fatal("no input at the start")
	}
	if eval[bool](t, ctx, `!!document.getElementById('sharelink')`) {
		t.Error("a game of the browser offers a spectator link")
	}
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, ctx, `document.querySelectorAll('#movelist li').length >= 2 && ['input','over'].includes(document.getElementById('room').dataset.status)`, 20*time.Second)
	// The download: the record as the engine has it, not the server's 404.
	rec := eval[string](t, ctx, downloadJS)
	if !strings.Contains(rec, `"game":"adji-boto"`) || !strings.Contains(rec, `"moves"`) {
		t.Errorf("the downloaded record: %.300s", rec)
	}
}

// twoTabsStayInStep: two tabs of this device (a and another) on one
// game of the browser (each with its engine, told of the other's
// changes); what one plays, the other shows at once, and it plays on from
// there.
func twoTabsStayInStep(t *testing.T, a context.Context) {
	b := sameDevice(t, a, time.Minute)
	openGame(t, a, "adji-boto", nil, []string{"human", "human"})
	must(t, a, jsDo(`document.getElementById('start').click()`))
	status(t, a)
	page := eval[string](t, a, `location.href`)
	if !strings.Contains(page, "#/play/b.") {
		t.Fatalf("the game is at %s, not in the browser", page)
	}
	must(t, b, chromedp.Navigate(page))
	waitFor(t, b, `!!document.querySelector('#legal button.move')`, 10*time.Second)
	must(t, a, jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, b, `document.querySelectorAll('#movelist li').length === 1 && document.getElementById('room').dataset.status === 'input'`, 10*time.Second)
	must(t, b, jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, a, `document.querySelectorAll('#movelist li').length === 2`, 10*time.Second)
}

// everySeatAtOneDeviceIsOnline: a game of two people at one device
// shows both seats online from the start (the page names every seat's
// token in its hello), not the first alone.
func everySeatAtOneDeviceIsOnline(t *testing.T, ctx context.Context) {
	openGame(t, ctx, "adji-boto", nil, []string{"human", "human"})
	must(t, ctx, jsDo(`document.getElementById('start').click()`))
	status(t, ctx)
	online := `(async () => ` + roomNow + `.seats.map((s) => s.online).join(','))()`
	deadline := time.Now().Add(10 * time.Second)
	for got := eval[string](t, ctx, online); got != "true,true"; got = eval[string](t, ctx, online) {
		if time.Now().After(deadline) {
			t.Fatalf("seats online: %s, want both", got)
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// aReconnectionDuringAnAnimationShowsTheRoomAsItIs: the engine drops
// the room while the page animates the person's move, and the computer
// answers while the page is away. Back online, the page shows the room as
// the engine has it and offers the next move. (It used to finish the
// animation on the older state and wait for a turn already played.)
func aReconnectionDuringAnAnimationShowsTheRoomAsItIs(t *testing.T, ctx context.Context) {
	must(t, ctx, chromedp.Navigate(srv.URL+"/"), jsDo(`localStorage.setItem('tabula.speed','slow')`))
	openGame(t, ctx, "adji-boto", nil, []string{"human", "greedy"})
	must(t, ctx, jsDo(`document.getElementById('start').click()`))
	if st := status(t, ctx); st != "input" {
		t.Fatalf("the page is %q at the start", st)
	}
	id := eval[string](t, ctx, `location.hash.split('/')[2]`)
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	// The sowing is under way (a hand of seeds on the board) and the
	// computer has answered: drop the room.
	server := `(async () => ` + roomNow + `.turns.length)()`
	waitFor(t, ctx, `!!document.querySelector('#board .hand')`, 10*time.Second)
	began := time.Now()
	for eval[int](t, ctx, server) < 2 {
		time.Sleep(10 * time.Millisecond)
	}
	if !eval[bool](t, ctx, `!!document.querySelector('#board .hand')`) {
		t.Fatal("the animation ended before the computer answered: nothing tested")
	}
	must(t, ctx, jsDo(fmt.Sprintf(`import('./engine.js').then((m) => m.engineUnload(%q))`, id)))
	waitFor(t, ctx, `(() => { const r = document.getElementById('room'); return r.dataset.drops === '1' && r.dataset.conn === 'online'; })()`, 20*time.Second)
	// Until well after the sowing would have ended (a turn's animation
	// lasts at most about 4 s), the page offers the person's move.
	for time.Since(began) < 6*time.Second {
		if st := eval[string](t, ctx, `document.getElementById('room').dataset.status`); st != "input" {
			t.Fatalf("%v after the sowing began, back online, the page is %q, want input", time.Since(began).Round(time.Millisecond), st)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if got, want := movesPlayed(t, ctx), eval[int](t, ctx, server); got != want || want < 2 {
		t.Fatalf("the page lists %d moves, the engine %d (want the person's and the computer's)", got, want)
	}
}
