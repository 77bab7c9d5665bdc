package rooms

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"tabula/engine"
	_ "tabula/games/all"
	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/view"
)

func code(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func TestMoveIsAcknowledgedOnceAndResendsAreNotApplied(t *testing.T) {
	st := testStore(t)
	m := testManager(t, st)
	r, c := create(t, m, "adji-boto", nil, people(2))
	a, b := join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])
	legal := engine.LegalTexts(r.state, 0)
	ack := mustMove(t, r, a, 0, legal[0])
	if ack.Version != 1 || ack.Duplicate {
		t.Fatalf("first ack = %+v", ack)
	}
	// The ack comes before the event on the mover's connection.
	if m := next(t, a, "ack"); m.Version != 1 {
		t.Fatalf("ack message %+v", m)
	}
	if e := next(t, b, "event"); e.Event.Version != 1 || e.Event.Move != legal[0] {
		t.Fatalf("other seat saw %+v", e.Event)
	}
	for range 3 {
		if again := mustMove(t, r, a, 0, legal[0]); again != (Ack{Version: 1, Duplicate: true}) {
			t.Fatalf("resent move: ack %+v", again)
		}
	}
	if r.version != 1 || r.state.Ply() != 1 {
		t.Fatalf("after resends: version %d, ply %d", r.version, r.state.Ply())
	}
	// Another move chosen at version 0 is stale; a move for the other
	// seat, a spectator's move and an illegal move are refused.
	if _, err := r.Move(bg, a, 0, legal[1]); code(err) != CodeStale {
		t.Fatalf("stale move: %v", err)
	}
	if _, err := r.Move(bg, a, 1, engine.LegalTexts(r.state, 1)[0]); code(err) == "" {
		t.Fatalf("seat 0 moved in seat 1's turn: %v", err)
	}
	spec := join(t, r, "")
	if _, err := r.Move(bg, spec, 1, engine.LegalTexts(r.state, 1)[0]); code(err) != CodeSpectator {
		t.Fatalf("spectator move: %v", err)
	}
	if _, err := r.Move(bg, b, 1, "99"); code(err) != CodeIllegal {
		t.Fatalf("illegal move: %v", err)
	}
	if _, err := r.Move(bg, b, 7, engine.LegalTexts(r.state, 1)[0]); code(err) != CodeBad {
		t.Fatalf("move from a future version: %v", err)
	}
	if r.version != 1 {
		t.Fatalf("refused moves changed the room: version %d", r.version)
	}
	sn, _ := st.LoadRoom(bg, r.ID)
	if len(sn.Events) != 1 {
		t.Fatalf("stored %d events, want 1", len(sn.Events))
	}
}

func TestRoomComesBackFromTheStore(t *testing.T) {
	st := testStore(t)
	m := testManager(t, st)
	r, c := create(t, m, "tamman", []string{"players=3"}, people(3))
	subs := []*Sub{join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1]), join(t, r, c.Tokens[2])}
	for range 40 {
		if r.state.Terminal() {
			break
		}
		p := r.state.Actors(nil)[0]
		mustMove(t, r, subs[p], r.version, engine.LegalTexts(r.state, p)[0])
	}
	m2 := testManager(t, st)
	r2, err := m2.Room(bg, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r2.version != r.version || r2.state.Hash() != r.state.Hash() || r2.turnStart != r.turnStart {
		t.Fatalf("reloaded at version %d hash %x, want %d %x", r2.version, r2.state.Hash(), r.version, r.state.Hash())
	}
	// The reloaded room knows the tokens and goes on.
	s := join(t, r2, c.Tokens[r2.state.Actors(nil)[0]])
	mustMove(t, r2, s, r2.version, engine.LegalTexts(r2.state, s.Seat)[0])
}

