package server

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strconv"
	"tabula/internal/wire"
	"testing"
	"time"

	"tabula/internal/roomclient"
	"tabula/internal/rooms"
	"tabula/view"
)

// device plays a room at one device, as the Play page does: it holds the
// token of every person seat and plays them over one WebSocket.
type device struct {
	t       testing.TB
	ts      *httptest.Server
	c       *roomclient.Conn
	id      string
	tokens  []string // by seat; "" for a computer seat
	version int
	raw     json.RawMessage // the state now
	state   view.StateView
	over    bool
	chose   map[int]bool // the seats that have chosen in this turn
}

// step is one event a device received, with its state and trace.
type step struct {
	Event wire.Event
	State view.StateView
	Trace []view.EventView
	Raw   json.RawMessage // the state
}

// playAt creates a room with body (POST /api/rooms) and joins it as a
// device holding every person seat; it returns once a person must act.
func playAt(t testing.TB, ts *httptest.Server, body string) *device {
	t.Helper()
	var r roomJSON
	if code := call(t, ts, "POST", "/api/rooms", body, &r); code != 201 {
		t.Fatalf("POST /api/rooms %s: %d", body, code)
	}
	d := &device{t: t, ts: ts, id: r.ID, chose: map[int]bool{}}
	var first string
	var others []string
	for _, s := range r.Seats {
		d.tokens = append(d.tokens, s.Token)
		switch {
		case s.Token == "":
		case first == "":
			first = s.Token
		default:
			others = append(others, s.Token)
		}
	}
	c, w, err := roomclient.DialHello(context.Background(), ts.URL, r.ID,
		map[string]any{"type": "hello", "token": first, "tokens": others, "last": -1}, nil)
	if err != nil {
		t.Fatalf("joining room %s: %v", r.ID, err)
	}
	t.Cleanup(func() { c.CloseNow() })
	d.c = c
	d.version, d.over = w.View.Version, w.View.Status != "open"
	d.setState(w.View.State)
	for i, s := range w.View.Seats {
		if s.Committed {
			d.chose[i] = true
		}
	}
	d.settle()
	return d
}

func (d *device) setState(raw json.RawMessage) {
	st, err := roomclient.ParseState(raw)
	if err != nil {
		d.t.Fatalf("state %s: %v", raw, err)
	}
	d.raw, d.state = raw, st
}

// waiting reports whether a person seat must act now.
func (d *device) waiting() bool {
	if d.over || d.state.Terminal {
		return true
	}
	return slices.ContainsFunc(d.state.ToMove, func(p int) bool {
		return p >= 0 && d.tokens[p] != "" && !d.chose[p]
	})
}

// next reads one message.
func (d *device) next() roomclient.Msg {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	m, err := d.c.Recv(ctx)
	if err != nil {
		d.t.Fatalf("room %s: %v", d.id, err)
	}
	return m
}

// take applies an event message to what the device knows.
func (d *device) take(m roomclient.Msg) step {
	d.t.Helper()
	var body struct {
		Trace []view.EventView `json:"trace"`
	}
	json.Unmarshal(m.Raw, &body)
	d.version = m.Event.Version
	d.setState(m.State)
	switch m.Event.Kind {
	case wire.KindCommit:
		d.chose[*m.Event.Seat] = true
	case wire.KindTurn, wire.KindUndo:
		clear(d.chose)
	case wire.KindEnd, wire.KindResign:
		d.over = true
	}
	return step{Event: m.Event, State: d.state, Trace: body.Trace, Raw: m.State}
}

// settle reads events until a person must act or the game is over.
func (d *device) settle() []step {
	d.t.Helper()
	var steps []step
	for !d.waiting() {
		if m := d.next(); m.Type == "event" {
			steps = append(steps, d.take(m))
		}
	}
	return steps
}

// answers are the events that answer messages other than moves (a
// computer's events may come before them).
var answers = map[string]wire.EventKind{"undo": wire.KindUndo, "resign": wire.KindResign, "give-up": wire.KindSeat}

