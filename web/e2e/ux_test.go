package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tabula/engine"
)

// The tests of issue 13: each feature and defect of the web app, as a
// person meets it.

// startAdji starts an Adji-Boto game with two seeds a hole (short) and
// waits for the first input.
func startAdji(t *testing.T, ctx context.Context, seats ...string) {
	t.Helper()
	openGame(t, ctx, "adji-boto", map[string]string{"seeds": "2"}, seats)
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	status(t, ctx)
}

// confirmDialog answers the open confirmation dialog.
func confirmDialog(t *testing.T, ctx context.Context, yes bool) {
	t.Helper()
	waitFor(t, ctx, `!!document.querySelector('dialog.ask[open]')`, 5*time.Second)
	btn := "[data-no]"
	if yes {
		btn = "[data-yes]"
	}
	must(t, ctx, jsDo(fmt.Sprintf(`document.querySelector('dialog.ask %s').click()`, btn)))
	waitFor(t, ctx, `!document.querySelector('dialog.ask')`, 5*time.Second)
}

const activeBody = `document.activeElement === document.body || !document.activeElement`

// TestPlayPage runs the tests of the play page, each in a game of its
// own at a fresh device, one after the other in one tab (tabCases).
func TestPlayPage(t *testing.T) {
	parallelLong(t)
	var own *app
	tabCases(t,
		tabCase{"ReplayAndAnalysis", 240 * time.Second, nil, replayAndAnalysis},
		tabCase{"CapturesAnnounced", 120 * time.Second, nil, capturesAnnounced},
		tabCase{"NewGameResignAndNames", 60 * time.Second, nil, newGameResignAndNames},
		tabCase{"MoveListFollows", 90 * time.Second, nil, moveListFollows},
		tabCase{"ArrowKeysOnTheBoard", 60 * time.Second, nil, arrowKeysOnTheBoard},
		tabCase{"LastMoveAndThinking", 90 * time.Second, nil, lastMoveAndThinking},
		tabCase{"HandOverFocus", 60 * time.Second, nil, handOverFocus},
		tabCase{"SkipLinkKeepsTheGame", 60 * time.Second, nil, skipLinkKeepsTheGame},
		tabCase{"ButtonsActOnce", 60 * time.Second,
			func(t *testing.T) string { own = ownApp(t); return own.URL + "/" },
			func(t *testing.T, ctx context.Context) { buttonsActOnce(t, ctx, own) }},
	)
}

// TestPagesAndScreens runs the tests of the app's other pages and of its
// screen sizes, one after the other in one tab (tabCases).
func TestPagesAndScreens(t *testing.T) {
	parallelLong(t)
	tabCases(t,
		tabCase{"PhoneLandscapeBoard", 60 * time.Second, nil, phoneLandscapeBoard},
		tabCase{"NotFoundPage", 60 * time.Second, nil, notFoundPage},
		tabCase{"PhoneSetup", 60 * time.Second, nil, phoneSetup},
		tabCase{"GermanRulesPage", 30 * time.Second, nil, germanRulesPage},
		tabCase{"HomeCards", 30 * time.Second, nil, homeCards},
		tabCase{"SeedsStayInStores", 30 * time.Second, nil, seedsStayInStores},
		tabCase{"CatalogueAndLanguage", 60 * time.Second, nil, catalogueAndLanguage},
		tabCase{"ChallengeFormChoosesReadingAndLevel", 2 * time.Minute, func(t *testing.T) string { return ownApp(t).URL + "/" }, challengeFormChoosesReadingAndLevel},
		// last: it leaves the tab's browser German until its end
		tabCase{"LanguageFromBrowser", 30 * time.Second, nil, languageFromBrowser},
	)
}

