// Package messages renders what Tabula says to people, codes with
// arguments (engine.Message), in English or German. The words come from
// one table per speaker: a game's own words (its catalogue's Words, which
// the browser gets too) and, for what the programs say around a game, the
// table App below. Nothing here builds a sentence by hand.
package messages

import (
	"fmt"
	"os"
	"strings"

	"tabula/engine"
)

// Languages are the languages every word has.
var Languages = []string{"en", "de"}

// Words looks a key up; ok is false when it has no words.
type Words func(key string) (engine.Text, bool)

// Table is a Words of a map.
func Table(t map[string]engine.Text) Words {
	return func(key string) (engine.Text, bool) {
		x, ok := t[key]
		return x, ok
	}
}

// GameWords are the words of g (its catalogue's), then App's.
func GameWords(g engine.Game) Words {
	var own map[string]engine.Text
	if c, ok := g.(engine.Cataloguer); ok {
		own = c.Catalogue().Words
	}
	return func(key string) (engine.Text, bool) {
		if x, ok := own[key]; ok {
			return x, true
		}
		x, ok := App[key]
		return x, ok
	}
}

// Render writes m in lang (English when lang has no words for it). Its
// arguments fill the {name} places of its words: an engine.Count as the
// words NOUN_one or NOUN_other with {n}, a nested Message rendered in
// turn, and an argument named player or starting with "player" as the
// player's name (the words "player" with {n}). A key without words is
// written as it is, so that a missing word shows and a test can find it.
func Render(lang string, m engine.Message, words Words) string {
	text, ok := pick(lang, m.Key, words)
	if !ok {
		return m.Key
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		j := strings.IndexByte(text[i+1:], '}')
		if i < 0 || j < 0 {
			break
		}
		name := text[i+1 : i+1+j]
		b.WriteString(text[:i])
		if a, ok := m.Args[name]; ok {
			b.WriteString(arg(lang, name, a, words))
		} else {
			b.WriteString("{" + name + "}")
		}
		text = text[i+j+2:]
	}
	b.WriteString(text)
	return b.String()
}

func arg(lang, name string, a any, words Words) string {
	switch x := a.(type) {
	case engine.Count:
		key := x.Noun + "_other"
		if x.N == 1 {
			key = x.Noun + "_one"
		}
		return Render(lang, engine.Message{Key: key, Args: map[string]any{"n": x.N}}, words)
	case engine.Message:
		return Render(lang, x, words)
	case int:
		if strings.HasPrefix(name, "player") {
			return Render(lang, engine.Message{Key: "player", Args: map[string]any{"n": x}}, words)
		}
	}
	return fmt.Sprint(a)
}

func pick(lang, key string, words Words) (string, bool) {
	t, ok := words(key)
	if !ok {
		return "", false
	}
	if s, ok := t[lang]; ok {
		return s, true
	}
	s, ok := t["en"]
	return s, ok
}

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
