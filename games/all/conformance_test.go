package all

import (
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// Every registered game passes the conformance suite under its default
// options, without opting in: a game added to the registry is tested.
func TestEveryGamePassesTheConformanceSuite(t *testing.T) {
	for _, g := range engine.Games() {
		t.Run(g.ID(), func(t *testing.T) {
			enginetest.Run(t, g, enginetest.Config{Games: 20})
		})
	}
}