// The skip link goes to the content and leaves the game where it is.
func skipLinkKeepsTheGame(t *testing.T, ctx context.Context) {
	startAdji(t, ctx, "human", "random")
	hash := eval[string](t, ctx, `location.hash`)
	must(t, ctx, jsDo(`document.querySelector('.skip').click()`))
	if got := eval[string](t, ctx, `location.hash`); got != hash || !eval[bool](t, ctx, `!!document.getElementById('room')`) {
		t.Errorf("after the skip link: %s, play page shown %v; want %s", got, eval[bool](t, ctx, `!!document.getElementById('room')`), hash)
	}
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "app" {
		t.Errorf("focus on %q after the skip link, want the content (app)", id)
	}
}

// A bad address shows a not-found page with a way back, whether it comes
// after another page or is loaded fresh.
func notFoundPage(t *testing.T, ctx context.Context) {
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/game/adji-boto"), chromedp.WaitVisible(chromedp.CSS(`#start`)))
	for _, bad := range []string{"#/game/nope", "#/play/nope", "#/nonsense", "#/game/adji-boto/x"} {
		must(t, ctx, chromedp.Navigate(srv.URL+"/"+bad))
		waitFor(t, ctx, `!!document.getElementById('notfound')`, 10*time.Second)
		if eval[bool](t, ctx, `!!document.getElementById('setup') || !!document.querySelector('.card')`) {
			t.Errorf("%s: the page before stays under the error", bad)
		}
		if eval[bool](t, ctx, activeBody) {
			t.Errorf("%s: the focus is on <body>", bad)
		}
	}
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/play/deadbeef"), chromedp.Reload())
	waitFor(t, ctx, `!!document.getElementById('nf-home')`, 10*time.Second)
	must(t, ctx, chromedp.Click(chromedp.CSS(`#nf-home`)))
	waitFor(t, ctx, `!!document.querySelector('.card')`, 10*time.Second)
	if eval[bool](t, ctx, activeBody) {
		t.Error("after going home the focus is on <body>")
	}
	// In German, the page and the server's message are German.
	must(t, ctx, jsDo(`localStorage.setItem('tabula.lang','de')`), chromedp.Navigate(srv.URL+"/#/play/deadbeef"), chromedp.Reload())
	waitFor(t, ctx, `!!document.getElementById('notfound')`, 10*time.Second)
	if txt := eval[string](t, ctx, `document.getElementById('notfound').innerText`); !strings.Contains(txt, "Nicht gefunden") || !strings.Contains(txt, "Kein solcher Raum") {
		t.Errorf("German not-found page: %q", txt)
	}
}

// A triple click starts one game, and takes back one turn. The page is
// own's, a server of the test's own: it counts the rooms the server
// creates.
func buttonsActOnce(t *testing.T, ctx context.Context, own *app) {
	openGame(t, ctx, "adji-boto", map[string]string{"seeds": "2"}, []string{"human", "random"})
	// The games made: the server's, and the browser engine's (the page's
	// requests to its worker that create a room).
	before := own.created.Load()
	must(t, ctx, jsDo(`(() => { window.roomPosts = 0; const send = Worker.prototype.postMessage;
		Worker.prototype.postMessage = function (m, ...rest) { if (m && m.op === 'fetch' && m.method === 'POST' && m.path === '/api/rooms') window.roomPosts++; return send.call(this, m, ...rest); }; })()`))
	must(t, ctx, jsDo(`(() => { const b = document.getElementById('start'); for (let d = 1; d <= 3; d++) b.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, detail: d})); b.click(); })()`))
	status(t, ctx)
	if n := own.created.Load() - before + int64(eval[int](t, ctx, `window.roomPosts`)); n != 1 {
		t.Errorf("a triple click on Start made %d games", n)
	}
	for i := 0; i < 2; i++ {
		must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
		status(t, ctx)
	}
	moves := movesPlayed(t, ctx)
	must(t, ctx, jsDo(`(() => { const b = document.getElementById('undo'); for (let d = 1; d <= 3; d++) b.dispatchEvent(new MouseEvent('click', {bubbles: true, detail: d})); })()`))
	waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#movelist li').length < %d`, moves), 5*time.Second)
	status(t, ctx)
	if got := movesPlayed(t, ctx); got != moves-2 {
		t.Errorf("a triple click on Take back: %d moves left of %d, want %d (one turn and the reply)", got, moves, moves-2)
	}
}