func TestTammanThrowsFollowThePublishedSecret(t *testing.T) {
	st := testStore(t)
	m := testManager(t, st)
	r, c := create(t, m, "tamman", nil, people(2))
	subs := []*Sub{join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])}
	for i := 0; !r.state.Terminal() && i < 2000; i++ {
		drain(subs...)
		p := r.state.Actors(nil)[0]
		mustMove(t, r, subs[p], r.version, engine.LegalTexts(r.state, p)[0])
	}
	if !r.state.Terminal() {
		t.Fatal("the game did not end")
	}
	rec := r.Record()
	if rec.Secret == "" || rec.Result == nil {
		t.Fatalf("record of a finished game: secret %q result %+v", rec.Secret, rec.Result)
	}
	secret, _ := hex.DecodeString(rec.Secret)
	// Anyone can check the throws from the published secret.
	g, _ := engine.Lookup("tamman")
	opts, _ := engine.ParseOptions(g, rec.Options)
	s, _ := g.NewState(opts)
	throws := 0
	for i, mv := range rec.Moves {
		if a := s.Actors(nil); a[0] == engine.ChancePlayer {
			if want := s.MoveText(-1, throwAt(secret, s)); mv != want {
				t.Fatalf("move %d: throw %s, the secret gives %s", i+1, mv, want)
			}
			throws++
		}
		if err := engine.Play(s, mv); err != nil {
			t.Fatal(err)
		}
	}
	if throws < 10 {
		t.Fatalf("only %d throws", throws)
	}
	// While a game runs, nobody sees the secret.
	r2, c2 := create(t, m, "tamman", nil, people(2))
	v := r2.View(0)
	if v.Secret != "" || strings.Contains(string(mustJSON(v)), hex.EncodeToString(r2.secret)) {
		t.Fatal("the secret of a running game is in a view")
	}
	_ = c2
	g2, err := st.FinishedGame(bg, r.ID)
	if err != nil || !strings.Contains(string(g2.Record), rec.Secret) {
		t.Fatalf("archived game: %v, record %s", err, g2.Record)
	}
}

func TestSimultaneousChoicesStayHidden(t *testing.T) {
	st := testStore(t)
	m := testManager(t, st)
	r, c := create(t, m, "agsinnoninka", nil, people(2))
	a, b := join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])
	spec := join(t, r, "")
	choice := engine.LegalTexts(r.state, 0)[2]
	ack := mustMove(t, r, a, 0, choice)
	if ack.Version != 1 {
		t.Fatalf("commit ack %+v", ack)
	}
	for _, s := range []*Sub{b, spec} {
		e := next(t, s, "event")
		if e.Event.Kind != wire.KindCommit || e.Event.Choice != "" || strings.Contains(string(e.raw), `"choice"`) {
			t.Fatalf("seat %d saw the commitment as %s", s.Seat, e.raw)
		}
	}
	if e := next(t, a, "event"); e.Event.Choice != choice {
		t.Fatalf("the committer saw %s", e.raw)
	}
	if v := r.View(1); v.Choice != "" || !v.Seats[0].Committed {
		t.Fatalf("seat 1's view: choice %q committed %v", v.Choice, v.Seats[0].Committed)
	}
	// A changed mind is refused; the same choice again is a resend.
	if _, err := r.Move(bg, a, 0, engine.LegalTexts(r.state, 0)[0]); err == nil {
		t.Fatal("a second, different choice was accepted")
	}
	if d := mustMove(t, r, a, 0, choice); !d.Duplicate || d.Version != 1 {
		t.Fatalf("resent choice: %+v", d)
	}
	// The commitment survives a restart, still hidden.
	m2 := testManager(t, st)
	r2, _ := m2.Room(bg, r.ID)
	if r2.commits[0] != choice || r2.View(1).Choice != "" || r2.View(0).Choice != choice {
		t.Fatalf("after a restart: commits %v", r2.commits)
	}
	b2 := join(t, r2, c.Tokens[1])
	other := engine.LegalTexts(r2.state, 1)[0]
	if ack := mustMove(t, r2, b2, 1, other); ack.Version != 2 {
		t.Fatalf("resolving ack %+v", ack)
	}
	e := next(t, b2, "event")
	if e.Event.Kind != wire.KindTurn || e.Event.Move != choice+","+other {
		t.Fatalf("resolution %s", e.raw)
	}
	sn, _ := st.LoadRoom(bg, r.ID)
	if len(sn.Commits) != 0 {
		t.Fatalf("commitments left after the turn resolved: %+v", sn.Commits)
	}
	// The first committer's resend after the resolution is acknowledged
	// at its commitment.
	a2 := join(t, r2, c.Tokens[0])
	if d := mustMove(t, r2, a2, 0, choice); !d.Duplicate || d.Version != 1 {
		t.Fatalf("resend after resolution: %+v", d)
	}
}

