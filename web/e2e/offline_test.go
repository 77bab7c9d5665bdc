package e2e

import (
	"context"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tabula/web"
)

// visitThenStop opens the app once from a server of its own, waits until
// the service worker keeps every file of the app (engine included), stops
// that server and reloads: what follows plays with no server.
func visitThenStop(t *testing.T, limit time.Duration) (context.Context, string) {
	t.Helper()
	ctx, _, stop := visit(t, limit)
	stop()
	return ctx, stopped(t, ctx)
}

// visit opens the app once from a server of its own (a styleServer, whose
// style.css the test may change), and waits until the service worker
// keeps every file of the app (engine included); stop stops the server.
func visit(t *testing.T, limit time.Duration) (ctx context.Context, s *styleServer, stop func()) {
	t.Helper()
	style, err := fs.ReadFile(web.Static(), "style.css")
	if err != nil {
		t.Fatal(err)
	}
	s = &styleServer{app: appServer(mgr), style: style, version: 1, answers: map[int]int{}}
	own := httptest.NewServer(s)
	done := false
	stop = func() {
		if !done {
			done = true
			own.CloseClientConnections()
			own.Close()
		}
	}
	t.Cleanup(stop)
	ctx = offlineTabAt(t, own.URL+"/", limit)
	waitFor(t, ctx, `!!document.querySelector('#home .card')`, 20*time.Second)
	must(t, ctx, jsDo(`navigator.serviceWorker.ready`))
	waitFor(t, ctx, `!!navigator.serviceWorker.controller`, 20*time.Second)
	// of the engine's files (engine-file.js) the service worker keeps the
	// one a Tabula server encodes, and only that one
	must(t, ctx, jsDo(`(async () => {
		const c = await caches.open('tabula-2');
		if (!(await c.match('engine.wasm'))) throw new Error('the engine is not kept');
		if (await c.match('engine.wasm.br') || await c.match('engine.wasm.gz')) throw new Error('a static host\'s engine is kept too');
	})()`))
	return ctx, s, stop
}

// stopped reloads the page of ctx, whose server visit stopped: the app
// opens from the service worker's copy and says that it is offline. It
// returns the stopped server's address.
func stopped(t *testing.T, ctx context.Context) string {
	t.Helper()
	must(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `!!document.querySelector('#home .card')`, 30*time.Second)
	if eval[bool](t, ctx, `document.getElementById('offline').hidden`) {
		t.Error("the page does not say that it is offline")
	}
	if got := eval[string](t, ctx, `document.getElementById('offline').textContent`); !strings.Contains(got, "online rooms") {
		t.Errorf("the offline note does not say what needs the network: %q", got)
	}
	return origin(t, ctx)
}

// TestOffline: the service worker's copy follows its server while it
// runs; after it stops, the app plays with no server (visit, stopped),
// all in one tab: the subtests in sequence.
func TestOffline(t *testing.T) {
	parallelLong(t)
	ctx, s, stop := visit(t, 8*time.Minute)
	t.Run("CopyFollowsTheServer", func(t *testing.T) { offlineCopyFollowsTheServer(t, ctx, s) })
	stop()
	base := stopped(t, ctx)
	t.Run("GameAgainstComputer", func(t *testing.T) { offlineGameAgainstComputer(t, ctx, base) })
	t.Run("OneDevice", func(t *testing.T) { offlineOneDevice(t, ctx, base) })
}

