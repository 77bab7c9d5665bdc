package e2e

import (
	"flag"
	"fmt"
	"testing"
	"time"

	"tabula/internal/enginebench"
)

var (
	benchPlayouts   = flag.Int("bench-playouts", 2000, "random playouts of Adji-Boto in TestMeasureBrowserEngine")
	benchIterations = flag.Int("bench-iterations", 5000, "iterations of the MCTS search in TestMeasureBrowserEngine")
)

// TestMeasureBrowserEngine runs the same measurement (internal/enginebench)
// natively and in Chromium's worker, prints both and their ratio
// (docs/lab/browser-engine-speed.md), and checks that the search chose the same move.
func TestMeasureBrowserEngine(t *testing.T) {
	// Not parallel: a measurement, alone on the machine.
	ctx := tab(t, 3*time.Minute)
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
