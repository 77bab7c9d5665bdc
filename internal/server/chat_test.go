package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestChatOverTheRoomsWebSocket: a player's quick message reaches the
// other player with its words, and a spectator's line reaches another
// spectator, over the room's WebSocket; a line too long is refused, in
// the page's language.
func TestChatOverTheRoomsWebSocket(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	open := func(tok string) *websocket.Conn {
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/rooms/"+r.ID+"/ws?lang=de", nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ws.CloseNow() })
		ws.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","token":"`+tok+`","last":-1}`))
		return ws
	}
	// next reads until a message of type typ.
	next := func(ws *websocket.Conn, typ string) map[string]json.RawMessage {
		for {
			_, data, err := ws.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]json.RawMessage
			json.Unmarshal(data, &m)
			if string(m["type"]) == `"`+typ+`"` {
				return m
			}
		}
	}
	a, b := open(token(r.Seats[0].Link)), open(token(r.Seats[1].Link))
	s1, s2 := open(""), open("")
	for _, ws := range []*websocket.Conn{a, b, s1, s2} {
		next(ws, "welcome")
	}
	a.Write(ctx, websocket.MessageText, []byte(`{"type":"chat","quick":"well-played"}`))
	if m := next(b, "chat"); !strings.Contains(string(m["lines"]), `"de":"Gut gespielt"`) || !strings.Contains(string(m["lines"]), `"channel":"players"`) {
		t.Errorf("Ben got %s", m["lines"])
	}
	s1.Write(ctx, websocket.MessageText, []byte(`{"type":"chat","text":"`+strings.Repeat("x", 201)+`"}`))
	if m := next(s1, "reject"); !strings.Contains(string(m["error"]), "höchstens 200 Zeichen") {
		t.Errorf("a long line refused as %s", m["error"])
	}
	s1.Write(ctx, websocket.MessageText, []byte(`{"type":"chat","text":"nice"}`))
	if m := next(s2, "chat"); !strings.Contains(string(m["lines"]), `"text":"nice"`) || !strings.Contains(string(m["lines"]), `"seat":-1`) {
		t.Errorf("the other spectator got %s", m["lines"])
	}
}
