package store_test

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"tabula/internal/store"
)

// TestPresence: each holder's seats are written, replaced and read per
// room; a reader does not see its own, nor rows that ran out until their
// holder refreshes them; a holder's rows are deleted at once by
// DropPresence and long after running out by anyone's refresh. Every
// write notifies the room's listeners with the holder.
func TestPresence(t *testing.T) {
	s, url := openPG(t)
	now := time.Now()
	for _, id := range []string{"r", "q"} {
		if err := s.CreateRoom(bg, store.Room{ID: id, Game: "adji-boto", Secret: []byte{1}, Status: store.Open, Created: now, Updated: now}, nil); err != nil {
			t.Fatal(err)
		}
	}
	l, err := store.OpenPostgres(bg, url)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	ctx, cancel := context.WithTimeout(bg, 30*time.Second)
	defer cancel()
	notes := make(chan string, 100)
	listen(ctx, t, l, store.Listener{
		Presence: func(room, holder string) { notes <- room + " " + holder },
		Changed:  func(room string, v int) { t.Errorf("a presence write was taken for a change of %s to %d", room, v) },
	})
	expect := func(want ...string) {
		t.Helper()
		var got []string
		for range want {
			select {
			case n := <-notes:
				got = append(got, n)
			case <-ctx.Done():
				t.Fatalf("notifications %v, want %v", got, want)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("notifications %v, want %v", got, want)
		}
	}
	read := func(except string, want map[string][]int) {
		t.Helper()
		got, err := s.Presence(bg, []string{"r", "q", "nowhere"}, except)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("presence except %q = %v, want %v", except, got, want)
		}
	}
	set := func(holder string, seats map[string][]int, ttl time.Duration) {
		t.Helper()
		if err := s.SetPresence(bg, holder, seats, ttl); err != nil {
			t.Fatal(err)
		}
	}
	set("A", map[string][]int{"r": {1, 0}, "q": {1}, "nowhere": {0}}, time.Hour)
	expect("nowhere A", "q A", "r A")
	set("B", map[string][]int{"r": {1}}, time.Hour)
	expect("r B")
	read("C", map[string][]int{"r": {0, 1}, "q": {1}})
	read("A", map[string][]int{"r": {1}})
	read("B", map[string][]int{"r": {0, 1}, "q": {1}})
	// A replaces its seats of r and leaves q; B's stay.
	set("A", map[string][]int{"r": {0}, "q": nil}, time.Hour)
	expect("q A", "r A")
	read("C", map[string][]int{"r": {0, 1}})
	read("B", map[string][]int{"r": {0}})
	// A's rows run out (it died): nobody sees them, until A refreshes.
	set("A", map[string][]int{"r": {0}}, -time.Second)
	expect("r A")
	read("B", map[string][]int{})
	if err := s.RefreshPresence(bg, "A", time.Hour); err != nil {
		t.Fatal(err)
	}
	read("B", map[string][]int{"r": {0}})
	// A stops cleanly: its rows go at once, and the rooms hear of it.
	if err := s.DropPresence(bg, "A"); err != nil {
		t.Fatal(err)
	}
	expect("r A")
	read("C", map[string][]int{"r": {1}})
	// Rows that ran out long ago are deleted by another holder's refresh.
	if _, err := s.Pool().Exec(bg, `UPDATE holders SET expires = 0 WHERE holder = 'B'`); err != nil {
		t.Fatal(err)
	}
	set("A", map[string][]int{"q": {0}}, time.Hour)
	expect("q A")
	if err := s.RefreshPresence(bg, "A", time.Hour); err != nil {
		t.Fatal(err)
	}
	var holders []string
	rows, _ := s.Pool().Query(bg, `SELECT holder || ' ' || room || ' ' || seat FROM presence ORDER BY 1`)
	for rows.Next() {
		var h string
		rows.Scan(&h)
		holders = append(holders, h)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(holders, []string{"A q 0"}) {
		t.Fatalf("rows after the purge: %v, want only A's seat 0 of q", holders)
	}
	// A room's rows go with the room.
	if _, err := s.Pool().Exec(bg, `DELETE FROM rooms WHERE id = 'q'`); err != nil {
		t.Fatal(err)
	}
	read("C", map[string][]int{})
}
