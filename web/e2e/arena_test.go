package e2e

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// This file tests the board built around the players: each seat's bar
// (name, rating, presence, clock) beside its side of the board, the tray
// beside it, all on one screen, and nothing moving as the turn changes.

// boxes are the places of the room's parts on the page (relative to the
// document, so that a scroll does not count), by selector.
const boxes = `(() => { const out = {};
	for (const sel of ['#turn', '.seatbars.top', '#board', '.seatbars.bottom', '#tray', '#throws', '#howto', '#legal', '[data-clock="0"]', '[data-clock="1"]', '#phase']) {
		const el = document.querySelector('#room ' + sel);
		if (!el) continue;
		const r = el.getBoundingClientRect();
		out[sel] = [Math.round(r.left), Math.round(r.top + scrollY), Math.round(r.height)].join(' ');
	}
	return JSON.stringify(out); })()`

// nothingMovesWhenTheTurnChanges: at a phone's width (390 px), the
// parts of the room stay where they are when the turn passes from one
// player to the other, on both players' pages (the two players' tabs, in
// a room of game with a clock).
func nothingMovesWhenTheTurnChanges(t *testing.T, game string, pages []context.Context) {
	for _, ctx := range pages {
		phoneViewport(t, ctx)
	}
	for turn := 0; turn < 4; turn++ {
		inStep(t, pages)
		before := []string{eval[string](t, pages[0], boxes), eval[string](t, pages[1], boxes)}
		moved := false
		for _, ctx := range pages {
			if st, _ := roomStep(t, ctx); st == "moved" {
				moved = true
				break
			}
		}
		if !moved {
			t.Fatalf("%s, turn %d: nobody could move", game, turn)
		}
		time.Sleep(50 * time.Millisecond)
		inStep(t, pages)
		for i, ctx := range pages {
			after := eval[string](t, ctx, boxes)
			var b, a map[string]string
			json.Unmarshal([]byte(before[i]), &b)
			json.Unmarshal([]byte(after), &a)
			for sel, was := range b {
				if !near(a[sel], was) {
					t.Errorf("%s, turn %d, page %d: %s moved from %s to %s (left top height)", game, turn, i, sel, was, a[sel])
				}
			}
		}
	}
}

// onScreen lists the parts a player needs that are not wholly inside the
// viewport of the page scrolled to its top: both clocks, the board, the
// tray and the throws to use.
const onScreen = `(() => { scrollTo(0, 0); const out = [];
	for (const sel of ['[data-clock="0"]', '[data-clock="1"]', '#board', '#tray', '#throws', '.seatbars.top', '.seatbars.bottom']) {
		const el = document.querySelector('#room ' + sel);
		if (!el) { if (!sel.startsWith('#t')) out.push(sel + ' missing'); continue; }
		const r = el.getBoundingClientRect();
		if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) out.push(sel + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
	}
	return out.join('; '); })()`

// theBoardAroundThePlayersFitsOneScreen: on a laptop (1280x800) and a
// phone (390x844), each player sees both clocks, the board and Tamman's
// tray and throws without scrolling, each seat's bar names its player
// beside its side of the board (the bottom one is seat 0's) with its
// rating when the seat has one; the pages have no serious axe violation
// (the two players' tabs, in a room of game with a clock).
func theBoardAroundThePlayersFitsOneScreen(t *testing.T, game string, pages []context.Context) {
	axe := axeSource(t)
	for i, ctx := range pages {
		if got := eval[string](t, ctx, `document.querySelector('.seatbars.bottom [data-bar]').dataset.bar + ' ' + document.querySelector('.seatbars.bottom').innerText`); got[:1] != "0" || !contains(got, "Ana") {
			t.Errorf("%s, page %d: the bottom bar is %q, want seat 0's, Ana", game, i, got)
		}
		for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
			must(t, ctx, chromedp.EmulateViewport(size[0], size[1]))
			waitFor(t, ctx, `innerWidth === `+itoa(size[0]), 5*time.Second)
			if off := eval[string](t, ctx, onScreen); off != "" {
				t.Errorf("%s, page %d at %dx%d: off the first screen: %s", game, i, size[0], size[1], off)
			}
			screenshot(t, ctx, "arena-"+game+"-"+itoa(size[0]), "")
		}
		checkAxe(t, ctx, axe, "arena-"+game)
		// A seat's rating (the lobby's field of a seat) shows in its bar.
		must(t, ctx, jsDo(`Promise.all([import('/roomstate.js'), import('/roomdraw.js')]).then(([s, d]) => { s.P.match.seats[1].rating = 1612.4; d.renderRoom(); })`))
		if got := eval[string](t, ctx, `(document.querySelector('[data-bar="1"] .rating') || {}).textContent || ''`); got != "1612" {
			t.Errorf("%s, page %d: seat 1's rating shows as %q", game, i, got)
		}
	}
}

// arenaCases are the tests of the board around the players, each in a
// room of its own with a clock: it fits one screen (each game), nothing
// moves when the turn changes (Adji-Boto and Tamman). They leave the
// pages at the desktop's size.
func arenaCases() []roomCase {
	var cases []roomCase
	add := func(name, game string, run func(t *testing.T, game string, pages []context.Context)) {
		cases = append(cases, roomCase{name: name + "/" + game,
			room: func(t *testing.T) []string { links, _ := createRoom(t, game, map[string]any{}, true); return links },
			run: func(t *testing.T, pages []context.Context) {
				run(t, game, pages)
				for _, ctx := range pages {
					must(t, ctx, chromedp.EmulateViewport(1280, 900))
				}
			}})
	}
	for _, game := range []string{"adji-boto", "tamman", "agsinnoninka"} {
		add("TheBoardAroundThePlayersFitsOneScreen", game, theBoardAroundThePlayersFitsOneScreen)
	}
	for _, game := range []string{"adji-boto", "tamman"} {
		add("NothingMovesWhenTheTurnChanges", game, nothingMovesWhenTheTurnChanges)
	}
	return cases
}

func contains(s, part string) bool { return strings.Contains(s, part) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// near reports whether two boxes ("left top height") are the same within
// a pixel (a rounding).
func near(a, b string) bool {
	x, y := strings.Fields(a), strings.Fields(b)
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		p, _ := strconv.Atoi(x[i])
		q, _ := strconv.Atoi(y[i])
		if p-q > 1 || q-p > 1 {
			return false
		}
	}
	return true
}
