// Package messages renders what Tabula says to people, codes with
// arguments (engine.Message), in English or German. The words come from
// one table per speaker: a game's own words (its catalogue's Words, which
// the browser gets too) and, for what the programs say around a game, the
// table App below. Nothing here builds a sentence by hand.
package messages

import (
	"os"
	"strings"

	"tabula/engine"
)

// Words looks a key up; ok is false when it has no words.
type Words = engine.Words

// GameWords are the words of g (its catalogue's), then App's, then the
// engine's ("player", "chance", and every error's).
func GameWords(g engine.Game) Words {
	var own map[string]engine.Text
	if c, ok := g.(engine.Cataloguer); ok {
		own = c.Catalogue().Words
	}
	return func(key string) (engine.Text, bool) {
		if x, ok := own[key]; ok {
			return x, true
		}
		return AppWords(key)
	}
}

// AppWords are App's words, then the engine's: the words of no game.
func AppWords(key string) (engine.Text, bool) {
	if x, ok := App[key]; ok {
		return x, true
	}
	return engine.ErrorWords(key)
}

// Render writes m in lang from words: engine.Render.
func Render(lang string, m engine.Message, words Words) string { return engine.Render(lang, m, words) }

// Lang is the language of the environment: "de" when LC_ALL, LC_MESSAGES,
// LANGUAGE or LANG (the first one set) names German, else "en".
func Lang() string {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"} {
		if s := os.Getenv(v); s != "" {
			if strings.HasPrefix(s, "de") {
				return "de"
			}
			return "en"
		}
	}
	return "en"
}

// Texts renders m in every language from words, each player argument (an
// argument named "player" or starting with it, see engine.Render) written
// as names[p] where that is not empty, else as the words "seatName"
// ("Player 1", capital: the name may start a line). It is the one
// renderer of what a page shows in words (the server's and the
// browser's alike).
func Texts(m engine.Message, words Words, names []string) engine.Text {
	m = named(m, names)
	t := make(engine.Text, len(engine.Languages))
	for _, l := range engine.Languages {
		t[l] = engine.Render(l, m, words)
	}
	return t
}

// named is m with the players that names names given by name.
func named(m engine.Message, names []string) engine.Message {
	if len(m.Args) == 0 {
		return m
	}
	args := make(map[string]any, len(m.Args))
	for k, a := range m.Args {
		switch x := a.(type) {
		case int:
			if strings.HasPrefix(k, "player") && x >= 0 {
				if x < len(names) && names[x] != "" {
					args[k] = names[x]
				} else {
					args[k] = engine.Message{Key: "seatName", Args: map[string]any{"n": x}}
				}
				continue
			}
		case engine.Message:
			args[k] = named(x, names)
			continue
		}
		args[k] = a
	}
	return engine.Message{Key: m.Key, Args: args}
}
