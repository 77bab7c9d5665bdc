package store

import (
	"fmt"
	"testing"
)

func FuzzParseChange(f *testing.F) {
	for _, s := range []string{"r 2", "f4pKjc-Gk2a6 117", "", " ", "r", "r -1", "r 1 2", "r x", " 3", "r 99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, payload string) {
		room, v, ok := parseChange(payload)
		if !ok {
			return
		}
		if room == "" || len(room) > 64 || v < 0 {
			t.Fatalf("parseChange(%q) = %q, %d", payload, room, v)
		}
		// What is accepted is what Apply sends.
		if again := fmt.Sprintf("%s %d", room, v); again != payload {
			if r2, v2, ok2 := parseChange(again); !ok2 || r2 != room || v2 != v {
				t.Fatalf("parseChange(%q) = %q %d, but not from its own form %q", payload, room, v, again)
			}
		}
	})
}
