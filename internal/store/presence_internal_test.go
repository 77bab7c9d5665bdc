package store

import (
	"testing"
)

func FuzzParsePresence(f *testing.F) {
	for _, s := range []string{"presence r A", "presence f4pKjc-Gk2a6 host/1234", "presence r", "presence  A", "presence r ", "r 2", "", "presence", "presence r A B"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, payload string) {
		room, holder, ok := parsePresence(payload)
		if _, _, isChange := parseChange(payload); ok && isChange {
			t.Fatalf("%q reads both as a room change and as presence", payload)
		}
		if !ok {
			return
		}
		if room == "" || len(room) > 64 || holder == "" || len(holder) > 512 {
			t.Fatalf("parsePresence(%q) = %q, %q", payload, room, holder)
		}
		// What is accepted is what SetPresence sends.
		if again := presencePrefix + room + " " + holder; again != payload {
			t.Fatalf("parsePresence(%q) = %q, %q, which SetPresence sends as %q", payload, room, holder, again)
		}
	})
}
