package server

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"strings"

	"tabula/engine"
)

// clientMsg is a message from a browser over the WebSocket of a room
// (docs/api.md, "Live play").
type clientMsg struct {
	Type string `json:"type"`
	// hello: the connection's seat (none for a spectator); move, resign,
	// give-up: another seat played at the same device, which the message
	// acts for (the seat comes from the token).
	Token string `json:"token,omitempty"`
	// hello
	Last *int `json:"last,omitempty"`
	// undo: the tokens of every person seat of the room; hello: the
	// tokens of the other seats played at the same device (they are
	// online while the connection lasts)
	Tokens []string `json:"tokens,omitempty"`
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

// maxSeats is the most seats a room has.
const maxSeats = 8

// decodeClientMsg reads one client message strictly: one JSON object, no
// unknown fields, a known type with the fields it needs.
func decodeClientMsg(data []byte) (clientMsg, error) {
	var m clientMsg
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, engine.NewError("server.ws_malformed", "err", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return m, engine.NewError("server.ws_more")
	}
	// Each field belongs to one type: a move naming a seat is refused,
	// not read (the seat comes from the token).
	for _, f := range []struct {
		set   bool
		name  string
		types []string
	}{
		{m.Last != nil, "last", []string{"hello"}},
		{m.Token != "", "token", []string{"hello", "move", "resign", "give-up"}},
		{m.Move != "", "move", []string{"move"}},
		{m.Version != nil, "version", []string{"move", "undo"}},
		{m.Tokens != nil, "tokens", []string{"hello", "undo"}},
		{m.Name != nil, "name", []string{"name"}},
		{m.Seat != nil, "seat", []string{"replace"}},
	} {
		if f.set && !slices.Contains(f.types, m.Type) {
			return m, engine.NewError("server.ws_field", "type", strconv.Quote(m.Type), "field", f.name, "types", strings.Join(f.types, ", "))
		}
	}
	if len(m.Token) > 64 {
		return m, engine.NewError("server.ws_token_long")
	}
	if len(m.Tokens) > maxSeats {
		return m, engine.NewError("server.ws_tokens", "max", maxSeats)
	}
	for _, t := range m.Tokens {
		if len(t) > 64 {
			return m, engine.NewError("server.ws_a_token_long")
		}
	}
	need := func(ok bool, what string) error {
		if !ok {
			return engine.NewError("server.ws_needs", "type", strconv.Quote(m.Type), "what", engine.NewError(what))
		}
		return nil
	}
	switch m.Type {
	case "hello":
		return m, need(m.Last != nil, "server.ws_need_last")
	case "move":
		if err := need(m.Version != nil, "server.ws_need_version"); err != nil {
			return m, err
		}
		return m, need(m.Move != "", "server.ws_need_move")
	case "name":
		return m, need(m.Name != nil, "server.ws_need_name")
	case "replace":
		return m, need(m.Seat != nil, "server.ws_need_seat")
	case "undo":
		if err := need(m.Version != nil, "server.ws_need_undo_version"); err != nil {
			return m, err
		}
		if len(m.Tokens) == 0 {
			return m, engine.NewError("server.ws_undo_tokens", "max", maxSeats)
		}
		return m, nil
	case "resign", "give-up", "new-link", "rematch", "draw", "decline", "ping":
		return m, nil
	case "":
		return m, engine.NewError("server.ws_no_type")
	}
	return m, engine.NewError("server.ws_type", "type", strconv.Quote(m.Type))
}
