package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// This file tests the one room view with people on several devices: two
// players and a spectator in three browser tabs, playing by keyboard only.

// createRoom creates a room of two named people over the API and returns
// the seats' links and the spectator's.
func createRoom(t *testing.T, game string, options map[string]any, clock bool) (seats []string, spectator string) {
	t.Helper()
	body := map[string]any{"game": game, "options": options,
		"seats": []map[string]string{{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Ben"}}}
	if clock {
		body["clock"] = map[string]int{"initial": 600, "increment": 5}
	}
	data, _ := json.Marshal(body)
	res, err := http.Post(srv.URL+"/api/rooms", "application/json", strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Seats     []struct{ Link string }
		Spectator string
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("creating a room: %d %v", res.StatusCode, err)
	}
	for _, s := range out.Seats {
		seats = append(seats, srv.URL+s.Link)
	}
	return seats, srv.URL + out.Spectator
}

// key presses a key in the page, as a person at the keyboard does.
func key(t *testing.T, ctx context.Context, k string) {
	t.Helper()
	must(t, ctx, chromedp.KeyEvent(k))
}

// playByKeyboard makes one move of the page's person with the keyboard:
// Tab to a place of the board that may be played (or a move button),
// Enter; on a Tamman board Enter on a man, then on his target.
func playByKeyboard(t *testing.T, ctx context.Context) {
	t.Helper()
	const target = `#board [data-move], #board [data-pick], #legal button.move`
	for i := 0; !eval[bool](t, ctx, `!!document.activeElement && document.activeElement.matches('`+target+`')`); i++ {
		if i > 80 {
			t.Fatal("Tab does not reach a move")
		}
		key(t, ctx, kb.Tab)
	}
	pick := eval[bool](t, ctx, `document.activeElement.hasAttribute('data-pick')`)
	key(t, ctx, kb.Enter)
	if pick {
		waitFor(t, ctx, `!!document.activeElement && document.activeElement.hasAttribute('data-move')`, 5*time.Second)
		key(t, ctx, kb.Enter)
	}
}

// inStep waits until the pages show the same version, none animating.
func inStep(t *testing.T, pages []context.Context) string {
	t.Helper()
	const ready = `(() => { const r = document.getElementById('room'); return !!r && r.dataset.conn === 'online' && r.dataset.status !== 'busy'; })()`
	const version = `Number(document.getElementById('room').dataset.version)`
	for try := 0; try < 50; try++ {
		// Versions only grow: wait for every page to show the highest.
		high := 0
		for _, p := range pages {
			waitFor(t, p, ready, 30*time.Second)
			high = max(high, eval[int](t, p, version))
		}
		same := true
		for _, p := range pages {
			waitFor(t, p, fmt.Sprintf(`%s && %s >= %d`, ready, version, high), 30*time.Second)
			same = same && eval[int](t, p, version) == high
		}
		if same {
			return strconv.Itoa(high)
		}
	}
	t.Fatal("the pages are not in step: their versions keep moving")
	return ""
}

// keyboardCases play online rooms by keyboard only in three tabs (two
// players and a spectator): a whole game of Adji-Boto with a clock, 8
// turns of Tamman and of Agsinnoninka. After each move every page marks
// the last move, the spectator's live region has told it, the players'
// focus is not on the page body, all pages show the clock values the
// server sent, and none offers the computer's analysis.
func keyboardCases() []roomCase {
	var cases []roomCase
	for _, c := range []struct {
		game    string
		options map[string]any
		clock   bool
		turns   int // 0: the whole game
	}{
		{"adji-boto", map[string]any{"seeds": 2}, true, 0},
		{"tamman", map[string]any{"exact-finish": false}, false, 8},
		{"agsinnoninka", map[string]any{"seeds": 2, "match": false}, false, 8},
	} {
		cases = append(cases, roomCase{name: "ByKeyboard/" + c.game, room: func(t *testing.T) []string {
			links, specLink := createRoom(t, c.game, c.options, c.clock)
			return append(links, specLink)
		}, run: func(t *testing.T, pages []context.Context) { playRoomByKeyboard(t, c.game, c.clock, c.turns, pages) }})
	}
	return cases
}

// playRoomByKeyboard plays a room of game by keyboard (keyboardCases):
// turns turns, or the whole game for 0.
func playRoomByKeyboard(t *testing.T, game string, clock bool, maxTurns int, pages []context.Context) {
	players, spec := pages[:2], pages[2]
	turns := 0
	for iter := 0; ; iter++ {
		if iter > 2000 {
			t.Fatalf("no end after %d turns", turns)
		}
		inStep(t, pages)
		if eval[string](t, spec, `document.getElementById('room').dataset.room`) != "open" || (maxTurns > 0 && turns >= maxTurns) {
			break
		}
		told := eval[int](t, spec, `Number(document.getElementById('announce').dataset.count || 0)`)
		acted := false
		for _, ctx := range players {
			if eval[string](t, ctx, `document.getElementById('room').dataset.status`) == "input" {
				playByKeyboard(t, ctx)
				acted = true
				break
			}
		}
		if !acted {
			whenAny(players, `document.getElementById('room').dataset.status === 'input' || document.getElementById('room').dataset.room !== 'open'`, 2*time.Second)
			continue
		}
		turns++
		inStep(t, pages)
		for i, ctx := range pages {
			if !eval[bool](t, ctx, `!!document.querySelector('#board .lastfrom, #board .lastmove') || !document.querySelector('#movelist li:not(.chance)')`) {
				t.Errorf("turn %d, page %d: no last-move mark", turns, i)
			}
		}
		for i, ctx := range pages {
			if eval[bool](t, ctx, `document.getElementById('room').dataset.room === 'open' && !!document.querySelector('#analyse, #hint, #loadgraph, #analysis, #graph')`) {
				t.Errorf("turn %d, page %d: analysis offered in an online game in progress", turns, i)
			}
		}
		if got := eval[int](t, spec, `Number(document.getElementById('announce').dataset.count || 0)`); got <= told {
			t.Errorf("turn %d: the spectator's live region told nothing", turns)
		}
		for i, ctx := range players {
			if eval[bool](t, ctx, `document.activeElement === document.body || !document.activeElement`) {
				t.Errorf("turn %d: player %d's focus is on the page body", turns, i)
			}
		}
		if clock {
			// the server's values (data-ms), whatever the time shown
			const clocks = `[...document.querySelectorAll('#room [data-clock]')].map((e) => e.dataset.ms).join(' ')`
			want := eval[string](t, spec, clocks)
			for i, ctx := range players {
				if got := eval[string](t, ctx, clocks); got != want || got == "" {
					t.Errorf("turn %d: player %d shows clocks %q, the spectator %q", turns, i, got, want)
				}
			}
		}
		if turns == 4 {
			roomPictures(t, players[0], game)
		}
	}
	if maxTurns == 0 && eval[string](t, spec, `document.getElementById('room').dataset.room`) != "finished" {
		t.Error("the game did not finish")
	}
	t.Logf("%d turns by keyboard", turns)
}

// roomPictures takes the pictures of a room (desktop and 390 px, English
// and German), checks that nothing scrolls sideways at 390 px and that
// the German room shows no phrase of the English table.
func roomPictures(t *testing.T, ctx context.Context, game string) {
	t.Helper()
	screenshot(t, ctx, "room-"+game+"-en", "")
	fitsPhone(t, ctx, "room", "room-"+game+"-en-390")
	setSelect(t, ctx, "#lang", "de")
	waitFor(t, ctx, `document.documentElement.lang === 'de'`, 5*time.Second)
	noEnglish(t, ctx, "room")
	screenshot(t, ctx, "room-"+game+"-de", "")
	fitsPhone(t, ctx, "German room", "room-"+game+"-de-390")
	setSelect(t, ctx, "#lang", "en")
}

// seatGivenUpTurnsToSpectating: a player who gives the seat to the
// computer goes on watching, told why in one line; the other player is
// told the computer now plays that seat.
func seatGivenUpTurnsToSpectating(t *testing.T, a, b context.Context) {
	told := eval[int](t, a, `Number(document.getElementById('announce').dataset.count || 0)`)
	must(t, b, jsDo(`document.getElementById('giveup').click()`))
	waitFor(t, b, `!!document.querySelector('dialog.ask [data-yes]')`, 5*time.Second)
	must(t, b, jsDo(`document.querySelector('dialog.ask [data-yes]').click()`))
	waitFor(t, b, `(() => { const r = document.getElementById('room'); return r.dataset.seats === '' && r.dataset.conn === 'online' && !!document.getElementById('lost'); })()`, 20*time.Second)
	if eval[bool](t, b, `!!document.querySelector('#resign, #giveup, #drawbtn, #board [data-move]')`) {
		t.Error("the page that gave its seat up still has controls to play")
	}
	if n := eval[int](t, b, `document.querySelectorAll('#lost').length`); n != 1 {
		t.Errorf("%d lines say why", n)
	}
	waitFor(t, a, fmt.Sprintf(`Number(document.getElementById('announce').dataset.count || 0) > %d && document.getElementById('announce').innerText.includes('Ben')`, told), 10*time.Second)
	if !eval[bool](t, a, `document.querySelector('[data-seat="1"]').innerText.includes('Ben')`) {
		t.Error("the seat the computer took over lost its person's name")
	}
	screenshot(t, b, "room-seat-given-up", "")
}

// noEnglish checks that the German page shows no phrase of the English
// table (phrases of 8 characters or more that German does not share;
// names and notation are not in the table).
func noEnglish(t *testing.T, ctx context.Context, page string) {
	t.Helper()
	english := eval[string](t, ctx, `(async () => {
		const m = await import('/i18n.js');
		const en = m.table('en'), de = Object.values(m.table('de')).join('\n');
		const text = document.getElementById('app').innerText + document.querySelector('header').innerText + document.querySelector('footer').innerText;
		const found = [];
		for (const v of Object.values(en)) for (const part of v.split(/\{\w+\}/)) {
			const p = part.trim();
			// a phrase of its own, not part of a name ("DLP.Evidence.1424")
			const alone = new RegExp('(^|[^\\w.])' + p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '($|[^\\w.])');
			if (p.length >= 8 && !de.includes(p) && alone.test(text)) found.push(p);
		}
		return found.join(' | ');
	})()`)
	if english != "" {
		t.Errorf("the German %s shows English: %s", page, english)
	}
}

// germanPagesHaveNoEnglish visits every page in German, chosen with the
// header's language select, going from page to page by the app's
// addresses (a page load each would cost about a CPU-second)
// (TestOneVisitorsPages runs it).
func germanPagesHaveNoEnglish(t *testing.T, ctx context.Context) {
	setSelect(t, ctx, "#lang", "de")
	waitFor(t, ctx, `document.documentElement.lang === 'de'`, 5*time.Second)
	for _, p := range []struct{ hash, ready string }{
		{"#/", `!!document.querySelector('.card')`},
		{"#/game/tamman", `!!document.getElementById('start')`},
		{"#/online/tamman/players=2", `!!document.getElementById('r-name-1')`},
		{"#/games", `!!document.getElementById('afilter')`},
		{"#/nonsense", `!!document.getElementById('notfound')`},
	} {
		must(t, ctx, chromedp.Navigate(srv.URL+"/"+p.hash))
		waitFor(t, ctx, p.ready, 10*time.Second)
		noEnglish(t, ctx, p.hash)
	}
}

// replaceAnAbsentPlayer: when a player's page is gone, the other is
// told how long until the seat may go to the computer, then gets the
// button (by keyboard); the seat keeps its person's name, with a mark.
func replaceAnAbsentPlayer(t *testing.T, a, b context.Context) {
	must(t, b, chromedp.Navigate(srv.URL+"/#/"))
	waitFor(t, a, `!!document.querySelector('[data-replace-wait="1"]')`, 10*time.Second)
	if eval[bool](t, a, `!!document.querySelector('[data-replace="1"]')`) {
		t.Error("the replace button shows before the server would allow it")
	}
	waitFor(t, a, `!!document.querySelector('[data-replace="1"]')`, awayGrace+5*time.Second)
	must(t, a, chromedp.Focus(chromedp.CSS(`[data-replace="1"]`)))
	key(t, a, kb.Enter)
	waitFor(t, a, `document.querySelector('[data-seat="1"]').innerText.includes('Ben (computer)')`, 10*time.Second)
	if eval[bool](t, a, `!document.getElementById('errors').hidden`) {
		t.Errorf("the server refused: %s", eval[string](t, a, `document.getElementById('errors').textContent`))
	}
	if !eval[bool](t, a, `document.getElementById('announce').innerText.includes('Ben')`) {
		t.Error("the seat's change was not announced")
	}
}

// openPages opens each of links in a tab of its own and waits until each
// page is online.
func openPages(t *testing.T, links []string, limit time.Duration) []context.Context {
	t.Helper()
	pages := make([]context.Context, len(links))
	for i := range pages {
		pages[i] = tabAt(t, links[i], limit)
	}
	waitOnline(t, pages)
	return pages
}

// gotoPages opens the links of another room in the tabs of openPages, one
// link a tab: a test that looks at several rooms the same way needs no new
// tabs (each costs a CPU-second or two). A page goes to its link as the
// app's own links do, by changing its address's # (the app leaves the room
// shown, closing its connection, and opens the next: about 0.2 CPU-s, a
// page load about 1.3); a page whose window a test changed (patchPage),
// or of another server, loads the link afresh.
func gotoPages(t *testing.T, pages []context.Context, links []string) {
	t.Helper()
	for i, ctx := range pages {
		if !eval[bool](t, ctx, fmt.Sprintf(`(() => { const u = new URL(%q);
			if (window.__patched || location.origin !== u.origin || location.hash === u.hash) return false;
			location.hash = u.hash; return true; })()`, links[i])) {
			must(t, ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(links[i]))
		}
	}
	for i, ctx := range pages {
		_, room, ok := strings.Cut(links[i], "#/room/")
		if !ok {
			t.Fatalf("%s is not a room's link", links[i])
		}
		id, _, _ := strings.Cut(room, "/")
		waitFor(t, ctx, fmt.Sprintf(`(() => { const r = document.getElementById('room'); return !!r && r.dataset.id === %q && r.dataset.conn === 'online'; })()`, id), 20*time.Second)
	}
}

// patchPage runs js, which changes the page's window (replaces an API,
// observes an element that outlives the room shown), and marks the window
// so: gotoPages loads the next room afresh, the change gone with the page.
func patchPage(t *testing.T, ctx context.Context, js string) {
	t.Helper()
	must(t, ctx, jsDo(`window.__patched = true; `+js))
}

func waitOnline(t *testing.T, pages []context.Context) {
	t.Helper()
	for _, ctx := range pages {
		waitFor(t, ctx, `(document.getElementById('room')||{dataset:{}}).dataset.conn === 'online'`, 20*time.Second)
	}
}

// adjiBotoRoom creates an Adji-Boto room of Ana and Ben and returns each
// player's invite link.
func adjiBotoRoom(t *testing.T) []string {
	t.Helper()
	links, _ := createRoom(t, "adji-boto", map[string]any{"seeds": 2}, false)
	return links
}
