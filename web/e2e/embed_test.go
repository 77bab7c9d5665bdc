package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// examplePage is the first html code block of docs/embed.md, with
// Tabula's address http://localhost:8080 put as app's.
func examplePage(t *testing.T, app string) string {
	t.Helper()
	doc, err := os.ReadFile("../../docs/embed.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```html\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/embed.md has no html code block")
	}
	page := string(m[1])
	if !strings.Contains(page, "http://localhost:8080/embed.js") || !strings.Contains(page, "<tabula-game") {
		t.Fatalf("the example page does not load http://localhost:8080/embed.js and show a <tabula-game>:\n%s", page)
	}
	return strings.ReplaceAll(page, "http://localhost:8080", app)
}

// embedHost serves docs/embed.md's example page, the board's from app,
// at / of a server of its own (another origin), closed when the test
// ends, and gives its address. A script of the host's own keeps what the
// host page was before the board came: its globals and the computed
// style of its heading (hostBefore), and the board's last turn event.
func embedHost(t *testing.T, app string) string {
	t.Helper()
	page := examplePage(t, app)
	probe := `<script>window.hostBefore = { globals: Object.keys(window), style: null };
		addEventListener('DOMContentLoaded', () => { const s = getComputedStyle(document.querySelector('h1')); hostBefore.style = [s.fontFamily, s.fontSize, s.color, s.margin].join('|'); });
		addEventListener('tabula-turn', (e) => { hostBefore.turn = e.detail; }, true);</script>`
	page = strings.Replace(page, "<head>", "<head>"+probe, 1)
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}))
	t.Cleanup(host.Close)
	return host.URL
}

// embedExample: docs/embed.md's example page from a second origin
// (embedHost, the page's first), the app's files from the first: the
// board plays a move by keyboard, the host page's styles and globals stay
// as they were, axe finds no serious or critical problem, and the board
// fits containers of 390 and 320 px.
func embedExample(t *testing.T, ctx context.Context) {
	// the board asks for its height once its game is shown
	frameJS := `document.querySelector('tabula-game').shadowRoot.querySelector('iframe')`
	waitFor(t, ctx, `!!customElements.get('tabula-game') && !!`+frameJS+` && parseInt(`+frameJS+`.style.height) > 0`, 30*time.Second)
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.JSPath(frameJS), chromedp.Populate(-1, true)))
	if err != nil || len(nodes) == 0 {
		t.Fatalf("the board's frame: %v", err)
	}
	frame := nodes[0]
	// one move by keyboard: a hole of the board, Enter
	must(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#board [data-move]`), chromedp.FromNode(frame)))
	must(t, ctx, chromedp.Focus(chromedp.CSS(`#board [data-move]`), chromedp.FromNode(frame)), chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `!!hostBefore.turn && hostBefore.turn.moves >= 1`, 30*time.Second)

	style := eval[string](t, ctx, `(() => { const s = getComputedStyle(document.querySelector('h1')); return [s.fontFamily, s.fontSize, s.color, s.margin].join('|'); })()`)
	if before := eval[string](t, ctx, `hostBefore.style`); style != before {
		t.Errorf("the host's heading changed style: %q, was %q", style, before)
	}
	if n := eval[int](t, ctx, `document.styleSheets.length + document.querySelectorAll('style').length`); n != 0 {
		t.Errorf("the host page has %d style sheets now, none before", n)
	}
	if added := eval[[]string](t, ctx, `Object.keys(window).filter((k) => !hostBefore.globals.includes(k) && k !== 'hostBefore')`); len(added) > 0 {
		t.Errorf("the board added globals to the host page: %v", added)
	}
	checkAxe(t, ctx, axeSource(t), "the embed example")
	for _, width := range []int{390, 320} {
		must(t, ctx, chromedp.EmulateViewport(int64(width), 800))
		waitFor(t, ctx, `window.innerWidth === `+strconv.Itoa(width), 5*time.Second)
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); w > 0 {
			t.Errorf("at %d px the host page is %d px wider than its window: %s", width, w, eval[string](t, ctx, `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth).map((e) => e.tagName + ' ' + e.getBoundingClientRect().right).join(', ') + ' client ' + document.documentElement.clientWidth + ' scroll ' + document.documentElement.scrollWidth`))
		}
		if w := eval[int](t, ctx, `Math.round(`+frameJS+`.getBoundingClientRect().width)`); w > width || w < width-40 {
			t.Errorf("at %d px the board is %d px wide", width, w)
		}
		waitFor(t, ctx, `(() => { const f = `+frameJS+`; return f.contentWindow && parseInt(f.style.height) > 200; })()`, 5*time.Second)
		screenshot(t, ctx, "embed-"+strconv.Itoa(width), "")
	}
}

// embedDrawsItsStartWhileTheEngineLoads: an embedded board shows its
// game's start under its options (starts.js, generated from Go: here
// docs/embed.md's seeds=3, and the default's ten seeds a hole) while the
// engine in the browser downloads, held back here until the board is
// seen; then the engine plays. The site is "tabula site"'s copy on a
// plain static file server whose engine is engine's (siteAt, the page's
// origin), where nothing but the engine can answer.
func embedDrawsItsStartWhileTheEngineLoads(t *testing.T, ctx context.Context, engine *heldEngine) {
	static := origin(t, ctx)
	engine.hold()
	for i, c := range []struct{ query, seeds string }{
		{"vs=greedy&options=seeds%3D3", "3"},
		{"vs=greedy", "10"},
	} {
		must(t, ctx, chromedp.Navigate(static+"/index.html?embed=1#/embed/adji-boto/"+c.query))
		if i > 0 {
			must(t, ctx, chromedp.Reload()) // a page anew, its engine not loaded (a new # alone is not)
		}
		waitFor(t, ctx, `(() => { const s = document.querySelector('#startview svg'); return !!s && s.getBoundingClientRect().width > 100; })()`, 30*time.Second)
		// the start: every hole's count the seeds, the engine's note, no move yet
		counts := eval[[]string](t, ctx, `[...document.querySelectorAll('#startview svg text.count:not(.store-count)')].map((e) => e.textContent)`)
		if len(counts) != 10 || strings.Join(counts, ",") != strings.Repeat(c.seeds+",", 9)+c.seeds {
			t.Errorf("%s: the board shown while the engine loads has holes %v, want ten of %s", c.query, counts, c.seeds)
		}
		if !eval[bool](t, ctx, `!!document.getElementById('engineloading') && !document.querySelector('[data-move]')`) {
			t.Errorf("%s: the board shown while the engine loads has no note that it loads, or offers moves", c.query)
		}
	}
	engine.release()
	waitFor(t, ctx, `!!document.querySelector('#board [data-move]') && !document.getElementById('startview')`, 60*time.Second)
}
