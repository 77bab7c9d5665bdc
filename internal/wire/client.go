package wire

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"tabula/engine"
)

// Types of the messages a client sends.
const (
	TypeHello   = "hello"
	TypeMove    = "move"
	TypeUndo    = "undo"
	TypeName    = "name"
	TypeResign  = "resign"
	TypeGiveUp  = "give-up"
	TypeNewLink = "new-link"
	TypeReplace = "replace"
	TypeDraw    = "draw"
	TypeDecline = "decline"
	TypeRematch = "rematch"
	TypePing    = "ping"
	TypeChat    = "chat"
	TypeMute    = "mute"
	TypeUnmute  = "unmute"
)

// ClientMsg is a message from a client over the WebSocket of a room.
type ClientMsg struct {
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
	// sender's own seat always comes from its token); mute, unmute: the
	// seat whose chat the sender no longer (again) reads
	Seat *int `json:"seat,omitempty"`
	// chat: a quick message's code (QuickChat) or a free text
	Quick string `json:"quick,omitempty"`
	Text  string `json:"text,omitempty"`
}

// QuickChat lists the codes of the quick messages of the chat; their words
// are the catalogue's chat_CODE.
var QuickChat = []string{"hello", "good-game", "well-played", "thanks"}

// MaxChatText bounds a chat line's free text, in bytes (the rooms package
// bounds it in characters too).
const MaxChatText = 1000

// ClientFields lists, for each field of ClientMsg, the message types that
// carry it; a field sent with another type is refused. The types with no
// field but "type" are in ClientTypes only.
var ClientFields = []struct {
	Name  string
	Types []string
}{
	{"last", []string{TypeHello}},
	{"token", []string{TypeHello, TypeMove, TypeResign, TypeGiveUp}},
	{"move", []string{TypeMove}},
	{"version", []string{TypeMove, TypeUndo}},
	{"tokens", []string{TypeHello, TypeUndo}},
	{"name", []string{TypeName}},
	{"seat", []string{TypeReplace, TypeMute, TypeUnmute}},
	{"quick", []string{TypeChat}},
	{"text", []string{TypeChat}},
}

// ClientTypes lists every type of client message.
var ClientTypes = []string{TypeHello, TypeMove, TypeUndo, TypeName, TypeResign, TypeGiveUp,
	TypeNewLink, TypeReplace, TypeDraw, TypeDecline, TypeRematch, TypePing, TypeChat, TypeMute, TypeUnmute}

// set reports whether m carries the field named name.
func (m *ClientMsg) set(name string) bool {
	switch name {
	case "last":
		return m.Last != nil
	case "token":
		return m.Token != ""
	case "move":
		return m.Move != ""
	case "version":
		return m.Version != nil
	case "tokens":
		return m.Tokens != nil
	case "name":
		return m.Name != nil
	case "seat":
		return m.Seat != nil
	case "quick":
		return m.Quick != ""
	case "text":
		return m.Text != ""
	}
	return false
}

// DecodeClient reads one client message strictly (DecodeStrict, as an
// HTTP body is read): one JSON object, no unknown fields, a known type with the fields it needs and no other. A
// refusal is a coded engine error (its words are in messages/server.go).
func DecodeClient(data []byte) (ClientMsg, error) {
	var m ClientMsg
	if err := DecodeStrict(data, &m); err != nil {
		return m, err
	}
	// Each field belongs to its types: a move naming a seat is refused,
	// not read (the seat comes from the token).
	for _, f := range ClientFields {
		if m.set(f.Name) && !slices.Contains(f.Types, m.Type) {
			return m, engine.NewError("server.ws_field", "type", strconv.Quote(m.Type), "field", f.Name, "types", strings.Join(f.Types, ", "))
		}
	}
	if len(m.Token) > MaxToken {
		return m, engine.NewError("server.ws_token_long")
	}
	if len(m.Tokens) > MaxSeats {
		return m, engine.NewError("server.ws_tokens", "max", MaxSeats)
	}
	for _, t := range m.Tokens {
		if len(t) > MaxToken {
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
	case TypeHello:
		return m, need(m.Last != nil, "server.ws_need_last")
	case TypeMove:
		if err := need(m.Version != nil, "server.ws_need_version"); err != nil {
			return m, err
		}
		return m, need(m.Move != "", "server.ws_need_move")
	case TypeName:
		return m, need(m.Name != nil, "server.ws_need_name")
	case TypeReplace, TypeMute, TypeUnmute:
		return m, need(m.Seat != nil, "server.ws_need_seat")
	case TypeChat:
		if len(m.Text) > MaxChatText {
			return m, engine.NewError("server.ws_chat_long", "max", MaxChatText)
		}
		if (m.Quick == "") == (m.Text == "") {
			return m, engine.NewError("server.ws_chat_one")
		}
		if m.Quick != "" && !slices.Contains(QuickChat, m.Quick) {
			return m, engine.NewError("server.ws_chat_quick", "quick", strconv.Quote(m.Quick), "known", strings.Join(QuickChat, ", "))
		}
		return m, nil
	case TypeUndo:
		if err := need(m.Version != nil, "server.ws_need_undo_version"); err != nil {
			return m, err
		}
		if len(m.Tokens) == 0 {
			return m, engine.NewError("server.ws_undo_tokens", "max", MaxSeats)
		}
		return m, nil
	case TypeResign, TypeGiveUp, TypeNewLink, TypeRematch, TypeDraw, TypeDecline, TypePing:
		return m, nil
	case "":
		return m, engine.NewError("server.ws_no_type")
	}
	return m, engine.NewError("server.ws_type", "type", strconv.Quote(m.Type))
}

// Hello is the first message of a connection: the seat's token (empty for
// a spectator), the tokens of other seats played at the same device and
// the last version seen (-1 for none).
func Hello(token string, tokens []string, last int) ClientMsg {
	return ClientMsg{Type: TypeHello, Token: token, Tokens: tokens, Last: &last}
}

// Move plays move, chosen at version, for the connection's seat (token
// empty) or the seat of token.
func Move(version int, move, token string) ClientMsg {
	return ClientMsg{Type: TypeMove, Version: &version, Move: move, Token: token}
}

// Encode is the message's JSON.
func (m ClientMsg) Encode() []byte { return mustJSON(m) }

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only the package's own message types are encoded
	}
	return b
}