// New game asks first while a game is on; Resign ends the game with the
// computer as winner; the players are "You" and "Computer (level)".
func newGameResignAndNames(t *testing.T, ctx context.Context) {
	startAdji(t, ctx, "human", "mcts:easy")
	seats := eval[string](t, ctx, `document.querySelector('.seats').innerText`)
	if !strings.Contains(seats, "You") || !strings.Contains(seats, "Computer (easy)") || strings.Contains(seats, "Player 0") {
		t.Errorf("seat lines %q: want You and Computer (easy)", seats)
	}
	if turn := eval[string](t, ctx, `document.getElementById('turn').textContent`); turn != "Your turn" {
		t.Errorf("turn line %q", turn)
	}
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	status(t, ctx)
	id := eval[string](t, ctx, `location.hash`)
	must(t, ctx, jsDo(`document.getElementById('newgame').click()`))
	confirmDialog(t, ctx, false)
	if eval[string](t, ctx, `location.hash`) != id {
		t.Fatal("New game, cancelled, left the game")
	}
	must(t, ctx, jsDo(`document.getElementById('resign').click()`))
	confirmDialog(t, ctx, true)
	waitFor(t, ctx, `document.getElementById('room').dataset.status === 'over'`, 10*time.Second)
	res := eval[string](t, ctx, `document.querySelector('#result .resulttext').textContent`)
	if res != "Player 0 resigned: Computer (easy) wins" {
		t.Errorf("result %q", res)
	}
	if eval[bool](t, ctx, `!!document.querySelector('#board [data-move], #legal button.move') || !document.getElementById('legal').classList.contains('off')`) {
		t.Error("moves are still offered after resigning")
	}
	// The engine keeps it: a reload shows it, the record says it.
	must(t, ctx, chromedp.Reload())
	if status(t, ctx) != "over" || eval[string](t, ctx, `document.querySelector('#result .resulttext').textContent`) != "Player 0 resigned: Computer (easy) wins" {
		t.Error("after a reload the resignation is forgotten")
	}
	if rec := eval[string](t, ctx, downloadJS); !strings.Contains(rec, `"result":{"code":"win:1:resign","how":"resign","winner":1}`) || !strings.Contains(rec, `"resigned":0`) {
		t.Errorf("the record does not say who resigned: %s", rec)
	}
	// After the end, New game asks no more.
	must(t, ctx, jsDo(`document.getElementById('newgame').click()`))
	waitFor(t, ctx, fmt.Sprintf(`location.hash !== %q && !!document.getElementById('room')`, id), 10*time.Second)
	if eval[bool](t, ctx, `!!document.querySelector('dialog.ask')`) {
		t.Error("a finished game asks before a new game")
	}
}

// The move list follows the newest move, unless the person scrolled up;
// it is focusable when it overflows.
func moveListFollows(t *testing.T, ctx context.Context) {
	must(t, ctx, chromedp.EmulateViewport(1280, 600))
	openGame(t, ctx, "adji-boto", nil, []string{"human", "random"})
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`), chromedp.Click(chromedp.CSS(`#start`)))
	atBottom := `(() => { const l = document.getElementById('movelist'); return l.scrollTop + l.clientHeight >= l.scrollHeight - 4; })()`
	overflows := `(() => { const l = document.getElementById('movelist'); return l.scrollHeight > l.clientHeight + 1; })()`
	status(t, ctx)
	for i := 0; i < 60 && !eval[bool](t, ctx, overflows); i++ {
		if status(t, ctx) == "over" {
			t.Fatal("the game ended before the list overflowed")
		}
		must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	}
	status(t, ctx)
	if !eval[bool](t, ctx, atBottom) {
		t.Error("the newest move is not in view")
	}
	if eval[int](t, ctx, `document.getElementById('movelist').tabIndex`) != 0 {
		t.Error("the overflowing move list cannot be focused")
	}
	must(t, ctx, jsDo(`(() => { const l = document.getElementById('movelist'); l.scrollTop = 0; l.dispatchEvent(new Event('scroll')); })()`))
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	status(t, ctx)
	if top := eval[int](t, ctx, `document.getElementById('movelist').scrollTop`); top != 0 {
		t.Errorf("the list scrolled to %d although the person had scrolled up", top)
	}
}

