package e2e

import (
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/internal/store"
)

// A game at one device is a room of the server: it survives a restart of
// the server, and the computer answers in it.

// restartable is a server on its own SQLite file and address, which a
// test stops and starts again on the same file and address (the page's
// tokens are kept per address).
type restartable struct {
	t    *testing.T
	path string
	addr string
	stop func()
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

func TestLocalGameSurvivesARestart(t *testing.T) {
	t.Parallel()
	r := &restartable{t: t, path: filepath.Join(t.TempDir(), "local.db"), addr: "127.0.0.1:0"}
	base := r.start()
	t.Cleanup(func() { r.stop() })
	ctx := tab(t, 90*time.Second)
	must(t, ctx, chromedp.Navigate(base+"/"),
		jsDo(`localStorage.clear(); localStorage.setItem('tabula.lang','en'); localStorage.setItem('tabula.speed','off')`),
		chromedp.Navigate(base+"/#/game/adji-boto"))
	waitFor(t, ctx, `!!document.querySelector('#game[data-game="adji-boto"] #start') && !!document.getElementById('seat-1')`, 10*time.Second)
	setField(t, ctx, "seeds", "3")
	waitFor(t, ctx, `!document.getElementById('seats').dataset.pending`, 10*time.Second)
	setSelect(t, ctx, "#seat-0", "human")
	setSelect(t, ctx, "#seat-1", "human")
	must(t, ctx, jsDo(`document.getElementById('start').click()`))
	for i := 0; i < 3; i++ {
		if st := status(t, ctx); st != "input" {
			t.Fatalf("move %d: the page is %q", i, st)
		}
		must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
		waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, i+1), 10*time.Second)
	}
	status(t, ctx)
	ply := `(async () => (await (await fetch('/api/rooms/' + location.hash.split('/')[2])).json()).state.ply)()`
	before := eval[int](t, ctx, ply)
	const holes = `[...document.querySelectorAll('#board [data-hole]')].map((e) => e.getAttribute('aria-label')).join('|')`
	board := eval[string](t, ctx, holes)
	if board == "" {
		t.Fatal("no holes on the board")
	}

	// A new server on the same file and address: the page reconnects by
	// itself and plays on.
	r.stop()
	r.start()
	waitFor(t, ctx, `(() => { const p = document.getElementById('room'); return p.dataset.drops > 0 && p.dataset.conn === 'online' && p.dataset.status === 'input'; })()`, 30*time.Second)
	if got := eval[int](t, ctx, ply); got != before {
		t.Fatalf("after the restart the game is at ply %d, want %d", got, before)
	}
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, ctx, `document.querySelectorAll('#movelist li').length === 4`, 10*time.Second)
	before = eval[int](t, ctx, ply)
	board = eval[string](t, ctx, holes)

	// Once more, and this time the page reloads.
	r.stop()
	r.start()
	must(t, ctx, chromedp.Reload())
	if st := status(t, ctx); st != "input" {
		t.Fatalf("after the restart the page is %q", st)
	}
	if n := movesPlayed(t, ctx); n != 4 {
		t.Fatalf("after the restart the move list has %d moves, want 4", n)
	}
	if got := eval[int](t, ctx, ply); got != before {
		t.Fatalf("after the restart the game is at ply %d, want %d", got, before)
	}
	if got := eval[string](t, ctx, holes); got != board {
		t.Errorf("after the restart the board shows %s, want %s", got, board)
	}
	// The last move is marked again.
	waitFor(t, ctx, `document.querySelectorAll('#board .hole.lastfrom').length === 1`, 10*time.Second)
	// The seats are still this device's: the game goes on.
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, ctx, `document.querySelectorAll('#movelist li').length === 5`, 10*time.Second)
}

