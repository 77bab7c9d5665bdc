package rooms

import (
	"slices"
	"testing"
	"time"

	"tabula/engine"
	"tabula/internal/store"
	"tabula/view"
)

// TestACorrespondenceGameKeepsItsDaysAcrossRestarts: a game with 10 days
// per move (a test clock, no waiting). Each move sets its player's clock
// back to 10 days; a restart loses no time (the clocks run from the
// stored time of the last move, not from the restart); the idle sweep,
// after 8 days without a move, does not expire the room; the next
// manager's sweep loads it; and 10 days after the last move the flag
// falls.
func TestACorrespondenceGameKeepsItsDaysAcrossRestarts(t *testing.T) {
	const day = 24 * time.Hour
	st := testStore(t)
	ft := &fakeTime{t: time.Now().Truncate(time.Millisecond)}
	m := clockManager(t, st, ft)
	c, err := m.Create(bg, "adji-boto", nil, people(2), Clock{PerMove: 10 * day})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := m.Room(bg, c.ID)
	a, b := join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])
	if v := r.View(0); v.Clock != "move:864000000" || !slices.Equal(v.Clocks, []int64{864000000, 864000000}) || !slices.Equal(v.Running, []int{0}) {
		t.Fatalf("start: clock %q, clocks %v, running %v (the first player's clock runs from the start)", v.Clock, v.Clocks, v.Running)
	}
	ft.add(3 * day)
	mustMove(t, r, a, 0, engine.LegalTexts(r.state, 0)[0])
	ft.add(2 * day)
	mustMove(t, r, b, 1, engine.LegalTexts(r.state, 1)[0])
	if v := r.View(0); !slices.Equal(v.Clocks, []int64{864000000, 864000000}) {
		t.Fatalf("after each moved: clocks %v, want 10 days each", v.Clocks)
	}
	m.Close()

	// A day later the server restarts: seat 0 has 9 days left, not 10.
	ft.add(day)
	m2 := clockManager(t, st, ft)
	if err := m2.Sweep(bg, ft.now()); err != nil {
		t.Fatal(err)
	}
	if m2.InMemory() != 1 {
		t.Fatalf("the restarted manager's sweep left %d rooms in memory, want the correspondence room", m2.InMemory())
	}
	r2, _ := m2.Room(bg, c.ID)
	if v := r2.View(0); v.Clocks[0] != (9*day).Milliseconds() || !slices.Equal(v.Running, []int{0}) {
		t.Fatalf("after a restart a day later: clocks %v running %v, want seat 0 at 9 days", v.Clocks, v.Running)
	}
	// 8 days without a move: longer than the idle sweep's week, and the
	// room stays open.
	ft.add(7 * day)
	if err := m2.Sweep(bg, ft.now()); err != nil {
		t.Fatal(err)
	}
	r2, _ = m2.Room(bg, c.ID)
	if v := r2.View(0); v.Status != store.Open || v.Clocks[0] != (2*day).Milliseconds() {
		t.Fatalf("after 8 days: %s, clocks %v", v.Status, v.Clocks)
	}
	// 10 days after its last move, seat 0's flag falls.
	ft.add(2*day + time.Second)
	if err := m2.Sweep(bg, ft.now()); err != nil {
		t.Fatal(err)
	}
	if v := r2.View(0); v.Status != store.Finished || v.Result == nil || *v.Result != view.Won(1, view.EndFlag) || v.Clocks[0] != 0 {
		t.Fatalf("10 days after the last move: %s %+v clocks %v", v.Status, v.Result, v.Clocks)
	}
}

// TestCorrespondenceClockBounds: a day to 30 days per move, in a game of
// two, without a time per game.
func TestCorrespondenceClockBounds(t *testing.T) {
	m := testManager(t, testStore(t))
	for _, c := range []Clock{{PerMove: time.Hour}, {PerMove: 31 * 24 * time.Hour}, {PerMove: 24 * time.Hour, Initial: time.Minute}} {
		if _, err := m.Create(bg, "adji-boto", nil, people(2), c); code(err) != CodeBad {
			t.Errorf("clock %+v: %v", c, err)
		}
	}
	if _, err := m.Create(bg, "tamman", []string{"players=3"}, people(3), Clock{PerMove: 24 * time.Hour}); code(err) != CodeBad {
		t.Errorf("a correspondence clock in a game of three: %v", err)
	}
}
