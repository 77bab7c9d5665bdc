package e2e

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/internal/enginebench"
	"tabula/internal/server"
)

var (
	measure         = flag.Bool("measure", false, "run the TestMeasure* tests as measurements: alone, TestMeasureStartup included (without it, TestMeasureBrowser's two run as checks, in parallel with other tests, and the startup's is skipped)")
	benchPlayouts   = flag.Int("bench-playouts", 2000, "random playouts of Adji-Boto in TestMeasureBrowser/Engine")
	benchIterations = flag.Int("bench-iterations", 5000, "iterations of the MCTS search in TestMeasureBrowser/Engine")
	benchLevels     = flag.String("bench-levels", "easy", "levels TestMeasureBrowser/Levels times")
	benchPositions  = flag.Int("bench-positions", 2, "positions of each game TestMeasureBrowser/Levels times a level in")
)

// measuring runs a measurement alone on the machine (-measure), else
// in parallel with the other tests: then it is a check, and its
// figures mean nothing.
func measuring(t *testing.T) {
	if !*measure {
		parallel(t)
	}
}

// TestMeasureBrowser runs the measurements of the engine in the browser
// (docs/lab/browser-engine-speed.md) in one tab, whose engine starts once:
// Engine and Levels.
func TestMeasureBrowser(t *testing.T) {
	measuring(t)
	ctx := tab(t, 6*time.Minute)
	t.Run("Engine", func(t *testing.T) { measureBrowserEngine(t, ctx) })
	t.Run("Levels", func(t *testing.T) { measureBrowserLevels(t, ctx) })
}

// measureBrowserEngine runs the same measurement (internal/enginebench)
// natively and in Chromium's worker, prints both and their ratio, and
// checks that the search chose the same move.
func measureBrowserEngine(t *testing.T, ctx context.Context) {
	native, err := enginebench.Run(*benchPlayouts, *benchIterations)
	if err != nil {
		t.Fatal(err)
	}
	var wasm enginebench.Result
	got := eval[map[string]any](t, ctx, fmt.Sprintf(`import('./engine.js').then((m) => m.engineBench(%d, %d))`, *benchPlayouts, *benchIterations))
	wasm.PlayoutsPerSec, _ = got["playoutsPerSec"].(float64)
	wasm.SearchMs, _ = got["searchMs"].(float64)
	wasm.Move, _ = got["move"].(string)
	if wasm.Move != native.Move {
		t.Errorf("the search chose %q in the browser, %q natively", wasm.Move, native.Move)
	}
	if wasm.PlayoutsPerSec <= 0 || wasm.SearchMs <= 0 {
		t.Fatalf("the browser measured %+v", got)
	}
	fmt.Printf("random playouts of Adji-Boto: native %.0f/s, browser %.0f/s: the browser at %.2f of native\n",
		native.PlayoutsPerSec, wasm.PlayoutsPerSec, wasm.PlayoutsPerSec/native.PlayoutsPerSec)
	fmt.Printf("MCTS search of %d iterations: native %.0f ms, browser %.0f ms: the browser at %.2f of native\n",
		*benchIterations, native.SearchMs, wasm.SearchMs, native.SearchMs/wasm.SearchMs)
}

// measureBrowserLevels times the levels' moves (MCTS, as a room seats
// them) natively and in Chromium's worker, in the same positions, and
// prints them with each level's time limit.
func measureBrowserLevels(t *testing.T, ctx context.Context) {
	games := "adji-boto,tamman,agsinnoninka"
	native, err := enginebench.Levels(server.DefaultAgents, strings.Split(games, ","), strings.Split(*benchLevels, ","), *benchPositions)
	if err != nil {
		t.Fatal(err)
	}
	browser := eval[[]enginebench.LevelTime](t, ctx, fmt.Sprintf(`import('./engine.js').then((m) => m.engineLevels(%q, %q, %d))`, games, *benchLevels, *benchPositions))
	if len(browser) != len(native) {
		t.Fatalf("the browser timed %d levels, natively %d", len(browser), len(native))
	}
	for i, b := range browser {
		n := native[i]
		if b.Game != n.Game || b.Level != n.Level || b.Moves == 0 {
			t.Fatalf("browser %+v, native %+v", b, n)
		}
		fmt.Printf("%s %s (limit %.0f ms): browser mean %.1f ms, worst %.1f ms; native mean %.1f ms, worst %.1f ms (%d moves)\n",
			b.Game, b.Level, b.CapMs, b.MeanMs, b.WorstMs, n.MeanMs, n.WorstMs, b.Moves)
	}
}

// startupFigures are a page's times, in ms from its navigation: its first
// contentful paint, its largest one, and when the engine in the browser
// was ready (0: not asked for).
const startupFigures = `(async () => {
	const fcp = (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0;
	const lcp = await new Promise((resolve) => {
		new PerformanceObserver((l) => resolve(l.getEntries().pop().startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
		setTimeout(() => resolve(0), 500);
	});
	const { engineState } = await import('./engine.js');
	return [fcp, lcp, engineState.loaded ? engineState.ms : 0];
})()`

// TestMeasureStartup prints how soon the page paints and the engine in
// the browser is ready (docs/lab/browser-engine-speed.md): a game's setup
// page on a first visit (no service worker, no cache of its own), and a
// game at one device reloaded with the server stopped, from the service
// worker's cache. It checks only that each was measured (the figures
// depend on the machine): it runs with -measure only.
func TestMeasureStartup(t *testing.T) {
	if !*measure {
		t.Skip("a measurement, which checks nothing: with -measure only")
	}
	ctx, base := visitThenStop(t, 3*time.Minute)
	startOffline(t, ctx, base, "adji-boto", map[string]string{"seeds": "4"})
	status(t, ctx)
	must(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `(() => { const p = document.getElementById('room'); return !!p && p.dataset.status === 'input'; })()`, 30*time.Second)
	shown := eval[float64](t, ctx, `performance.now()`)
	off := eval[[]float64](t, ctx, startupFigures)

	first := tab(t, 2*time.Minute)
	must(t, first, jsDo(`(async () => {
		for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
		for (const k of await caches.keys()) await caches.delete(k);
	})()`), chromedp.Navigate(srv.URL+"/#/game/tamman"))
	waitFor(t, first, `!!document.querySelector('#game[data-game="tamman"] #start')`, 20*time.Second)
	must(t, first, jsDo(`import('./engine.js').then((m) => { window.engineStateForTest = m.engineState; })`))
	waitFor(t, first, `window.engineStateForTest.loaded === true`, 60*time.Second)
	on := eval[[]float64](t, first, startupFigures)
	if len(off) != 3 || len(on) != 3 || off[0] <= 0 || on[0] <= 0 || off[2] <= 0 || on[2] <= 0 {
		t.Fatalf("not measured: offline %v, first visit %v", off, on)
	}
	fmt.Printf("first visit, a game's setup page: first paint %.0f ms, largest paint %.0f ms, engine ready %.0f ms\n", on[0], on[1], on[2])
	fmt.Printf("offline from the cache, a game at one device: first paint %.0f ms, largest paint %.0f ms, engine ready %.0f ms, the game ready for a move by %.0f ms\n", off[0], off[1], off[2], shown)
}
