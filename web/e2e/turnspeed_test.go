package e2e

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

var turnProfile = flag.String("turn-profile", "", "with -measure: write the room page's CPU profile of TestMeasureRoomTurn's turns to this file (Chrome's .cpuprofile, for DevTools)")

// startProfile starts Chrome's sampling profiler of the page's script.
func startProfile(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
}

// stopProfile stops it and writes its profile to file.
func stopProfile(t *testing.T, ctx context.Context, file string) {
	t.Helper()
	prof, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(prof.Profile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// mainThread is the renderer's main-thread time so far, in ms, by kind
// (Chrome's Performance.getMetrics): all its tasks, their CPU time,
// script, layout and style; and its counts of layouts and style
// recalculations.
func mainThread(t *testing.T, ctx context.Context) map[string]float64 {
	t.Helper()
	got, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	ms := map[string]float64{}
	for _, m := range got.Metrics {
		switch m.Name {
		case "TaskDuration", "ThreadTime", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration":
			ms[m.Name] = m.Value * 1000
		case "LayoutCount", "RecalcStyleCount":
			ms[m.Name] = m.Value
		}
	}
	return ms
}

// TestMeasureRoomTurn prints what a turn of Tamman against the computer
// costs the room page's main thread (docs/lab/test-suite.md), with the
// animation off: the game of TestWholeGames/TammanAgainstComputer, its
// first turns (the move list grows as a game goes on), then the cost of
// one redraw of the room as it stands. It checks only that it measured:
// it runs with -measure only.
func TestMeasureRoomTurn(t *testing.T) {
	if !*measure {
		t.Skip("a measurement, which checks nothing: with -measure only")
	}
	ctx := tab(t, 3*time.Minute)
	openGame(t, ctx, "tamman", map[string]string{"players": "2", "exact-finish": "false", "throw-use": "total", "mouth-up": "0.9"}, []string{"human", "random"})
	click(t, ctx, `#start`)
	status(t, ctx)
	must(t, ctx, jsDo(`localStorage.setItem('tabula.speed','off')`))
	if _, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	before := mainThread(t, ctx)
	if *turnProfile != "" {
		startProfile(t, ctx)
	}
	listed := movesPlayed(t, ctx)
	turns := 0
	for ; turns < 12 && status(t, ctx) == "input"; turns++ {
		must(t, ctx, jsDo(`document.querySelector('#legal button.move').click()`))
	}
	status(t, ctx)
	after := mainThread(t, ctx)
	if *turnProfile != "" {
		stopProfile(t, ctx, *turnProfile)
	}
	listed = movesPlayed(t, ctx) - listed
	if turns == 0 || listed == 0 || after["TaskDuration"] <= before["TaskDuration"] {
		t.Fatalf("not measured: %d turns, %d in the move list, %v then %v", turns, listed, before, after)
	}
	per := func(k string) float64 { return (after[k] - before[k]) / float64(listed) }
	fmt.Printf("a turn of Tamman (%d turns of the person's, %d in the move list): main thread %.1f ms a turn (CPU %.1f ms): script %.1f, layout %.1f, style %.1f; %.2f layouts, %.2f style recalculations a turn\n",
		turns, listed, per("TaskDuration"), per("ThreadTime"), per("ScriptDuration"), per("LayoutDuration"), per("RecalcStyleDuration"), per("LayoutCount"), per("RecalcStyleCount"))
	// One redraw of the room as it stands, unchanged: what any update pays
	// at least (the parts of it timed in the page).
	got := eval[[]float64](t, ctx, `(async () => {
		const { renderRoom } = await import('./roomdraw.js');
		const n = 30, t0 = performance.now();
		for (let i = 0; i < n; i++) { renderRoom(); document.body.offsetHeight; }
		return [(performance.now() - t0) / n];
	})()`)
	fmt.Printf("a redraw of the room (unchanged, layout included): %.1f ms\n", got[0])
}
