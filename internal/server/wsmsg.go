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
	case "resign", "give-up", "new-link", "rematch", "draw", "decline", "ping":
		return m, nil
	case "":
		return m, fmt.Errorf(`malformed message: no "type"`)
	}
	return m, fmt.Errorf("unknown message type %q", m.Type)
}
