package engine

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
)

// Error is an error for people: a stable code and its arguments, worded
// in every language by the same words as a game's narration. A code is
// "SPEAKER.name": SPEAKER is a registered game, whose catalogue's Words
// hold the code, or a table of words registered with RegisterWords
// ("engine", and the programs' own in package messages). Error() is the
// English; In gives another language.
type Error struct {
	Code string
	Args map[string]any
}

// NewError makes the error code with its arguments given as name, value
// pairs: NewError("engine.not_legal", "move", `"7"`). An argument may be
// another error, which is then worded in its own language in turn.
func NewError(code string, args ...any) *Error {
	e := &Error{Code: code, Args: make(map[string]any, len(args)/2)}
	for i := 0; i+1 < len(args); i += 2 {
		e.Args[args[i].(string)] = args[i+1]
	}
	return e
}

func (e *Error) Error() string { return e.In(Languages[0]) }

// In words e in lang.
func (e *Error) In(lang string) string {
	return Render(lang, Message{Key: e.Code, Args: e.Args}, ErrorWords)
}

// Unwrap gives the errors among e's arguments, so that errors.Is finds a
// reason that e names.
func (e *Error) Unwrap() []error {
	var out []error
	for _, k := range slices.Sorted(maps.Keys(e.Args)) {
		if err, ok := e.Args[k].(error); ok {
			out = append(out, err)
		}
	}
	return out
}

// Coded returns the coded error err is or holds first (its outermost), if
// any.
func Coded(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// InLang words err in lang: a coded error by its words, any other by its
// own text (which is English).
func InLang(err error, lang string) string {
	if e, ok := Coded(err); ok {
		return e.In(lang)
	}
	return err.Error()
}

var (
	wordsMu sync.RWMutex
	tables  = map[string]map[string]Text{"engine": engineWords}
)

// RegisterWords makes the words of speaker's codes known: every key of
// table starts with speaker and a dot. Packages call it from an init
// function; a speaker registered twice is a programming error.
func RegisterWords(speaker string, table map[string]Text) {
	wordsMu.Lock()
	defer wordsMu.Unlock()
	if _, dup := tables[speaker]; dup {
		panic("engine: words registered twice: " + speaker)
	}
	for k := range table {
		if !strings.HasPrefix(k, speaker+".") {
			panic(fmt.Sprintf("engine: code %q is not of %s", k, speaker))
		}
	}
	tables[speaker] = table
}

// ErrorWords are the words of every code: a game's from its catalogue, the
// others' from their registered table. A key without a speaker (the word
// "player") is the engine's.
func ErrorWords(code string) (Text, bool) {
	speaker, _, ok := strings.Cut(code, ".")
	if !ok {
		t, ok := engineWords[code]
		return t, ok
	}
	wordsMu.RLock()
	table, ok := tables[speaker]
	wordsMu.RUnlock()
	if ok {
		t, ok := table[code]
		return t, ok
	}
	registryMu.RLock()
	g, ok := registry[speaker]
	registryMu.RUnlock()
	if c, is := g.(Cataloguer); ok && is {
		t, ok := c.Catalogue().Words[code]
		return t, ok
	}
	return nil, false
}

// ErrorCodes returns every code with its words, for the tests that check
// them: the registered tables' and the registered games' codes (their
// words with a dot in the key).
func ErrorCodes() map[string]Text {
	out := map[string]Text{}
	wordsMu.RLock()
	for _, t := range tables {
		maps.Copy(out, t)
	}
	wordsMu.RUnlock()
	for _, g := range Games() {
		if c, ok := g.(Cataloguer); ok {
			for k, t := range c.Catalogue().Words {
				if strings.HasPrefix(k, g.ID()+".") {
					out[k] = t
				}
			}
		}
	}
	return out
}

// engineWords are the engine's codes, and the words "player" and "chance"
// that name an actor in every speaker's errors.
var engineWords = Table([]Word{
	{Key: "player", En: "player {n}", De: "Spieler {n}"},
	{Key: "chance", En: "chance", De: "Zufall"},
	// a duration argument of any message (render.go's durationText)
	{Key: "unit_day_one", En: "1 day", De: "1 Tag"},
	{Key: "unit_day_other", En: "{n} days", De: "{n} Tage"},
	{Key: "unit_hour_one", En: "1 hour", De: "1 Stunde"},
	{Key: "unit_hour_other", En: "{n} hours", De: "{n} Stunden"},
	{Key: "unit_minute_one", En: "1 minute", De: "1 Minute"},
	{Key: "unit_minute_other", En: "{n} minutes", De: "{n} Minuten"},
	{Key: "unit_second_one", En: "1 second", De: "1 Sekunde"},
	{Key: "unit_second_other", En: "{n} seconds", De: "{n} Sekunden"},

	{Key: "engine.unknown_game", En: "unknown game {game} (known: {known})", De: "unbekanntes Spiel {game} (bekannt: {known})"},
	{Key: "engine.game_over", En: "the game is over", De: "die Partie ist vorbei"},
	{Key: "engine.option_range", En: "option {option}: {value} is out of range {range}", De: "Option {option}: {value} liegt außerhalb von {range}"},
	{Key: "engine.option_bool", En: "option {option}: {value} is not true or false", De: "Option {option}: {value} ist weder true noch false"},
	{Key: "engine.option_int", En: "option {option}: {value} is not a whole number", De: "Option {option}: {value} ist keine ganze Zahl"},
	{Key: "engine.option_number", En: "option {option}: {value} is not a number", De: "Option {option}: {value} ist keine Zahl"},
	{Key: "engine.option_enum", En: "option {option}: {value} is not one of {values}", De: "Option {option}: {value} ist keiner der Werte {values}"},
	{Key: "engine.option_form", En: "option {setting}: want name=value", De: "Option {setting}: erwartet Name=Wert"},
	{Key: "engine.option_unknown", En: "option {option}: {game} has no such option (it has: {options})", De: "Option {option}: {game} hat keine solche Option (vorhanden: {options})"},
	{
		Key: "engine.joint_form",
		En:  "{turn}: players {actors} move at once: want {n} moves joined by commas",
		De:  "{turn}: die Spieler {actors} ziehen zugleich: erwartet {n} Züge, durch Kommas getrennt",
	},
	{Key: "engine.joint_move", En: "{player}'s move {move}: {err}", De: "Zug von {player} {move}: {err}"},
	{Key: "engine.not_legal", En: "{move} is not legal for {player} now (legal: {legal})", De: "{move} ist für {player} jetzt nicht erlaubt (erlaubt: {legal})"},
	{Key: "engine.move", En: "move {n} ({move}): {err}", De: "Zug {n} ({move}): {err}"},
})
