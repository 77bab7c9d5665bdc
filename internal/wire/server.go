package wire

import (
	"encoding/json"

	"tabula/engine"
	"tabula/view"
)

// Types of the messages the server sends.
const (
	TypeWelcome  = "welcome"
	TypeEvent    = "event"
	TypeAck      = "ack"
	TypeReject   = "reject"
	TypePresence = "presence"
	TypeToken    = "token"
	TypeNote     = "note"
	TypePong     = "pong"
	// TypeChat (client.go) is also the type of the lines of chat the
	// server sends.
)

// Codes of a reject: for programs; its error is for people.
const (
	CodeStale      = "stale"   // the move was made at an older turn (the reject has the view)
	CodeIllegal    = "illegal" // not a legal move, or a second choice
	CodeNotYours   = "not-your-turn"
	CodeSpectator  = "spectator" // a spectator cannot act
	CodeOver       = "game-over"
	CodeBad        = "bad-request"
	CodeBadMessage = "bad-message" // not a valid message; the connection stays open
)

// RejectCodes lists every code of a reject.
var RejectCodes = []string{CodeStale, CodeIllegal, CodeNotYours, CodeSpectator, CodeOver, CodeBad, CodeBadMessage}

// ServerTypes lists every type of server message.
var ServerTypes = []string{TypeWelcome, TypeEvent, TypeAck, TypeReject, TypePresence, TypeToken, TypeNote, TypePong, TypeChat}

// Chat channels: the players' and the spectators'.
const (
	ChannelPlayers    = "players"
	ChannelSpectators = "spectators"
)

// ChatLine is a line of a room's chat as a reader gets it.
type ChatLine struct {
	N       int    `json:"n"`
	Channel string `json:"channel"`
	// Seat is the seat that said it, or -1 for a spectator; Name its
	// name then.
	Seat int    `json:"seat"`
	Name string `json:"name,omitempty"`
	// Quick is a quick message's code and Words its words in every
	// language; Text a free text.
	Quick string      `json:"quick,omitempty"`
	Words engine.Text `json:"words,omitempty"`
	Text  string      `json:"text,omitempty"`
	At    int64       `json:"at"` // Unix ms
}

type chatMsg struct {
	Type  string     `json:"type"`
	Lines []ChatLine `json:"lines"`
}

// Chat gives lines of the room's chat: those a new connection may read,
// or one just said.
func Chat(lines []ChatLine) []byte {
	if lines == nil {
		lines = []ChatLine{}
	}
	return mustJSON(chatMsg{Type: TypeChat, Lines: lines})
}

// Status is where a room is in its life.
type Status string

// The statuses of a room.
const (
	StatusOpen     Status = "open"     // the game goes on
	StatusFinished Status = "finished" // the game is over
	StatusExpired  Status = "expired"  // the room lapsed unfinished
)

// SeatKind says who plays a seat.
type SeatKind string

// The kinds of seat.
const (
	SeatPerson   SeatKind = "person"
	SeatComputer SeatKind = "computer"
)

// View is what one viewer (a seat, or a spectator) may see of a room.
type View struct {
	Room    string          `json:"room"`
	Game    string          `json:"game"`
	Options []string        `json:"options"`
	Board   any             `json:"board"` // the board's geometry, from the game
	Version int             `json:"version"`
	Seat    int             `json:"seat"`
	Seats   []SeatView      `json:"seats"`
	Turns   []TurnView      `json:"turns"`
	State   json.RawMessage `json:"state"`
	Status  Status          `json:"status"`
	// Result is how the game ended, once it is over (view.Result), and
	// ResultText its words in every language, the players named as the
	// seats are.
	Result     *view.Result `json:"result,omitempty"`
	ResultText engine.Text  `json:"resultText,omitempty"`
	// Choice is the viewer's own hidden choice of the current turn.
	Choice string `json:"choice,omitempty"`
	// Secret is the room's chance seed, once the game is over.
	Secret string `json:"secret,omitempty"`
	Next   string `json:"next,omitempty"`
	// Clock is "initial+increment" in milliseconds, Clocks each seat's
	// time left now and Running the seats whose clocks run.
	Clock   string  `json:"clock,omitempty"`
	Clocks  []int64 `json:"clocks,omitempty"`
	Running []int   `json:"running,omitempty"`
	// Offer is the seat that offers a draw, or -1.
	Offer int `json:"offer"`
	// Resigned is the seat that resigned, if one did.
	Resigned *int `json:"resigned,omitempty"`
	// AwayGrace is how long, in ms, a person must be away before another
	// may give the seat to the computer ("replace").
	AwayGrace int64 `json:"awayGrace"`
}

