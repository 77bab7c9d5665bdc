package rooms

import (
	"strings"
	"testing"
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
