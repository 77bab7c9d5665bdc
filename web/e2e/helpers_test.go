package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// This file holds the helpers that drive the page: tabs, JavaScript,
// waiting, screenshots, fields and playing a game through.

// tab opens a new tab for one test, with a time limit.
func tab(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	if noBrowser != "" {
		if os.Getenv("CI") == "true" && !testing.Short() {
			t.Fatalf("browser tests cannot run: %s", noBrowser)
		}
		t.Skipf("browser tests skipped: %s", noBrowser)
	}
	tabCtx, cancel := chromedp.NewContext(browser)
	// The first run opens the tab, which lives as long as tabCtx; the
	// time limit applies to what follows.
	if err := chromedp.Do(tabCtx); err != nil {
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancel2 := context.WithTimeout(tabCtx, limit)
	t.Cleanup(func() { cancel2(); cancel() })
	// Fresh settings: English, fast animations.
	must(t, ctx, chromedp.Navigate(srv.URL+"/"),
		jsDo(`localStorage.clear(); localStorage.setItem('tabula.lang','en'); localStorage.setItem('tabula.speed','fast')`),
		chromedp.Reload())
	return ctx
}

func must(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("browser: %v", err)
	}
}

// jsDo runs JavaScript for its effect.
func jsDo(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](js, chromedp.EvalAwaitPromise)(ctx, t)
		return err
	})
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it is true.
func waitFor(t *testing.T, ctx context.Context, js string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			errs, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById('errors')||{}).textContent || ''`))
			t.Fatalf("timed out waiting for %s (page errors: %q)", js, errs)
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// status waits until the play page wants input or the game is over.
func status(t *testing.T, ctx context.Context) string {
	t.Helper()
	waitFor(t, ctx, `(() => { const p = document.getElementById('room'); return !!p && ['input','over','handover'].includes(p.dataset.status); })()`, 30*time.Second)
	return eval[string](t, ctx, `document.getElementById('room').dataset.status`)
}

func screenshot(t *testing.T, ctx context.Context, name string, sel string) {
	t.Helper()
	var buf []byte
	var err error
	if sel == "" {
		buf, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	} else {
		buf, err = chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	}
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if len(buf) == 0 {
		t.Fatalf("screenshot %s is empty", name)
	}
	path := filepath.Join(shotDir, name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", path)
}

// setSelect sets a select's value and tells the page, as a person would.
func setSelect(t *testing.T, ctx context.Context, sel, value string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false; el.value = %q; el.dispatchEvent(new Event('change', {bubbles: true})); return el.value === %q; })()`, sel, value, value)
	if !eval[bool](t, ctx, js) {
		t.Fatalf("cannot set %s to %s", sel, value)
	}
}

// setField sets an option's field as a person would; it fails the test
// when the page has no such option or does not take the value.
func setField(t *testing.T, ctx context.Context, name, value string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const el = document.getElementById('opt-' + %q); if (!el) return 'no field';
		if (el.type === 'checkbox') el.checked = (%q === 'true'); else el.value = %q;
		el.dispatchEvent(new Event('change', {bubbles: true}));
		const got = el.type === 'checkbox' ? String(el.checked) : el.value;
		return got === %q ? '' : 'the field holds ' + got; })()`, name, value, value, value)
	if msg := eval[string](t, ctx, js); msg != "" {
		t.Fatalf("option %s=%s cannot be set: %s", name, value, msg)
	}
}

// openGame goes to a game's page and sets options and seats.
func openGame(t *testing.T, ctx context.Context, id string, options map[string]string, seats []string) {
	t.Helper()
	must(t, ctx, chromedp.Navigate(srv.URL+"/#/game/"+id), chromedp.WaitVisible(chromedp.CSS(`#start`)))
	// after another game's page, wait for this one
	waitFor(t, ctx, fmt.Sprintf(`!!document.querySelector('#game[data-game=%q] #start')`, id), 10*time.Second)
	for k, v := range options {
		setField(t, ctx, k, v)
	}
	// Changed options may change the seats and the agents offered.
	waitFor(t, ctx, `!document.getElementById('seats').dataset.pending`, 10*time.Second)
	for i, s := range seats {
		setSelect(t, ctx, fmt.Sprintf("#seat-%d", i), s)
	}
}

