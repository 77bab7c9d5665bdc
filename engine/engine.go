// Package engine is the game-independent core of Tabula: the interfaces every
// game implements, options, move notation, errors, what a turn tells and the
// game registry. (A saved game, the record, is view.Record.)
//
// The model follows the one used by OpenSpiel for games with chance and
// simultaneous moves. A Game (rules plus options, immutable) makes States. A
// State says who acts now: one player, several players at once (a joint
// move), chance (with known probabilities), or nobody because the game is
// over. Moves are small integer codes private to each game; their text form
// is a separate parse/format pair.
//
// States offer two paths. Apply and ApplyJoint are the fast path used by
// search: they assume the move is legal and must not allocate. Play is the
// checked path used for outside input: it validates every move and returns an
// error that says what is wrong.
package engine

import "fmt"

// Move is a game-specific action code. Each game documents its encoding; the
// text form is given by State.MoveText and State.ParseMove.
type Move int32

// ChancePlayer is the actor index that stands for chance in Actors, Legal,
// MoveText and ParseMove.
const ChancePlayer = -1

// Outcome is the result of a finished game.
type Outcome struct {
	// Winner is the winning player's index, or -1 for a draw.
	Winner int
}

// Draw reports whether the outcome is a draw.
func (o Outcome) Draw() bool { return o.Winner < 0 }

// String gives "draw" or "player N wins".
func (o Outcome) String() string {
	if o.Draw() {
		return "draw"
	}
	return fmt.Sprintf("player %d wins", o.Winner)
}

// ChanceOutcome is one possible result of a chance event.
type ChanceOutcome struct {
	Move Move
	Prob float64
}

// Game is a set of rules with its options; it is immutable and safe for
// concurrent use.
type Game interface {
	// ID is the stable identifier used on the command line ("adji-boto").
	ID() string
	// Name is the name for people ("Adji-Boto").
	Name() string
	// Specs lists the options the game accepts, in a stable order.
	Specs() []OptionSpec
	// Info declares the game's facts under the given options.
	Describer
	// NewState returns the start position under the given options. Options
	// made by ParseOptions for this game are always valid for it, except
	// where options constrain each other; such conflicts are errors here.
	NewState(opts Options) (State, error)
}

// State is one position of a game. A State is not safe for concurrent use;
// give each goroutine its own Clone.
type State interface {
	// Game returns the game this state belongs to.
	Game() Game
	// Options returns the options the state was made with.
	Options() Options
	// NumPlayers is the number of players (2 to 4).
	NumPlayers() int
	// Ply is the number of moves applied so far (joint moves and chance
	// events count one each; automatic passes do not count).
	Ply() int

	// Actors appends to dst the players who must act now and returns it:
	// one player for a sequential turn, several for a simultaneous turn
	// (they choose at once and the turn is applied with ApplyJoint),
	// ChancePlayer alone for a chance event, nothing when the game is over.
	Actors(dst []int) []int
	// Legal appends the legal moves of the given actor to dst, in a stable
	// order, and returns it. For ChancePlayer these are the chance outcomes.
	Legal(player int, dst []Move) []Move
	// ChanceOutcomes appends the outcomes of the pending chance event with
	// their probabilities (summing to 1). It returns dst unchanged when no
	// chance event is pending.
	ChanceOutcomes(dst []ChanceOutcome) []ChanceOutcome

	// Apply plays one legal move of the single current actor (a player or
	// chance). It assumes legality and does not allocate.
	Apply(m Move)
	// ApplyJoint plays one legal move for each current actor, in the order
	// Actors gives them. It assumes legality and does not allocate.
	ApplyJoint(ms []Move)

	// Clone returns an independent deep copy.
	Clone() State
	// CopyFrom makes the receiver a copy of src, which must be a state of
	// the same game, reusing the receiver's memory (no heap allocation once
	// the receiver has grown to size). Search uses it instead of Clone.
	CopyFrom(src State)
	// Hash is a stable 64-bit digest of the position: equal positions give
	// equal hashes on every run and machine.
	Hash() uint64

	// Terminal reports whether the game is over.
	Terminal() bool
	// Outcome returns the result; ok is false while the game is not over.
	Outcome() (o Outcome, ok bool)
	// Scores appends one number for each player (the game's running score,
	// such as seeds in store) and returns it.
	Scores(dst []float64) []float64
	// Returns appends each player's return (utility): 0 for all until the
	// game is over, then within the bounds the game's Info declares.
	Returner

	// MoveText is the short text form of a move of the given actor.
	MoveText(player int, m Move) string
	// ParseMove reads the text form of a move of the given actor. It checks
	// the form only; legality is checked by Play.
	ParseMove(player int, text string) (Move, error)
}

// Evaluator is implemented by states that can judge a position without
// search, for heuristic agents. Eval returns a value for each player, higher
// is better, comparable across positions of the same game.
type Evaluator interface {
	Eval(dst []float64) []float64
}
