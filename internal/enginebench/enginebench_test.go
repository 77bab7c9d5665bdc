package enginebench

import (
	"testing"

	"tabula/ai"
	"tabula/engine"
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

// TestLevelsTimeEachLevel: every game and level asked is timed in the
// positions asked, with the level's cap.
func TestLevelsTimeEachLevel(t *testing.T) {
	newAgent := func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
		return ai.New(g, spec, ai.Config{Seed: seed, Threads: 1, Options: opts})
	}
	got, err := Levels(newAgent, []string{"adji-boto", "tamman", "agsinnoninka"}, []string{"easy"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d results, want 3: %+v", len(got), got)
	}
	for _, lt := range got {
		if lt.Moves != 2 || lt.MeanMs <= 0 || lt.WorstMs < lt.MeanMs || lt.CapMs != 40 {
			t.Errorf("%+v", lt)
		}
	}
	if _, err := Levels(newAgent, []string{"chess"}, []string{"easy"}, 1); err == nil {
		t.Error("an unknown game is timed")
	}
}
