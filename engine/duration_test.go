package engine

import (
	"testing"
	"time"
)

// TestDurationsAreWordedInTheReadersLanguage: a duration argument of a
// message reads as words of the language, by its two largest units, never
// as Go writes it ("2m0s").
func TestDurationsAreWordedInTheReadersLanguage(t *testing.T) {
	words := WordsOf(map[string]Text{"wait": {"en": "wait {d}", "de": "warte {d}"}})
	for _, c := range []struct {
		d      time.Duration
		en, de string
	}{
		{2 * time.Minute, "wait 2 minutes", "warte 2 Minuten"},
		{90 * time.Second, "wait 1 minute 30 seconds", "warte 1 Minute 30 Sekunden"},
		{1500 * time.Millisecond, "wait 2 seconds", "warte 2 Sekunden"},
		{0, "wait 0 seconds", "warte 0 Sekunden"},
		{3*24*time.Hour + 5*time.Hour + 7*time.Minute, "wait 3 days 5 hours", "warte 3 Tage 5 Stunden"},
		{24*time.Hour + 5*time.Second, "wait 1 day", "warte 1 Tag"},
	} {
		if got := Say("en", words, "wait", "d", c.d); got != c.en {
			t.Errorf("%v in English: %q, want %q", c.d, got, c.en)
		}
		if got := Say("de", words, "wait", "d", c.d); got != c.de {
			t.Errorf("%v in German: %q, want %q", c.d, got, c.de)
		}
	}
}