// Replay: a click on a move goes there, the arrow keys step, Home and End
// jump, Forward during an animation skips it, autoplay runs; the analysis
// and its graph show.
func replayAndAnalysis(t *testing.T, ctx context.Context) {
	startAdji(t, ctx, "human", "random")
	must(t, ctx, jsDo(`document.getElementById('hint').click()`))
	waitFor(t, ctx, `!!document.querySelector('#analysis .thinking') || !!document.querySelector('#analysis .evalbars')`, 5*time.Second)
	waitFor(t, ctx, `document.querySelectorAll('#analysis .evalbars li').length === 2 && document.querySelectorAll('#analysis .bestmoves li').length > 0`, 20*time.Second)
	best := eval[string](t, ctx, `document.querySelector('#analysis .bestmoves [data-best]').dataset.best`)
	if !eval[bool](t, ctx, fmt.Sprintf(`!!document.querySelector('#legal button.move[data-move=%q]')`, best)) {
		t.Errorf("the hint %q is not a legal move", best)
	}
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`))
	playThrough(t, ctx, 400, nil)
	n := movesPlayed(t, ctx)
	if n < 6 {
		t.Skipf("a game of %d moves is too short", n)
	}
	if eval[bool](t, ctx, activeBody) {
		t.Error("at the end of the game the focus is on <body>")
	}
	// a click on move 3 of the finished game opens the replay there
	must(t, ctx, jsDo(`document.querySelector('#movelist [data-ply="3"]').click()`))
	waitFor(t, ctx, replayAt+` === 3`, 10*time.Second)
	key := func(k string, want int) {
		t.Helper()
		must(t, ctx, jsDo(`document.getElementById('replayhelp').focus && document.getElementById('r-first').focus()`),
			jsDo(fmt.Sprintf(`document.dispatchEvent(new KeyboardEvent('keydown', {key: %q, bubbles: true}))`, k)))
		waitFor(t, ctx, fmt.Sprintf(`%s === %d`, replayAt, want), 10*time.Second)
	}
	key("ArrowLeft", 2)
	key("End", n)
	key("Home", 0)
	key("ArrowRight", 1)
	// Forward three times during a slow animation: three turns on.
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','slow')`),
		jsDo(`(() => { const b = () => document.getElementById('r-next').click(); b(); b(); b(); })()`))
	waitFor(t, ctx, replayAt+` === 4`, 10*time.Second)
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','fast')`), jsDo(`document.getElementById('r-auto').click()`))
	waitFor(t, ctx, replayAt+` >= 6`, 20*time.Second)
	must(t, ctx, jsDo(`document.getElementById('r-auto').click()`))
	// the analysis of the position shown, and the graph over the game
	must(t, ctx, jsDo(`document.getElementById('analyse').click()`), jsDo(`document.getElementById('loadgraph').click()`))
	waitFor(t, ctx, `!!document.querySelector('#analysis .evalbars') && !!document.querySelector('#graph svg.evalgraph')`, 90*time.Second)
	if got := eval[int](t, ctx, `document.querySelectorAll('#graph svg.evalgraph polyline').length`); got != 2 {
		t.Errorf("%d lines in the graph, want one per player", got)
	}
	screenshot(t, ctx, "replay-analysis", "")
}

