package enginebench

import (
	"testing"

	_ "tabula/games/all"
)

// TestRunMeasures: a run plays its playouts and gives a legal move of
// Adji-Boto's start, the same for the same seed.
func TestRunMeasures(t *testing.T) {
	a, err := Run(50, 200)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Run(5, 200)
	if a.PlayoutsPerSec <= 0 || a.SearchMs <= 0 || a.Move == "" || a.Move != b.Move {
		t.Errorf("runs %+v and %+v", a, b)
	}
	t.Logf("native: %.0f playouts/s, a search of 200 iterations %.1f ms", a.PlayoutsPerSec, a.SearchMs)
}
