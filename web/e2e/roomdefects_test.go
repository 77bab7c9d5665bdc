package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/engine"
)

// This file holds the tests of the room's defects found by playing online
// in three browsers (issue 39, point 5): each failed before its fix.

// roomCase is a test of what the tabs of a room show, in a room of its
// own: a subtest of a test that runs several in one set of tabs
// (roomCases).
type roomCase struct {
	name string
	room func(t *testing.T) []string // the links of a new room, one a tab
	run  func(t *testing.T, pages []context.Context)
	// create, if set, stands for room: a room made in the open tabs, as a
	// person does (never the first case's, which opens them).
	create func(t *testing.T, pages []context.Context) []string
}

// twoPlayers is the roomCase of run in an Adji-Boto room of Ana and Ben.
func twoPlayers(name string, run func(t *testing.T, a, b context.Context)) roomCase {
	return roomCase{name: name, room: adjiBotoRoom, run: func(t *testing.T, p []context.Context) { run(t, p[0], p[1]) }}
}

// roomCases runs cases as subtests, each in a new room of its own, one
// after the other in the same tabs (a new tab and its first page cost
// about two CPU-seconds, a room's page load in a tab already open about
// one). The tabs open at the first case's room; each other case (or the
// first, when -run leaves it out) opens its own room in them.
func roomCases(t *testing.T, limit time.Duration, cases ...roomCase) {
	t.Helper()
	pages := openPages(t, cases[0].room(t), limit)
	opened := 0
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			switch {
			case c.create != nil:
				gotoPages(t, pages, c.create(t, pages))
			case i != opened:
				gotoPages(t, pages, c.room(t))
			}
			opened = -1
			c.run(t, pages)
		})
	}
}

// TestTwoPlayerRooms runs the tests of two players in a room in one pair
// of tabs: the board around the players (arenaCases), then the room's
// defects. The tests that turn a page to German come last: the language
// stays in the tab's storage.
func TestTwoPlayerRooms(t *testing.T) {
	parallelLong(t)
	var last string // the last move of anEndIsAnnouncedOnce's room
	roomCases(t, 15*time.Minute, append(arenaCases(),
		twoPlayers("OpponentLeavingKeepsTheGameOnline", opponentLeavingKeepsTheGameOnline),
		twoPlayers("SeatGivenUpTurnsToSpectating", seatGivenUpTurnsToSpectating),
		twoPlayers("ResignationAndDrawAnnouncedOnce", resignationAndDrawAnnouncedOnce),
		roomCase{name: "AnEndIsAnnouncedOnce",
			room: func(t *testing.T) (links []string) { links, last = nearEnd(t); return links },
			run:  func(t *testing.T, pages []context.Context) { anEndIsAnnouncedOnce(t, last, pages) }},
		twoPlayers("ReplaceAnAbsentPlayer", replaceAnAbsentPlayer),
		twoPlayers("YourMoveInTheTitleAndANotification", yourMoveInTheTitleAndANotification),
		twoPlayers("RefusalInTheReadersLanguageGoesWhenTheActionSucceeds", refusalInTheReadersLanguageGoesWhenTheActionSucceeds),
	)...)
}

// TestRoomsWithASpectator runs the tests of two players and a spectator
// in a room in one set of three tabs: the rooms played by keyboard
// (keyboardCases), the online games from invite links (onlineCases),
// then the room's defects, the one that turns a page to German last.
// Whole games clicked through: minutes on a loaded machine.
func TestRoomsWithASpectator(t *testing.T) {
	parallelLong(t)
	roomCases(t, 25*time.Minute, append(append(keyboardCases(), onlineCases()...),
		roomCase{name: "TammanThrowsToldOnceAndTheInstructionToTheMoverOnly", room: func(t *testing.T) []string {
			links, specLink := createRoom(t, "tamman", map[string]any{"exact-finish": false}, false)
			return append(links, specLink)
		}, run: tammanThrowsToldOnceAndTheInstructionToTheMoverOnly},
		roomCase{name: "ChatInTheRoom", room: func(t *testing.T) []string {
			links, specLink := createRoom(t, "adji-boto", map[string]any{"seeds": 2}, false)
			return append(links, specLink)
		}, run: chatInTheRoom},
	)...)
}

// listen starts keeping every line the page's live region says, from now
// on, in window.__said.
func listen(t *testing.T, ctx context.Context) {
	t.Helper()
	patchPage(t, ctx, `window.__said = []; new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach((n) => window.__said.push(n.textContent)))).observe(document.getElementById('announce'), {childList: true})`)
}

// said is what the page's live region said since listen.
func said(t *testing.T, ctx context.Context) []string {
	t.Helper()
	return eval[[]string](t, ctx, `window.__said || []`)
}

// count is the number of lines of lines that contain part.
func count(lines []string, part string) int {
	n := 0
	for _, l := range lines {
		if strings.Contains(l, part) {
			n++
		}
	}
	return n
}

// confirm clicks the button id and then yes in the page's dialog.
func confirm(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	must(t, ctx, jsDo(`document.getElementById('`+id+`').click()`))
	waitFor(t, ctx, `!!document.querySelector('dialog.ask [data-yes]')`, 5*time.Second)
	must(t, ctx, jsDo(`document.querySelector('dialog.ask [data-yes]').click()`))
}

