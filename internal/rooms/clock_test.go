package rooms

import (
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/view"
)

// fakeTime is a clock the test moves by hand.
type fakeTime struct {
	mu sync.Mutex
	t  time.Time
}

func (f *fakeTime) now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.t
}

func (f *fakeTime) add(d time.Duration) {
	f.mu.Lock()
	f.t = f.t.Add(d)
	f.mu.Unlock()
}

func clockManager(t *testing.T, st Store, ft *fakeTime) *Manager {
	m := NewManager(Config{Store: st, Now: ft.now,
		Agents: func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
			return ai.New(g, spec, ai.Config{Seed: seed, Options: opts})
		},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(m.Close)
	return m
}

func TestClockCountsDownAddsIncrementsAndFlagFalls(t *testing.T) {
	st := testStore(t)
	ft := &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	m := clockManager(t, st, ft)
	c, err := m.Create(bg, "adji-boto", nil, people(2), Clock{Initial: time.Minute, Increment: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := m.Room(bg, c.ID)
	a, b := join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])
	// No clock runs before its player's first move.
	if v := r.View(0); !slices.Equal(v.Clocks, []int64{60000, 60000}) || len(v.Running) != 0 {
		t.Fatalf("start: clocks %v running %v", v.Clocks, v.Running)
	}
	ft.add(10 * time.Second)
	mustMove(t, r, a, 0, engine.LegalTexts(r.state, 0)[0])
	ft.add(5 * time.Second)
	mustMove(t, r, b, 1, engine.LegalTexts(r.state, 1)[0])
	drain(b)
	// From now on both clocks run in turn.
	ft.add(10 * time.Second)
	mustMove(t, r, a, 2, engine.LegalTexts(r.state, r.state.Actors(nil)[0])[0])
	e := next(t, b, "event")
	if !slices.Equal(e.Event.Clocks, []int64{54000, 62000}) {
		t.Fatalf("after seat 0 moved in 10 s: clocks %v, want [54000 62000]", e.Event.Clocks)
	}
	if v := r.View(1); !slices.Equal(v.Running, []int{1}) {
		t.Fatalf("running %v, want [1]", v.Running)
	}
	// The clocks survive a restart.
	m2 := clockManager(t, st, ft)
	r2, _ := m2.Room(bg, c.ID)
	if v := r2.View(1); !slices.Equal(v.Clocks, []int64{54000, 62000}) {
		t.Fatalf("after a restart: clocks %v", v.Clocks)
	}
	// Seat 1 lets its time run out: the timer's check ends the game.
	ft.add(61 * time.Second)
	r.mu.Lock()
	r.checkFlag()
	r.mu.Unlock()
	if r.status != store.Open {
		t.Fatalf("flag fell with 1 s left")
	}
	ft.add(2 * time.Second)
	if _, err := r.Move(bg, b, r.version, engine.LegalTexts(r.state, 1)[0]); code(err) != CodeOver {
		t.Fatalf("a move after the flag fell: %v", err)
	}
	if r.result != view.Won(0, view.EndFlag) || r.status != store.Finished {
		t.Fatalf("after the flag: %s %s", r.status, r.result.Code())
	}
	for len(b.Out) > 0 {
		var m msg
		json.Unmarshal(<-b.Out, &m)
		if m.Type == "ack" {
			t.Fatal("the move after the flag fell was acknowledged")
		}
	}
	var kinds []wire.EventKind
	for _, e := range r.events {
		kinds = append(kinds, e.Kind)
	}
	if !slices.Equal(kinds, []wire.EventKind{wire.KindTurn, wire.KindTurn, wire.KindTurn, wire.KindFlag, wire.KindEnd}) {
		t.Fatalf("log %v", kinds)
	}
	if _, err := m.Create(bg, "tamman", []string{"players=3"}, people(3), Clock{Initial: time.Minute}); err == nil {
		t.Fatal("a clock in a three-player game")
	}
	if _, err := m.Create(bg, "adji-boto", nil, people(2), Clock{Initial: time.Second}); err == nil {
		t.Fatal("a one-second clock")
	}
}

func TestDrawOffers(t *testing.T) {
	m := testManager(t, testStore(t))
	r, c := create(t, m, "adji-boto", nil, people(2))
	a, b := join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])
	if err := r.DeclineDraw(bg, b); err == nil {
		t.Fatal("declined an offer nobody made")
	}
	if err := r.OfferDraw(bg, a); err != nil {
		t.Fatal(err)
	}
	if err := r.OfferDraw(bg, a); err == nil {
		t.Fatal("offered twice")
	}
	if err := r.DeclineDraw(bg, b); err != nil || r.offer != -1 {
		t.Fatalf("decline: %v, offer %d", err, r.offer)
	}
	// An offer lapses with the next turn.
	r.OfferDraw(bg, b)
	mustMove(t, r, a, r.version, engine.LegalTexts(r.state, 0)[0])
	if r.offer != -1 {
		t.Fatal("the offer did not lapse")
	}
	r.OfferDraw(bg, b)
	if err := r.OfferDraw(bg, a); err != nil {
		t.Fatal(err)
	}
	if r.status != store.Finished || r.result != view.Drawn(view.EndAgreed) || *r.Record().Result != r.result {
		t.Fatalf("after accepting: %s %q", r.status, r.result.Code())
	}
	spec := join(t, r, "")
	if err := r.OfferDraw(bg, spec); code(err) != CodeSpectator {
		t.Fatalf("a spectator offered a draw: %v", err)
	}
}

