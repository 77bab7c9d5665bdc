package rooms

import (
	"context"
	"testing"

	"tabula/engine"
	"tabula/internal/store"
	"tabula/internal/wire"
)

// lateAckStore is SQLite with store.Step.Durable left uncalled, as a
// store may: the room then acknowledges once Apply has returned.
type lateAckStore struct{ *store.SQLite }

func (s lateAckStore) Apply(ctx context.Context, st store.Step) error {
	st.Durable = nil
	return s.SQLite.Apply(ctx, st)
}

// TestAMoveIsAcknowledgedOnceBeforeItsEvent: whether the store
// acknowledges from its writer (SQLite) or leaves it to the room, the
// mover's connection gets exactly one ack for a turn and one for a hidden
// choice (Agsinnoninka), each before the event that records it.
func TestAMoveIsAcknowledgedOnceBeforeItsEvent(t *testing.T) {
	for name, st := range map[string]Store{"writer": testStore(t), "after Apply": lateAckStore{testStore(t)}} {
		m := testManager(t, st)
		for _, game := range []string{"adji-boto", "agsinnoninka"} {
			r, c := create(t, m, game, nil, people(2))
			a := join(t, r, c.Tokens[0])
			join(t, r, c.Tokens[1])
			drain(a)
			mustMove(t, r, a, 0, engine.LegalTexts(r.state, 0)[0])
			var types []string
			for len(a.Out) > 0 {
				m, err := wire.DecodeServer(<-a.Out)
				if err != nil {
					t.Fatal(err)
				}
				if m.Type != "presence" {
					types = append(types, m.Type)
				}
			}
			if len(types) != 2 || types[0] != "ack" || types[1] != "event" {
				t.Errorf("%s, %s: the mover got %v, want [ack event]", name, game, types)
			}
		}
	}
}
