package all

import (
	"testing"

	"tabula/engine"
)

// Every option of every game has a description, and every value of an
// enum option a label, in every language; so does the rest of its entry.
func TestEveryGameHasACompleteCatalogueEntry(t *testing.T) {
	games := engine.Games()
	if len(games) < 3 {
		t.Fatalf("%d games registered, want at least 3", len(games))
	}
	for _, g := range games {
		for _, err := range engine.CheckCatalogue(g) {
			t.Error(err)
		}
	}
}
