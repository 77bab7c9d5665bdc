package roomclient

import (
	"encoding/json"
	"reflect"
	"testing"

	"tabula/engine"
	_ "tabula/games/all"
	"tabula/internal/wire"
	"tabula/view"
)

// botSamples are server messages as a bot gets them in a game of
// Adji-Boto: an event after a few turns, with its state and trace, an
// ack, a stale reject with the view, a presence and a commitment.
func botSamples(t testing.TB) map[string][]byte {
	t.Helper()
	g, err := engine.Lookup("adji-boto")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.ParseOptions(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.NewState(opts)
	if err != nil {
		t.Fatal(err)
	}
	var trace []view.EventView
	for range 6 {
		a := s.Actors(nil)[0]
		trace, _ = view.ApplyTraced(s, []engine.Move{s.Legal(a, nil)[0]})
	}
	js, err := view.StateTold(s)
	if err != nil {
		t.Fatal(err)
	}
	seat := 1
	return map[string][]byte{
		"event":    wire.EventMsg(wire.Event{Version: 6, Kind: wire.KindTurn, Actors: []int{1}, Moves: []string{"c"}, Move: "c"}, js, trace),
		"commit":   wire.EventMsg(wire.Event{Version: 7, Kind: wire.KindCommit, Seat: &seat}, js, nil),
		"ack":      wire.Ack(6, true),
		"stale":    wire.Reject(wire.CodeStale, "stale", &wire.View{Version: 6, State: js}),
		"presence": wire.Presence([]bool{true, false}),
	}
}

// TestBotMsgReadsWhatDecodeServerReads: every field a bot plays from
// reads the same in its one-pass decoding as in the full one (package
// wire's, then the state's).
func TestBotMsgReadsWhatDecodeServerReads(t *testing.T) {
	for name, b := range botSamples(t) {
		full, err := wire.DecodeServer(b)
		if err != nil {
			t.Fatal(err)
		}
		var lean botMsg
		if err := json.Unmarshal(b, &lean); err != nil {
			t.Fatal(err)
		}
		state, _ := ParseState(full.State)
		vstate, _ := ParseState(full.View.State)
		for _, c := range []struct {
			what      string
			got, want any
		}{
			{"type", lean.Type, full.Type},
			{"event version", lean.Event.Version, full.Event.Version},
			{"event kind", lean.Event.Kind, full.Event.Kind},
			{"event seat", lean.Event.Seat, full.Event.Seat},
			{"event actors", lean.Event.Actors, full.Event.Actors},
			{"to move", lean.State.ToMove, state.ToMove},
			{"legal", lean.State.Legal, state.Legal},
			{"ack version", lean.Version, full.Version},
			{"duplicate", lean.Duplicate, full.Duplicate},
			{"code", lean.Code, full.Code},
			{"error", lean.Error, full.Error},
			{"view version", lean.View.Version, full.View.Version},
			{"view to move", lean.View.State.ToMove, vstate.ToMove},
			{"view legal", lean.View.State.Legal, vstate.Legal},
		} {
			if !reflect.DeepEqual(c.got, c.want) {
				t.Errorf("%s: %s %v, want %v", name, c.what, c.got, c.want)
			}
		}
		if name == "event" && len(lean.State.Legal) == 0 {
			t.Errorf("event: no legal moves read from %s", b)
		}
	}
}

// BenchmarkBotDecode: a turn's event decoded as the bots did (in full,
// then its state again) and as they do now.
func BenchmarkBotDecode(b *testing.B) {
	msg := botSamples(b)["event"]
	b.Run("full", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m, err := wire.DecodeServer(msg)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := ParseState(m.State); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("bot", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var m botMsg
			if err := json.Unmarshal(msg, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}