// Arrow keys move between the holes in their order on the screen; one
// hole is in the Tab order; a picked Tamman man hands the focus to its
// target.
func arrowKeysOnTheBoard(t *testing.T, ctx context.Context) {
	startAdji(t, ctx, "human", "human")
	if n := eval[int](t, ctx, `document.querySelectorAll('#board [tabindex="0"]').length`); n != 1 {
		t.Errorf("%d places of the board in the Tab order, want 1", n)
	}
	// Player 0's row, left to right on the screen, is 9 8 7 6 5.
	must(t, ctx, chromedp.Focus(chromedp.CSS(`#board [tabindex="0"]`)))
	var seen []string
	for i := 0; i < 5; i++ {
		seen = append(seen, eval[string](t, ctx, `document.activeElement.dataset.hole`))
		must(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	}
	if got := strings.Join(seen, " "); got != "9 8 7 6 5" {
		t.Errorf("arrow right goes %s, want 9 8 7 6 5", got)
	}
	must(t, ctx, chromedp.KeyEvent(kb.ArrowLeft))
	if h := eval[string](t, ctx, `document.activeElement.dataset.hole`); h != "6" {
		t.Errorf("arrow left from 5 goes to %s, want 6", h)
	}
	// Turned for the second person, right is the other way.
	must(t, ctx, jsDo(`document.getElementById('turnboard').click()`))
	waitFor(t, ctx, `!!document.querySelector('.boardbox.turned')`, 5*time.Second)
	must(t, ctx, chromedp.Focus(chromedp.CSS(`#board [data-hole="6"]`)), chromedp.KeyEvent(kb.ArrowRight))
	if h := eval[string](t, ctx, `document.activeElement.dataset.hole`); h != "7" {
		t.Errorf("on the turned board, arrow right from 6 goes to %s, want 7", h)
	}
	screenshot(t, ctx, "board-turned", "#board")

	openGame(t, ctx, "tamman", map[string]string{"players": "2"}, []string{"human", "human"})
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	status(t, ctx)
	must(t, ctx, chromedp.Focus(chromedp.CSS(`#board [data-pick]`)), chromedp.KeyEvent("\r"))
	waitFor(t, ctx, `!!document.activeElement && document.activeElement.hasAttribute('data-move')`, 5*time.Second)
}

// At 390 px the Tamman setup does not scroll sideways and Start is on the
// first screen.
func phoneSetup(t *testing.T, ctx context.Context) {
	must(t, ctx, chromedp.EmulateViewport(390, 844))
	openGame(t, ctx, "tamman", map[string]string{"players": "4"}, nil)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
		wide := eval[string](t, ctx, `[...document.querySelectorAll('#app *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 5).map((e) => e.tagName + '#' + e.id + '.' + e.className).join(', ')`)
		t.Errorf("the Tamman setup is %d px wider than a phone: %s", w, wide)
	}
	if y := eval[float64](t, ctx, `document.getElementById('start').getBoundingClientRect().bottom`); y > 844 {
		t.Errorf("Start is %.0f px down, below the first screen", y)
	}
	if eval[bool](t, ctx, `document.getElementById('more').open`) {
		t.Error("the options are not folded under More options")
	}
}

// Captures are announced in the live region, each with whose move it was;
// one man sent back is "1 man". (Three seeds a hole: some 11 turns of the
// person, with a capture in every game of 2,000 against random.)
func capturesAnnounced(t *testing.T, ctx context.Context) {
	openGame(t, ctx, "adji-boto", map[string]string{"seeds": "3"}, []string{"human", "random"})
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`),
		jsDo(`window.__said = []; new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach((n) => window.__said.push(n.textContent)))).observe(document.getElementById('announce'), {childList: true})`),
		chromedp.Click(chromedp.CSS(`#start`)))
	playThrough(t, ctx, 400, nil)
	said := eval[[]string](t, ctx, `window.__said`)
	found := false
	for _, line := range said {
		if strings.Contains(line, "captured") {
			found = true
			if !strings.HasPrefix(line, "You ") && !strings.HasPrefix(line, "Computer (random) ") {
				t.Errorf("a capture without whose move it was: %q", line)
			}
		}
	}
	if !found {
		t.Errorf("no capture announced in %d lines: %q", len(said), said)
	}
}

