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

// Seat is who plays a seat, as the words name it: Name when it is not
// empty, else the computer playing Agent (its spec, "mcts:easy") when
// that is not empty, else "Player N".
type Seat struct {
	Name  string
	Agent string
}

// Names are seats with these names (no computer among them).
func Names(names ...string) []Seat {
	seats := make([]Seat, len(names))
	for i, n := range names {
		seats[i].Name = n
	}
	return seats
}

// Texts renders m in every language from words, each player argument (an
// argument named "player" or starting with it, see engine.Render) written
// as seats[p] names it (Seat; "Player 1", capital: the name may start a
// line). It is the one renderer of what a page shows in words (the
// server's and the browser's alike).
func Texts(m engine.Message, words Words, seats []Seat) engine.Text {
	m = named(m, seats)
	t := make(engine.Text, len(engine.Languages))
	for _, l := range engine.Languages {
		t[l] = engine.Render(l, m, words)
	}
	return t
}

// named is m with the players that seats name given by name.
func named(m engine.Message, seats []Seat) engine.Message {
	if len(m.Args) == 0 {
		return m
	}
	args := make(map[string]any, len(m.Args))
	for k, a := range m.Args {
		switch x := a.(type) {
		case int:
			if strings.HasPrefix(k, "player") && x >= 0 {
				args[k] = seatName(x, seats)
				continue
			}
		case engine.Message:
			args[k] = named(x, seats)
			continue
		}
		args[k] = a
	}
	return engine.Message{Key: m.Key, Args: args}
}

// seatName is how seat p of seats is named: by name, as the computer with
// its level ("Computer (easy)"; a level without words, such as a budget,
// as written: "Computer (mcts:5000)"; one of several computers with its
// number among them, "Computer 2 (easy)"), or as "Player p".
func seatName(p int, seats []Seat) any {
	var s Seat
	if p < len(seats) {
		s = seats[p]
	}
	switch {
	case s.Name != "":
		return s.Name
	case s.Agent != "":
		var level any = s.Agent
		_, word, _ := strings.Cut(s.Agent, ":")
		if word == "" {
			word = s.Agent
		}
		if _, ok := App["lvl_"+word]; ok {
			level = engine.Message{Key: "lvl_" + word}
		}
		// Several computers are told apart by their order: "Computer 2
		// (easy)", as the page names them.
		nth, computers := 0, 0
		for i, x := range seats {
			if x.Agent != "" {
				computers++
				if i <= p {
					nth++
				}
			}
		}
		if computers > 1 {
			return engine.Message{Key: "computerNameN", Args: map[string]any{"n": nth, "level": level}}
		}
		return engine.Message{Key: "computerName", Args: map[string]any{"level": level}}
	}
	return engine.Message{Key: "seatName", Args: map[string]any{"n": p}}
}

// SeatText is how s is named in every language (as Texts names a player
// argument): a class names its computer opponent so.
func SeatText(s Seat) engine.Text {
	t := make(engine.Text, len(engine.Languages))
	for _, l := range engine.Languages {
		switch n := seatName(0, []Seat{s}).(type) {
		case engine.Message:
			t[l] = engine.Render(l, n, AppWords)
		default:
			t[l] = fmt.Sprint(n)
		}
	}
	return t
}
