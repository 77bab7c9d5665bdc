// Package tamman implements Tamman, the race game of the Somali coast for
// two to four players, played with four cowrie shells on a 5x5 board drawn
// in the sand.
//
// Source: G. Marin, "Somali Games", Journal of the Royal Anthropological
// Institute 61 (1931), 499-511, at 510-511, quoted in the Digital Ludeme
// Project's evidence record DLP.Evidence.1424 (Ludii Portal,
// https://ludii.games/details.php?keyword=Tamman), and issue 3 of Tabula, which fixes the board
// names, the seats and the paths. docs/rules/tamman.md restates every rule
// with the code that implements it. The readings of the ambiguous passages,
// each with the option that selects another reading:
//
//   - throw-use: each throw moves one man (separate, default) or the turn's
//     throws are added up and move one man (total);
//   - exact-finish: a man must land exactly on habarti (default) or may
//     overshoot and stop there;
//   - capture-on-landing: only men passed over are captured (default), or
//     also those on the square where the mover lands;
//   - capture-at-start: men on the square the mover leaves are not passed
//     over (default) or are captured as well;
//   - safe-ayn: every 'ayn is safe (default), or only a man's own 'ayn;
//   - triple-tamman: 8, 8, 8 loses the turn's throws (void, default) or
//     also sends the thrower's men in play back to the 'ayn (reset);
//   - may-pass: a player must use every throw a man can use (default), or
//     may give up the rest of her throws;
//   - use-most: a move need not keep the most throws usable (default), or
//     must, as in backgammon;
//   - turn-order: the turn goes round the 'ayn anti-clockwise, c1, e3, c5,
//     a3 (default, as the issue fixes it), or clockwise;
//   - mouth-up: the chance that one cowrie falls mouth up (default 0.5).
//
// A man's place is his step on his own path: 0 is his 'ayn, 24 is habarti
// (Home). A move is encoded as square<<8 | throw, with the text "c1+3"; a
// throw (a chance move) is encoded as its value, with the text "t3"; Pass
// ("pass", only under may-pass) gives up the throws left.
//
// A move's trace (ApplyTraced, for drawing it) numbers places as Square
// does, file + 5*rank (a1 = 0, c3 = 12, e5 = 24), the squares the state's
// JSON names in "pieces" and "seats" (trace.go).
package tamman

import (
	"fmt"

	"tabula/engine"
)

// ID is the game's registry identifier.
const ID = "tamman"

// Option names.
const (
	OptPlayers          = "players"
	OptMouthUp          = "mouth-up"
	OptExactFinish      = "exact-finish"
	OptCaptureOnLanding = "capture-on-landing"
	OptCaptureAtStart   = "capture-at-start"
	OptSafeAyn          = "safe-ayn"
	OptThrowUse         = "throw-use"
	OptTripleTamman     = "triple-tamman"
	OptMayPass          = "may-pass"
	OptTurnOrder        = "turn-order"
	OptUseMost          = "use-most"
)

// Values of the enum options.
const (
	SafeAll       = "all"
	SafeOwn       = "own"
	ThrowSeparate = "separate"
	ThrowTotal    = "total"
	TripleVoid    = "void"
	TripleReset   = "reset"
	AntiClockwise = "anticlockwise"
	Clockwise     = "clockwise"
)

var specs = []engine.OptionSpec{
	{Name: OptPlayers, Kind: engine.Int, Default: "2", Min: 2, Max: 4,
		Doc: "number of players: 2 sit on opposite 'ayn (c1, c5), 3 on c1, e3, c5, 4 on all"},
	{Name: OptMouthUp, Kind: engine.Float, Default: "0.5", Min: 0.05, Max: 0.95,
		Doc: "chance that one cowrie falls mouth up (not in the source)"},
	{Name: OptExactFinish, Kind: engine.Bool, Default: "true",
		Doc: "a man must land exactly on habarti; false: a longer throw stops him there"},
	{Name: OptCaptureOnLanding, Kind: engine.Bool, Default: "false",
		Doc: "enemy men on the square where a man lands are captured too, not only those passed over"},
	{Name: OptCaptureAtStart, Kind: engine.Bool, Default: "false",
		Doc: "enemy men on the square a man leaves are captured too"},
	{Name: OptSafeAyn, Kind: engine.Enum, Default: SafeAll, Values: []string{SafeAll, SafeOwn},
		Doc: "men are safe on every 'ayn (all) or only on their own 'ayn (own)"},
	{Name: OptThrowUse, Kind: engine.Enum, Default: ThrowSeparate, Values: []string{ThrowSeparate, ThrowTotal},
		Doc: "each throw moves one man (separate) or the throws are added up and move one man (total)"},
	{Name: OptTripleTamman, Kind: engine.Enum, Default: TripleVoid, Values: []string{TripleVoid, TripleReset},
		Doc: "8 then 8, 8 loses the turn's throws (void) or also sends the thrower's men in play home (reset)"},
	{Name: OptMayPass, Kind: engine.Bool, Default: "false",
		Doc: "a player may pass and give up the throws she has not used, though a man could use them"},
	{Name: OptTurnOrder, Kind: engine.Enum, Default: AntiClockwise, Values: []string{AntiClockwise, Clockwise},
		Doc: "the turn goes round the 'ayn c1, e3, c5, a3 (anticlockwise) or c1, a3, c5, e3 (clockwise)"},
	{Name: OptUseMost, Kind: engine.Bool, Default: "false",
		Doc: "a move must let the player use as many of her throws as she can (as in backgammon)"},
}

// Game is Tamman; its zero value is ready to use.
type Game struct{}

func init() { engine.Register(Game{}) }

// ID returns "tamman".
func (Game) ID() string { return ID }

