package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// onlineCases play an online game of each game to its end in three tabs:
// two players from their invite links (the first created the room) and a
// spectator. One player reloads mid-game and goes on; the QR code of each
// link is the code of that link.
func onlineCases() []roomCase {
	var cases []roomCase
	for n, c := range []struct {
		game, options string
		clock         bool
		resignAt      int // the moves after which the first player resigns; 0: the game plays to its end
	}{
		{"adji-boto", `{"seeds":"2"}`, true, 0},
		{"agsinnoninka", `{"seeds":"2","match":false}`, false, 0},
		// some hundred moves to its end, even a move a turn: it ends by a
		// resignation, after the reload and the drop
		{"tamman", `{"exact-finish":false,"throw-use":"total"}`, false, 10},
	} {
		// The pages of online play and the finished games have no
		// serious or critical axe violation (checked in the first game).
		scan := func(t *testing.T, ctx context.Context, page string) {
			t.Helper()
			if n == 0 {
				checkAxe(t, ctx, axeSource(t), page)
			}
		}
		var links []string
		cases = append(cases, roomCase{name: "OnlineFromInviteLinks/" + c.game,
			create: func(t *testing.T, pages []context.Context) []string {
				creator := pages[0]
				// The game page: set the options, then "Play online".
				must(t, creator, chromedp.Navigate(srv.URL+"/#/game/"+c.game))
				waitFor(t, creator, `!!document.getElementById('online')`, 10*time.Second)
				must(t, creator, jsDo(`(() => { for (const [k, v] of Object.entries(`+c.options+`)) {
					const el = document.getElementById('opt-' + k);
					if (el.type === 'checkbox') el.checked = v; else el.value = v;
					el.dispatchEvent(new Event('change', {bubbles: true})); } })()`),
					jsDo(`document.getElementById('online').click()`))
				waitFor(t, creator, `!!document.getElementById('r-name-1')`, 10*time.Second)
				scan(t, creator, "online-setup")
				if c.clock {
					must(t, creator, jsDo(`document.getElementById('r-clock').value = '5'; document.getElementById('r-inc').value = '2'`))
				}
				must(t, creator, jsDo(`document.getElementById('r-name-0').value = 'Ana'; document.getElementById('r-name-1').value = 'Bo'; document.getElementById('create').click()`))
				waitFor(t, creator, `document.querySelectorAll('#invites input.link').length === 3`, 10*time.Second)
				links = strings.Split(eval[string](t, creator, `[...document.querySelectorAll('#invites input.link')].map(i => i.value).join(' ')`), " ")
				checkQR(t, creator, links)
				scan(t, creator, "online-invites")
				screenshot(t, creator, "online-invites-"+c.game, "")
				return links
			},
			run: func(t *testing.T, pages []context.Context) {
				seats, spec, creator := pages[:2], pages[2], pages[0]
				if c.clock {
					// Five minutes each; no clock runs before its player's first move.
					waitFor(t, seats[0], `document.querySelectorAll('[data-clock]').length === 2`, 10*time.Second)
					if n := eval[int](t, seats[0], `document.querySelectorAll('.clock.running').length`); n != 0 {
						t.Errorf("%d clocks run before the first move", n)
					}
					if got := eval[string](t, seats[1], `document.querySelector('[data-clock="1"]').textContent`); got != "5:00" {
						t.Errorf("seat 1's clock shows %q, want 5:00", got)
					}
				}
				moves, reloaded, dropped := 0, false, false
				for iter := 0; ; iter++ {
					if iter > 20000 {
						t.Fatalf("the game did not end after %d moves", moves)
					}
					over := 0
					for i, ctx := range seats {
						switch st, _ := roomStep(t, ctx); st {
						case "moved":
							moves++
							if moves == 3 && !reloaded {
								// A reload mid-game resumes where it was.
								reloaded = true
								must(t, seats[1-i], chromedp.Reload())
							}
							if moves == c.resignAt {
								confirm(t, seats[0], "resign")
							}
							if moves == 6 && !dropped {
								// The server drops every connection of the room:
								// the pages say they are offline, reconnect by
								// themselves and go on.
								dropped = true
								mgr.Unload(strings.Split(links[2], "/room/")[1])
								for _, ctx := range pages {
									waitFor(t, ctx, `(() => { const r = document.getElementById('room'); return r.dataset.drops === '1' && r.dataset.conn === 'online'; })()`, 20*time.Second)
								}
								screenshot(t, seats[0], "online-player-"+c.game, "")
								scan(t, seats[0], "online-room")
							}
						case "over":
							over++
						}
					}
					if over == 2 {
						break
					}
					// until a page may move (it has taken the server's answer)
					whenAny(seats, `(() => { const r = document.getElementById('room');
						return r.dataset.room !== 'open' || (r.dataset.conn === 'online' && !!document.querySelector('#legal:not([hidden]) button.move')); })()`, 2*time.Second)
				}
				if !reloaded || !dropped {
					t.Fatalf("the game ended after %d moves, before the reload or the drop", moves)
				}
				// The spectator saw it to the end, with the same last version
				// and no way to move.
				waitFor(t, spec, `document.getElementById('room').dataset.room === 'finished'`, 20*time.Second)
				v0 := eval[string](t, seats[0], `document.getElementById('room').dataset.version`)
				waitFor(t, spec, `document.getElementById('room').dataset.version === '`+v0+`'`, 20*time.Second)
				if eval[bool](t, spec, `!!document.querySelector('#legal:not([hidden]) button.move, #resign, #giveup')`) {
					t.Error("the spectator has controls to play")
				}
				if eval[string](t, spec, `document.getElementById('room').dataset.seat`) != "-1" {
					t.Error("the spectator link holds a seat")
				}
				// The seed checks the throws: only a game with throws shows it.
				if got, want := eval[bool](t, spec, `!!document.getElementById('seed')`), c.game == "tamman"; got != want {
					t.Errorf("the finished game shows its seed: %v, want %v", got, want)
				}
				screenshot(t, spec, "online-spectator-"+c.game, "")
				scan(t, spec, "online-finished")
				t.Logf("%d moves clicked", moves)
				// The finished game is in the games page and replays step by step.
				must(t, creator, chromedp.Navigate(srv.URL+"/#/games"))
				waitFor(t, creator, `!!document.getElementById('afilter')`, 10*time.Second)
				must(t, creator, jsDo(`document.getElementById('a-player').value = 'bo'; document.getElementById('a-game').value = '`+c.game+`';
					document.querySelector('#afilter button').click()`))
				waitFor(t, creator, `(document.getElementById('archive')||{dataset:{}}).dataset.q === 'game=`+c.game+`&player=bo' && document.querySelectorAll('#atable tbody tr').length === 1`, 10*time.Second)
				scan(t, creator, "archive")
				must(t, creator, jsDo(`document.querySelector('#atable tbody a').click()`))
				waitFor(t, creator, `!!document.getElementById('r-next')`, 10*time.Second)
				must(t, creator, jsDo(`document.getElementById('r-next').click()`))
				waitFor(t, creator, `document.getElementById('room').dataset.step === '1'`, 10*time.Second)
				scan(t, creator, "archived")
			}})
	}
	return cases
}

// checkQR decodes the QR code of every invite image on the page with
// jsQR, a decoder independent of the Go module that draws them, and checks
// that each gives its link.
func checkQR(t *testing.T, ctx context.Context, links []string) {
	t.Helper()
	must(t, ctx, jsDo(npmSource(t, "jsqr", "dist/jsQR.js")))
	got := eval[[]string](t, ctx, `Promise.all([...document.querySelectorAll('#invites img.qr')].map(async img => {
		await img.decode();
		const c = document.createElement('canvas');
		c.width = img.naturalWidth; c.height = img.naturalHeight;
		const g = c.getContext('2d');
		g.drawImage(img, 0, 0);
		const code = jsQR(g.getImageData(0, 0, c.width, c.height).data, c.width, c.height);
		return code ? code.data : '';
	}))`)
	if len(got) != len(links) {
		t.Fatalf("%d QR codes for %d links", len(got), len(links))
	}
	for i, link := range links {
		if got[i] != link {
			t.Errorf("QR code %d decodes to %q, want %q", i, got[i], link)
		}
	}
}