// roomNow is a JavaScript expression (in an async function): the room
// shown, as the page's api() has it answered (GET /api/rooms/ID), by the
// engine in the browser for a game at this device, else by the server.
const roomNow = `(await (await import('./api.js')).api('GET', '/api/rooms/' + location.hash.split('/')[2]))`

// downloadJS is a JavaScript expression (a Promise): the text the room
// page's download button gives, the server's file for a server's room,
// the file the page makes for a game of the browser.
const downloadJS = `(async () => {
	const a = document.getElementById('download');
	if (!location.hash.split('/')[2].startsWith('b.')) return await (await fetch(a.href)).text();
	return await new Promise((resolve) => {
		const orig = URL.createObjectURL;
		URL.createObjectURL = (blob) => { URL.createObjectURL = orig; blob.text().then(resolve); return orig(blob); };
		a.click();
	});
})()`

// phoneViewport makes the page a phone's width and waits until the page
// has taken it, so that the layout measured next is the phone's.
func phoneViewport(t *testing.T, ctx context.Context) {
	t.Helper()
	must(t, ctx, chromedp.EmulateViewport(390, 844))
	waitFor(t, ctx, `window.innerWidth === 390 && document.documentElement.clientWidth <= 390`, 5*time.Second)
}

// fitsPhone checks at a phone's width that the page is no wider than the
// screen, takes a screenshot and goes back to a desktop's width.
func fitsPhone(t *testing.T, ctx context.Context, page, shot string) {
	t.Helper()
	phoneViewport(t, ctx)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
		t.Errorf("the %s is %dpx wider than a phone", page, w)
	}
	screenshot(t, ctx, shot, "")
	must(t, ctx, chromedp.EmulateViewport(1280, 900))
}

// movesPlayed counts the entries of the move list.
func movesPlayed(t *testing.T, ctx context.Context) int {
	return eval[int](t, ctx, `document.querySelectorAll('#movelist li').length`)
}

// playThrough plays the first legal move for every person until the game
// ends, through the buttons of the page; at one device it passes the
// hand-over screens. It returns the number of person turns.
func playThrough(t *testing.T, ctx context.Context, maxTurns int, onTurn func(i int)) int {
	t.Helper()
	turns := 0
	for {
		st := status(t, ctx)
		switch st {
		case "over":
			return turns
		case "handover":
			must(t, ctx, jsDo(`document.getElementById('ready').click()`))
			continue
		}
		if turns >= maxTurns {
			t.Fatalf("the game is not over after %d turns", turns)
		}
		if onTurn != nil {
			onTurn(turns)
		}
		// A man-picking board: every other turn, pick the first man, then
		// its first target; else use the list of legal moves.
		if turns%2 == 0 && eval[bool](t, ctx, `!!document.querySelector('#board [data-pick]')`) {
			must(t, ctx, jsDo(`document.querySelector('#board [data-pick]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`))
			waitFor(t, ctx, `!!document.querySelector('#board [data-move]')`, 5*time.Second)
			must(t, ctx, jsDo(`document.querySelector('#board [data-move]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`))
		} else {
			must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
		}
		turns++
	}
}

// roomStep makes the first legal move on a room page when it is the
// page's turn and the page is online: "moved", with the room's version
// it was made at; "over" once the game has ended; else "wait".
func roomStep(t *testing.T, ctx context.Context) (string, int) {
	t.Helper()
	got := eval[[]any](t, ctx, `(() => { const r = document.getElementById('room');
		if (!r || r.dataset.conn !== 'online') return ['wait', 0];
		if (r.dataset.room !== 'open') return ['over', 0];
		const b = document.querySelector('#legal:not([hidden]) button.move');
		if (b) { const v = Number(r.dataset.version); b.click(); return ['moved', v]; }
		return ['wait', 0]; })()`)
	st, _ := got[0].(string)
	v, _ := got[1].(float64)
	return st, int(v)
}