func TestComputerSeatsPlay(t *testing.T) {
	st := testStore(t)
	m := testManager(t, st)
	r, c := create(t, m, "agsinnoninka", nil, []SeatSpec{{Kind: Person, Name: "Ana"}, {Kind: Computer, Agent: "random"}})
	a := join(t, r, c.Tokens[0])
	for i := 0; i < 5; i++ {
		e := next(t, a, "event") // the computer commits first or after us
		if e.Event.Kind == wire.KindCommit && *e.Event.Seat == 1 {
			r.mu.Lock()
			v := r.version
			mv := engine.LegalTexts(r.state, 0)[0]
			r.mu.Unlock()
			mustMove(t, r, a, v, mv)
			if e := next(t, a, "event"); e.Event.Kind != wire.KindTurn || !slices.Equal(e.Event.By, []int{0}) {
				t.Fatalf("resolution %s", e.raw)
			}
			return
		}
	}
	t.Fatal("the computer did not commit")
}

func TestSeatChangesRevokeTokens(t *testing.T) {
	st := testStore(t)
	m := testManager(t, st)
	r, c := create(t, m, "adji-boto", nil, people(2))
	a := join(t, r, c.Tokens[0])
	// Seat 1 watches from the start: joined after the give-up, it could miss
	// the computer's first turn, which starts as soon as the seat is given.
	b := join(t, r, c.Tokens[1])
	if _, err := r.Join("not-a-token", -1); err == nil {
		t.Fatal("a made-up token got a seat")
	}
	newTok, err := r.Reissue(bg, a)
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := a.Closed(); code != wire.CloseBadToken {
		t.Fatalf("the old connection is not closed: %d", code)
	}
	if _, err := r.Join(c.Tokens[0], -1); err == nil {
		t.Fatal("the old token still holds the seat")
	}
	if _, err := r.Move(bg, a, 0, engine.LegalTexts(r.state, 0)[0]); err == nil {
		t.Fatal("a closed connection moved")
	}
	a2 := join(t, r, newTok)
	if err := r.GiveUp(bg, a2); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Join(newTok, -1); err == nil {
		t.Fatal("the token of a seat given to the computer still works")
	}
	// The computer now plays seat 0 and moves by itself.
	e := next(t, b, "event")
	for e.Event.Kind != wire.KindTurn {
		e = next(t, b, "event")
	}
	if e.Event.Actors[0] != 0 || len(e.Event.By) != 0 {
		t.Fatalf("first turn %s", e.raw)
	}
}

func TestResignAndRematch(t *testing.T) {
	st := testStore(t)
	m := testManager(t, st)
	r, c := create(t, m, "adji-boto", nil, []SeatSpec{{Kind: Person, Name: "Ana"}, {Kind: Person, Name: "Bo"}})
	a, b := join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])
	if _, err := r.Rematch(bg, a); err == nil {
		t.Fatal("rematch before the end")
	}
	if err := r.Resign(bg, a); err != nil {
		t.Fatal(err)
	}
	if r.result != view.Won(1, view.EndResign) || r.status != store.Finished {
		t.Fatalf("after resigning: %q %q", r.status, r.result.Code())
	}
	if _, err := r.Move(bg, b, r.version, "9"); code(err) != CodeOver {
		t.Fatalf("move after the end: %v", err)
	}
	id, err := r.Rematch(bg, b)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := r.Rematch(bg, a); again != id {
		t.Fatalf("second rematch gave %q, want %q", again, id)
	}
	nr, err := m.Room(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	// Seats rotate: Ana's token now holds seat 1.
	s := join(t, nr, c.Tokens[0])
	if s.Seat != 1 || nr.seats[0].Name != "Bo" {
		t.Fatalf("Ana's seat in the rematch: %d; seats %+v", s.Seat, nr.seats)
	}
}

