package rooms

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"tabula/engine"
)

// A display name may hold any letters, right-to-left ones too, but no
// control character and no bidirectional override that would turn the
// text around it.
func TestNamesRefuseControlAndBidiCharacters(t *testing.T) {
	m := testManager(t, testStore(t))
	for _, name := range []string{"a\x00b", "\u202eevil", "two\nlines", "\u2066x", "\xff"} {
		seats := []SeatSpec{{Kind: Person, Name: name}, {Kind: Person}}
		if _, err := m.Create(bg, "adji-boto", nil, seats, Clock{}); code(err) != CodeBad || !strings.Contains(err.Error(), "name") {
			t.Errorf("name %q: %v, want a refusal naming the name", name, err)
		}
	}
	r, c := create(t, m, "adji-boto", nil, []SeatSpec{{Kind: Person, Name: "علي"}, {Kind: Person, Name: "Zoë"}})
	s := join(t, r, c.Tokens[0])
	if err := r.SetName(bg, s, "x\u202ey"); code(err) != CodeBad {
		t.Errorf("renamed with an override: %v, want refused", err)
	}
	if err := r.SetName(bg, s, "Ana"); err != nil {
		t.Errorf("renamed Ana: %v", err)
	}
}

// CleanName keeps a plain name, folds and trims spaces, normalises to
// NFKC, and refuses what would hide or fake letters, saying which
// character and where.
func TestCleanNameByTheNicknameProfile(t *testing.T) {
	for in, want := range map[string]string{
		"Ana": "Ana", "  Ana   Maria ": "Ana Maria", "Zoe\u0308": "Zoë", "Ｚｏë": "Zoë", "ﬁx": "fix",
		"Ana\u00a0B": "Ana B", "علي": "علي", "日本": "日本", "": "", "   ": "",
	} {
		if got, err := CleanName(in); err != nil || got != want {
			t.Errorf("CleanName(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, code := range map[string]string{
		"ad\u200bmin":            "rooms.name_control", // zero-width space
		"admin\ufeff":            "rooms.name_control", // byte-order mark
		"a\u00adb":               "rooms.name_control", // soft hyphen
		"x\u202ey":               "rooms.name_control", // right-to-left override
		"a\u2060b":               "rooms.name_control", // word joiner
		"a\x00b":                 "rooms.name_control",
		"a\tb":                   "rooms.name_control",
		"a\ufffdb":               "rooms.name_control", // stands for bytes that were not text
		"\xff":                   "rooms.name_utf8",
		"\xed\xa0\x80":           "rooms.name_utf8",    // a surrogate encoded as UTF-8
		"a\U000E0001":            "rooms.name_control", // language tag
		"a\u0378b":               "rooms.name_char",    // unassigned
		strings.Repeat("é", 21):  "rooms.name_long",
		strings.Repeat("x", 500): "rooms.name_long",
	} {
		_, err := CleanName(in)
		if e, ok := engine.Coded(err); !ok || e.Code != code {
			t.Errorf("CleanName(%q): %v, want %s", in, err, code)
		}
	}
}

// FuzzCleanName: any string is judged without a panic, a refusal is
// coded, and an accepted name is short, valid UTF-8, stable (cleaning it
// again changes nothing) and free of control and format characters.
func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"Ana", "ad\u200bmin\ufeff", "\xff", " x ", "Ｚｏë", "a\u0378", "\u202e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := CleanName(s)
		if err != nil {
			if _, ok := engine.Coded(err); !ok {
				t.Fatalf("%q refused without a code: %v", s, err)
			}
			return
		}
		if len(out) > maxName || !utf8.ValidString(out) {
			t.Fatalf("%q accepted as %q: too long or not UTF-8", s, out)
		}
		if again, err := CleanName(out); err != nil || again != out {
			t.Fatalf("%q cleaned to %q, then to %q %v", s, out, again, err)
		}
		for _, c := range out {
			if unicode.IsControl(c) || unicode.Is(unicode.Cf, c) || c == utf8.RuneError {
				t.Fatalf("%q accepted as %q holding %U", s, out, c)
			}
		}
	})
}
