package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"tabula/internal/store"
)

// TestListenCarriesEvents: another process is given the events of a
// step that only appended events (Stepped), and the version of any other
// step (Changed); a notification of events that does not verify is only
// a hint (Changed); a process is not told its own steps of events.
func TestListenCarriesEvents(t *testing.T) {
	a, b := twoPoolsOneRoom(t)
	ctx, cancel := context.WithTimeout(bg, 30*time.Second)
	defer cancel()
	record := func(got chan<- string) store.Listener {
		return store.Listener{
			Changed: func(room string, v int) { got <- fmt.Sprintf("changed %s %d", room, v) },
			Stepped: func(room string, from int, evs []store.Event) {
				var s strings.Builder
				fmt.Fprintf(&s, "stepped %s %d", room, from)
				for _, e := range evs {
					fmt.Fprintf(&s, " %d:%s:%s", e.Version, e.Kind, e.Body)
				}
				got <- s.String()
			},
		}
	}
	gotA, gotB := make(chan string, 10), make(chan string, 10)
	listen(ctx, t, a, record(gotA))
	listen(ctx, t, b, record(gotB))
	expect := func(got <-chan string, want string) { t.Helper(); expectNote(ctx, t, got, want) }
	step := store.Step{Room: "r", From: 0, Events: []store.Event{{Version: 1, Kind: "turn", Body: []byte(`{"a":1}`)}, {Version: 2, Kind: "draw", Body: []byte(`{}`)}}}
	if err := a.Apply(bg, step); err != nil {
		t.Fatal(err)
	}
	expect(gotB, `stepped r 0 1:turn:{"a":1} 2:draw:{}`)
	end := store.Step{Room: "r", From: 2, Events: []store.Event{{Version: 3, Kind: "end", Body: []byte(`{}`)}}, Status: store.Finished, Result: "1-0"}
	if err := a.Apply(bg, end); err != nil {
		t.Fatal(err)
	}
	expect(gotB, "changed r 3")
	forged := "steps " + strings.Repeat("A", 22) + " XXXXXXXX r 3\nturn {}"
	if _, err := a.Pool().Exec(bg, `SELECT pg_notify($1, $2)`, store.Channel, forged); err != nil {
		t.Fatal(err)
	}
	expect(gotB, "changed r 4")
	expect(gotA, "changed r 3")
	expect(gotA, "changed r 4")
}
