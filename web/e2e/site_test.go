package e2e

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/web"
)

// TestSiteWithNoServer: the copy "tabula site" writes (web.WriteSite),
// served by a plain static file server with no Tabula running, shows the
// games and their rules and plays a game against the computer to its end;
// online play, which needs a server, is not offered.
func TestSiteWithNoServer(t *testing.T) {
	parallel(t)
	dir := t.TempDir()
	if _, err := web.WriteSite(dir, ""); err != nil {
		t.Fatal(err)
	}
	static := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer static.Close()
	ctx := tab(t, 3*time.Minute)
	must(t, ctx, chromedp.Navigate(static.URL+"/"))
	waitFor(t, ctx, `document.querySelectorAll('#home .card').length === 3`, 30*time.Second)
	if eval[bool](t, ctx, `document.getElementById('offline').hidden || !document.getElementById('researchlink').hidden`) {
		t.Error("the site does not say that it has no server, or offers the Research page")
	}
	must(t, ctx, chromedp.Navigate(static.URL+"/#/game/adji-boto"))
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
	if turns := playThrough(t, ctx, 300, nil); turns < 1 {
		t.Errorf("the game ended after %d turns", turns)
	}
}
