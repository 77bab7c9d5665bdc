// Package agsinnoninka implements Agsinnoninka (Chuncajon), the mancala of
// the Iloko of Northern Luzon in which both players move at once and sow
// with relays (pussa kanawa).
//
// Source: the Wikinfo article "Agsinnoninka", after Vanoverbergh, "Iloko
// Games", Anthropos 22 (1927), and Murray, A History of Board-Games Other
// Than Chess (1951), 176 (http://www.wikinfo.org/index.php/Agsinnoninka);
// board numbering as in the Adji-Boto diagram of Mancala World
// (https://mancala.fandom.com/wiki/Adji-boto). docs/rules/agsinnoninka.md restates every rule
// of the source with the function that implements it, and names each
// reading of an ambiguous passage with the option that selects another:
//
//   - simultaneity: lockstep sowing (default), or the two sowings one after
//     the other in an order drawn by chance, alternating, or fixed;
//   - conflict: who lifts a hole both relays reach in the same step (the
//     owner, by default);
//   - end-hole: whether a move "finishes" in the hole of its last seed
//     (default) or in the empty hole that stops it;
//   - skip-origin, sow-stores, store-end, burnt-next: where seeds go;
//   - cycle and repetition: the rules for relays and rounds that never end,
//     which the source does not have;
//   - match, refill-order, max-rounds, max-turns, max-steps: rounds, burnt
//     holes and the safeguards that make every match end.
//
// Holes are numbered as in the diagram: 0-4 is player 1's row (top, left to
// right), 5-9 is player 0's row (bottom, drawn right to left), and hole i
// faces hole 9-i. Counter-clockwise sowing visits 9, 8, ..., 1, 0, 9, ...
// Both players act in every turn: a turn is the joint move "A,B", A player
// 0's hole and B player 1's.
//
// A turn's trace (ApplyTraced, for drawing it) numbers places as the
// state's JSON does: holes 0-9 are places 0-9, player p's store (stores[p])
// is place 10+p; its Time counts the steps of the turn (trace.go).
package agsinnoninka

import (
	"fmt"
	"sync/atomic"

	"tabula/engine"
)

// Holes is the number of playing holes.
const Holes = 10

// ID is the game's registry identifier.
const ID = "agsinnoninka"

// Option names.
const (
	OptSeeds        = "seeds"
	OptSimultaneity = "simultaneity"
	OptConflict     = "conflict"
	OptEndHole      = "end-hole"
	OptSkipOrigin   = "skip-origin"
	OptSowStores    = "sow-stores"
	OptStoreEnd     = "store-end"
	OptBurntNext    = "burnt-next"
	OptCycle        = "cycle"
	OptRepetition   = "repetition"
	OptMatch        = "match"
	OptRefillOrder  = "refill-order"
	OptMaxRounds    = "max-rounds"
	OptMaxTurns     = "max-turns"
	OptMaxSteps     = "max-steps"
)

// Values of the simultaneity option.
const (
	Lockstep     = "lockstep"      // both sow at once, a seed each per step
	ChanceOrder  = "chance-order"  // one sowing after the other, order drawn by chance
	Alternating  = "alternating"   // one after the other, player 0 first in odd turns
	Player0First = "player0-first" // one after the other, always player 0 first
)

// Values of the conflict option.
const (
	ConflictOwner    = "owner"     // the owner lifts, the other finds the hole empty
	ConflictBothStop = "both-stop" // neither lifts: both moves end there
)

// Values of the end-hole option.
const (
	EndLast  = "last"  // a move ends in the hole of its last seed
	EndEmpty = "empty" // a move ends in the empty hole after its last seed
)

// Values of the store-end and cycle options.
const (
	StoreStop  = "stop"    // a last seed in the store ends the move
	StoreRelay = "relay"   // the hole after the store is looked at as usual
	CycleStop  = "stop"    // a cut relay ends without a capture
	CycleCapt  = "capture" // a cut relay ends as an ordinary move, capture included
)

// Values of the burnt-next and refill-order options.
const (
	BurntSkip   = "skip"  // the relay looks past burnt holes
	BurntEmpty  = "empty" // a burnt hole after the last seed is an empty hole
	RefillLeft  = "left"  // fill from the left-most hole as she sits (9 or 4)
	RefillRight = "right" // fill from the right-most hole (5 or 0)
)

