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
		if x, ok := App[key]; ok {
			return x, true
		}
		return engine.ErrorWords(key)
	}
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
