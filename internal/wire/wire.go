// Package wire is the live protocol of online rooms (docs/api-live.md, "Live
// play"): the messages a client sends and the server answers, their
// encoding and decoding, and the close codes. The server, the rooms, the
// Go client and the tests all speak it through this package; the browser
// (web/static/conn.js) speaks the same bytes.
package wire

// Close codes of a room's WebSocket beyond those of RFC 6455.
const (
	CloseGoingAway = 1001 // the server stops
	CloseBadToken  = 4001 // the token holds no seat of the room (any more)
	CloseTooFast   = 4002 // more messages than the rate allows
	CloseSlow      = 4003 // the viewer read too slowly and fell behind
	CloseRoomGone  = 4004 // the room expired or was unloaded
	CloseNoHello   = 4005 // the first message was not a valid hello
)

// Limits of what a client may send.
const (
	// MaxFrame is the largest message a client may send; longer frames
	// close the connection with 1009.
	MaxFrame = 4 << 10
	// MaxSeats is the most seats a room has, and so the most tokens a
	// message may name.
	MaxSeats = 8
	// MaxToken is the longest token accepted.
	MaxToken = 64
)