// offlineGameAgainstComputer: with the server of base stopped, the app
// opens and a whole Adji-Boto game (seeds=2) against the computer plays
// to its end by keyboard, in the browser's engine.
func offlineGameAgainstComputer(t *testing.T, ctx context.Context, base string) {
	must(t, ctx, chromedp.Navigate(base+"/#/game/adji-boto"))
	waitFor(t, ctx, `!!document.querySelector('#game[data-game="adji-boto"] #start')`, 20*time.Second)
	setField(t, ctx, "seeds", "2")
	waitFor(t, ctx, `!document.getElementById('seats').dataset.pending`, 10*time.Second)
	setSelect(t, ctx, "#seat-1", "random")
	must(t, ctx, chromedp.Focus(chromedp.CSS(`#start`)), chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `location.hash.startsWith('#/play/b.')`, 20*time.Second)
	if file := eval[string](t, ctx, `import('./engine.js').then((m) => m.engineState.file)`); file != "engine.wasm" {
		t.Errorf("the engine was loaded from %q, want engine.wasm", file)
	}
	turns := 0
	for status(t, ctx) != "over" {
		if turns > 200 {
			t.Fatal("the game is not over after 200 turns")
		}
		playByKeyboard(t, ctx)
		turns++
	}
	if turns < 2 {
		t.Errorf("the game ended after %d turns by keyboard", turns)
	}
	screenshot(t, ctx, "offline-adji-boto-over", "")
}

// startOffline starts game id at one device (every seat a person) from
// its page, with the server stopped, and waits for the engine's room.
func startOffline(t *testing.T, ctx context.Context, base, id string, options map[string]string) {
	t.Helper()
	must(t, ctx, chromedp.Navigate(base+"/#/game/"+id))
	waitFor(t, ctx, fmt.Sprintf(`!!document.querySelector('#game[data-game=%q] #start')`, id), 20*time.Second)
	for k, v := range options {
		setField(t, ctx, k, v)
	}
	waitFor(t, ctx, `!document.getElementById('seats').dataset.pending`, 10*time.Second)
	n := eval[int](t, ctx, `document.querySelectorAll('#seats select').length`)
	for i := 0; i < n; i++ {
		setSelect(t, ctx, fmt.Sprintf("#seat-%d", i), "human")
	}
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`))
	click(t, ctx, `#start`)
	waitFor(t, ctx, `location.hash.startsWith('#/play/b.')`, 20*time.Second)
}

// offlineOneDevice: with the server of base stopped, Tamman and
// Agsinnoninka are played at one device for 10 turns each in the
// browser's engine; Agsinnoninka's choices stay behind the hand-over
// screen until both have chosen.
func offlineOneDevice(t *testing.T, ctx context.Context, base string) {

	startOffline(t, ctx, base, "tamman", nil)
	for turns := 0; turns < 10; turns++ {
		if status(t, ctx) == "over" {
			t.Fatalf("Tamman is over after %d turns", turns)
		}
		playByKeyboard(t, ctx)
	}
	if n := movesPlayed(t, ctx); n < 10 {
		t.Errorf("Tamman: %d entries in the move list after 10 turns", n)
	}

	startOffline(t, ctx, base, "agsinnoninka", map[string]string{"match": "false"})
	for turns := 0; turns < 10; turns++ {
		if status(t, ctx) != "handover" {
			t.Fatalf("turn %d: player 0 gets no hand-over screen", turns)
		}
		must(t, ctx, jsDo(`document.getElementById('ready').click()`))
		if status(t, ctx) == "over" {
			break
		}
		first := eval[string](t, ctx, `document.querySelector('#legal button.move').dataset.move`)
		before := movesPlayed(t, ctx)
		must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
		if status(t, ctx) != "handover" {
			t.Fatalf("turn %d: player 1 gets no hand-over screen", turns)
		}
		if txt := eval[string](t, ctx, `document.getElementById('handover').innerText`); strings.Contains(txt, first) {
			t.Fatalf("turn %d: the hand-over screen shows player 0's choice %q: %s", turns, first, txt)
		}
		if movesPlayed(t, ctx) != before {
			t.Fatalf("turn %d: a move was played before both chose", turns)
		}
		must(t, ctx, jsDo(`document.getElementById('ready').click()`))
		status(t, ctx)
		must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
		waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#movelist li').length > %d || document.getElementById('room').dataset.room !== 'open'`, before), 10*time.Second)
		if got := eval[string](t, ctx, `[...document.querySelectorAll('#movelist li')].pop().textContent`); !strings.Contains(got, first+",") {
			t.Fatalf("turn %d: joint move %q, want player 0's %s first", turns, got, first)
		}
		if eval[string](t, ctx, `document.getElementById('room').dataset.room`) != "open" {
			break
		}
	}
}

