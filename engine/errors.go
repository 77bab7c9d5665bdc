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
var engineWords = map[string]Text{
	"player": {"en": "player {n}", "de": "Spieler {n}"},
	"chance": {"en": "chance", "de": "Zufall"},
	// a duration argument of any message (render.go's durationText)
	"unit_day_one":      {"en": "1 day", "de": "1 Tag"},
	"unit_day_other":    {"en": "{n} days", "de": "{n} Tage"},
	"unit_hour_one":     {"en": "1 hour", "de": "1 Stunde"},
	"unit_hour_other":   {"en": "{n} hours", "de": "{n} Stunden"},
	"unit_minute_one":   {"en": "1 minute", "de": "1 Minute"},
	"unit_minute_other": {"en": "{n} minutes", "de": "{n} Minuten"},
	"unit_second_one":   {"en": "1 second", "de": "1 Sekunde"},
	"unit_second_other": {"en": "{n} seconds", "de": "{n} Sekunden"},

	"engine.unknown_game":   {"en": "unknown game {game} (known: {known})", "de": "unbekanntes Spiel {game} (bekannt: {known})"},
	"engine.game_over":      {"en": "the game is over", "de": "die Partie ist vorbei"},
	"engine.option_range":   {"en": "option {option}: {value} is out of range {range}", "de": "Option {option}: {value} liegt außerhalb von {range}"},
	"engine.option_bool":    {"en": "option {option}: {value} is not true or false", "de": "Option {option}: {value} ist weder true noch false"},
	"engine.option_int":     {"en": "option {option}: {value} is not a whole number", "de": "Option {option}: {value} ist keine ganze Zahl"},
	"engine.option_number":  {"en": "option {option}: {value} is not a number", "de": "Option {option}: {value} ist keine Zahl"},
	"engine.option_enum":    {"en": "option {option}: {value} is not one of {values}", "de": "Option {option}: {value} ist keiner der Werte {values}"},
	"engine.option_form":    {"en": "option {setting}: want name=value", "de": "Option {setting}: erwartet Name=Wert"},
	"engine.option_unknown": {"en": "option {option}: {game} has no such option (it has: {options})", "de": "Option {option}: {game} hat keine solche Option (vorhanden: {options})"},
	"engine.joint_form": {
		"en": "{turn}: players {actors} move at once: want {n} moves joined by commas",
		"de": "{turn}: die Spieler {actors} ziehen zugleich: erwartet {n} Züge, durch Kommas getrennt",
	},
	"engine.joint_move": {"en": "{player}'s move {move}: {err}", "de": "Zug von {player} {move}: {err}"},
	"engine.not_legal":  {"en": "{move} is not legal for {player} now (legal: {legal})", "de": "{move} ist für {player} jetzt nicht erlaubt (erlaubt: {legal})"},
	"engine.move":       {"en": "move {n} ({move}): {err}", "de": "Zug {n} ({move}): {err}"},
}