// onlineChecks reports what makes a's page no longer an online game:
// the controls of a game at one device, "(You)" or the presence marks gone.
func onlineChecks(t *testing.T, a context.Context) {
	t.Helper()
	if eval[bool](t, a, `!!document.querySelector('#hint, #newgame, #undo')`) {
		t.Error("the online game offers Hint, New game or Undo")
	}
	if !eval[bool](t, a, `document.querySelector('[data-seat="0"]').innerText.includes('(You)')`) {
		t.Errorf("the player's seat lost \"(You)\": %q", eval[string](t, a, `document.querySelector('[data-seat="0"]').innerText`))
	}
	if !eval[bool](t, a, `document.querySelector('[data-bar="0"]').innerText.includes('online')`) {
		t.Error("the presence marks are gone")
	}
}

// opponentLeavingKeepsTheGameOnline: when the only opponent gives the
// seat to the computer, the remaining player's game stays an online game
// (no Hint, New game or Undo; "(You)" and the presence marks stay), also
// after a reload.
func opponentLeavingKeepsTheGameOnline(t *testing.T, a, b context.Context) {
	confirm(t, b, "giveup")
	waitFor(t, a, `document.querySelector('[data-seat="1"]').innerText.includes('Ben (computer)')`, 10*time.Second)
	waitFor(t, a, `document.getElementById('room').dataset.status === 'input'`, 20*time.Second)
	onlineChecks(t, a)
	must(t, a, chromedp.Reload())
	waitFor(t, a, `(document.getElementById('room')||{dataset:{}}).dataset.conn === 'online'`, 20*time.Second)
	onlineChecks(t, a)
}

// refusalInTheReadersLanguageGoesWhenTheActionSucceeds: a replacement
// asked too early is refused in German with German durations (not Go's
// "4s"); once it succeeds the old refusal is gone; the absent seat says
// "away" once.
func refusalInTheReadersLanguageGoesWhenTheActionSucceeds(t *testing.T, a, b context.Context) {
	setSelect(t, a, "#lang", "de")
	waitFor(t, a, `document.documentElement.lang === 'de'`, 5*time.Second)
	must(t, a, chromedp.Reload())
	waitFor(t, a, `(document.getElementById('room')||{dataset:{}}).dataset.conn === 'online'`, 20*time.Second)
	must(t, b, chromedp.Navigate(srv.URL+"/#/"))
	waitFor(t, a, `!!document.querySelector('[data-replace-wait="1"]')`, 10*time.Second)
	if line := eval[string](t, a, `document.querySelector('[data-bar="1"]').innerText + ' ' + document.querySelector('[data-seat="1"]').innerText`); strings.Count(strings.ToLower(line), "abwesend") != 1 {
		t.Errorf("the absent seat's bar and line say away other than once: %q", line)
	}
	// Asked before the grace is over (as a second page or a program
	// would): refused, in German.
	must(t, a, jsDo(`import('/roomstate.js').then((m) => m.P.conn_.send({type: 'replace', seat: 1}))`))
	waitFor(t, a, `!document.getElementById('errors').hidden`, 5*time.Second)
	banner := eval[string](t, a, `document.getElementById('errors').textContent`)
	if !strings.Contains(banner, "Sekunde") || regexp.MustCompile(`\d+(ms|s|m\d)`).MatchString(banner) {
		t.Errorf("the refusal is not in German words: %q", banner)
	}
	waitFor(t, a, `!!document.querySelector('[data-replace="1"]')`, awayGrace+5*time.Second)
	must(t, a, jsDo(`document.querySelector('[data-replace="1"]').click()`))
	waitFor(t, a, `document.querySelector('[data-seat="1"]').innerText.includes('Ben (Computer)')`, 10*time.Second)
	if !eval[bool](t, a, `document.getElementById('errors').hidden`) {
		t.Errorf("the old refusal stays after the replacement succeeded: %q", eval[string](t, a, `document.getElementById('errors').textContent`))
	}
}

