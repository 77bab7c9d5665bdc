package e2e

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// This file holds the helpers that drive the page: tabs, JavaScript,
// waiting, screenshots, fields and playing a game through.

// tab opens a tab for one test in a browser context of its own (like a
// private window: its own storage, cookies and service workers, so that
// tests may run in parallel in the one browser), with a time limit. The
// page is the app's home, in English, with no animation.
func tab(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	return tabAt(t, srv.URL+"/", limit)
}

// tabAt is tab with first as its first page (an address of any app
// server of the tests): a room's link opens in one page load.
func tabAt(t *testing.T, first string, limit time.Duration) context.Context {
	t.Helper()
	return openAt(t, first, limit, false)
}

// offlineTabAt is tabAt for a test of the app offline: the page installs
// its service worker, which keeps every file of the app (a tab of tab or
// tabAt does not: the installs would fetch the app again for each).
func offlineTabAt(t *testing.T, first string, limit time.Duration) context.Context {
	t.Helper()
	return openAt(t, first, limit, true)
}

func openAt(t *testing.T, first string, limit time.Duration, serviceWorker bool) context.Context {
	t.Helper()
	return openTabIn(t, browser, first, limit, serviceWorker)
}

// openTabIn is openAt in the browser b (the tests' browser, or another:
// TestTheDesktopBrowser).
func openTabIn(t *testing.T, b context.Context, first string, limit time.Duration, serviceWorker bool) context.Context {
	t.Helper()
	ctx := newTabIn(t, b, limit, serviceWorker)
	// The settings are in place before the page's first script runs: one
	// page load. The speed "off" plays no sowing or throw step by step; a
	// test of an animation sets another speed.
	must(t, ctx, chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
		added, err := cdp.Call(c, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `localStorage.setItem('tabula.lang','en'); localStorage.setItem('tabula.speed','off');`})
		if err != nil {
			return err
		}
		if _, err := chromedp.Navigate(first)(c, tg); err != nil {
			return err
		}
		_, err = cdp.Call(c, tg, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: added.Identifier})
		return err
	}))
	return ctx
}

// blankTab opens a blank tab in a browser context of its own (see tab),
// which asks for reduced motion: the style sheet's transitions are off,
// so no wait lasts as long as one. Its pages install no service worker
// (see offlineTabAt).
func blankTab(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	return newTab(t, limit, false)
}

func newTab(t *testing.T, limit time.Duration, serviceWorker bool) context.Context {
	t.Helper()
	return newTabIn(t, browser, limit, serviceWorker)
}

func newTabIn(t *testing.T, b context.Context, limit time.Duration, serviceWorker bool) context.Context {
	t.Helper()
	if noBrowser != "" {
		if os.Getenv("CI") == "true" && !testing.Short() {
			t.Fatalf("browser tests cannot run: %s", noBrowser)
		}
		t.Skipf("browser tests skipped: %s", noBrowser)
	}
	ctx := openTab(t, b, limit, chromedp.WithNewBrowserContext())
	must(t, ctx, chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(c, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		return err
	}))
	if !serviceWorker {
		noServiceWorker(t, ctx)
	}
	return ctx
}

// noServiceWorker keeps every page of the tab ctx from installing the
// app's service worker, which would fetch every file of the app, the 6.5
// MB engine included, into the device's Cache Storage: about a CPU-second
// a device, for the offline copy that only the tests about offline use
// (offlineTabAt). Blocking sw.js's address (Network.setBlockedURLs) does
// not: the browser fetches a worker's script itself, past the page's
// blocks. So the page's register refuses, as on an insecure origin, which
// the app takes as "online only" (app.js).
func noServiceWorker(t *testing.T, ctx context.Context) {
	t.Helper()
	must(t, ctx, chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(c, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `if (self.ServiceWorkerContainer) Object.defineProperty(ServiceWorkerContainer.prototype, 'register', { value: () => Promise.reject(new DOMException('no offline copy in this test (e2e noServiceWorker)', 'SecurityError')) });`})
		return err
	}))
}

// sameDevice opens another tab in the browser context of ctx (a tab from
// tab): the same device, with the same storage. It is blank, and installs
// no service worker either.
func sameDevice(t *testing.T, ctx context.Context, limit time.Duration) context.Context {
	t.Helper()
	other := openTab(t, ctx, limit)
	noServiceWorker(t, other)
	return other
}

// openTab opens a tab under parent (the browser or a tab), closed when the
// test ends; the time limit applies to what follows.
func openTab(t *testing.T, parent context.Context, limit time.Duration, opts ...chromedp.ContextOption) context.Context {
	t.Helper()
	tabCtx, cancel := chromedp.NewContext(parent, opts...)
	// The first run opens the tab, which lives as long as tabCtx.
	if err := chromedp.Do(tabCtx); err != nil {
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancel2 := context.WithTimeout(tabCtx, max(limit, tabAtLeast))
	t.Cleanup(func() { cancel2(); cancel() })
	return ctx
}

func must(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("browser: %v", err)
	}
}

