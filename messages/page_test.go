package messages_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/messages"
)

// Every word of the page is in every language with the same places, and
// every count has its one and its other.
func TestPageWordsInEveryLanguage(t *testing.T) {
	words := messages.PageWords()
	if len(words) < 350 {
		t.Fatalf("only %d words of the page", len(words))
	}
	for _, k := range slices.Sorted(maps.Keys(words)) {
		want := places(words[k][engine.Languages[0]])
		for _, lang := range engine.Languages {
			text := words[k][lang]
			if text == "" {
				t.Errorf("%s has no %s", k, lang)
			} else if got := places(text); !slices.Equal(got, want) {
				t.Errorf("%s in %s fills %v, in %s %v", k, lang, got, engine.Languages[0], want)
			}
		}
		if base, ok := strings.CutSuffix(k, "_one"); ok {
			if _, ok := words[base+"_other"]; !ok {
				t.Errorf("%s has no %s_other", k, base)
			}
		}
	}
}

// A key of the page names one text: no other table of the catalogue
// (App's, the rooms', the server's, the research's, the classes', the
// engine's errors, any game's) has it too, or which one the page says
// would depend on the order of its look-ups.
func TestPageKeysAreTheirOwn(t *testing.T) {
	tables := map[string]map[string]engine.Text{
		"App": messages.App, "Rooms": messages.Rooms, "Server": messages.Server,
		"Research": messages.Research, "Classes": messages.Classes, "the engine": engine.ErrorCodes(),
	}
	for _, g := range engine.Games() {
		if c, ok := engine.CatalogueOf(g); ok {
			tables[g.ID()] = c.Words
		}
	}
	for _, k := range slices.Sorted(maps.Keys(messages.Page)) {
		for name, table := range tables {
			if _, ok := table[k]; ok {
				t.Errorf("the page's %q is %s's key too", k, name)
			}
		}
	}
}