// resignationAndDrawAnnouncedOnce: a resignation is told once on each
// page, and accepting a draw is told as the agreement, never as an offer
// of the one who accepts.
func resignationAndDrawAnnouncedOnce(t *testing.T, a, b context.Context) {
	listen(t, a)
	listen(t, b)
	confirm(t, a, "resign")
	waitFor(t, b, `document.getElementById('room').dataset.room === 'finished'`, 10*time.Second)
	waitFor(t, a, `document.getElementById('room').dataset.room === 'finished'`, 10*time.Second)
	time.Sleep(300 * time.Millisecond) // anything told twice would be told by now
	for i, ctx := range []context.Context{a, b} {
		if got := said(t, ctx); count(got, "resigned") != 1 || count(got, "game is over") != 1 {
			t.Errorf("page %d told the resignation other than once: %q", i, got)
		}
	}

	// A second room in the same tabs (a tab costs a CPU-second or two).
	gotoPages(t, []context.Context{a, b}, adjiBotoRoom(t))
	listen(t, a)
	listen(t, b)
	must(t, a, jsDo(`document.getElementById('drawbtn').click()`))
	waitFor(t, b, `!!document.querySelector('#drawbtn.primary')`, 10*time.Second)
	must(t, b, jsDo(`document.getElementById('drawbtn').click()`))
	waitFor(t, a, `document.getElementById('room').dataset.room === 'finished'`, 10*time.Second)
	waitFor(t, b, `document.getElementById('room').dataset.room === 'finished'`, 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	for i, ctx := range []context.Context{a, b} {
		got := said(t, ctx)
		if count(got, "Ben offers") != 0 || count(got, "Draw by agreement") != 1 {
			t.Errorf("page %d told the accepted draw as %q", i, got)
		}
	}
}

// nearEnd creates a room of Ana and Ben from a record of an Adji-Boto
// game one move before its end (each move the first legal one), and
// returns the seats' links and the last move.
func nearEnd(t *testing.T) (links []string, last string) {
	t.Helper()
	g, err := engine.Lookup("adji-boto")
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := engine.ParseOptions(g, []string{"seeds=2"})
	s, _ := g.NewState(opts)
	var moves []string
	for !s.Terminal() {
		mv := engine.LegalTexts(s, s.Actors(nil)[0])[0]
		moves = append(moves, mv)
		if err := engine.Play(s, mv); err != nil {
			t.Fatal(err)
		}
	}
	body, _ := json.Marshal(map[string]any{"record": map[string]any{"game": "adji-boto", "options": []string{"seeds=2"}, "moves": moves[:len(moves)-1]},
		"seats": []map[string]string{{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Ben"}}})
	res, err := http.Post(srv.URL+"/api/rooms", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct{ Seats []struct{ Link string } }
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("creating a room: %d %v", res.StatusCode, err)
	}
	for _, x := range out.Seats {
		links = append(links, srv.URL+x.Link)
	}
	return links, moves[len(moves)-1]
}

// anEndIsAnnouncedOnce: the last move of a game ends it, and each
// player's page says so once, with the result (in the room of nearEnd,
// whose last move is last).
func anEndIsAnnouncedOnce(t *testing.T, last string, pages []context.Context) {
	for _, ctx := range pages {
		listen(t, ctx)
	}
	moved := false
	for _, ctx := range pages {
		if eval[bool](t, ctx, fmt.Sprintf(`(() => { const b = document.querySelector('#legal:not([hidden]) button.move[data-move=%q]'); if (b) b.click(); return !!b; })()`, last)) {
			moved = true
		}
	}
	if !moved {
		t.Fatalf("no page offers the last move %s", last)
	}
	for _, ctx := range pages {
		waitFor(t, ctx, `document.getElementById('room').dataset.room === 'finished' && document.getElementById('room').dataset.status === 'over'`, 10*time.Second)
	}
	time.Sleep(300 * time.Millisecond)
	for i, ctx := range pages {
		if got := said(t, ctx); count(got, "game is over") != 1 || count(got, "wins") != 1 && count(got, "Draw") != 1 {
			t.Errorf("page %d told the end as %q", i, got)
		}
	}
}

// tammanThrowsToldOnceAndTheInstructionToTheMoverOnly: each throw is
// told once on every page, and only the player to move is told how to
// move; the waiting player and the spectator are not (pages: the two
// players' and the spectator's, in a Tamman room).
func tammanThrowsToldOnceAndTheInstructionToTheMoverOnly(t *testing.T, pages []context.Context) {
	for _, ctx := range pages {
		listen(t, ctx)
	}
	const instruction = "Pick a man"
	for turns := 0; turns < 6; {
		inStep(t, pages)
		mover := -1
		for i, ctx := range pages[:2] {
			if eval[string](t, ctx, `document.getElementById('room').dataset.status`) == "input" {
				mover = i
			}
		}
		if mover < 0 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		for i, ctx := range pages {
			visible := eval[bool](t, ctx, `(() => { const h = document.getElementById('howto'); return !!h && getComputedStyle(h).visibility === 'visible' && h.textContent.includes('`+instruction+`'); })()`)
			if visible != (i == mover) {
				t.Errorf("turn %d: page %d (mover %d) shows the mover's instruction: %v", turns, i, mover, visible)
			}
			if strings.Contains(eval[string](t, ctx, `document.getElementById('phase').textContent`), instruction) {
				t.Errorf("turn %d: page %d tells everyone how to move in its phase line", turns, i)
			}
		}
		must(t, pages[mover], jsDo(`document.querySelector('#legal button.move').click()`))
		turns++
	}
	inStep(t, pages)
	time.Sleep(300 * time.Millisecond)
	throw := regexp.MustCompile(`^(Throw|Chance)\b`)
	for i, ctx := range pages {
		got := said(t, ctx)
		threw := count(got, " threw ")
		for _, l := range got {
			if throw.MatchString(l) && threw > 0 {
				t.Errorf("page %d tells a throw twice, as %q and as the game's words: %q", i, l, got)
				break
			}
		}
		if threw == 0 {
			t.Errorf("page %d told no throw: %q", i, got)
		}
	}
}
