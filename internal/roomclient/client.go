// Package roomclient is a Go client of the live protocol of online rooms
// (docs/api.md): the load generator and the tests use it to play as bots.
package roomclient

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"

	"tabula/internal/wire"
	"tabula/view"
)

// Msg is a message of the server, decoded, with its bytes.
type Msg struct {
	wire.ServerMsg
	Raw []byte
	// At is when its frame was read, before decoding: a round trip timed
	// from it leaves out the client's own queueing.
	At time.Time
}

// Conn is one live connection to a room.
type Conn struct {
	ws *websocket.Conn
}

// Dial connects to room at base ("http://127.0.0.1:8080"), says hello
// with token (empty for a spectator) and last (-1 for none), and returns
// the connection and the welcome message.
func Dial(ctx context.Context, base, room, token string, last int, header http.Header) (*Conn, Msg, error) {
	return DialHello(ctx, base, room, wire.Hello(token, nil, last), header)
}

// DialHello is Dial with the hello message given (a device that plays
// several seats names their tokens in it).
func DialHello(ctx context.Context, base, room string, hello any, header http.Header) (*Conn, Msg, error) {
	return DialWith(ctx, nil, base, room, hello, header)
}

// DialWith is DialHello through client (nil: the default client), which
// may dial from an address of its own.
func DialWith(ctx context.Context, client *http.Client, base, room string, hello any, header http.Header) (*Conn, Msg, error) {
	u := "ws" + strings.TrimPrefix(base, "http") + "/api/rooms/" + room + "/ws"
	ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: header, HTTPClient: client})
	if err != nil {
		return nil, Msg{}, err
	}
	ws.SetReadLimit(1 << 20)
	c := &Conn{ws: ws}
	if err := c.Send(ctx, hello); err != nil {
		ws.CloseNow()
		return nil, Msg{}, err
	}
	m, err := c.Recv(ctx)
	if err != nil {
		ws.CloseNow()
		return nil, Msg{}, err
	}
	if m.Type != wire.TypeWelcome {
		ws.CloseNow()
		return nil, m, fmt.Errorf("roomclient: first message %q, want welcome", m.Type)
	}
	return c, m, nil
}

// Send writes one JSON message.
func (c *Conn) Send(ctx context.Context, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.SendRaw(ctx, b)
}

// SendRaw writes one text frame as it is.
func (c *Conn) SendRaw(ctx context.Context, b []byte) error {
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// Recv reads one message. A closed connection gives an error whose
// CloseStatus tells the code.
func (c *Conn) Recv(ctx context.Context) (Msg, error) {
	_, b, err := c.ws.Read(ctx)
	if err != nil {
		return Msg{}, err
	}
	at := time.Now()
	m, err := wire.DecodeServer(b)
	if err != nil {
		return Msg{}, fmt.Errorf("roomclient: %w: %s", err, b)
	}
	return Msg{m, b, at}, nil
}

// Close closes the connection normally.
func (c *Conn) Close() error { return c.ws.Close(websocket.StatusNormalClosure, "") }

// CloseNow drops the connection without a closing handshake.
func (c *Conn) CloseNow() error { return c.ws.CloseNow() }

// CloseStatus is the close code in err (-1 if none).
func CloseStatus(err error) int { return int(websocket.CloseStatus(err)) }

// ParseState reads a state's JSON.
func ParseState(raw json.RawMessage) (view.StateView, error) {
	var s view.StateView
	err := json.Unmarshal(raw, &s)
	return s, err
}
