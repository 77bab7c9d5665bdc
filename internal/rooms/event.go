package rooms

import (
	crand "crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"

	"tabula/ai"
	"tabula/engine"
)

// Event kinds of a room's log.
const (
	KindTurn    = "turn"          // a turn applied: a move, a joint move or a throw
	KindCommit  = "commit"        // a seat chose in a simultaneous turn (not what)
	KindSeat    = "seat"          // a seat changed: name, person or computer, new token
	KindResign  = "resign"        // a seat resigned
	KindEnd     = "end"           // the game is over; the chance secret is published
	KindRematch = "rematch"       // a new room with the seats rotated
	KindFlag    = "flag"          // a seat's time ran out
	KindOffer   = "draw-offer"    // a seat offers a draw
	KindDecline = "draw-declined" // the offer was declined or lapsed
	KindUndo    = "undo"          // turns taken back at one device (local.go)
)

// Event is one entry of a room's log, as stored and as sent.
type Event struct {
	Version int    `json:"version"`
	Kind    string `json:"kind"`
	// Turn: the actors in engine order, their moves, the whole turn's text
	// and the seats of the people who sent their moves.
	Actors []int    `json:"actors,omitempty"`
	Moves  []string `json:"moves,omitempty"`
	Move   string   `json:"move,omitempty"`
	By     []int    `json:"by,omitempty"`
	// Commit, seat, resign: the seat concerned.
	Seat *int `json:"seat,omitempty"`
	// Seat: what the seat is now.
	SeatKind string `json:"seatKind,omitempty"`
	Agent    string `json:"agent,omitempty"`
	Name     string `json:"name,omitempty"`
	// End: the result and the room's chance secret (hex).
	Result string `json:"result,omitempty"`
	Secret string `json:"secret,omitempty"`
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

	// Choice is a seat's own hidden choice, shown by playerView to that
	// seat only; it is never stored with the event nor sent to others.
	Choice string `json:"choice,omitempty"`
}

func intp(i int) *int { return &i }

// newToken returns a fresh secret of 128 random bits, as URL-safe text.
func newToken() string {
	var b [16]byte
	if _, err := crand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// hashToken is what is stored of a token.
func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// sameHash compares hashes in constant time.
func sameHash(a, b []byte) bool {
	return len(a) == len(b) && len(a) > 0 && subtle.ConstantTimeCompare(a, b) == 1
}

// newID returns a room id: 72 random bits.
func newID() string {
	var b [9]byte
	if _, err := crand.Read(b[:]); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// agentSeed seeds the computer player of seat for its move at the room's
// version from the room's secret, so that nobody can foresee its hidden
// choices by running the same agent with a seed known in advance.
func agentSeed(secret []byte, seat, version int) uint64 {
	var v [9]byte
	v[0] = byte(seat)
	binary.BigEndian.PutUint64(v[1:], uint64(version))
	h := sha256.Sum256(append(append([]byte("agent"), secret...), v[:]...))
	return binary.BigEndian.Uint64(h[:8])
}

// throwAt samples the chance event pending in s from the room's secret
// (ai.ChanceAt), so anyone holding the published secret can check every
// throw of the record.
func throwAt(secret []byte, s engine.State) engine.Move {
	return ai.ChanceAt(secret, s.ChanceOutcomes(nil), s.Ply())
}