// Name returns "Tamman".
func (Game) Name() string { return "Tamman" }

// Specs lists the options.
func (Game) Specs() []engine.OptionSpec { return specs }

// NewState returns the start position.
func (Game) NewState(opts engine.Options) (engine.State, error) { return New(opts) }

// Pass is the move that gives up the throws left (option may-pass); its
// text is "pass".
const Pass engine.Move = 0xff << 8

// Throw values: the number of cowries mouth up, with none up counting 8.
var throwValues = [5]uint8{1, 2, 3, 4, 8}

// rules are the options decoded once per game, shared by all its states.
type rules struct {
	opts    engine.Options
	players uint8
	seats   [4]uint8
	// path[p][k] is the square of step k of player p's path; step[p][q] is
	// the step of square q on it (every square is on every path once).
	path [4][Steps + 1]Square
	step [4][Squares]uint8
	// before[p][k] has a bit for each square of steps 0..k-1 of p's path.
	before [4][Steps + 2]uint32
	probs  [5]float64 // of throwValues
	// cuts[i] is the least 53-bit draw x whose throw, sampled from
	// x/2^53, comes after throwValues[i] (fast.go).
	cuts [4]uint64
	// miss[d] is the chance that one throw is at most d, so that a man d
	// steps behind a square does not pass over it (1 - beyond(d)), for
	// the evaluations and the playout policy.
	miss [8]float64
	// safe is the set of squares where no man is captured.
	safe    uint32
	exact   bool
	landing bool
	atStart bool
	ownSafe bool
	total   bool
	reset   bool
	mayPass bool
	useMost bool
}

func newRules(opts engine.Options) *rules {
	r := &rules{
		opts:    opts,
		players: uint8(opts.Int(OptPlayers)),
		exact:   opts.Bool(OptExactFinish),
		landing: opts.Bool(OptCaptureOnLanding),
		atStart: opts.Bool(OptCaptureAtStart),
		ownSafe: opts.Enum(OptSafeAyn) == SafeOwn,
		total:   opts.Enum(OptThrowUse) == ThrowTotal,
		reset:   opts.Enum(OptTripleTamman) == TripleReset,
		mayPass: opts.Bool(OptMayPass),
		useMost: opts.Bool(OptUseMost) && opts.Bool(OptExactFinish),
	}
	r.safe = 1 << Habarti
	if !r.ownSafe {
		r.safe |= aynMask
	}
	for p, seat := range seatsFor(int(r.players), opts.Enum(OptTurnOrder) == Clockwise) {
		r.seats[p] = uint8(seat)
		r.path[p] = seatPaths[seat]
		for k, q := range r.path[p] {
			r.step[p][q] = uint8(k)
			r.before[p][k+1] = r.before[p][k] | 1<<q
		}
	}
	r.probs = throwProbs(opts.Float(OptMouthUp))
	r.cuts = throwCuts(&r.probs)
	for d := range r.miss {
		r.miss[d] = 1 - r.beyond(d)
	}
	return r
}

// throwProbs gives the chances of 1, 2, 3, 4 and 8 when each of four
// cowries falls mouth up with chance u: binomial, with none up counting 8.
func throwProbs(u float64) [5]float64 {
	d := 1 - u
	return [5]float64{
		4 * u * d * d * d,
		6 * u * u * d * d,
		4 * u * u * u * d,
		u * u * u * u,
		d * d * d * d,
	}
}

// Phase is what the game waits for.
type Phase uint8

// The phases of a turn.
const (
	// ThrowPhase: a throw of the cowries is due (chance acts).
	ThrowPhase Phase = iota
	// MovePhase: the player to move uses one of her throws.
	MovePhase
	// Over: someone has all four men on habarti.
	Over
)

func (p Phase) String() string {
	switch p {
	case ThrowPhase:
		return "throw"
	case MovePhase:
		return "move"
	case Over:
		return "over"
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// maxPool bounds the throws waiting to be used: three from the turn's
// opening throws and at most one for each of the 12 enemy men, who cannot
// be captured twice in one turn (a man sent back sits on his 'ayn until his
// own turn).
const maxPool = 16

// State is a Tamman position. Make states with New or FromPosition.
type State struct {
	r *rules
	// men[p] holds the path steps of player p's four men, ascending.
	men [4][4]uint8
	// occ[p] has a bit for each square where player p has a man in play
	// (steps 1 to 23), so most moves see at once that they capture nothing.
	occ [4]uint32
	// pool holds the throws not yet used this turn, ascending.
	pool  [maxPool]uint8
	nPool uint8
	turn  uint8
	phase Phase
	// seq counts the turn's opening throws made so far; due is how many of
	// them are still to come (1 at the start of a turn, then 1 after a
	// first 4, 2 after a first 8).
	seq uint8
	due uint8
	// capDue is the number of capture throws still to be thrown.
	capDue uint8
	winner int8
	ply    int32

	// What happened last, for people; not part of the position.
	lost     uint8 // throws lost when the last turn ended
	zeroed   bool  // the last turn was 8, 8, 8
	captured uint8 // men sent back by the last move
	// caughtOf has a bit per player whose men the last move sent back;
	// caughtOn[e] and caughtN[e] are the squares and number of e's.
	caughtOf uint8
	caughtOn [4]uint32
	caughtN  [4]uint8
	// thrown is the value of the last throw when the last move was one,
	// else 0; thrower is who threw it.
	thrown  uint8
	thrower uint8
}

// New returns the start position: every man on his 'ayn, player 0 to throw.
func New(opts engine.Options) (*State, error) {
	s := &State{r: newRules(opts), winner: -1}
	s.due = 1
	return s, nil
}
