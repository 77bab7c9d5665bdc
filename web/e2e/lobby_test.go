package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// person opens a tab of the app at base in a browser context of its own
// (its own storage, so its own identity), as another person's browser
// would be.
func person(t *testing.T, base string, limit time.Duration) context.Context {
	t.Helper()
	return tabAt(t, base+"/", limit)
}

// enter gives the person a name in the lobby of the start page.
func enter(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	waitFor(t, ctx, `!!document.getElementById('lb-name')`, 20*time.Second)
	must(t, ctx, jsDo(`document.getElementById('lb-name').value = '`+name+`'; document.querySelector('#lb-join button').click()`))
	waitFor(t, ctx, `!!document.getElementById('lb-create')`, 20*time.Second)
}

// Three people in browsers of their own: A posts a challenge; B, whose
// page is open already, sees it appear without a reload and accepts it;
// both land in the room and a move is played; C watches from "games in
// progress". The lobby has no serious axe violation.
func TestFindAGame(t *testing.T) {
	t.Parallel()
	// A server of its own: the lobby lists every game in progress.
	base := ownApp(t).URL
	a, b, c := person(t, base, 3*time.Minute), person(t, base, 3*time.Minute), person(t, base, 3*time.Minute)
	enter(t, a, "Ana")
	enter(t, b, "Bea")
	checkAxe(t, b, axeSource(t), "lobby")
	must(t, a, jsDo(`document.getElementById('lb-game').value = 'adji-boto'; document.getElementById('lb-min').value = '0';
		document.getElementById('lb-post').click()`))
	waitFor(t, a, `document.getElementById('lb-status').textContent !== ''`, 20*time.Second)
	// B's page shows it by itself, and offers to accept it.
	waitFor(t, b, `!!document.querySelector('#lb-seeks tbody button.lb-accept')`, 20*time.Second)
	if got := eval[string](t, b, `document.querySelector('#lb-seeks tbody tr').textContent`); !strings.Contains(got, "Ana") || !strings.Contains(got, "Adji-Boto") {
		t.Errorf("B's row of the challenge: %q", got)
	}
	must(t, b, jsDo(`document.querySelector('#lb-seeks tbody button.lb-accept').click()`))
	for _, ctx := range []context.Context{a, b} {
		waitFor(t, ctx, `(document.getElementById('room')||{dataset:{}}).dataset.conn === 'online' && location.hash.split('/').length === 4`, 30*time.Second)
	}
	roomA := eval[string](t, a, `location.hash.split('/')[2]`)
	if roomB := eval[string](t, b, `location.hash.split('/')[2]`); roomA != roomB {
		t.Fatalf("A is in %s, B in %s", roomA, roomB)
	}
	// C finds it among the games in progress and watches.
	must(t, c, chromedp.Reload())
	waitFor(t, c, `!!document.querySelector('#lb-live a.lb-watch[href$="`+roomA+`"]')`, 20*time.Second)
	must(t, c, jsDo(`document.querySelector('#lb-live a.lb-watch[href$="`+roomA+`"]').click()`))
	waitFor(t, c, `(document.getElementById('room')||{dataset:{}}).dataset.conn === 'online'`, 20*time.Second)
	// One move by whoever is to move; everyone sees it.
	moved := false
	for i := 0; i < 2000 && !moved; i++ {
		for _, ctx := range []context.Context{a, b} {
			if st, _ := roomStep(t, ctx); st == "moved" {
				moved = true
				break
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !moved {
		t.Fatal("nobody could move")
	}
	for _, ctx := range []context.Context{a, b, c} {
		waitFor(t, ctx, `Number(document.getElementById('room').dataset.version) >= 1`, 20*time.Second)
	}
	if eval[string](t, c, `document.getElementById('room').dataset.seat`) != "-1" {
		t.Error("C holds a seat")
	}
	// A's identity moves to C's browser by its link: there C plays as Ana
	// and finds the game among its games, with Ana's seat.
	link := eval[string](t, a, `location.origin + '/#/identity/' + JSON.parse(localStorage.getItem('tabula.identity')).key`)
	must(t, c, chromedp.Navigate(link))
	waitFor(t, c, `(document.getElementById('lb-me')||{}).textContent === 'You play as Ana' && !!document.querySelector('#lb-mine a[href*="`+roomA+`/"]')`, 20*time.Second)
	seatA := eval[string](t, a, `location.hash`)
	if got := eval[string](t, c, `new URL(document.querySelector('#lb-mine a[href*="`+roomA+`/"]').href).hash`); got != seatA {
		t.Errorf("Ana's game on the other device links %s, want %s", got, seatA)
	}
	// On a game's page the lobby offers that game only.
	must(t, c, chromedp.Navigate(base+"/#/game/tamman"))
	waitFor(t, c, `!!document.getElementById('lb-create') && document.querySelectorAll('#lb-game option').length === 1`, 20*time.Second)
	// In German, from the one catalogue.
	setSelect(t, c, "#lang", "de")
	waitFor(t, c, `document.getElementById('lb-h').textContent === 'Partie finden' && document.getElementById('lb-now').textContent === 'Sofort spielen'`, 10*time.Second)
}