// click clicks the element sel as a person would (chromedp.Click). A page
// that draws itself again between finding the element and clicking it
// (a form redrawn once more in the language just chosen) leaves the node
// found gone: it is found again, a few times at most.
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	var err error
	for range 3 {
		if err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err == nil || !strings.Contains(err.Error(), "Could not find node with given id") {
			break
		}
	}
	if err != nil {
		t.Fatalf("browser: clicking %s: %v", sel, err)
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

// waitJS waits in the page until the condition %s holds, for at most %d
// ms, and gives whether it holds. The page checks it whenever the document
// changes (a mutation) or an event that may change it comes (size, focus,
// address, messages, storage, service worker); a slow re-check is the
// net for a state no event announces. An error in the condition counts as
// false.
const waitJS = `new Promise((resolve) => {
	const holds = () => { try { return !!(%s); } catch (e) { return false; } };
	if (holds()) { resolve(true); return; }
	const sw = navigator.serviceWorker;
	const events = ['resize', 'hashchange', 'popstate', 'focusin', 'focusout', 'message', 'storage', 'load', 'pageshow', 'tabula-turn', 'transitionend', 'animationend'];
	const obs = new MutationObserver(() => check());
	let net;
	const done = (v) => {
		obs.disconnect(); clearTimeout(limit); clearInterval(net);
		for (const e of events) window.removeEventListener(e, check, true);
		if (sw) sw.removeEventListener('controllerchange', check);
		resolve(v);
	};
	const check = () => { if (holds()) done(true); };
	obs.observe(document, {childList: true, subtree: true, attributes: true, characterData: true});
	for (const e of events) window.addEventListener(e, check, true);
	if (sw) sw.addEventListener('controllerchange', check);
	net = setInterval(check, 500);
	const limit = setTimeout(() => done(holds()), %d);
})`

// waitAtLeast and tabAtLeast are the shortest limits of a wait and of a
// test's tab: a limit is a net against a hang, not a measure, and on a
// loaded machine, with tests in parallel, a page can take many times its
// usual time.
const (
	waitAtLeast = 30 * time.Second
	tabAtLeast  = 4 * time.Minute
)

// pageWhereJS says where a page stood when a wait timed out: its address,
// whether it had loaded, a room's status, and whether the engine in the
// browser was still loading (what the first start of a game in a tab
// waits for, the slowest step on a loaded machine).
const pageWhereJS = `(() => {
	const room = document.getElementById('room'), start = document.getElementById('start');
	return [location.hash, document.readyState,
		'room ' + (room ? room.dataset.status || '-' : 'none'),
		'start ' + (start ? JSON.stringify(start.textContent) + (start.disabled ? ' disabled' : '') : 'none'),
		document.getElementById('engineloading') ? 'engine loading' : 'no engine note'].join(', ');
})()`

// waitFor waits until a JavaScript condition holds in the page (see
// waitJS: the page tells when, no polling from here). A wait cut short by
// a new document (a navigation, a reload) starts again in the new one.
func waitFor(t *testing.T, ctx context.Context, js string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(max(limit, waitAtLeast))
	for {
		left := time.Until(deadline)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(waitJS, js, max(left.Milliseconds(), 1)), chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			errs, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById('errors')||{}).textContent || ''`))
			where, _ := chromedp.Run(ctx, chromedp.Evaluate[string](pageWhereJS))
			t.Fatalf("timed out waiting for %s (page errors: %q; the page: %s)", js, errs, where)
		}
		if err != nil {
			// The document went while the page waited: wait for the next.
			chromedp.Run(ctx, chromedp.Evaluate[bool](`document.readyState !== 'loading'`))
		}
	}
}

// whenAny waits until a JavaScript condition holds in one of the pages,
// for at most limit (a page's wait that is not needed ends by itself at
// the limit). It reports nothing: the caller looks again.
func whenAny(pages []context.Context, js string, limit time.Duration) {
	done := make(chan struct{}, len(pages))
	for _, p := range pages {
		go func() {
			ok, err := chromedp.Run(p, chromedp.Evaluate[bool](fmt.Sprintf(waitJS, js, limit.Milliseconds()), chromedp.EvalAwaitPromise))
			if err != nil || !ok {
				time.Sleep(limit) // an error or a page that never got there: let another answer first
			}
			done <- struct{}{}
		}()
	}
	<-done
}

// status waits until the play page wants input or the game is over.
func status(t *testing.T, ctx context.Context) string {
	t.Helper()
	// A tab's first game waits for the engine in the browser to load and
	// compile (6.5 MB): seconds alone, but once a start took more than
	// 30 s beside the whole suite's browsers (TestEveryRegisteredGame).
	waitFor(t, ctx, `(() => { const p = document.getElementById('room'); return !!p && ['input','over','handover'].includes(p.dataset.status); })()`, 90*time.Second)
	return eval[string](t, ctx, `document.getElementById('room').dataset.status`)
}

// screenshots turns the screenshots on: pictures of the pages for people
// to look at, which no test reads (encoding them costs the browser CPU).
var screenshots = flag.Bool("screenshots", false, "write a screenshot of each page the tests visit to $TABULA_SCREENSHOTS, else testdata-out/screenshots")

// screenshot writes a picture of the page (of the element sel, unless "")
// as name.png, with -screenshots; without, it does nothing.
func screenshot(t *testing.T, ctx context.Context, name string, sel string) {
	t.Helper()
	if shotDir == "" {
		return
	}
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

// openGame goes to a game's page, on the server of the page shown, and
// sets options and seats.
func openGame(t *testing.T, ctx context.Context, id string, options map[string]string, seats []string) {
	t.Helper()
	must(t, ctx, chromedp.Navigate(origin(t, ctx)+"/#/game/"+id), chromedp.WaitVisible(chromedp.CSS(`#start`)))
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

// origin is the address of the server of the page shown (srv's for a
// blank page).
func origin(t *testing.T, ctx context.Context) string {
	t.Helper()
	if o := eval[string](t, ctx, `location.protocol.startsWith('http') ? location.origin : ''`); o != "" {
		return o
	}
	return srv.URL
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
