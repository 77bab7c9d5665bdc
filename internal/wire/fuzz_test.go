package wire

import (
	"slices"
	"testing"

	"tabula/engine"
)

func FuzzDecodeClient(f *testing.F) {
	for _, s := range []string{`{"type":"hello","token":"abc","last":-1}`, `{"type":"move","version":3,"move":"9"}`,
		`{"type":"name","name":"Ana"}`, `{"type":"resign"}`, `{`, `{"type":"move","version":1e99,"move":""}`, "\x00",
		`{"type":"move","version":2,"move":"7","token":"abc"}`, `{"type":"undo","version":4,"tokens":["a","b"]}`,
		`{"type":"undo","version":4,"tokens":[]}`, `{"type":"resign","token":"abc"}`, `{"type":"name","name":"x","token":"abc"}`,
		`{"type":"hello","token":"a","tokens":["b","c"],"last":-1}`, `{"type":"move","version":1,"move":"9","tokens":["b"]}`,
		`{"type":"chat","quick":"hello"}`, `{"type":"chat","text":"gg"}`, `{"type":"chat","quick":"hello","text":"x"}`,
		`{"type":"chat","quick":"boo"}`, `{"type":"chat"}`, `{"type":"mute","seat":1}`, `{"type":"unmute"}`, `{"type":"chat","text":"x","seat":0}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeClient(data)
		if err != nil {
			if _, ok := engine.Coded(err); !ok || err.Error() == "" {
				t.Fatalf("refused without a code: %v", err)
			}
			return
		}
		if len(m.Token) > MaxToken || len(m.Tokens) > MaxSeats || slices.ContainsFunc(m.Tokens, func(s string) bool { return len(s) > MaxToken }) {
			t.Fatal("a long token, or too many, accepted")
		}
		if m.Tokens != nil && m.Type != "hello" && m.Type != "undo" {
			t.Fatalf("tokens in a %s accepted", m.Type)
		}
		switch m.Type {
		case "hello":
			if m.Last == nil {
				t.Fatal("hello without last accepted")
			}
		case "move":
			if m.Version == nil || m.Move == "" {
				t.Fatal("move without version or text accepted")
			}
		case "replace", "mute", "unmute":
			if m.Seat == nil {
				t.Fatalf("%s without a seat accepted", m.Type)
			}
		case "chat":
			if (m.Quick == "") == (m.Text == "") || len(m.Text) > MaxChatText || m.Quick != "" && !slices.Contains(QuickChat, m.Quick) || m.Seat != nil {
				t.Fatalf("a bad chat line accepted: %+v", m)
			}
		case "undo":
			if m.Version == nil || len(m.Tokens) == 0 || len(m.Tokens) > MaxSeats {
				t.Fatal("undo without version or tokens accepted")
			}
		case "name", "new-link", "rematch", "draw", "decline", "ping":
			if m.Token != "" {
				t.Fatalf("a %s with a token accepted", m.Type)
			}
		case "resign", "give-up":
		default:
			t.Fatalf("unknown type %q accepted", m.Type)
		}
	})
}
