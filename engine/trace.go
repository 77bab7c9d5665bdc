package engine

import "fmt"

// EventKind is what one visible step of a turn does.
type EventKind uint8

const (
	// Lift: Player takes up N seeds (or men) from place From.
	Lift EventKind = iota
	// Drop: Player drops one seed in place To (a hole or a store).
	Drop
	// Capture: N seeds (or men) go from place From to place To (a store),
	// taken by Player.
	Capture
	// Step: Player's man moves from place From to place To (N is the
	// number of men when several move together).
	Step
	// SendBack: N of Player's men on place From are sent back to place To.
	SendBack
	// Pass: Player cannot move, or chooses not to, and passes.
	Pass
	// Burn: place From is burnt (closed) for Player's row.
	Burn
	// Stop: Player's sowing ends at place From (N says why, in the game's
	// own codes, for example a cut relay); a Capture event follows when
	// she captures.
	Stop
	// Throw: chance's outcome for Player is N (a throw's value, or who
	// goes first).
	Throw
	// Transfer: N seeds go from place From to place To, not as a capture
	// (the rows taken at the end of a game or round, holes refilled from a
	// store).
	Transfer
	// Set: place From holds N now; with From -1, Player's hand holds N. It
	// follows steps that the trace does not show one by one (a turn too
	// long to animate), so that a replayer's board is right again.
	Set
)

var eventNames = [...]string{"lift", "drop", "capture", "step", "send-back", "pass", "burn", "stop", "throw", "transfer", "set"}

// String gives the kind's name as it appears in JSON ("lift").
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is one visible step of a turn, for drawing and animating it: the
// browser replays the events of a turn and holds no rule of its own.
// Places (holes, stores, squares) are numbered as the game's package
// documents for its state's JSON form; -1 is no place.
type Event struct {
	Kind   EventKind
	Player int
	// Time orders the events of a turn: events with the same Time happen
	// at once (the two sowings of a lockstep turn); Time never decreases.
	Time     int
	From, To int
	N        int
}

// Tracer is implemented by states whose turns can be shown step by step.
// ApplyTraced applies ms like Apply (one move of the single actor, or a
// chance outcome) or ApplyJoint (one move per actor, in the order of
// Actors), assuming they are legal, and appends to dst the events of the
// turn in order. The resulting state must equal that of Apply/ApplyJoint.
type Tracer interface {
	ApplyTraced(ms []Move, dst []Event) []Event
}
