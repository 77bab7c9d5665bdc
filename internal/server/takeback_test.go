package server

import (
	"testing"
)

// The computer's hidden choice at a simultaneous turn, seen and taken
// back, is drawn again from its mixed strategy: over many asks mcts:easy
// does not choose the same hole every time.
func TestTakenBackHiddenChoiceIsDrawnAgain(t *testing.T) {
	ts := newTestServer(t)
	d := playAt(t, ts, `{"game":"agsinnoninka","options":{"match":false},"seats":[{"kind":"computer","agent":"mcts:easy"},{"kind":"person"}]}`)
	seen := map[string]int{}
	for range 12 {
		seen[jointTurn(t, d.move(1, d.legal()[0])).Moves[0]]++
		d.undo()
	}
	if len(seen) < 2 {
		t.Errorf("the computer chose %v in 12 asks, want more than one hole", seen)
	}
}

// A game with take-backs says so in its record.
func TestRecordCountsTakeBacks(t *testing.T) {
	ts := newTestServer(t)
	d := playAt(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"random"}]}`)
	var rec struct{ TakeBacks int }
	d.move(0, d.legal()[0])
	if call(t, ts, "GET", "/api/rooms/"+d.id+"/record", "", &rec); rec.TakeBacks != 0 {
		t.Errorf("takeBacks %d before any, want 0", rec.TakeBacks)
	}
	d.undo()
	d.move(0, d.legal()[0])
	d.undo()
	if call(t, ts, "GET", "/api/rooms/"+d.id+"/record", "", &rec); rec.TakeBacks != 2 {
		t.Errorf("takeBacks %d, want 2", rec.TakeBacks)
	}
}
