package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/web"
)

// TestSitesAndEmbeds runs the tests of "tabula site"'s copy and of the
// embedded board, each at a fresh device, one after the other in one tab
// (tabCases).
func TestSitesAndEmbeds(t *testing.T) {
	parallelLong(t)
	var engine heldEngine
	tabCases(t,
		tabCase{"SiteWithNoServer", 3 * time.Minute, func(t *testing.T) string { return siteAt(t, nil) + "/" }, siteWithNoServer},
		tabCase{"PlayPageDrawsItsBoardWhileTheEngineLoads", 3 * time.Minute,
			func(t *testing.T) string { return siteAt(t, &engine) + "/#/game/adji-boto" },
			func(t *testing.T, ctx context.Context) { playPageDrawsItsBoardWhileTheEngineLoads(t, ctx, &engine) }},
		tabCase{"EmbedExample", 3 * time.Minute, func(t *testing.T) string { return embedHost(t, srv.URL) + "/" }, embedExample},
		tabCase{"EmbedDrawsItsStartWhileTheEngineLoads", 2 * time.Minute,
			func(t *testing.T) string { return siteAt(t, &engine) + "/manifest.json" },
			func(t *testing.T, ctx context.Context) { embedDrawsItsStartWhileTheEngineLoads(t, ctx, &engine) }},
	)
}

// siteAt serves the copy "tabula site" writes (web.WriteSite) by a
// plain static file server (engine's, when engine is not nil), closed
// when the test ends, and gives its address.
func siteAt(t *testing.T, engine *heldEngine) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := web.WriteSite(dir, ""); err != nil {
		t.Fatal(err)
	}
	var static *httptest.Server
	if engine != nil {
		static = engine.serve(dir)
		// the engine let go first: a held request would keep Close waiting
		t.Cleanup(static.Close)
		t.Cleanup(engine.release)
	} else {
		static = httptest.NewServer(http.FileServer(http.Dir(dir)))
		t.Cleanup(static.Close)
	}
	return static.URL
}

// siteWithNoServer: the copy "tabula site" writes (siteAt, the page's
// first), served by a plain static file server with no Tabula running,
// shows the games and their rules and plays a game against the computer
// to its end; online play, which needs a server, is not offered.
func siteWithNoServer(t *testing.T, ctx context.Context) {
	base := origin(t, ctx)
	waitFor(t, ctx, `document.querySelectorAll('#home .card').length === 3`, 30*time.Second)
	if eval[bool](t, ctx, `document.getElementById('offline').hidden || !document.getElementById('researchlink').hidden`) {
		t.Error("the site does not say that it has no server, or offers the Research page")
	}
	must(t, ctx, chromedp.Navigate(base+"/#/game/adji-boto"))
	waitFor(t, ctx, `!!document.querySelector('#game[data-game="adji-boto"] #start')`, 20*time.Second)
	if eval[bool](t, ctx, `!!document.getElementById('online')`) {
		t.Error("a site with no server offers online play")
	}
	// the rules page, with its sources, comes from the engine
	waitFor(t, ctx, `document.getElementById('rulesdoc').textContent.includes('Mancala World')`, 20*time.Second)
	setField(t, ctx, "seeds", "2")
	waitFor(t, ctx, `!document.getElementById('seats').dataset.pending`, 10*time.Second)
	setSelect(t, ctx, "#seat-1", "greedy")
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`), chromedp.Click(chromedp.CSS(`#start`)))
	waitFor(t, ctx, `location.hash.startsWith('#/play/b.')`, 20*time.Second)
	// a static host serves files as they are, so the worker unpacks
	// them: the brotli file where the browser's streams take brotli
	// (Chromium 156's do not), else the gzip file
	want := "engine.wasm.gz"
	if eval[bool](t, ctx, `(() => { try { new DecompressionStream('brotli'); return true } catch { return false } })()`) {
		want = "engine.wasm.br"
	}
	if file := eval[string](t, ctx, `import('./engine.js').then((m) => m.engineState.file)`); file != want {
		t.Errorf("the engine was loaded from %q, want %s", file, want)
	}
	if turns := playThrough(t, ctx, 300, nil); turns < 1 {
		t.Errorf("the game ended after %d turns", turns)
	}
}

// heldEngine serves dir as a plain static file server (nothing kept in
// the browser's HTTP cache) whose engine (engine.wasm.br or .gz) waits
// while held.
type heldEngine struct {
	mu   sync.Mutex
	held chan struct{} // nil: served at once
}

func (h *heldEngine) hold() { h.mu.Lock(); h.held = make(chan struct{}); h.mu.Unlock() }

func (h *heldEngine) release() {
	h.mu.Lock()
	if h.held != nil {
		close(h.held)
		h.held = nil
	}
	h.mu.Unlock()
}

func (h *heldEngine) serve(dir string) *httptest.Server {
	files := http.FileServer(http.Dir(dir))
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if strings.Contains(r.URL.Path, "/engine.wasm.") {
			h.mu.Lock()
			held := h.held
			h.mu.Unlock()
			if held != nil {
				select {
				case <-held:
				case <-r.Context().Done():
					return
				}
			}
		}
		files.ServeHTTP(w, r)
	}))
}

// playPageDrawsItsBoardWhileTheEngineLoads: a game at this device,
// reloaded while the engine's download is held back, shows its board as
// the page last drew it (after a move) before the engine is ready, with
// no move offered; then the engine takes the game on. The page is
// Adji-Boto's of a site whose engine is engine's (siteAt).
func playPageDrawsItsBoardWhileTheEngineLoads(t *testing.T, ctx context.Context, engine *heldEngine) {
	waitFor(t, ctx, `!!document.querySelector('#game[data-game="adji-boto"] #start')`, 30*time.Second)
	setField(t, ctx, "seeds", "2")
	waitFor(t, ctx, `!document.getElementById('seats').dataset.pending`, 10*time.Second)
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`), chromedp.Click(chromedp.CSS(`#start`)))
	waitFor(t, ctx, `location.hash.startsWith('#/play/b.') && !!document.querySelector('#board [data-move]')`, 30*time.Second)
	must(t, ctx, chromedp.Click(chromedp.CSS(`#board [data-move]`)))
	waitFor(t, ctx, `document.querySelectorAll('#movelist li').length >= 1`, 20*time.Second)

	// no service worker nor its cache: the reload asks the server for the engine
	must(t, ctx, jsDo(`(async () => {
		for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
		for (const k of await caches.keys()) await caches.delete(k);
	})()`))
	engine.hold()
	must(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `(() => { const s = document.querySelector('#startview svg'); return !!s && s.getBoundingClientRect().width > 100; })()`, 30*time.Second)
	if !eval[bool](t, ctx, `!!document.getElementById('engineloading') && !document.querySelector('[data-move]')`) {
		t.Error("the board shown while the engine loads has no note that it loads, or offers moves")
	}
	if ply := eval[int](t, ctx, `JSON.parse(localStorage.getItem('tabula.lastBoard')).start.state.ply`); ply < 1 {
		t.Errorf("the board drawn is the game at ply %d, not after the move played", ply)
	}
	engine.release()
	waitFor(t, ctx, `!!document.querySelector('#board [data-move]') && !document.getElementById('startview')`, 60*time.Second)
}