// The full rules page and the options are German in the German app.
func germanRulesPage(t *testing.T, ctx context.Context) {
	must(t, ctx, jsDo(`localStorage.setItem('tabula.lang','de')`), chromedp.Navigate(srv.URL+"/#/game/agsinnoninka"), chromedp.Reload())
	waitFor(t, ctx, `!!document.querySelector('#rulesdoc h2, #rulesdoc h3')`, 10*time.Second)
	if l := eval[string](t, ctx, `document.querySelector('label[for="opt-seeds"]').textContent`); l != "Samen je Loch (seeds)" {
		t.Errorf("option seeds labelled %q in German", l)
	}
	must(t, ctx, jsDo(`document.getElementById('more').open = true`))
	screenshot(t, ctx, "setup-options-agsinnoninka-de", "")
	if lang := eval[string](t, ctx, `document.getElementById('rulesdoc').lang`); lang != "de" {
		t.Errorf("rules page in %q", lang)
	}
	if sum := eval[string](t, ctx, `document.querySelector('.fullrules summary').textContent`); strings.Contains(sum, "Englisch") {
		t.Errorf("the German rules page is announced as English: %q", sum)
	}
	if txt := eval[string](t, ctx, `document.getElementById('rulesdoc').textContent`); !strings.Contains(txt, "Lesarten mehrdeutiger Stellen") {
		t.Errorf("the German rules page is not German: %.200q", txt)
	}
}

// On a phone on its side the whole board is on the first screen.
func phoneLandscapeBoard(t *testing.T, ctx context.Context) {
	must(t, ctx, chromedp.EmulateViewport(844, 390))
	for _, g := range engine.Games() {
		game := g.ID()
		openGame(t, ctx, game, nil, []string{"human", "random"})
		must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
		status(t, ctx)
		bottom := eval[float64](t, ctx, `document.querySelector('#board svg').getBoundingClientRect().bottom + window.scrollY`)
		if bottom > 390 {
			t.Errorf("%s: the board ends %.0f px down, below the first screen of 390", game, bottom)
		}
		bars := eval[float64](t, ctx, `Math.max(0, ...[...document.querySelectorAll('.seatbar')].map((b) => b.getBoundingClientRect().bottom + window.scrollY))`)
		if bars == 0 || bars > 390 {
			t.Errorf("%s: the seats' bars end %.0f px down, want them on the first screen of 390", game, bars)
		}
		screenshot(t, ctx, "phone-landscape-"+game, "")
	}
}

// The home cards: Play buttons at one height in each row of cards,
// sources with an address as links, no text in the thumbnails too small
// to read.
func homeCards(t *testing.T, ctx context.Context) {
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/"), chromedp.WaitVisible(chromedp.CSS(`.card .playp a`)))
	// each card's top and its Play button's
	tops := eval[[][2]float64](t, ctx, `[...document.querySelectorAll('.card')].map((c) => [c, c.querySelector('.playp a')].map((e) => Math.round(e.getBoundingClientRect().top)))`)
	button := map[float64]float64{} // by the row's top
	for _, c := range tops {
		if y, ok := button[c[0]]; ok && y != c[1] {
			t.Errorf("Play buttons at heights %v in a row of cards (card top, button top)", tops)
			break
		}
		button[c[0]] = c[1]
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.card dd a[href^="http"]').length`); n < 3 {
		t.Errorf("%d sources are links, want one for each game at least", n)
	}
	small := eval[[]string](t, ctx, `[...document.querySelectorAll('.thumb svg text')].filter((e) => { const r = e.getBoundingClientRect(); return r.height > 0 && r.height < 10; }).map((e) => e.textContent)`)
	if len(small) > 0 {
		t.Errorf("thumbnail texts under 10 px: %q", small)
	}
}

