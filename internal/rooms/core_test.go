package rooms

import (
	"encoding/hex"
	"errors"
	"slices"
	"testing"
	"time"

	"tabula/engine"
	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/view"
)

// The core is driven directly here, without a store, connections or
// locks: each test builds one, plays what its rule needs through the
// same steps a room takes (judge, then the step, log and take), and
// checks one rule.

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// newTestCore is the core of a new room of game under settings (none:
// the defaults), with seats of kinds.
func newTestCore(t *testing.T, game string, kinds []wire.SeatKind, clock Clock, settings ...string) *core {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	opts := engine.DefaultOptions(g)
	if len(settings) > 0 {
		if opts, err = engine.ParseOptions(g, settings); err != nil {
			t.Fatal(err)
		}
	}
	seats := make([]store.Seat, len(kinds))
	for i, k := range kinds {
		seats[i] = store.Seat{Index: i, Kind: k}
	}
	c, err := newCore("core-test", g, opts, []byte("a secret of the test"), clock, seats)
	if err != nil {
		t.Fatal(err)
	}
	return &c
}

func refusal(t *testing.T, err error) string {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("want a refusal, got %v", err)
	}
	return e.Code
}

// play judges seat's move text chosen at version, at now, and takes what
// it decides as a room would once stored; it returns the decision.
func play(t *testing.T, c *core, now time.Time, seat, version int, text string, person bool) decision {
	t.Helper()
	d, err := c.judge(now, seat, version, text, person)
	if err != nil {
		t.Fatalf("seat %d's %q at %d: %v", seat, text, version, err)
	}
	switch {
	case d.ack.Duplicate || d.flag >= 0:
	case d.hidden:
		ev := c.commitEvent(now, seat)
		c.log([]wire.Event{ev})
		c.committed(now, seat, d.text, ev)
	default:
		tr := c.turn(now, d.actors, d.moves, d.by, d.resolved)
		c.log(tr.events)
		c.turned(tr)
	}
	return d
}

// first is the first legal move of seat.
func first(c *core, seat int) string { return engine.LegalTexts(c.state, seat)[0] }

func TestCoreMoveOfAnOlderTurnIsStale(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Person, Person}, Clock{})
	mover := c.state.Actors(nil)[0]
	legal := engine.LegalTexts(c.state, mover)
	play(t, c, t0, mover, 0, legal[0], true)
	if _, err := c.judge(t0, mover, 0, legal[1], true); refusal(t, err) != CodeStale {
		t.Fatalf("another move chosen at version 0: %v, want %s", err, CodeStale)
	}
}

func TestCoreResentMoveIsAcknowledgedAgain(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Person, Person}, Clock{})
	mover := c.state.Actors(nil)[0]
	mv := first(c, mover)
	play(t, c, t0, mover, 0, mv, true)
	d, err := c.judge(t0, mover, 0, mv, true)
	if err != nil || d.ack != (Ack{Version: 1, Duplicate: true}) {
		t.Fatalf("the same move again: %+v %v, want a duplicate ack of version 1", d.ack, err)
	}
	if c.version != 1 {
		t.Fatalf("version %d after a resend, want 1", c.version)
	}
}

func TestCoreMoveOutOfTurnIsRefused(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Person, Person}, Clock{})
	other := 1 - c.state.Actors(nil)[0]
	if _, err := c.judge(t0, other, 0, "1", true); refusal(t, err) != CodeNotYours {
		t.Fatalf("a move of the seat not to move: %v", err)
	}
}

func TestCorePersonCannotMoveForTheComputer(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Computer, Computer}, Clock{})
	mover := c.state.Actors(nil)[0]
	if _, err := c.judge(t0, mover, 0, first(c, mover), true); refusal(t, err) != CodeNotYours {
		t.Fatalf("a person's move for a computer seat: %v", err)
	}
}

func TestCoreHiddenChoiceIsNotInItsEvent(t *testing.T) {
	c := newTestCore(t, "agsinnoninka", []wire.SeatKind{Person, Person}, Clock{})
	mv := first(c, 0)
	if d := play(t, c, t0, 0, 0, mv, true); !d.hidden {
		t.Fatalf("the first choice of a simultaneous turn: %+v, want a hidden commitment", d)
	}
	e := c.events[0]
	if e.Kind != wire.KindCommit || *e.Seat != 0 || e.Move != "" || e.Moves != nil || e.Choice != "" {
		t.Fatalf("the commitment's event %+v tells more than who chose", e)
	}
	if c.commits[0] != mv {
		t.Fatalf("the choice kept is %q, want %q", c.commits[0], mv)
	}
}