// SeatView is one seat as everyone sees it: never its token.
type SeatView struct {
	Kind      SeatKind `json:"kind"`
	Agent     string   `json:"agent,omitempty"`
	Name      string   `json:"name"`
	Online    bool     `json:"online"`
	Committed bool     `json:"committed"`
	// Away is how long a person seat has had no connection, in ms: the
	// others may give it to the computer once it reaches the room's
	// AwayGrace.
	Away int64 `json:"away,omitempty"`
	// Player is the identity (docs/api.md, "Lobby") holding a person's
	// seat in a room the lobby made, and Rating its rating in the game
	// when the room was made.
	Player string `json:"player,omitempty"`
	Rating int    `json:"rating,omitempty"`
}

// TurnView is one applied turn.
type TurnView struct {
	Version int    `json:"version"`
	Actors  []int  `json:"actors"`
	Move    string `json:"move"`
}

// EventKind names what an Event of a room's log records.
type EventKind string

// Event kinds of a room's log.
const (
	KindTurn    EventKind = "turn"          // a turn applied: a move, a joint move or a throw
	KindCommit            = "commit"        // a seat chose in a simultaneous turn (not what)
	KindSeat              = "seat"          // a seat changed: name, person or computer, new token
	KindResign            = "resign"        // a seat resigned
	KindEnd               = "end"           // the game is over; the chance secret is published
	KindRematch           = "rematch"       // a new room with the seats rotated
	KindFlag              = "flag"          // a seat's time ran out
	KindOffer             = "draw-offer"    // a seat offers a draw
	KindDecline           = "draw-declined" // the offer was declined or lapsed
	KindUndo              = "undo"          // turns taken back at one device
)

// Kinds lists every event kind.
var Kinds = []EventKind{KindTurn, KindCommit, KindSeat, KindResign, KindEnd, KindRematch, KindFlag, KindOffer, KindDecline, KindUndo}

// Event is one entry of a room's log, as stored and as sent.
type Event struct {
	Version int       `json:"version"`
	Kind    EventKind `json:"kind"`
	// Turn: the actors in engine order, their moves, the whole turn's text
	// and the seats of the people who sent their moves.
	Actors []int    `json:"actors,omitempty"`
	Moves  []string `json:"moves,omitempty"`
	Move   string   `json:"move,omitempty"`
	By     []int    `json:"by,omitempty"`
	// Commit, seat, resign: the seat concerned.
	Seat *int `json:"seat,omitempty"`
	// Seat: what the seat is now.
	SeatKind SeatKind `json:"seatKind,omitempty"`
	Agent    string   `json:"agent,omitempty"`
	Name     string   `json:"name,omitempty"`
	// End: the result and the room's chance secret (hex); ResultText is
	// the result's words, sent but not stored (as View.ResultText).
	Result     *view.Result `json:"result,omitempty"`
	ResultText engine.Text  `json:"resultText,omitempty"`
	Secret     string       `json:"secret,omitempty"`
	// Rematch: the new room.
	Room string `json:"room,omitempty"`
	// Undo: the number of turns that stay played.
	Kept *int `json:"kept,omitempty"`
	// Clocks is each seat's time left after the event, in milliseconds,
	// in a room with a clock (turn, commit, flag, and the resignation or
	// draw offer that ends a game: every clock stops there).
	Clocks []int64 `json:"clocks,omitempty"`
	// Running lists the seats whose clocks run from the event on, sent
	// with Clocks (none when absent), so that a page counts down the
	// server's clocks without a rule of its own.
	Running []int `json:"running,omitempty"`
	// At is when the event was made (Unix milliseconds), given with the
	// clocks of a game by correspondence: they run from then, across
	// restarts of the server.
	At int64 `json:"at,omitempty"`

	// Choice is a seat's own hidden choice, shown to that seat only; it
	// is never stored with the event nor sent to others.
	Choice string `json:"choice,omitempty"`
}

// The messages of the server, each encoded by its function below; the
// order of their fields is the order on the wire.