// send sends a message for seat (by its token) and reads until its
// answer: the events up to the next person's turn after an ack, or the
// reject.
func (d *device) send(seat int, msg map[string]any) ([]step, *roomclient.Msg) {
	d.t.Helper()
	if seat >= 0 {
		msg["token"] = d.tokens[seat]
	}
	if err := d.c.Send(context.Background(), msg); err != nil {
		d.t.Fatal(err)
	}
	var steps []step
	for {
		m := d.next()
		switch m.Type {
		case "reject":
			return steps, &m
		case "event":
			steps = append(steps, d.take(m))
			if k, ok := answers[msg["type"].(string)]; ok && m.Event.Kind == k {
				return append(steps, d.settle()...), nil
			}
		case "ack":
			if m.Duplicate {
				return steps, nil
			}
			for d.version < m.Version {
				if e := d.next(); e.Type == "event" {
					steps = append(steps, d.take(e))
				}
			}
			return append(steps, d.settle()...), nil
		}
	}
}

// move plays seat's move at the device's version; it fails the test if
// the move is refused.
func (d *device) move(seat int, text string) []step {
	d.t.Helper()
	steps, rej := d.send(seat, map[string]any{"type": "move", "version": d.version, "move": text})
	if rej != nil {
		d.t.Fatalf("move %q of seat %d refused: %s", text, seat, rej.Raw)
	}
	return steps
}

// refused sends a move of seat and returns its rejection (failing the
// test if it is accepted).
func (d *device) refused(seat int, text string) roomclient.Msg {
	d.t.Helper()
	_, rej := d.send(seat, map[string]any{"type": "move", "version": d.version, "move": text})
	if rej == nil {
		d.t.Fatalf("move %q of seat %d accepted", text, seat)
	}
	return *rej
}

// undo takes back the last person's turn. An undo asked while the
// computer made a hidden choice is stale: the device asks again, as the
// Play page does.
func (d *device) undo() []step {
	d.t.Helper()
	var toks []string
	for _, t := range d.tokens {
		if t != "" {
			toks = append(toks, t)
		}
	}
	for range 3 {
		steps, rej := d.send(-1, map[string]any{"type": "undo", "version": d.version, "tokens": toks})
		if rej == nil {
			return steps
		}
		if rej.Code != rooms.CodeStale {
			d.t.Fatalf("undo refused: %s", rej.Raw)
		}
	}
	d.t.Fatal("undo stale three times")
	return nil
}

// push sends seat's move and reads until its events, without waiting for
// the computer's reply.
func (d *device) push(seat int, text string) {
	d.t.Helper()
	if err := d.c.Send(context.Background(), map[string]any{"type": "move", "version": d.version, "move": text, "token": d.tokens[seat]}); err != nil {
		d.t.Fatal(err)
	}
	for {
		if m := d.next(); m.Type == "ack" {
			for d.version < m.Version {
				if e := d.next(); e.Type == "event" {
					d.take(e)
				}
			}
			return
		} else if m.Type == "reject" {
			d.t.Fatalf("move %q refused: %s", text, m.Raw)
		}
	}
}

// done reports whether the game is over.
func (d *device) done() bool { return d.over || d.state.Terminal }

// mover is the first person seat to act now.
func (d *device) mover() int {
	for _, p := range d.state.ToMove {
		if p >= 0 && d.tokens[p] != "" && !d.chose[p] {
			return p
		}
	}
	d.t.Fatalf("no person to move: %s", d.raw)
	return -1
}

// legal is the mover's legal moves.
func (d *device) legal() []string { return d.state.Legal[strconv.Itoa(d.mover())] }

// view is the room as a spectator sees it (GET /api/rooms/{id}).
func (d *device) view() wire.View {
	d.t.Helper()
	var v wire.View
	if code := call(d.t, d.ts, "GET", "/api/rooms/"+d.id, "", &v); code != 200 {
		d.t.Fatalf("GET room %s: %d", d.id, code)
	}
	return v
}