func TestCoreLastChoiceResolvesTheTurn(t *testing.T) {
	c := newTestCore(t, "agsinnoninka", []wire.SeatKind{Person, Person}, Clock{})
	a, b := first(c, 0), first(c, 1)
	play(t, c, t0, 0, 0, a, true)
	play(t, c, t0, 1, 1, b, true)
	e := c.events[1]
	if e.Kind != wire.KindTurn || !slices.Equal(e.Actors, []int{0, 1}) || !slices.Equal(e.Moves, []string{a, b}) || !slices.Equal(e.By, []int{0, 1}) {
		t.Fatalf("the resolving turn %+v, want both choices, both by people", e)
	}
	if len(c.commits) != 0 || c.turnStart != 2 {
		t.Fatalf("after the turn: commitments %v, turn start %d", c.commits, c.turnStart)
	}
}

func TestCoreSecondChoiceIsRefused(t *testing.T) {
	c := newTestCore(t, "agsinnoninka", []wire.SeatKind{Person, Person}, Clock{})
	legal := engine.LegalTexts(c.state, 0)
	play(t, c, t0, 0, 0, legal[0], true)
	if _, err := c.judge(t0, 0, 1, legal[1], true); refusal(t, err) != CodeIllegal {
		t.Fatalf("a second, different choice: %v", err)
	}
	if d, err := c.judge(t0, 0, 1, legal[0], true); err != nil || d.ack != (Ack{Version: 1, Duplicate: true}) {
		t.Fatalf("the same choice again: %+v %v, want the commitment's ack", d.ack, err)
	}
}

// A clock starts with its player's second move: until a seat has moved,
// its time does not run.
func TestCoreClockStartsAfterTheFirstMove(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Person, Person}, Clock{Initial: time.Minute, Increment: 2 * time.Second})
	if run := c.running(); len(run) != 0 {
		t.Fatalf("clocks running before any move: %v", run)
	}
	mover := c.state.Actors(nil)[0]
	if got := c.clocksAfter(t0.Add(time.Hour), mover); got[mover] != 62000 || got[1-mover] != 60000 {
		t.Fatalf("after an hour's thought before the first move: %v, want 62000 for the mover, 60000", got)
	}
}

// Worked by hand: 60 s + 2 s. A moves at once (62 s); B's first move
// comes 10 s later (62 s each, nothing ran yet); A, to move, thinks 3 s:
// A's clock shows 59 s and B's 62 s, and a move then gives A 61 s.
func TestCoreClockRunsForTheSeatToMove(t *testing.T) {
	c := newTestCore(t, "agsinnoninka", []wire.SeatKind{Person, Person}, Clock{Initial: time.Minute, Increment: 2 * time.Second})
	play(t, c, t0, 0, 0, first(c, 0), true)
	if got := c.events[0].Clocks; !slices.Equal(got, []int64{62000, 60000}) {
		t.Fatalf("seat 0's commitment: clocks %v", got)
	}
	play(t, c, t0.Add(10*time.Second), 1, 1, first(c, 1), true)
	if got := c.events[1].Clocks; !slices.Equal(got, []int64{62000, 62000}) {
		t.Fatalf("the turn: clocks %v, want 62000 62000", got)
	}
	if c.state.Terminal() {
		t.Skip("the game ended in one turn")
	}
	at := t0.Add(13 * time.Second)
	if left := c.leftAt(at); left[0] != 59*time.Second || left[1] != 59*time.Second {
		t.Fatalf("3 s into the second turn: %v, want 59 s each (both to choose, both have moved)", left)
	}
	if got := c.clocksAfter(at, 0); got[0] != 61000 {
		t.Fatalf("seat 0 choosing 3 s in: %v, want 61000", got[0])
	}
}