// Seeds stay inside a store however many there are, clear of its count.
func seedsStayInStores(t *testing.T, ctx context.Context) {
	out := eval[string](t, ctx, `import('/boards.js').then((b) => {
		const box = document.createElement('div');
		box.style.width = '760px';
		document.body.appendChild(box);
		const bad = [];
		for (const n of [10, 40, 60, 100]) {
			box.innerHTML = b.boards.mancala.svg({ holes: new Array(10).fill(1), stores: [n, n], burnt: [], hands: [], marks: {} }, {});
			box.querySelectorAll('.store').forEach((st, i) => {
				const pit = st.querySelector('.pit').getBoundingClientRect();
				const count = st.querySelector('.store-count').getBoundingClientRect();
				st.querySelectorAll('.seed').forEach((s) => {
					const r = s.getBoundingClientRect();
					const cx = (r.left + r.right) / 2 - (pit.left + pit.right) / 2, cy = (r.top + r.bottom) / 2 - (pit.top + pit.bottom) / 2;
					const a = pit.width / 2 - r.width / 2, c = pit.height / 2 - r.height / 2;
					if ((cx * cx) / (a * a) + (cy * cy) / (c * c) > 1.001) bad.push(n + ' seeds: a seed outside store ' + i);
					if (r.bottom > count.top && r.top < count.bottom && r.right > count.left && r.left < count.right) bad.push(n + ' seeds: a seed under the count of store ' + i);
				});
			});
		}
		box.remove();
		return [...new Set(bad)].join('; ');
	})`)
	if out != "" {
		t.Error(out)
	}
}

// At one device the focus goes to the hand-over button and back to the
// board, never to <body>.
func handOverFocus(t *testing.T, ctx context.Context) {
	openGame(t, ctx, "agsinnoninka", map[string]string{"match": "false"}, []string{"human", "human"})
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	if status(t, ctx) != "handover" {
		t.Fatal("no hand-over screen")
	}
	must(t, ctx, chromedp.Click(chromedp.CSS(`#ready`)))
	status(t, ctx)
	if eval[bool](t, ctx, activeBody) || !eval[bool](t, ctx, `!!document.activeElement.closest('#board')`) {
		t.Errorf("after the hand-over the focus is on %s", eval[string](t, ctx, `document.activeElement.tagName + '#' + document.activeElement.id`))
	}
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	status(t, ctx)
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "ready" {
		t.Errorf("at the second hand-over the focus is on %q, want the ready button", id)
	}
}

// The last move stays marked on the board (the hole sown from and those
// sown into; the man's square and those it passed), apart from the focus;
// the turn line shows a progress sign while the computer thinks.
func lastMoveAndThinking(t *testing.T, ctx context.Context) {
	startAdji(t, ctx, "human", "random")
	thinking := eval[bool](t, ctx, `(() => { document.querySelector('#legal button.move').click(); const t = document.getElementById('turn'); return t.classList.contains('thinking') && !!t.querySelector('.spinner'); })()`)
	if !thinking {
		t.Error("no progress sign while the computer moves")
	}
	status(t, ctx)
	from := eval[[]string](t, ctx, `[...document.querySelectorAll('#board .hole.lastfrom')].map((e) => e.dataset.hole)`)
	into := eval[int](t, ctx, `document.querySelectorAll('#board .hole.lastmove').length`)
	if len(from) != 1 || into < 1 {
		t.Errorf("last move marked: from %v, %d holes sown into", from, into)
	}
	// The computer's move was from its own row (0-4).
	if len(from) == 1 && from[0] > "4" {
		t.Errorf("the last move is marked from hole %s, not the computer's row", from[0])
	}
	if eval[bool](t, ctx, `document.querySelector('#board .hole.lastfrom') === document.activeElement`) {
		t.Error("the last-move marker is the focus")
	}
	openGame(t, ctx, "tamman", map[string]string{"players": "2"}, []string{"human", "random"})
	must(t, ctx, chromedp.Click(chromedp.CSS(`#start`)))
	status(t, ctx)
	must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	status(t, ctx)
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .sq.lastfrom').length + document.querySelectorAll('#board .sq.lastmove').length`); n < 2 {
		t.Errorf("Tamman: %d squares mark the last move, want its start and the squares passed", n)
	}
	screenshot(t, ctx, "last-move-tamman", "#board")
}