func TestCreateRefusesBadRooms(t *testing.T) {
	m := testManager(t, testStore(t))
	cases := []struct {
		game  string
		opts  []string
		seats []SeatSpec
		want  string
	}{
		{"chess", nil, people(2), "unknown game"},
		{"adji-boto", []string{"seeds=999"}, people(2), "seeds"},
		{"adji-boto", nil, people(3), "2 players"},
		{"adji-boto", nil, []SeatSpec{{Kind: Computer, Agent: "random"}, {Kind: Computer, Agent: "random"}}, "person"},
		{"adji-boto", nil, []SeatSpec{{Kind: Person}, {Kind: Computer, Agent: "mcts:max"}}, "not offered"},
		{"adji-boto", nil, []SeatSpec{{Kind: Person}, {Kind: "robot"}}, "kind"},
		{"adji-boto", nil, []SeatSpec{{Kind: Person, Name: strings.Repeat("x", 41)}, {Kind: Person}}, "name"},
		{"agsinnoninka", []string{"max-steps=100000000"}, people(2), "out of range 1..10000000 on this server"},
		{"agsinnoninka", []string{"max-steps=0"}, people(2), "out of range 1..10000000 on this server"},
	}
	for _, c := range cases {
		_, err := m.Create(bg, c.game, c.opts, c.seats, Clock{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Create(%s %v %v): %v, want an error about %q", c.game, c.opts, c.seats, err, c.want)
		}
	}
}

func TestReconnectGetsTheMissedEvents(t *testing.T) {
	m := testManager(t, testStore(t))
	r, c := create(t, m, "adji-boto", nil, people(2))
	a := join(t, r, c.Tokens[0])
	b := join(t, r, c.Tokens[1])
	mustMove(t, r, a, 0, engine.LegalTexts(r.state, 0)[0])
	mustMove(t, r, b, 1, engine.LegalTexts(r.state, 1)[0])
	s, err := r.Join(c.Tokens[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	w := next(t, s, "welcome")
	if w.View.Version != 2 || len(w.Missed) != 2 || w.Missed[0].Version != 1 || w.Missed[1].Version != 2 {
		t.Fatalf("welcome after version 0: view %d, missed %+v", w.View.Version, w.Missed)
	}
}

func TestSlowViewersAreDroppedNotWaitedFor(t *testing.T) {
	m := testManager(t, fastStore(t))
	r, c := create(t, m, "adji-boto", nil, people(2))
	subs := []*Sub{join(t, r, c.Tokens[0]), join(t, r, c.Tokens[1])}
	slow := join(t, r, "") // a spectator that never reads
	for i := range 2 * outBuffer {
		drain(subs...)
		// Every change is an event for every viewer.
		if err := r.SetName(bg, subs[i%2], fmt.Sprint("name ", i)); err != nil {
			t.Fatal(err)
		}
	}
	if code, _ := slow.Closed(); code != wire.CloseSlow {
		t.Fatalf("the slow viewer: close code %d, want %d", code, wire.CloseSlow)
	}
	if _, ok := r.subs[slow]; ok {
		t.Fatal("the slow viewer is still subscribed")
	}
	for _, s := range subs {
		if !s.live() {
			t.Fatal("a reading viewer was dropped")
		}
	}
}

func TestIdleRoomsExpireAndFinishedRoomsLeaveMemory(t *testing.T) {
	st := testStore(t)
	m := NewManager(Config{Store: st, IdleAfter: time.Hour, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(m.Close)
	idle, c := create(t, m, "adji-boto", nil, people(2))
	s := join(t, idle, c.Tokens[0])
	done, c2 := create(t, m, "adji-boto", nil, people(2))
	if err := done.Resign(bg, join(t, done, c2.Tokens[0])); err != nil {
		t.Fatal(err)
	}
	// Nobody watches the finished room: the next sweep unloads it.
	for sub := range done.subs {
		done.Leave(sub)
	}
	if err := m.Sweep(bg, time.Now()); err != nil {
		t.Fatal(err)
	}
	if m.InMemory() != 1 {
		t.Fatalf("%d rooms in memory after a sweep, want 1 (the open room)", m.InMemory())
	}
	// Two hours later the open room has expired.
	if err := m.Sweep(bg, time.Now().Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if code, _ := s.Closed(); code != wire.CloseRoomGone {
		t.Fatalf("a viewer of the expired room: close %d", code)
	}
	sn, _ := st.LoadRoom(bg, idle.ID)
	if sn.Room.Status != store.Expired || sn.Room.Result != "abandoned" || m.InMemory() != 0 {
		t.Fatalf("after expiry: status %q, %d rooms loaded", sn.Room.Status, m.InMemory())
	}
	// The finished room is still there to be read.
	again, err := m.Room(bg, done.ID)
	if err != nil || again.View(Spectator).Result.Code() != "win:1:resign" {
		t.Fatalf("finished room after unloading: %v", err)
	}
}

func TestAnAbsentSeatGoesToTheComputer(t *testing.T) {
	ft := &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	m := clockManager(t, testStore(t), ft)
	m.cfg.Offered = func(engine.Game, engine.Options) []string { return []string{"random", "greedy"} }
	c, err := m.Create(bg, "adji-boto", nil, people(2), Clock{})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := m.Room(bg, c.ID)
	a := join(t, r, c.Tokens[0])
	b, _ := r.Join(c.Tokens[1], -1)
	if err := r.Replace(bg, a, 1); err == nil {
		t.Fatal("an online seat was replaced")
	}
	r.Leave(b)
	ft.add(time.Minute)
	err = r.Replace(bg, a, 1)
	if err == nil || !strings.Contains(err.Error(), "wait") {
		t.Fatalf("replaced after a minute away: %v", err)
	}
	// The durations are the reader's words, not Go's ("2m0s").
	if e, ok := engine.Coded(err); !ok || !strings.Contains(e.In("de"), "seit weniger als 2 Minuten abwesend; noch 1 Minute warten") ||
		!strings.Contains(e.In("en"), "less than 2 minutes; wait 1 minute more") {
		t.Errorf("the refusal in German %q, in English %q", e.In("de"), err)
	}
	if err := r.Replace(bg, a, 0); err == nil {
		t.Fatal("replaced one's own seat")
	}
	ft.add(2 * time.Minute)
	if err := r.Replace(bg, a, 1); err != nil {
		t.Fatal(err)
	}
	if r.seats[1].Kind != Computer {
		t.Fatalf("seat 1 is %+v", r.seats[1])
	}
	if _, err := r.Join(c.Tokens[1], -1); err == nil {
		t.Fatal("the replaced seat's token still works")
	}
}

// A rematch draws its secret from Config.Secrets like every new room, so
// that a seeded stream makes the rematch's throws reproducible too.
func TestRematchSecretComesFromConfig(t *testing.T) {
	stream := make([]byte, 64)
	for i := range stream {
		stream[i] = byte(i + 1)
	}
	m := testManager(t, testStore(t))
	m.cfg.Secrets = bytes.NewReader(stream)
	r, c := create(t, m, "adji-boto", nil, people(2))
	if !bytes.Equal(r.secret, stream[:32]) {
		t.Fatalf("room secret %x, want the stream's first 32 bytes", r.secret)
	}
	a := join(t, r, c.Tokens[0])
	if err := r.Resign(bg, a); err != nil {
		t.Fatal(err)
	}
	id, err := r.Rematch(bg, a)
	if err != nil {
		t.Fatal(err)
	}
	nr, err := m.Room(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(nr.secret, stream[32:]) {
		t.Fatalf("rematch secret %x, want the stream's next 32 bytes", nr.secret)
	}
	// With the stream used up, a rematch of the rematch is refused with
	// an error, not a secret of zeros.
	if err := nr.Resign(bg, join(t, nr, c.Tokens[0])); err != nil {
		t.Fatal(err)
	}
	if _, err := nr.Rematch(bg, join(t, nr, c.Tokens[1])); err == nil || !strings.Contains(err.Error(), "secret") {
		t.Fatalf("rematch with no secret left: %v", err)
	}
}

// TestViewSaysHowLongASeatIsAway: a page shows the replace button when the
// server would allow it, from the seat's time away and the grace.
func TestViewSaysHowLongASeatIsAway(t *testing.T) {
	ft := &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	m := clockManager(t, testStore(t), ft)
	c, err := m.Create(bg, "adji-boto", nil, people(2), Clock{})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := m.Room(bg, c.ID)
	join(t, r, c.Tokens[0])
	b, _ := r.Join(c.Tokens[1], -1)
	if v := r.View(0); v.Seats[1].Away != 0 || v.AwayGrace != m.cfg.AwayGrace.Milliseconds() || v.AwayGrace == 0 {
		t.Fatalf("online: away %d, grace %d", v.Seats[1].Away, v.AwayGrace)
	}
	r.Leave(b)
	ft.add(75 * time.Second)
	if v := r.View(0); v.Seats[1].Away != 75000 || v.Seats[0].Away != 0 {
		t.Fatalf("after 75 s away: %+v", v.Seats)
	}
}

// TestAGivenUpSeatKeepsItsPersonsName: the record and the archive name
// a seat given to the computer by its person's name, with the computer.
func TestAGivenUpSeatKeepsItsPersonsName(t *testing.T) {
	m := testManager(t, testStore(t))
	m.cfg.Offered = func(engine.Game, engine.Options) []string { return []string{"random"} }
	r, c := create(t, m, "adji-boto", nil, []SeatSpec{{Kind: Person, Name: "Ana"}, {Kind: Person, Name: "Bo"}})
	b := join(t, r, c.Tokens[1])
	if err := r.GiveUp(bg, b); err != nil {
		t.Fatal(err)
	}
	if got := r.Record().Players; len(got) != 2 || got[0] != "Ana" || got[1] != "Bo (random)" {
		t.Fatalf("players %q, want Ana and Bo (random)", got)
	}
}
