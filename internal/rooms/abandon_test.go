package rooms

import (
	"testing"

	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/view"
)

// A game stopped by whoever runs the room (a class's teacher) ends
// abandoned: one end event with the result tells the players, the store
// holds it over, and a second stop is refused as over.
func TestAbandonEndsTheGameForEveryone(t *testing.T) {
	st := testStore(t)
	m := testManager(t, st)
	r, c := create(t, m, "adji-boto", nil, people(2))
	a := join(t, r, c.Tokens[0])
	drain(a)
	if err := r.Abandon(bg); err != nil {
		t.Fatal(err)
	}
	e := next(t, a, "event").Event
	if e.Kind != wire.KindEnd || e.Result == nil || e.Result.Code() != view.Abandoned().Code() {
		t.Fatalf("the players were told %+v, want the end, abandoned", e)
	}
	if err := r.Abandon(bg); code(err) != CodeOver {
		t.Errorf("a second stop: %v, want %s", err, CodeOver)
	}
	m.Unload(c.ID)
	again, err := m.Read(bg, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v := again.View(Spectator); v.Result == nil || v.Result.Code() != "abandoned" || again.status != store.Finished {
		t.Errorf("stored: %+v, status %s", v.Result, again.status)
	}
}
