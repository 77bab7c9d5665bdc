package messages_test

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
	_ "tabula/games/all"
	"tabula/messages"
	"tabula/view"
)

// Every word of the programs is in every language.
func TestAppWordsInEveryLanguage(t *testing.T) {
	for _, k := range slices.Sorted(maps.Keys(messages.App)) {
		for _, lang := range engine.Languages {
			if messages.App[k][lang] == "" {
				t.Errorf("%s has no %s", k, lang)
			}
		}
	}
}

func TestRenderFillsArguments(t *testing.T) {
	words := engine.WordsOf(map[string]engine.Text{
		"ev":          {"en": "{player} took {seeds} ({why}); {playerOf} lost", "de": "{player} nahm {seeds} ({why}); {playerOf} verlor"},
		"why":         {"en": "a reason", "de": "ein Grund"},
		"seeds_one":   {"en": "1 seed", "de": "1 Samen"},
		"seeds_other": {"en": "{n} seeds", "de": "{n} Samen"},
		"player":      mustWords(t, "player"),
	})
	m := engine.Message{Key: "ev", Args: map[string]any{"player": 1, "playerOf": 0,
		"seeds": engine.Count{Noun: "seeds", N: 3}, "why": engine.Message{Key: "why"}}}
	if got := messages.Render("en", m, words); got != "player 1 took 3 seeds (a reason); player 0 lost" {
		t.Errorf("en: %q", got)
	}
	if got := messages.Render("de", m, words); got != "Spieler 1 nahm 3 Samen (ein Grund); Spieler 0 verlor" {
		t.Errorf("de: %q", got)
	}
	m.Args["seeds"] = engine.Count{Noun: "seeds", N: 1}
	if got := messages.Render("en", m, words); !strings.Contains(got, "took 1 seed (") {
		t.Errorf("one: %q", got)
	}
}

// Every message a registered game tells, in random games, has words in
// every language and leaves no place unfilled; so has its drawing.
func TestEveryToldMessageHasWords(t *testing.T) {
	for _, g := range engine.Games() {
		words := messages.GameWords(g)
		seen := map[string]bool{}
		for game := range 20 {
			s, err := g.NewState(engine.DefaultOptions(g))
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(game), 7))
			for ply := 0; ply < 2000 && !s.Terminal(); ply++ {
				if d, ok := s.(drawer); ok && ply%25 == 0 {
					for _, lang := range engine.Languages {
						if b := d.Draw(lang); strings.Contains(b, "{") || strings.Contains(b, "b_") {
							t.Errorf("%s: the board in %s lacks words:\n%s", g.ID(), lang, b)
						}
					}
				}
				if teller, ok := s.(view.Teller); ok {
					for _, m := range teller.Tell() {
						checkWords(t, g, m, words, seen)
					}
				}
				randomTurn(s, rng)
			}
		}
		if len(seen) == 0 {
			t.Errorf("%s told nothing in 20 games", g.ID())
		}
	}
}

// drawer is a state that draws its board in a language.
type drawer interface{ Draw(lang string) string }

func checkWords(t *testing.T, g engine.Game, m engine.Message, words messages.Words, seen map[string]bool) {
	t.Helper()
	keys := []string{m.Key}
	for _, a := range m.Args {
		switch x := a.(type) {
		case engine.Count:
			keys = append(keys, x.Noun+"_one", x.Noun+"_other")
		case engine.Message:
			checkWords(t, g, x, words, seen)
		}
	}
	for _, k := range keys {
		if seen[k] {
			continue
		}
		seen[k] = true
		text, ok := words(k)
		for _, lang := range engine.Languages {
			if !ok || text[lang] == "" {
				t.Errorf("%s: %s has no words in %s", g.ID(), k, lang)
			}
		}
	}
	for _, lang := range engine.Languages {
		if got := messages.Render(lang, m, words); strings.Contains(got, "{") {
			t.Errorf("%s: %s in %s leaves a place: %q", g.ID(), m.Key, lang, got)
		}
	}
}

// randomTurn plays one random turn: chance by its odds, else each actor's
// random legal move.
func randomTurn(s engine.State, rng *rand.Rand) {
	actors := s.Actors(nil)
	if actors[0] == engine.ChancePlayer {
		outs := s.ChanceOutcomes(nil)
		s.Apply(outs[rng.IntN(len(outs))].Move)
		return
	}
	moves := make([]engine.Move, len(actors))
	for i, a := range actors {
		legal := s.Legal(a, nil)
		moves[i] = legal[rng.IntN(len(legal))]
	}
	engine.ApplyTurn(s, moves)
}

func mustWords(t *testing.T, key string) engine.Text {
	t.Helper()
	w, ok := engine.ErrorWords(key)
	if !ok {
		t.Fatalf("no words %s", key)
	}
	return w
}

// Every told message that names its player first ("{player} threw ...")
// has a variant _you in every language, so that the page tells the one
// person against the computer her own turns in the second person ("Du
// warfst", not "Du warf"), with the same places but the player.
func TestToldMessagesOfAPlayerHaveTheSecondPerson(t *testing.T) {
	checked := 0
	for _, g := range engine.Games() {
		c, ok := g.(engine.Cataloguer)
		if !ok {
			continue
		}
		own := c.Catalogue().Words
		for _, key := range slices.Sorted(maps.Keys(own)) {
			text := own[key]
			if !strings.HasPrefix(key, "ev_") || strings.HasSuffix(key, "_you") || !strings.Contains(text["en"], "{player}") {
				continue
			}
			checked++
			you, ok := own[key+"_you"]
			for _, lang := range engine.Languages {
				if !ok || you[lang] == "" || strings.Contains(you[lang], "{player}") {
					t.Errorf("%s: %s_you in %s: %q, want the second person without {player}", g.ID(), key, lang, you[lang])
				}
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d messages naming a player checked", checked)
	}
	tamman, _ := engine.Lookup("tamman")
	text, _ := messages.GameWords(tamman)("ev_thrown_you")
	if !strings.HasPrefix(text["de"], "Du warfst ") {
		t.Errorf("German ev_thrown_you %q, want Du warfst", text["de"])
	}
}

// Seats are named as the page names them: by name; one computer by its
// level; several computers by their order among the computers too.
func TestTextsNameTheSeats(t *testing.T) {
	chosen := func(p int) engine.Message { return engine.Message{Key: "t_chosen", Args: map[string]any{"player": p}} }
	for _, c := range []struct {
		seats  []messages.Seat
		p      int
		en, de string
	}{
		{[]messages.Seat{{Name: "Ana"}, {Agent: "mcts:easy"}}, 1, "Computer (easy) has chosen.", "Computer (leicht) hat gewählt."},
		{[]messages.Seat{{}, {Agent: "mcts:easy"}}, 0, "Player 0 has chosen.", "Spieler 0 hat gewählt."},
		{[]messages.Seat{{Agent: "mcts:easy"}, {}, {Agent: "greedy"}}, 2, "Computer 2 (greedy) has chosen.", "Computer 2 (gierig) hat gewählt."},
		{[]messages.Seat{{Agent: "mcts:easy"}, {}, {Agent: "greedy"}}, 0, "Computer 1 (easy) has chosen.", "Computer 1 (leicht) hat gewählt."},
	} {
		got := messages.Texts(chosen(c.p), messages.AppWords, c.seats)
		if got["en"] != c.en || got["de"] != c.de {
			t.Errorf("%+v, seat %d: %v, want %q and %q", c.seats, c.p, got, c.en, c.de)
		}
	}
}