// sameGameInBrowserAndServer: one record replayed by the engine in
// the browser and by the server gives the same states, traces and words,
// in English and in German (the narration has one renderer: the server's
// Go code, compiled into the engine).
func sameGameInBrowserAndServer(t *testing.T, ctx context.Context) {
	records := []string{
		`{"game":"adji-boto","options":["seeds=2"],"moves":["9","4","8","3","7","2","6"]}`,
		`{"game":"tamman","moves":["t4","t2","c1+4"]}`,
		`{"game":"agsinnoninka","options":["match=false"],"moves":["7,2","9,4","8,3"]}`,
	}
	for _, rec := range records {
		for _, lang := range []string{"en", "de"} {
			got := eval[[]string](t, ctx, fmt.Sprintf(`(async () => {
				const m = await import('./engine.js');
				const b = await m.engineFetch('POST', '/api/replay', %s, %q);
				const s = await fetch('/api/replay', {method: 'POST', headers: {'Content-Type': 'application/json', 'Accept-Language': %q}, body: JSON.stringify(%s)});
				return [String(b.status), b.body, String(s.status), await s.text()]; })()`, rec, lang, lang, rec))
			if got[0] != "200" || got[2] != "200" {
				t.Fatalf("%s in %s: browser %s, server %s: %.300s | %.300s", rec, lang, got[0], got[2], got[1], got[3])
			}
			if got[1] != got[3] {
				t.Errorf("%s in %s: the browser's engine and the server differ:\n%.600s\n%.600s", rec, lang, got[1], got[3])
			}
			if !strings.Contains(got[1], `"states"`) {
				t.Errorf("%s: no states in %.200s", rec, got[1])
			}
		}
	}
	// the server sent the engine brotli-encoded, which Chromium accepts:
	// the committed engine.wasm.br's bytes came over the network
	br, err := fs.Stat(web.Static(), "engine.wasm.br")
	if err != nil {
		t.Fatal(err)
	}
	got := eval[[]any](t, ctx, `import('./engine.js').then((m) => [m.engineState.file, m.engineState.bytes])`)
	if got[0] != "engine.wasm" || got[1] != float64(br.Size()) {
		t.Errorf("the engine came as %v (file, bytes), want engine.wasm of %d bytes", got, br.Size())
	}
}

// browserGameToServerArchive: a game finished in the browser's engine
// is listed with the finished games, marked as played in this browser,
// and copied from there into the server's archive.
func browserGameToServerArchive(t *testing.T, ctx context.Context) {
	rec := `{"game":"adji-boto","options":["seeds=2"],"moves":["9","1","8","0","5","4","7","3","6","2","5","0","8","9","8","7"],"players":["Ama","greedy"]}`
	id := eval[string](t, ctx, fmt.Sprintf(`(async () => { const m = await import('./engine.js');
		const r = await m.engineFetch('POST', '/api/rooms', {record: %s}, 'en');
		return JSON.parse(r.body).id || r.body; })()`, rec))
	if !strings.HasPrefix(id, "b.") {
		t.Fatalf("the engine's room id is %q, want b.*", id)
	}
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/games"))
	row := fmt.Sprintf(`#atable tr[data-room=%q]`, id)
	waitFor(t, ctx, `!!document.querySelector('`+row+` button.toserver')`, 20*time.Second)
	if got := eval[string](t, ctx, `document.querySelector('`+row+`').textContent`); !strings.Contains(got, "Played in this browser") {
		t.Errorf("the row of the browser's game says %q", got)
	}
	before := eval[int](t, ctx, `fetch('/api/archive?limit=1000').then((r) => r.json()).then((j) => j.games.length)`)
	must(t, ctx, jsDo(`document.querySelector('`+row+` button.toserver').click()`))
	waitFor(t, ctx, `!!document.querySelector('`+row+` .copied')`, 10*time.Second)
	if after := eval[int](t, ctx, `fetch('/api/archive?limit=1000').then((r) => r.json()).then((j) => j.games.length)`); after != before+1 {
		t.Errorf("the server's archive holds %d games, want %d", after, before+1)
	}
}
