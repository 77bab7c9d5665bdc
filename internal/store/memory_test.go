package store_test

import (
	"encoding/json"
	"testing"

	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/internal/store/storetest"
)

// TestMemoryConformance runs the suite on the browser's store; its
// restart keeps every id as the browser does (Export to JSON, Import).
func TestMemoryConformance(t *testing.T) {
	open := func(t *testing.T) rooms.Store { return store.NewMemory() }
	reopen := func(t *testing.T, old rooms.Store) rooms.Store {
		m := old.(*store.Memory)
		s := store.NewMemory()
		for _, id := range m.IDs() {
			b, err := json.Marshal(m.Export(id))
			if err != nil {
				t.Fatal(err)
			}
			var k store.Kept
			if err := json.Unmarshal(b, &k); err != nil {
				t.Fatal(err)
			}
			s.Import(k)
		}
		return s
	}
	storetest.Run(t, open, reopen)
	storetest.RunLobby(t, func(t *testing.T) storetest.LobbyStore { return store.NewMemory() })
}

// TestMemoryTellsChanges: every change names its room once it is made,
// and a refused one names none.
func TestMemoryTellsChanges(t *testing.T) {
	m := store.NewMemory()
	var got []string
	m.Changed = func(id string) { got = append(got, id) }
	ctx := t.Context()
	if err := m.CreateRoom(ctx, store.Room{ID: "r1", Status: store.Open}, nil); err != nil {
		t.Fatal(err)
	}
	if err := m.Apply(ctx, store.Step{Room: "r1", From: 0, Events: []store.Event{{Version: 1, Kind: "turn", Body: []byte(`{}`)}}}); err != nil {
		t.Fatal(err)
	}
	if err := m.Apply(ctx, store.Step{Room: "r1", From: 0}); err == nil {
		t.Fatal("a step from a stale version was applied")
	}
	if err := m.AddFinished(ctx, store.Game{Room: "g1", Game: "tamman"}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"r1", "r1", "g1"}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("changes told = %v, want %v", got, want)
	}
	if k := m.Export("r1"); k.Room == nil || k.Room.Room.Version != 1 || k.Finished != nil {
		t.Errorf("Export(r1) = %+v", k)
	}
}
