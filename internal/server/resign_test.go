package server

import (
	"testing"

	"tabula/internal/rooms"
	"tabula/internal/wire"
	"tabula/view"
)

// A person resigns at one device: the game is over, the other side wins,
// the room's view and record say who resigned, and the room takes no more
// moves, take-backs or resignations.
func TestResign(t *testing.T) {
	ts := newTestServer(t)
	d := playAt(t, ts, adjiVsRandom)
	spec, _ := dial(t, ts, d.id, "")
	spec.Send(t.Context(), map[string]any{"type": "resign"})
	if m := recv(t, spec, "reject"); m.Code != rooms.CodeSpectator {
		t.Errorf("a spectator resigning: %s", m.Raw)
	}
	legal := d.legal()[0]
	d.send(0, map[string]any{"type": "resign"})
	for d.take(d.next()).Event.Kind != wire.KindEnd { // the resignation, then the end
	}
	v := d.view()
	if !d.over || v.Status == "open" || v.Result == nil || *v.Result != view.Won(1, view.EndResign) || v.Resigned == nil || *v.Resigned != 0 {
		t.Fatalf("after resigning: status %q, result %+v, resigned %v", v.Status, v.Result, v.Resigned)
	}
	for what, msg := range map[string]map[string]any{
		"a move":   {"type": "move", "version": d.version, "move": legal},
		"an undo":  {"type": "undo", "version": d.version, "tokens": []string{d.tokens[0]}},
		"a resign": {"type": "resign"},
	} {
		_, rej := d.send(-1, msg)
		if rej == nil || rej.Code != rooms.CodeOver {
			t.Errorf("%s after resigning: %v", what, rej)
		}
	}
	var rec rooms.Record
	call(t, ts, "GET", "/api/rooms/"+d.id+"/record", "", &rec)
	if rec.Result == nil || *rec.Result != view.Won(1, view.EndResign) || rec.Resigned == nil || *rec.Resigned != 0 || rec.Secret == "" {
		t.Errorf("record: result %+v, resigned %v, secret %q", rec.Result, rec.Resigned, rec.Secret)
	}
}
