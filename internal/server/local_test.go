package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"tabula/internal/wire"
	"testing"

	"tabula/internal/roomclient"
	"tabula/internal/rooms"
)

// legalOf is the first legal move of seat p in a state.
func legalOf(t *testing.T, raw []byte, p string) string {
	t.Helper()
	st, err := roomclient.ParseState(raw)
	if err != nil || len(st.Legal[p]) == 0 {
		t.Fatalf("no legal move for %s in %s (%v)", p, raw, err)
	}
	return st.Legal[p][0]
}

func TestLocalRoomHoldsEveryPersonToken(t *testing.T) {
	dir := t.TempDir()
	ts, _, db := newOnlineServerAt(t, filepath.Join(dir, "local.db"))
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	ctx := context.Background()
	for i, s := range r.Seats {
		if s.Token == "" || s.Link != "/#/room/"+r.ID+"/"+s.Token {
			t.Fatalf("seat %d: token %q, link %q", i, s.Token, s.Link)
		}
	}
	// One connection plays both seats: the second seat's move carries its
	// token; a move without a token is the connection's own seat.
	c, w := dial(t, ts, r.ID, r.Seats[0].Token)
	c.Send(ctx, map[string]any{"type": "move", "version": 0, "move": legalOf(t, w.View.State, "0")})
	recv(t, c, "ack")
	ev := recv(t, c, "event")
	c.Send(ctx, map[string]any{"type": "move", "version": 1, "move": legalOf(t, ev.State, "1")})
	if m := recv(t, c, "reject"); m.Code != rooms.CodeNotYours {
		t.Fatalf("seat 0 moving in seat 1's turn: %s", m.Raw)
	}
	c.Send(ctx, map[string]any{"type": "move", "version": 1, "move": legalOf(t, ev.State, "1"), "token": r.Seats[1].Token})
	if m := recv(t, c, "ack"); m.Version != 2 {
		t.Fatalf("seat 1's move by token: %s", m.Raw)
	}
	// A made-up token holds no seat.
	c.Send(ctx, map[string]any{"type": "move", "version": 2, "move": "1", "token": r.Seats[1].Token + "x"})
	if m := recv(t, c, "reject"); m.Code != rooms.CodeBad {
		t.Fatalf("a made-up token: %s", m.Raw)
	}
	// The tokens are stored only as hashes: not in the seats, not in the
	// database's files.
	sn, err := db.LoadRoom(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range sn.Seats {
		h := sha256.Sum256([]byte(r.Seats[i].Token))
		if !bytes.Equal(s.TokenHash, h[:]) {
			t.Errorf("seat %d: stored %x, want the token's SHA-256", i, s.TokenHash)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		for _, s := range r.Seats {
			if bytes.Contains(b, []byte(s.Token)) {
				t.Errorf("%s holds a seat token in clear", f)
			}
		}
	}
}

func TestUndoNeedsEveryPersonSeat(t *testing.T) {
	ts, _, db := newOnlineServer(t)
	ctx := context.Background()
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	c, w := dial(t, ts, r.ID, r.Seats[0].Token)
	c.Send(ctx, map[string]any{"type": "undo", "version": 0, "tokens": []string{r.Seats[0].Token, r.Seats[1].Token}})
	if m := recv(t, c, "reject"); m.Code != rooms.CodeBad {
		t.Fatalf("undo before any move: %s", m.Raw)
	}
	c.Send(ctx, map[string]any{"type": "move", "version": 0, "move": legalOf(t, w.View.State, "0")})
	recv(t, c, "ack")
	recv(t, c, "event")
	// Seat 1 is someone else's: the holder of seat 0 alone cannot undo.
	c.Send(ctx, map[string]any{"type": "undo", "version": 1, "tokens": []string{r.Seats[0].Token}})
	if m := recv(t, c, "reject"); m.Code != rooms.CodeNotYours {
		t.Fatalf("undo without seat 1's token: %s", m.Raw)
	}
	// A stale undo is not repeated.
	c.Send(ctx, map[string]any{"type": "undo", "version": 0, "tokens": []string{r.Seats[0].Token, r.Seats[1].Token}})
	if m := recv(t, c, "reject"); m.Code != rooms.CodeStale {
		t.Fatalf("stale undo: %s", m.Raw)
	}
	var v wire.View
	call(t, ts, "GET", "/api/rooms/"+r.ID, "", &v)
	if len(v.Turns) != 1 {
		t.Fatalf("refused undos changed the room: %d turns", len(v.Turns))
	}
	c.Send(ctx, map[string]any{"type": "undo", "version": 1, "tokens": []string{r.Seats[1].Token, r.Seats[0].Token}})
	if m := recv(t, c, "event"); m.Event.Kind != wire.KindUndo {
		t.Fatalf("undo: %s", m.Raw)
	}
	call(t, ts, "GET", "/api/rooms/"+r.ID, "", &v)
	if len(v.Turns) != 0 || v.Version != 2 {
		t.Fatalf("after the undo: %d turns at version %d", len(v.Turns), v.Version)
	}
	st, _ := roomclient.ParseState(v.State)
	if st.Ply != 0 {
		t.Fatalf("after the undo the state is at ply %d", st.Ply)
	}
	// A restart (a new manager on the same file) finds the room taken back.
	m2 := rooms.NewManager(rooms.Config{Store: db, Agents: rooms.AgentFunc(DefaultAgents), Offered: OfferedAgents})
	defer m2.Close()
	room, err := m2.Room(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	v2 := room.View(rooms.Spectator)
	if st2, _ := roomclient.ParseState(v2.State); v2.Version != 2 || len(v2.Turns) != 0 || st2.Ply != 0 {
		t.Fatalf("after a restart: version %d, %d turns, ply %d", v2.Version, len(v2.Turns), st2.Ply)
	}
}

func TestUndoAgainstTheComputerTakesBackItsReply(t *testing.T) {
	ts, s, _ := newOnlineServer(t)
	ctx := context.Background()
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"random"}]}`)
	if r.Seats[1].Token != "" {
		t.Fatalf("a computer seat got a token")
	}
	c, w := dial(t, ts, r.ID, r.Seats[0].Token)
	c.Send(ctx, map[string]any{"type": "move", "version": 0, "move": legalOf(t, w.View.State, "0")})
	recv(t, c, "ack")
	// Wait until the computer has answered and seat 0 is to move again.
	for {
		m := recv(t, c, "event")
		st, _ := roomclient.ParseState(m.State)
		if st.Terminal || len(st.ToMove) == 1 && st.ToMove[0] == 0 {
			break
		}
	}
	room, err := s.cfg.Rooms.Room(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	before := room.View(0)
	c.Send(ctx, map[string]any{"type": "undo", "version": before.Version, "tokens": []string{r.Seats[0].Token}})
	if m := recv(t, c, "event"); m.Event.Kind != wire.KindUndo {
		t.Fatalf("undo: %s", m.Raw)
	}
	after := room.View(0)
	if len(before.Turns) < 2 || len(after.Turns) != 0 {
		t.Fatalf("undo took %d turns back to %d, want 0", len(before.Turns), len(after.Turns))
	}
}

func TestRoomFromARecordGoesOn(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	rec := `{"game":"adji-boto","options":[],"moves":["5","1"],"players":["human","random"]}`
	r := newRoom(t, ts, `{"record":`+rec+`}`)
	if r.Seats[0].Token == "" || r.Seats[1].Token != "" {
		t.Fatalf("seats from the record's players: %+v", r.Seats)
	}
	var v wire.View
	call(t, ts, "GET", "/api/rooms/"+r.ID, "", &v)
	if len(v.Turns) != 2 || v.Turns[1].Move != "1" || v.Seats[1].Agent != "random" {
		t.Fatalf("room from a record: %+v", v)
	}
	var sv statesView
	call(t, ts, "GET", "/api/rooms/"+r.ID+"/states?from=1&count=2", "", &sv)
	if len(sv.States) != 2 || len(sv.Turns) != 2 || len(sv.Traces[0]) == 0 {
		t.Fatalf("states of the room: %d states, %d turns, trace %v", len(sv.States), len(sv.Turns), sv.Traces)
	}
	for _, bad := range []string{
		`{"record":{"game":"adji-boto","options":[],"moves":["1","x"]}}`,
		`{"record":{"game":"nope","options":[],"moves":[]}}`,
		`{"record":` + rec + `,"game":"adji-boto"}`,
	} {
		if code := call(t, ts, "POST", "/api/rooms", bad, nil); code/100 != 4 {
			t.Errorf("%s: %d, want a 4xx", bad, code)
		}
	}
}

// In a game of three at one device, resigning a seat gives it to the
// computer, by that seat's token over the device's one connection.
func TestGiveUpAnotherLocalSeatByToken(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	ctx := context.Background()
	r := newRoom(t, ts, `{"game":"tamman","options":{"players":3},"seats":[{"kind":"person"},{"kind":"person"},{"kind":"person"}]}`)
	c, _ := dial(t, ts, r.ID, r.Seats[0].Token)
	c.Send(ctx, map[string]any{"type": "resign", "token": r.Seats[2].Token})
	if m := recv(t, c, "reject"); m.Code != rooms.CodeBad {
		t.Fatalf("resigning a game of three: %s", m.Raw)
	}
	c.Send(ctx, map[string]any{"type": "give-up", "token": r.Seats[2].Token})
	m := recv(t, c, "event")
	for m.Event.Kind != wire.KindSeat {
		m = recv(t, c, "event")
	}
	if *m.Event.Seat != 2 {
		t.Fatalf("give-up by seat 2's token changed seat %d", *m.Event.Seat)
	}
	if _, _, err := roomclient.Dial(ctx, ts.URL, r.ID, r.Seats[2].Token, -1, nil); roomclient.CloseStatus(err) != wire.CloseBadToken {
		t.Fatalf("seat 2's old token: %v", err)
	}
	// The device's connection (seat 0) goes on.
	c.Send(ctx, map[string]any{"type": "ping"})
	recv(t, c, "pong")
}

// An undo in the middle of a simultaneous turn drops the hidden choice
// made in it, in storage too: after a restart nobody has chosen.
func TestUndoDropsAHiddenChoice(t *testing.T) {
	ts, _, db := newOnlineServer(t)
	ctx := context.Background()
	r := newRoom(t, ts, `{"game":"agsinnoninka","options":{"match":false},"seats":[{"kind":"person"},{"kind":"person"}]}`)
	c, w := dial(t, ts, r.ID, r.Seats[0].Token)
	toks := []string{r.Seats[0].Token, r.Seats[1].Token}
	state := w.View.State
	version := 0
	for seat, tok := range toks {
		c.Send(ctx, map[string]any{"type": "move", "version": version, "move": legalOf(t, state, strconv.Itoa(seat)), "token": tok})
		recv(t, c, "ack")
		ev := recv(t, c, "event")
		version, state = ev.Event.Version, ev.State
	}
	// Seat 0 chooses in the second turn; the device takes back.
	c.Send(ctx, map[string]any{"type": "move", "version": version, "move": legalOf(t, state, "0"), "token": toks[0]})
	recv(t, c, "ack")
	if ev := recv(t, c, "event"); ev.Event.Kind != wire.KindCommit {
		t.Fatalf("seat 0's second choice: %s", ev.Raw)
	}
	c.Send(ctx, map[string]any{"type": "undo", "version": version + 1, "tokens": toks})
	if m := recv(t, c, "event"); m.Event.Kind != wire.KindUndo {
		t.Fatalf("undo: %s", m.Raw)
	}
	sn, err := db.LoadRoom(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(sn.Commits) != 0 {
		t.Fatalf("%d hidden choices stored after the undo", len(sn.Commits))
	}
	m2 := rooms.NewManager(rooms.Config{Store: db, Agents: rooms.AgentFunc(DefaultAgents), Offered: OfferedAgents})
	defer m2.Close()
	room, err := m2.Room(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	v := room.View(0)
	if len(v.Turns) != 0 || v.Choice != "" || v.Seats[0].Committed || v.Seats[1].Committed {
		t.Fatalf("after the undo and a restart: %d turns, choice %q, committed %v %v", len(v.Turns), v.Choice, v.Seats[0].Committed, v.Seats[1].Committed)
	}
}

// presence reads presence messages until one shows want.
func presence(t *testing.T, c *roomclient.Conn, want string) {
	t.Helper()
	for {
		m := recv(t, c, "presence")
		if fmt.Sprint(m.Online) == want {
			return
		}
	}
}

// A device that plays several seats over one connection shows every one
// of them online: those it names in its hello, and those it plays by
// token; when it goes, they are all away.
func TestEverySeatOfADeviceIsOnline(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	ctx := context.Background()
	r := newRoom(t, ts, `{"game":"tamman","options":{"players":3},"seats":[{"kind":"person"},{"kind":"person"},{"kind":"person"}]}`)
	spec, _ := dial(t, ts, r.ID, "")
	dev, _, err := roomclient.DialHello(ctx, ts.URL, r.ID, map[string]any{"type": "hello", "token": r.Seats[0].Token,
		"tokens": []string{r.Seats[1].Token, "not-a-token"}, "last": -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	presence(t, spec, "[true true false]")
	var v wire.View
	call(t, ts, "GET", "/api/rooms/"+r.ID, "", &v)
	if !v.Seats[0].Online || !v.Seats[1].Online || v.Seats[2].Online {
		t.Fatalf("the room's view: %+v", v.Seats)
	}
	// Seat 2 played by its token from the same connection: online too.
	dev.Send(ctx, map[string]any{"type": "give-up", "token": r.Seats[2].Token + "x"})
	recv(t, dev, "reject")
	dev.Send(ctx, map[string]any{"type": "resign", "token": r.Seats[2].Token})
	presence(t, spec, "[true true true]")
	dev.Close()
	presence(t, spec, "[false false false]")
}