type welcomeMsg struct {
	Type   string  `json:"type"`
	View   View    `json:"view"`
	Missed []Event `json:"missed"`
}

type ackMsg struct {
	Type      string `json:"type"`
	Version   int    `json:"version"`
	Duplicate bool   `json:"duplicate"`
}

type rejectMsg struct {
	Type  string `json:"type"`
	Code  string `json:"code"`
	Error string `json:"error"`
	View  *View  `json:"view,omitempty"`
}

type presenceMsg struct {
	Type   string `json:"type"`
	Online []bool `json:"online"`
}

type tokenMsg struct {
	Type  string `json:"type"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

type noteMsg struct {
	Type   string `json:"type"`
	Code   string `json:"code"`
	Seat   int    `json:"seat"`
	Agent  string `json:"agent"`
	Played string `json:"played"`
}

// Welcome is the first message of a connection: the viewer's view and the
// events it missed after the hello's last version.
func Welcome(v View, missed []Event) []byte {
	if missed == nil {
		missed = []Event{}
	}
	return mustJSON(welcomeMsg{Type: TypeWelcome, View: v, Missed: missed})
}

// EventMsg is {"type":"event","event":E,"state":S}, with "trace":T for a
// turn that has one, written out so that the state, already JSON, is not
// parsed again.
func EventMsg(e Event, state json.RawMessage, trace []view.EventView) []byte {
	ev := mustJSON(e)
	var tr []byte
	if trace != nil {
		tr = mustJSON(trace)
	}
	// One buffer of the message's size (it grew once for the trace): the
	// largest thing a move allocates, once a group of viewers.
	const head, mid, tail = `{"type":"event","event":`, `,"state":`, `,"trace":`
	out := make([]byte, 0, len(head)+len(ev)+len(mid)+len(state)+len(tail)+len(tr)+1)
	out = append(out, head...)
	out = append(out, ev...)
	out = append(out, mid...)
	out = append(out, state...)
	if trace != nil {
		out = append(out, tail...)
		out = append(out, tr...)
	}
	return append(out, '}')
}

// Ack acknowledges a move stored as the event of version (duplicate: it
// was stored before).
func Ack(version int, duplicate bool) []byte {
	return mustJSON(ackMsg{Type: TypeAck, Version: version, Duplicate: duplicate})
}

// Reject refuses a request: code for programs, msg for people, and for a
// stale move the viewer's current view.
func Reject(code, msg string, v *View) []byte {
	return mustJSON(rejectMsg{Type: TypeReject, Code: code, Error: msg, View: v})
}

// Presence tells which seats are online.
func Presence(online []bool) []byte {
	return mustJSON(presenceMsg{Type: TypePresence, Online: online})
}

// Token gives a seat its new token.
func Token(seat int, token string) []byte {
	return mustJSON(tokenMsg{Type: TypeToken, Seat: seat, Token: token})
}

// NoteLevelLowered tells that the computer in seat plays its move at level
// played instead of its seat's agent, because the server was busy.
func NoteLevelLowered(seat int, agent, played string) []byte {
	return mustJSON(noteMsg{Type: TypeNote, Code: "level-lowered", Seat: seat, Agent: agent, Played: played})
}

// Pong answers a ping.
func Pong() []byte { return []byte(`{"type":"pong"}`) }

// ServerMsg is any message of the server, decoded: the fields of every
// type side by side (a client reads those of its Type).
type ServerMsg struct {
	Type string `json:"type"`
	// welcome: View and Missed; reject: View for a stale move.
	View   View    `json:"view"`
	Missed []Event `json:"missed"`
	// event: the event, the state after it and a turn's trace.
	Event Event           `json:"event"`
	State json.RawMessage `json:"state"`
	Trace json.RawMessage `json:"trace"`
	// ack
	Version   int  `json:"version"`
	Duplicate bool `json:"duplicate"`
	// reject and note: Code; reject: Error.
	Code  string `json:"code"`
	Error string `json:"error"`
	// presence
	Online []bool `json:"online"`
	// chat
	Lines []ChatLine `json:"lines"`
	// token and note: Seat; token: Token; note: Agent and Played.
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
	Agent  string `json:"agent"`
	Played string `json:"played"`
}

// DecodeServer reads a message of the server.
func DecodeServer(data []byte) (ServerMsg, error) {
	var m ServerMsg
	err := json.Unmarshal(data, &m)
	return m, err
}
