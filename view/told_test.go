package view_test

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/messages"
	"tabula/view"
)

// Every message a game tells of a turn, in random games of every game,
// comes with its words in every language, the ones the one renderer
// (messages.Texts) makes, every place filled: a page shows them as they
// are. Every told word of each game (its "ev_" words) is met.
func TestToldCarriesItsWords(t *testing.T) {
	names := []messages.Seat{{Name: "Ana"}, {Agent: "mcts:easy"}, {}}
	for _, g := range engine.Games() {
		e, _ := engine.CatalogueOf(g)
		words := messages.GameWords(g)
		seen := map[string]bool{}
		for seed := range uint64(8) {
			playRandom(t, g, rand.NewPCG(seed, 7), func(s engine.State, ply int) {
				js := struct{ Told []view.MessageView }{view.Told(s, names...)}
				msgs := s.(view.Teller).Tell()
				if len(js.Told) != len(msgs) {
					t.Fatalf("%s: %d told, %d messages", g.ID(), len(js.Told), len(msgs))
				}
				for i, m := range msgs {
					see(seen, m)
					want := messages.Texts(m, words, names)
					_, second := words(m.Key + view.YouSuffix)
					you := messages.Texts(engine.Message{Key: m.Key + view.YouSuffix, Args: m.Args}, words, names)
					for _, l := range engine.Languages {
						got := js.Told[i].Text[l]
						if got != want[l] || got == "" || strings.ContainsAny(got, "{}") || got == m.Key {
							t.Fatalf("%s seed %d ply %d: %s in %s is %q (the renderer: %q)", g.ID(), seed, ply, m.Key, l, got, want[l])
						}
						if got := js.Told[i].You[l]; second && (got != you[l] || strings.ContainsAny(got, "{}")) || !second && got != "" {
							t.Fatalf("%s seed %d ply %d: %s in the second person in %s is %q (the renderer: %q)", g.ID(), seed, ply, m.Key, l, got, you[l])
						}
					}
				}
			})
		}
		for _, k := range slices.Sorted(maps.Keys(e.Words)) {
			if strings.HasPrefix(k, "ev_") && !seen[k] {
				t.Logf("%s: %s not told in these games", g.ID(), k)
			}
		}
	}
}

// see marks the keys of m and of the messages in its arguments.
func see(seen map[string]bool, m engine.Message) {
	seen[m.Key] = true
	for _, a := range m.Args {
		if x, ok := a.(engine.Message); ok {
			see(seen, x)
		}
	}
}

// One man sent back is one man, in the words the page shows.
func TestToldCountsInTheSingular(t *testing.T) {
	g, err := engine.Lookup("tamman")
	if err != nil {
		t.Fatal(err)
	}
	m := engine.Message{Key: "ev_sentback", Args: map[string]any{"player": 0, "men": engine.Count{Noun: "men", N: 1}, "playerOf": 1, "from": "d1"}}
	got := messages.Texts(m, messages.GameWords(g), messages.Names("Ana"))
	if got["en"] != "Ana sent 1 man of Player 1 back to the 'ayn, from d1." {
		t.Errorf("one man sent back: %q", got["en"])
	}
}

// The phase line is the game's words: its phase while it goes on, why it
// ended once over.
func TestPhaseText(t *testing.T) {
	g, _ := engine.Lookup("adji-boto")
	e, _ := engine.CatalogueOf(g)
	s := replay(t, "adji-boto", nil)
	if got := view.PhaseText(s); got["en"] != e.Words["phase_opening"]["en"] || got["de"] != e.Words["phase_opening"]["de"] {
		t.Errorf("at the start: %v", got)
	}
	end := playRandom(t, g, rand.NewPCG(3, 3), func(engine.State, int) {})
	why, _ := end.(view.Detailer).Details().Get("end").(string)
	want := "The game ended by " + e.Words["end_"+why]["en"] + "."
	if got := view.PhaseText(end); !end.Terminal() || got["en"] != want || !strings.HasPrefix(got["de"], "Das Spiel endete durch ") {
		t.Errorf("at the end (%s): %v, want %q", why, got, want)
	}
}