func TestCoreFlagFallsWhenTheTimeIsUp(t *testing.T) {
	c := newTestCore(t, "agsinnoninka", []wire.SeatKind{Person, Person}, Clock{Initial: 10 * time.Second})
	play(t, c, t0, 0, 0, first(c, 0), true)
	play(t, c, t0, 1, 1, first(c, 1), true)
	if c.state.Terminal() {
		t.Skip("the game ended in one turn")
	}
	if f := c.flagged(t0.Add(10*time.Second - time.Millisecond)); f >= 0 {
		t.Fatalf("flag %d before the time is up", f)
	}
	d, err := c.judge(t0.Add(10*time.Second), 0, c.version, first(c, 0), true)
	if err != nil || d.flag != 0 {
		t.Fatalf("a move when the time is up: %+v %v, want seat 0's flag", d, err)
	}
}

func TestCoreUndoTakesBackThePersonsTurnAndTheReplies(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Person, Computer}, Clock{})
	start := engine.LegalTexts(c.state, 0)
	for c.state.Actors(nil)[0] == 0 {
		play(t, c, t0, 0, c.version, first(c, 0), true)
	}
	for !c.state.Terminal() && c.state.Actors(nil)[0] == 1 {
		play(t, c, t0, 1, c.version, first(c, 1), false)
	}
	e, s, err := c.undo(c.version)
	if err != nil {
		t.Fatal(err)
	}
	var persons int
	for _, i := range c.played {
		if c.events[i].Actors[0] == 0 {
			persons++
		}
	}
	if *e.Kept != persons-1 {
		t.Fatalf("undo keeps %d turns, want %d (up to the person's last turn)", *e.Kept, persons-1)
	}
	if persons == 1 && !slices.Equal(engine.LegalTexts(s, 0), start) {
		t.Fatalf("after undoing the only person's turn, seat 0 may play %v, want %v", engine.LegalTexts(s, 0), start)
	}
}

func TestCoreUndoWithAClockIsRefused(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Person, Person}, Clock{Initial: time.Minute})
	mover := c.state.Actors(nil)[0]
	play(t, c, t0, mover, 0, first(c, mover), true)
	if _, _, err := c.undo(c.version); refusal(t, err) != CodeBad {
		t.Fatalf("undo in a game with a clock: %v", err)
	}
}

func TestCoreResignationStopsTheClocksAndEnds(t *testing.T) {
	c := newTestCore(t, "agsinnoninka", []wire.SeatKind{Person, Person}, Clock{Initial: time.Minute})
	play(t, c, t0, 0, 0, first(c, 0), true)
	play(t, c, t0, 1, 1, first(c, 1), true)
	evs := c.ending(t0.Add(5*time.Second), wire.Event{Kind: wire.KindResign, Seat: intp(0)}, view.Won(1, view.EndResign))
	c.log(evs)
	c.ended(t0.Add(5*time.Second), evs, view.Won(1, view.EndResign))
	if evs[0].Version != 3 || evs[1].Kind != wire.KindEnd || evs[1].Secret == "" {
		t.Fatalf("the ending %+v", evs)
	}
	if !slices.Equal(evs[0].Clocks, []int64{55000, 55000}) {
		t.Fatalf("clocks at the resignation %v, want 55000 each", evs[0].Clocks)
	}
	if c.status != store.Finished || len(c.running()) != 0 {
		t.Fatalf("after the end: status %s, running %v", c.status, c.running())
	}
}

// A room loaded from the store replays its events: the core it gets is
// the core that played them.
func TestCoreReplayGivesThePlayedState(t *testing.T) {
	c := newTestCore(t, "tamman", []wire.SeatKind{Person, Person}, Clock{})
	for range 12 {
		if c.state.Terminal() {
			break
		}
		a := c.state.Actors(nil)
		if a[0] == engine.ChancePlayer {
			tr := c.turn(t0, a, []engine.Move{throwAt(c.secret, c.state)}, nil, nil)
			c.log(tr.events)
			c.turned(tr)
			continue
		}
		play(t, c, t0, a[0], c.version, first(c, a[0]), true)
	}
	r := newTestCore(t, "tamman", []wire.SeatKind{Person, Person}, Clock{})
	for _, e := range c.events {
		if err := r.replay(e); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := view.State(r.state)
	want, _ := view.State(c.state)
	if string(got) != string(want) || r.turnStart != c.turnStart || r.version != 0 || len(r.events) != len(c.events) {
		t.Fatalf("replayed: turn start %d, state\n%s\nplayed: turn start %d, state\n%s", r.turnStart, got, c.turnStart, want)
	}
}

// offer stores seat's draw offer as a room does.
func offer(t *testing.T, c *core, seat int) {
	t.Helper()
	accepts, err := c.drawOffer(seat)
	if err != nil || accepts {
		t.Fatalf("seat %d's offer: accepts %v, %v", seat, accepts, err)
	}
	e := wire.Event{Version: c.version + 1, Kind: wire.KindOffer, Seat: intp(seat)}
	c.log([]wire.Event{e})
	c.took(e)
}

func TestCoreDrawOfferOfTheOtherSeatIsAccepted(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Person, Person}, Clock{})
	offer(t, c, 0)
	if accepts, err := c.drawOffer(1); err != nil || !accepts {
		t.Fatalf("seat 1 offering after seat 0: accepts %v, %v", accepts, err)
	}
}