func TestLocalGameAgainstTheComputerWithASpectator(t *testing.T) {
	t.Parallel()
	ctx := tab(t, 90*time.Second)
	openGame(t, ctx, "adji-boto", map[string]string{"seeds": "2"}, []string{"human", "random"})
	must(t, ctx, jsDo(`document.getElementById('start').click()`))
	if status(t, ctx) != "input" {
		t.Fatal("no input at the start")
	}
	link := eval[string](t, ctx, `document.getElementById('sharelink').value`)
	spec := tab(t, 90*time.Second)
	must(t, spec, chromedp.Navigate(link))
	waitFor(t, spec, `(document.getElementById('room')||{dataset:{}}).dataset.conn === 'online'`, 10*time.Second)
	if eval[string](t, spec, `document.getElementById('room').dataset.seat`) != "-1" {
		t.Error("the share link holds a seat")
	}
	// The person moves; the computer answers; the spectator sees both.
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, ctx, `document.querySelectorAll('#movelist li').length >= 2 && ['input','over'].includes(document.getElementById('room').dataset.status)`, 20*time.Second)
	n := movesPlayed(t, ctx)
	waitFor(t, spec, fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, n), 10*time.Second)
	if eval[bool](t, spec, `!!document.querySelector('#legal:not([hidden]) button.move, #resign')`) {
		t.Error("the spectator is offered moves")
	}
}

// TestTwoTabsStayInStep: two tabs of this device on one game; what one
// plays, the other shows at once, and it plays on from there.
func TestTwoTabsStayInStep(t *testing.T) {
	t.Parallel()
	a := tab(t, time.Minute)
	b := sameDevice(t, a, time.Minute)
	openGame(t, a, "adji-boto", nil, []string{"human", "human"})
	must(t, a, jsDo(`document.getElementById('start').click()`))
	status(t, a)
	page := eval[string](t, a, `location.href`)
	must(t, b, chromedp.Navigate(page))
	waitFor(t, b, `!!document.querySelector('#legal button.move')`, 10*time.Second)
	must(t, a, jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, b, `document.querySelectorAll('#movelist li').length === 1 && document.getElementById('room').dataset.status === 'input'`, 10*time.Second)
	must(t, b, jsDo(`document.querySelector('#legal button.move').click()`))
	waitFor(t, a, `document.querySelectorAll('#movelist li').length === 2`, 10*time.Second)
}

// TestEverySeatAtOneDeviceIsOnline: a game of two people at one device
// shows both seats online to others from the start (the page names every
// seat's token in its hello), not the first alone.
func TestEverySeatAtOneDeviceIsOnline(t *testing.T) {
	t.Parallel()
	ctx := tab(t, time.Minute)
	openGame(t, ctx, "adji-boto", nil, []string{"human", "human"})
	must(t, ctx, jsDo(`document.getElementById('start').click()`))
	status(t, ctx)
	online := `(async () => (await (await fetch('/api/rooms/' + location.hash.split('/')[2])).json()).seats.map((s) => s.online).join(','))()`
	deadline := time.Now().Add(10 * time.Second)
	for got := eval[string](t, ctx, online); got != "true,true"; got = eval[string](t, ctx, online) {
		if time.Now().After(deadline) {
			t.Fatalf("seats online: %s, want both", got)
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// TestAReconnectionDuringAnAnimationShowsTheRoomAsItIs: the server drops
// the room while the page animates the person's move, and the computer
// answers while the page is away. Back online, the page shows the room as
// the server has it and offers the next move. (It used to finish the
// animation on the older state and wait for a turn already played.)
func TestAReconnectionDuringAnAnimationShowsTheRoomAsItIs(t *testing.T) {
	t.Parallel()
	ctx := tab(t, 90*time.Second)
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
	server := `(async () => (await (await fetch('/api/rooms/' + location.hash.split('/')[2])).json()).turns.length)()`
	waitFor(t, ctx, `!!document.querySelector('#board .hand')`, 10*time.Second)
	began := time.Now()
	for eval[int](t, ctx, server) < 2 {
		time.Sleep(10 * time.Millisecond)
	}
	if !eval[bool](t, ctx, `!!document.querySelector('#board .hand')`) {
		t.Fatal("the animation ended before the computer answered: nothing tested")
	}
	mgr.Unload(id)
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
		t.Fatalf("the page lists %d moves, the server %d (want the person's and the computer's)", got, want)
	}
}