var specs = []engine.OptionSpec{
	{Name: OptSeeds, Kind: engine.Int, Default: "5", Min: 1, Max: 25,
		Doc: "seeds in each hole at the start (source: \"for instance five\")"},
	{Name: OptSimultaneity, Kind: engine.Enum, Default: Lockstep,
		Values: []string{Lockstep, ChanceOrder, Alternating, Player0First},
		Doc:    "how the two sowings of a turn meet: in lockstep, or one after the other in an order drawn by chance, alternating, or player 0 first"},
	{Name: OptConflict, Kind: engine.Enum, Default: ConflictOwner, Values: []string{ConflictOwner, ConflictBothStop},
		Doc: "both relays lift the same hole in the same step: its owner lifts it (owner) or both moves end there (both-stop)"},
	{Name: OptEndHole, Kind: engine.Enum, Default: EndLast, Values: []string{EndLast, EndEmpty},
		Doc: "the hole a move finishes in, for the capture: the hole of the last seed (last), or the empty hole after it (empty)"},
	{Name: OptSkipOrigin, Kind: engine.Bool, Default: "false",
		Doc: "a lap that goes all round the board skips the hole it was lifted from"},
	{Name: OptSowStores, Kind: engine.Bool, Default: "false",
		Doc: "the sower drops a seed in her own store as she passes it"},
	{Name: OptStoreEnd, Kind: engine.Enum, Default: StoreStop, Values: []string{StoreStop, StoreRelay},
		Doc: "with sow-stores, a last seed in the store ends the move (stop) or the hole after it is looked at (relay)"},
	{Name: OptBurntNext, Kind: engine.Enum, Default: BurntSkip, Values: []string{BurntSkip, BurntEmpty},
		Doc: "a burnt hole after the last seed is passed over (skip) or ends the move as an empty hole (empty)"},
	{Name: OptCycle, Kind: engine.Enum, Default: CycleStop, Values: []string{CycleStop, CycleCapt},
		Doc: "a relay that comes back to a configuration of its turn ends without a capture (stop) or as an ordinary move (capture); not in the source"},
	{Name: OptRepetition, Kind: engine.Int, Default: "3", Min: 0, Max: 100,
		Doc: "a round ends when the position at the start of a turn occurs this many times in it (0: never; not in the source)"},
	{Name: OptMatch, Kind: engine.Bool, Default: "true",
		Doc: "play rounds with burnt holes until a player cannot fill a hole (false: one round, more seeds wins)"},
	{Name: OptRefillOrder, Kind: engine.Enum, Default: RefillLeft, Values: []string{RefillLeft, RefillRight},
		Doc: "refill from the left-most hole as she sits, where her sowing begins (left), or from the right-most (right)"},
	{Name: OptMaxRounds, Kind: engine.Int, Default: "50", Min: 1, Max: 10000,
		Doc: "a match ends after this many rounds and more seeds wins (not in the source)"},
	{Name: OptMaxTurns, Kind: engine.Int, Default: "0", Min: 0, Max: 1000000,
		Doc: "a round ends after this many turns as if a row were empty (0: no limit; not in the source)"},
	{Name: OptMaxSteps, Kind: engine.Int, Default: "10000000", Min: 0, Max: 1000000000,
		Doc: "after this many steps of a turn, a player about to lift stops as if cut by the cycle rule (0: no limit; not in the source)",
		// 0 let one move run for minutes at seeds=25; the default bounds the
		// worst move measured there to about a second.
		FastMin: 1, FastMax: 10000000},
}

// Game is Agsinnoninka; its zero value is ready to use.
type Game struct{}

func init() { engine.Register(Game{}) }

// ID returns "agsinnoninka".
func (Game) ID() string { return ID }

// Name returns "Agsinnoninka".
func (Game) Name() string { return "Agsinnoninka" }

// Specs lists the options.
func (Game) Specs() []engine.OptionSpec { return specs }

// order says how the two sowings of a turn are resolved.
type order uint8

const (
	orderLockstep order = iota
	orderChance
	orderAlternating
	orderP0First
)