func TestCoreSecondDrawOfferIsRefused(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Person, Person}, Clock{})
	offer(t, c, 0)
	if _, err := c.drawOffer(0); refusal(t, err) != CodeBad {
		t.Fatalf("seat 0 offering twice: %v", err)
	}
}

func TestCoreDrawOfferLapsesWithTheNextTurn(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Person, Person}, Clock{})
	offer(t, c, 1)
	mover := c.state.Actors(nil)[0]
	play(t, c, t0, mover, c.version, first(c, mover), true)
	if err := c.drawDecline(0); refusal(t, err) != CodeBad {
		t.Fatalf("declining an offer after the next turn: %v, want no offer to decline", err)
	}
}

func TestCoreDrawIsForTwoPlayers(t *testing.T) {
	c := newTestCore(t, "tamman", []wire.SeatKind{Person, Person, Person}, Clock{}, "players=3")
	if _, err := c.drawOffer(0); refusal(t, err) != CodeBad {
		t.Fatalf("a draw offer among three: %v", err)
	}
}

// nobody is an attendance with no connection, at t0.
func nobody(c *core) attendance {
	return attendance{now: t0, online: make([]bool, len(c.seats)), away: map[int]time.Time{}}
}

func TestCoreViewShowsAChoiceToItsSeatOnly(t *testing.T) {
	c := newTestCore(t, "agsinnoninka", []wire.SeatKind{Person, Person}, Clock{})
	mv := first(c, 0)
	play(t, c, t0, 0, 0, mv, true)
	for _, viewer := range []int{0, 1, Spectator} {
		v := c.view(viewer, nobody(c))
		if want := map[bool]string{true: mv}[viewer == 0]; v.Choice != want {
			t.Errorf("viewer %d sees the choice %q, want %q", viewer, v.Choice, want)
		}
		if !v.Seats[0].Committed || v.Seats[1].Committed {
			t.Errorf("viewer %d sees the commitments %+v, want seat 0's only", viewer, v.Seats)
		}
	}
}

func TestCoreEventShowsAChoiceToItsSeatOnly(t *testing.T) {
	c := newTestCore(t, "agsinnoninka", []wire.SeatKind{Person, Person}, Clock{})
	mv := first(c, 0)
	play(t, c, t0, 0, 0, mv, true)
	for _, viewer := range []int{0, 1, Spectator} {
		e := c.eventFor(viewer, c.events[0])
		if want := map[bool]string{true: mv}[viewer == 0]; e.Choice != want {
			t.Errorf("viewer %d sees the commitment with the choice %q, want %q", viewer, e.Choice, want)
		}
	}
}

func TestCoreViewShowsTheSecretOnceTheGameIsOver(t *testing.T) {
	c := newTestCore(t, "adji-boto", []wire.SeatKind{Person, Person}, Clock{})
	if v := c.view(Spectator, nobody(c)); v.Secret != "" {
		t.Fatalf("the secret shown while the game is open: %s", v.Secret)
	}
	evs := c.ending(t0, wire.Event{Kind: wire.KindResign, Seat: intp(0)}, view.Won(1, view.EndResign))
	c.log(evs)
	c.ended(t0, evs, view.Won(1, view.EndResign))
	if v := c.view(Spectator, nobody(c)); v.Secret != hex.EncodeToString(c.secret) || v.Resigned == nil || *v.Resigned != 0 {
		t.Fatalf("after the resignation: secret %q, resigned %v", v.Secret, v.Resigned)
	}
}
