package e2e

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// visitThenStop opens the app once from a server of its own, waits until
// the service worker keeps every file of the app (engine included), stops
// that server and reloads: what follows plays with no server.
func visitThenStop(t *testing.T, limit time.Duration) (context.Context, string) {
	t.Helper()
	own := httptest.NewServer(appServer(mgr))
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			own.CloseClientConnections()
			own.Close()
		}
	}
	t.Cleanup(stop)
	ctx := tab(t, limit)
	must(t, ctx, chromedp.Navigate(own.URL+"/"),
		jsDo(`localStorage.setItem('tabula.lang','en'); localStorage.setItem('tabula.speed','fast')`))
	waitFor(t, ctx, `!!document.querySelector('#home .card')`, 20*time.Second)
	must(t, ctx, jsDo(`navigator.serviceWorker.ready`))
	waitFor(t, ctx, `!!navigator.serviceWorker.controller`, 20*time.Second)
	must(t, ctx, jsDo(`(async () => { const c = await caches.open('tabula-1'); if (!(await c.match('engine.wasm.gz'))) throw new Error('the engine is not kept'); })()`))
	stop()
	must(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `!!document.querySelector('#home .card')`, 30*time.Second)
	if eval[bool](t, ctx, `document.getElementById('offline').hidden`) {
		t.Error("the page does not say that it is offline")
	}
	if got := eval[string](t, ctx, `document.getElementById('offline').textContent`); !strings.Contains(got, "online rooms") {
		t.Errorf("the offline note does not say what needs the network: %q", got)
	}
	return ctx, own.URL
}

// TestOfflineGameAgainstComputer: after one visit, with the server
// stopped, the app opens and a whole Adji-Boto game (seeds=2) against the
// computer plays to its end by keyboard, in the browser's engine.
func TestOfflineGameAgainstComputer(t *testing.T) {
	ctx, base := visitThenStop(t, 4*time.Minute)
	must(t, ctx, chromedp.Navigate(base+"/#/game/adji-boto"))
	waitFor(t, ctx, `!!document.querySelector('#game[data-game="adji-boto"] #start')`, 20*time.Second)
	setField(t, ctx, "seeds", "2")
	waitFor(t, ctx, `!document.getElementById('seats').dataset.pending`, 10*time.Second)
	setSelect(t, ctx, "#seat-1", "mcts:easy")
	must(t, ctx, chromedp.Focus(chromedp.CSS(`#start`)), chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `location.hash.startsWith('#/play/b.')`, 20*time.Second)
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
