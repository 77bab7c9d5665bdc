package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// clientMsg is a message from a browser over the WebSocket of a room
// (docs/api.md, "Live play").
type clientMsg struct {
	Type string `json:"type"`
	// hello
	Token string `json:"token,omitempty"`
	Last  *int   `json:"last,omitempty"`
	// move
	Version *int   `json:"version,omitempty"`
	Move    string `json:"move,omitempty"`
	// name
	Name *string `json:"name,omitempty"`
	// replace: the seat of an absent person to give to the computer (the
	// sender's own seat always comes from its token)
	Seat *int `json:"seat,omitempty"`
}

// maxFrame is the largest message a client may send; longer frames close
// the connection with 1009.
const maxFrame = 4 << 10

// decodeClientMsg reads one client message strictly: one JSON object, no
// unknown fields, a known type with the fields it needs.
func decodeClientMsg(data []byte) (clientMsg, error) {
	var m clientMsg
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("malformed message: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return m, fmt.Errorf("malformed message: more than one JSON value")
	}
	// Each field belongs to one type: a move naming a seat is refused,
	// not read (the seat comes from the token).
	for _, f := range []struct {
		set  bool
		name string
		typ  string
	}{
		{m.Token != "" || m.Last != nil, "token and last", "hello"},
		{m.Version != nil || m.Move != "", "version and move", "move"},
		{m.Name != nil, "name", "name"},
		{m.Seat != nil, "seat", "replace"},
	} {
		if f.set && m.Type != f.typ {
			return m, fmt.Errorf("a %q message has no %s (only %q has)", m.Type, f.name, f.typ)
		}
	}
	need := func(ok bool, what string) error {
		if !ok {
			return fmt.Errorf("a %q message needs %s", m.Type, what)
		}
		return nil
	}
	switch m.Type {
	case "hello":
		if len(m.Token) > 64 {
			return m, fmt.Errorf("the token is too long")
		}
		return m, need(m.Last != nil, `"last" (the last version seen, -1 for none)`)
	case "move":
		if err := need(m.Version != nil, `"version" (the room's version the move was chosen at)`); err != nil {
			return m, err
		}
		return m, need(m.Move != "", `"move" (the move's text)`)
	case "name":
		return m, need(m.Name != nil, `"name"`)
	case "replace":
		return m, need(m.Seat != nil, `"seat" (the absent person's seat)`)
	case "resign", "give-up", "new-link", "rematch", "draw", "decline", "ping":
		return m, nil
	case "":
		return m, fmt.Errorf(`malformed message: no "type"`)
	}
	return m, fmt.Errorf("unknown message type %q", m.Type)
}
