package all

import (
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// Every registered game passes the conformance suite under its default
// options, without opting in: a game added to the registry is tested.
// The games' own packages play the suite's games from seed 0: these are
// others, and few (five, the fewest the suite takes).
func TestEveryGamePassesTheConformanceSuite(t *testing.T) {
	for _, g := range engine.Games() {
		t.Run(g.ID(), func(t *testing.T) {
			enginetest.Run(t, g, enginetest.Config{Games: 5, Seed: 1 << 20})
		})
	}
}