// TestAgreedDrawStopsTheClocksWhereTheyAre: the times stored at an agreed
// draw are the times left when it was agreed, not those of the last move
// (a page showed 0:59 and then the stored 1:04).
func TestAgreedDrawStopsTheClocksWhereTheyAre(t *testing.T) {
	st := testStore(t)
	ft := &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	r, id, a, b := clockRoom(t, st, ft, Clock{Initial: time.Minute, Increment: 5 * time.Second})
	mustMove(t, r, a, 0, engine.LegalTexts(r.state, 0)[0])
	mustMove(t, r, b, 1, engine.LegalTexts(r.state, 1)[0])
	ft.add(3 * time.Second)
	mustMove(t, r, a, 2, engine.LegalTexts(r.state, 0)[0]) // seat 0: 60 + 5 - 3 + 5 = 67 s
	drain(a, b)
	ft.add(6 * time.Second) // seat 1's clock runs: 65 - 6 = 59 s
	if err := r.OfferDraw(bg, b); err != nil {
		t.Fatal(err)
	}
	if e := next(t, a, "event"); e.Event.Kind != wire.KindOffer || len(e.Event.Clocks) != 0 {
		t.Fatalf("an offer: %+v", e.Event)
	}
	ft.add(4 * time.Second) // 55 s when seat 0 accepts
	drain(a, b)
	if err := r.OfferDraw(bg, a); err != nil {
		t.Fatal(err)
	}
	want := []int64{67000, 55000}
	e := next(t, b, "event")
	if !slices.Equal(e.Event.Clocks, want) || len(e.Event.Running) != 0 {
		t.Fatalf("the accepted offer: clocks %v running %v, want %v and none", e.Event.Clocks, e.Event.Running, want)
	}
	ft.add(30 * time.Second)
	if v := r.View(0); !slices.Equal(v.Clocks, want) {
		t.Fatalf("after the draw: clocks %v, want %v", v.Clocks, want)
	}
	m2 := clockManager(t, st, ft)
	r2, _ := m2.Room(bg, id)
	if v := r2.View(0); !slices.Equal(v.Clocks, want) {
		t.Fatalf("after a restart: clocks %v, want %v", v.Clocks, want)
	}
}

// TestEventsSayWhichClocksRun: an event with the clocks names the seats
// whose clocks run from it on, so that a page needs no rule of its own
// (a clock starts after its seat's first move).
func TestEventsSayWhichClocksRun(t *testing.T) {
	ft := &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	r, _, a, b := clockRoom(t, testStore(t), ft, Clock{Initial: time.Minute})
	drain(b)
	mustMove(t, r, a, 0, engine.LegalTexts(r.state, 0)[0])
	if e := next(t, b, "event"); len(e.Event.Running) != 0 {
		t.Fatalf("after seat 0's first move, seat 1 has not moved yet: running %v", e.Event.Running)
	}
	drain(a)
	mustMove(t, r, b, 1, engine.LegalTexts(r.state, 1)[0])
	if e := next(t, a, "event"); !slices.Equal(e.Event.Running, []int{0}) {
		t.Fatalf("after seat 1's first move: running %v, want [0]", e.Event.Running)
	}
}

// clockRoom is a two-person Adji-Boto room with clock, on fake time, and
// its two players' connections.
func clockRoom(t *testing.T, st Store, ft *fakeTime, clock Clock) (r *Room, id string, a, b *Sub) {
	t.Helper()
	m := clockManager(t, st, ft)
	c, err := m.Create(bg, "adji-boto", nil, people(2), clock)
	if err != nil {
		t.Fatal(err)
	}
	r, _ = m.Room(bg, c.ID)
	return r, c.ID, join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])
}

// TestAFlagShowsZeroAndSaysOnTime: the flag falls a moment after the time
// ran out (the timer's delay, here 6 ms): the stored flag event shows that
// clock at 0, never below, and the result's words say the game was lost
// on time, in English and German.
func TestAFlagShowsZeroAndSaysOnTime(t *testing.T) {
	st := testStore(t)
	ft := &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	r, id, a, b := clockRoom(t, st, ft, Clock{Initial: time.Minute})
	mustMove(t, r, a, 0, engine.LegalTexts(r.state, 0)[0])
	mustMove(t, r, b, 1, engine.LegalTexts(r.state, 1)[0])
	ft.add(time.Minute + 6*time.Millisecond)
	r.mu.Lock()
	r.checkFlag()
	r.mu.Unlock()
	sn, err := st.LoadRoom(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	var flag wire.Event
	for _, se := range sn.Events {
		if se.Kind == wire.KindFlag {
			json.Unmarshal(se.Body, &flag)
		}
	}
	if flag.Kind != wire.KindFlag || len(flag.Clocks) != 2 || flag.Clocks[0] != 0 {
		t.Fatalf("stored flag event %+v, want seat 0's clock at 0", flag)
	}
	v := r.View(1)
	if v.Result == nil || v.Result.How != view.EndFlag {
		t.Fatalf("result %+v", v.Result)
	}
	if en, de := v.ResultText["en"], v.ResultText["de"]; !strings.Contains(en, "on time") || !strings.Contains(de, "auf Zeit") {
		t.Errorf("the result says %q / %q, not that it was lost on time", en, de)
	}
}