// rules are the options decoded once per game, shared by all its states.
type rules struct {
	opts         engine.Options
	seeds        uint8
	order        order
	bothStop     bool
	endLast      bool
	skipOrigin   bool
	sowStores    bool
	storeRelay   bool
	burntEmpty   bool
	cycleCapture bool
	repetition   int
	match        bool
	refillRight  bool
	maxRounds    int
	maxTurns     int
	maxSteps     int
	// tabs holds the sowing tables of the fast path for each set of burnt
	// holes, built when first needed and shared by every state of the
	// game (fast.go).
	tabs *[1 << Holes]atomic.Pointer[tables]
}

func decode(opts engine.Options) (*rules, error) {
	r := &rules{
		opts:         opts,
		seeds:        uint8(opts.Int(OptSeeds)),
		bothStop:     opts.Enum(OptConflict) == ConflictBothStop,
		endLast:      opts.Enum(OptEndHole) == EndLast,
		skipOrigin:   opts.Bool(OptSkipOrigin),
		sowStores:    opts.Bool(OptSowStores),
		storeRelay:   opts.Enum(OptStoreEnd) == StoreRelay,
		burntEmpty:   opts.Enum(OptBurntNext) == BurntEmpty,
		cycleCapture: opts.Enum(OptCycle) == CycleCapt,
		repetition:   opts.Int(OptRepetition),
		match:        opts.Bool(OptMatch),
		refillRight:  opts.Enum(OptRefillOrder) == RefillRight,
		maxRounds:    opts.Int(OptMaxRounds),
		maxTurns:     opts.Int(OptMaxTurns),
		maxSteps:     opts.Int(OptMaxSteps),
		tabs:         new([1 << Holes]atomic.Pointer[tables]),
	}
	switch opts.Enum(OptSimultaneity) {
	case ChanceOrder:
		r.order = orderChance
	case Alternating:
		r.order = orderAlternating
	case Player0First:
		r.order = orderP0First
	}
	if r.repetition == 0 && r.maxTurns == 0 {
		return nil, engine.NewError("agsinnoninka.never_ends", "option", OptRepetition, "other", OptMaxTurns)
	}
	if r.repetition == 1 {
		return nil, engine.NewError("agsinnoninka.ends_at_once", "option", OptRepetition)
	}
	return r, nil
}

// NewState returns the start position.
func (g Game) NewState(opts engine.Options) (engine.State, error) {
	return New(opts)
}

// New is NewState with the concrete type, for callers that want the fast
// path without interface dispatch.
func New(opts engine.Options) (*State, error) {
	r, err := decode(opts)
	if err != nil {
		return nil, err
	}
	s := &State{r: r, round: 1}
	for i := range s.holes {
		s.holes[i] = r.seeds
	}
	s.total = Holes * int(r.seeds)
	s.resetLast()
	s.startRound()
	s.settle(nil)
	return s, nil
}

// Position is a board for NewPosition: the holes, the stores, the burnt
// holes and the round number (1 if zero).
type Position struct {
	Holes  [Holes]int
	Stores [2]int
	Burnt  [Holes]bool
	Round  int
}

// NewPosition returns a state with the given board, at the start of a turn,
// for worked examples and tests. The board need not hold 10×seeds seeds;
// refilling still puts seeds seeds in a hole. Burnt holes must be empty, and
// every count must fit the board (at most 250 seeds in all).
func NewPosition(opts engine.Options, p Position) (*State, error) {
	r, err := decode(opts)
	if err != nil {
		return nil, err
	}
	s := &State{r: r, round: uint16(max(p.Round, 1))}
	total := p.Stores[0] + p.Stores[1]
	for h, c := range p.Holes {
		if c < 0 || (p.Burnt[h] && c != 0) {
			return nil, fmt.Errorf("agsinnoninka: hole %d: %d seeds (burnt %v)", h, c, p.Burnt[h])
		}
		s.holes[h] = uint8(c)
		total += c
		if p.Burnt[h] {
			s.burnt |= 1 << h
		}
	}
	if p.Stores[0] < 0 || p.Stores[1] < 0 || total > 250 {
		return nil, fmt.Errorf("agsinnoninka: %d seeds in all, stores %v: want 0..250", total, p.Stores)
	}
	s.stores = [2]uint8{uint8(p.Stores[0]), uint8(p.Stores[1])}
	s.total = total
	s.resetLast()
	s.startRound()
	s.settle(nil)
	return s, nil
}
