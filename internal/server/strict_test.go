package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// One rule for names and one strict decoder, over HTTP as over a room's
// WebSocket: a zero-width space or a byte-order mark in a name is refused
// by both, a key spelled in another case or given twice is refused by
// both, and a name written in full-width letters is kept in its NFKC form.
func TestOneRuleForNamesAndKeysOverHTTPAndWebSocket(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	for body, want := range map[string]string{
		`{"game":"adji-boto","seats":[{"kind":"person","name":"ad\u200bmin\ufeff"},{"kind":"person"}]}`: "U+200B",
		`{"game":"adji-boto","seats":[{"kind":"person","name":"x\ud800"},{"kind":"person"}]}`:           "server.json_surrogate",
		`{"Game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`:                            "server.json_case",
		`{"game":"adji-boto","game":"tamman","seats":[{"kind":"person"},{"kind":"person"}]}`:            "server.json_twice",
	} {
		var e errorBody
		if code := call(t, ts, "POST", "/api/rooms", body, &e); code != http.StatusBadRequest || !strings.Contains(e.Code+" "+e.Error, want) {
			t.Errorf("POST %s: %d %+v, want 400 saying %s", body, code, e, want)
		}
	}
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person","name":"Ｚｏë"},{"kind":"person"}]}`)
	c, w := dial(t, ts, r.ID, token(r.Seats[0].Link))
	if !strings.Contains(string(w.Raw), `"Zoë"`) {
		t.Errorf("a full-width name was not kept as NFKC Zoë: %s", w.Raw)
	}
	ctx := context.Background()
	for raw, want := range map[string]string{
		`{"type":"name","name":"ad\u200bmin\ufeff"}`:        "U+200B",
		`{"type":"name","name":"\u202eevil"}`:               "U+202E",
		`{"type":"name","name":"ad\udc00min"}`:              "surrogate",
		`{"type":"name","Name":"admin"}`:                    "spelled",
		`{"type":"move","version":0,"move":"9","move":"8"}`: "twice",
	} {
		c.SendRaw(ctx, []byte(raw))
		m := recv(t, c, "reject")
		if !strings.Contains(m.Error, want) {
			t.Errorf("%s: %s, want a reject saying %s", raw, m.Raw, want)
		}
	}
	c.SendRaw(ctx, []byte(`{"type":"name","name":" Ｂｅｎ "}`))
	rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for {
		m, err := c.Recv(rctx)
		if err != nil {
			t.Fatalf("no seat event naming Ben: %v", err)
		}
		if m.Type == "reject" {
			t.Fatalf("a full-width name refused: %s", m.Raw)
		}
		if strings.Contains(string(m.Raw), `"Ben"`) {
			break
		}
	}
}
