package engine

import (
	"fmt"
	"strings"
	"time"
)

// Words looks a key up; ok is false when it has no words.
type Words func(key string) (Text, bool)

// WordsOf is the Words of a table.
func WordsOf(t map[string]Text) Words {
	return func(key string) (Text, bool) {
		x, ok := t[key]
		return x, ok
	}
}

// Say renders the message key with its arguments given as name, value
// pairs: Say("de", w, "store", "n", 1).
func Say(lang string, words Words, key string, args ...any) string {
	m := Message{Key: key, Args: make(map[string]any, len(args)/2)}
	for i := 0; i+1 < len(args); i += 2 {
		m.Args[args[i].(string)] = args[i+1]
	}
	return Render(lang, m, words)
}

// Render writes m in lang (English when lang has no words for it). Its
// arguments fill the {name} places of its words: a Count as the
// words NOUN_one or NOUN_other with {n}, a nested Message rendered in
// turn, and an argument named player or starting with "player" as the
// player's name (the words "player" with {n}, or "chance"); an error
// argument is worded in lang too when it has a code. A key without words is
// written as it is, so that a missing word shows and a test can find it.
func Render(lang string, m Message, words Words) string {
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
	case Count:
		key := x.Noun + "_other"
		if x.N == 1 {
			key = x.Noun + "_one"
		}
		return Render(lang, Message{Key: key, Args: map[string]any{"n": x.N}}, words)
	case Message:
		return Render(lang, x, words)
	case error:
		return InLang(x, lang)
	case time.Duration:
		return durationText(lang, x)
	case int:
		if strings.HasPrefix(name, "player") {
			if x == ChancePlayer {
				return Render(lang, Message{Key: "chance"}, words)
			}
			return Render(lang, Message{Key: "player", Args: map[string]any{"n": x}}, words)
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

// durationUnits are the units a duration is worded in, largest first,
// with the engine's words for them (unit_day_one, ...).
var durationUnits = []struct {
	d    time.Duration
	noun string
}{{24 * time.Hour, "unit_day"}, {time.Hour, "unit_hour"}, {time.Minute, "unit_minute"}, {time.Second, "unit_second"}}

// durationText words d in lang by its two largest units, to the second
// ("2 minutes", "1 day 3 hours", "45 Sekunden"), never Go's "2m0s".
func durationText(lang string, d time.Duration) string {
	d = max(d, 0).Round(time.Second)
	var parts []string
	for _, u := range durationUnits {
		if n := int(d / u.d); n > 0 && len(parts) < 2 {
			parts = append(parts, arg(lang, "", Count{Noun: u.noun, N: n}, ErrorWords))
			d -= time.Duration(n) * u.d
		} else if len(parts) > 0 {
			break // "1 day 5 seconds" says less than "1 day"
		}
	}
	if len(parts) == 0 {
		return arg(lang, "", Count{Noun: "unit_second", N: 0}, ErrorWords)
	}
	return strings.Join(parts, " ")
}
