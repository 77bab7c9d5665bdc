package e2e

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/docs"
	"tabula/internal/server"
	"tabula/web"
)

// TestKioskResetsAndKeepsNothing: a kiosk (the files of tabula serve
// --kiosk, from a server of its own: an origin whose storage no other
// test touched) opens on the attract screen, where the computer plays
// itself and tells its turns, with no link away from the app; the big
// toggle turns it German. A visitor starts a game against the computer
// and makes a move; left alone for the idle time, the page goes back to
// the attract screen (the test waits for that screen, it does not time
// it), and nothing is kept: no room on the server, no localStorage,
// sessionStorage or IndexedDB, the language back to the browser's.
func TestKioskResetsAndKeepsNothing(t *testing.T) {
	parallelLong(t)
	static, err := web.Kiosk(5*time.Second, "adji-boto")
	if err != nil {
		t.Fatal(err)
	}
	s := server.New(server.Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Static: static, Rules: docs.RulesFS(),
		Rooms: mgr, RoomsPerMinute: 1000, MessageRate: 200})
	var created atomic.Int64
	own := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/api/rooms" {
			created.Add(1)
		}
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(own.Close)
	ctx := blankTab(t, 4*time.Minute)
	must(t, ctx, chromedp.Navigate(own.URL+"/"))
	attractShown := `(() => { const p = document.getElementById('kiosk-attract'); const r = document.getElementById('room');
		return !!p && !p.hidden && !!r && r.dataset.id.startsWith('b.') && location.hash === '#/play/' + r.dataset.id; })()`
	waitFor(t, ctx, attractShown, 60*time.Second)
	attract := eval[string](t, ctx, `document.getElementById('room').dataset.id`)
	if n := eval[int](t, ctx, `[...document.querySelectorAll('#room .seatline')].length`); n != 2 {
		t.Errorf("the attract game has %d seats, want 2", n)
	}
	if mine := eval[string](t, ctx, `document.getElementById('room').dataset.seats`); mine != "" {
		t.Errorf("the page holds seats %q of the attract game: want the computer in each", mine)
	}
	// the computer plays itself and the page tells it, big
	waitFor(t, ctx, `document.querySelectorAll('#movelist li').length > 0 && document.getElementById('kiosk-narration').textContent.includes('Computer')`, 60*time.Second)
	screenshot(t, ctx, "kiosk-attract", "")
	away := eval[[]string](t, ctx, `[...document.querySelectorAll('a[href]')].filter((a) => a.offsetParent !== null)
		.map((a) => a.getAttribute('href')).filter((h) => !h.startsWith('#'))`)
	if len(away) > 0 {
		t.Errorf("the kiosk shows links away from the app: %q", away)
	}
	for _, sel := range []string{"#gameslink", "#researchlink", "#lang", "#download", "#share", "#print"} {
		if eval[bool](t, ctx, `(() => { const e = document.querySelector('`+sel+`'); return !!e && e.offsetParent !== null; })()`) {
			t.Errorf("the kiosk shows %s", sel)
		}
	}
	// large touch targets
	if h := eval[float64](t, ctx, `document.querySelector('[data-kiosk-start]').getBoundingClientRect().height`); h < 64 {
		t.Errorf("a start button is %g px high, want at least 64", h)
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#kiosk-lang [data-lang="de"]`)))
	waitFor(t, ctx, `document.querySelector('.kiosk-demo').textContent.includes('Computer spielt') && document.documentElement.lang === 'de'`, 10*time.Second)

	must(t, ctx, chromedp.Click(chromedp.CSS(`[data-kiosk-start="adji-boto"][data-vs="1"]`)))
	waitFor(t, ctx, `location.hash.startsWith('#/play/b.') && location.hash !== '#/play/`+attract+`' && document.getElementById('kiosk-attract').hidden`, 30*time.Second)
	visitor := strings.TrimPrefix(eval[string](t, ctx, `location.hash`), "#/play/")
	if st := status(t, ctx); st != "input" {
		t.Fatalf("the visitor's game is %s, want input", st)
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#legal button.move`)))
	waitFor(t, ctx, `document.querySelectorAll('#movelist li').length > 0`, 30*time.Second)
	must(t, ctx, jsDo(`window.visitorWasHere = true`))

	// left alone: the page loads itself afresh, at the attract screen
	waitFor(t, ctx, `!window.visitorWasHere && `+attractShown, 90*time.Second)
	if got := eval[string](t, ctx, `location.hash`); got == "#/play/"+visitor || got == "#/play/"+attract {
		t.Errorf("after the reset the kiosk shows %s, not a new attract game", got)
	}
	if n := eval[int](t, ctx, `localStorage.length + sessionStorage.length`); n != 0 {
		t.Errorf("the kiosk left %d items in localStorage and sessionStorage", n)
	}
	if dbs := eval[[]string](t, ctx, `indexedDB.databases().then((l) => l.map((d) => d.name))`); len(dbs) != 0 {
		t.Errorf("the kiosk left IndexedDB databases %q", dbs)
	}
	if lang := eval[string](t, ctx, `document.documentElement.lang`); lang != "en" {
		t.Errorf("the language chosen outlived the reset: %s", lang)
	}
	if n := created.Load(); n != 0 {
		t.Errorf("the kiosk created %d rooms on the server", n)
	}
	// the visitor's game is gone with the page: its address leads home
	must(t, ctx, jsDo(`location.hash = '#/play/`+visitor+`'`))
	waitFor(t, ctx, attractShown+` && !location.hash.endsWith('`+visitor+`')`, 60*time.Second)
}
