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
	parallel(t)
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

// The challenge form takes a reading and the computer's level: the same
// option controls as a new game on the game's page; another reading than
// the source's unticks "Rated" and says the game is casual, and the
// challenge is listed casual with its options; the levels offered are
// the server's for that reading, and "Play the computer" at MCTS "hard"
// seats mcts:hard in that reading.
//
// The page is a server's of the test's own (the lobby lists every
// challenge).
func challengeFormChoosesReadingAndLevel(t *testing.T, ctx context.Context) {
	base := origin(t, ctx)
	enter(t, ctx, "Ana")
	must(t, ctx, chromedp.Navigate(base+"/#/game/adji-boto"))
	waitFor(t, ctx, `!!document.getElementById('lb-opt-seeds') && !!document.getElementById('opt-seeds')`, 20*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll('#lb-options [data-option]').length`); n != eval[int](t, ctx, `document.querySelectorAll('#setup [data-option]').length`) || n == 0 {
		t.Errorf("the challenge form has %d option fields, the game's page %d", n, eval[int](t, ctx, `document.querySelectorAll('#setup [data-option]').length`))
	}
	if !eval[bool](t, ctx, `document.getElementById('lb-rated').checked && !document.getElementById('lb-rated').disabled`) {
		t.Error("the source's reading is not rated by default")
	}
	must(t, ctx, jsDo(`const f = document.getElementById('lb-opt-seeds'); f.value = '4'; f.dispatchEvent(new Event('change', {bubbles: true}))`))
	waitFor(t, ctx, `!document.getElementById('lb-rated').checked && document.getElementById('lb-rated').disabled &&
		document.getElementById('lb-rated-note').textContent.includes('casual')`, 10*time.Second)
	must(t, ctx, jsDo(`document.getElementById('lb-min').value = '0'; document.getElementById('lb-post').click()`))
	waitFor(t, ctx, `!!document.querySelector('#lb-seeks tbody tr button.lb-withdraw')`, 20*time.Second)
	if row := eval[string](t, ctx, `document.querySelector('#lb-seeks tbody tr').textContent`); !strings.Contains(row, "seeds=4") || !strings.Contains(row, "casual") {
		t.Errorf("the challenge's row: %q, want seeds=4 and casual", row)
	}
	must(t, ctx, jsDo(`document.querySelector('#lb-seeks tbody button.lb-withdraw').click()`))
	waitFor(t, ctx, `!document.querySelector('#lb-seeks tbody tr')`, 20*time.Second)
	// The levels offered are the server's for this game and reading.
	waitFor(t, ctx, `!!document.querySelector('#lb-level option[value="mcts:hard"]')`, 10*time.Second)
	offered := eval[string](t, ctx, `fetch('/api/games/adji-boto/agents?seeds=4').then((r) => r.json()).then((v) => v.agents.join(','))`)
	if got := eval[string](t, ctx, `[...document.querySelectorAll('#lb-level option')].map((o) => o.value).join(',')`); got != offered {
		t.Errorf("the form offers the levels %s, the server %s", got, offered)
	}
	setSelect(t, ctx, "#lb-level", "mcts:hard")
	must(t, ctx, jsDo(`document.getElementById('lb-cpu').click()`))
	waitFor(t, ctx, `(document.getElementById('room')||{dataset:{}}).dataset.conn === 'online'`, 30*time.Second)
	room := eval[string](t, ctx, `location.hash.split('/')[2]`)
	got := eval[string](t, ctx, `fetch('/api/rooms/`+room+`').then((r) => r.json()).then((v) => JSON.stringify({agents: v.seats.map((s) => s.agent || ''), seeds: (v.options || []).includes('seeds=4')}))`)
	if !strings.Contains(got, `"mcts:hard"`) || !strings.Contains(got, `"seeds":true`) {
		t.Errorf("the computer's room: %s, want mcts:hard and seeds 4", got)
	}
}
