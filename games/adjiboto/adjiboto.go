// Package adjiboto implements Adji-Boto, the two-row mancala of the Saramaka
// Maroons of Suriname.
//
// Source: Mancala World, "Adji-boto" (German text,
// https://mancala.fandom.com/wiki/Adji-boto), after Herskovits' field work
// of the 1920s and 1930s. docs/rules/adji-boto.md restates every rule of the source with the
// code that implements it and names each reading of an ambiguous passage
// together with the option that selects another reading:
//
//   - chain-through-empty: whether an empty hole ends a capture chain
//     (default: it does);
//   - capture-from: whether captures take from any hole or only from the
//     opponent's row (default: any hole, as the text says nothing else);
//   - opening: free order (default), a fixed order, or no opening cycle;
//   - skip-origin: whether a sowing of ten or more seeds skips the hole it
//     started from (default: no, the text does not say so);
//   - repetition and max-plies: the safeguards against endless play, which
//     the source does not have.
//
// Holes are numbered as in the source's diagram: 0-4 is player 1's row
// (top, left to right), 5-9 is player 0's row (bottom, drawn right to left),
// so counter-clockwise sowing visits 9, 8, ..., 1, 0, 9, ... A move is the
// number of the hole it starts from; its text is that number.
//
// A move's trace (ApplyTraced, for drawing it) numbers places as the
// state's JSON does: holes 0-9 are places 0-9, player p's store (stores[p])
// is place 10+p (trace.go).
package adjiboto

import (
	"encoding/binary"
	"strconv"

	"tabula/engine"
)

// Holes is the number of playing holes.
const Holes = 10

// ID is the game's registry identifier.
const ID = "adji-boto"

// Option names.
const (
	OptSeeds             = "seeds"
	OptChainThroughEmpty = "chain-through-empty"
	OptCaptureFrom       = "capture-from"
	OptOpening           = "opening"
	OptSkipOrigin        = "skip-origin"
	OptRepetition        = "repetition"
	OptMaxPlies          = "max-plies"
)

// Values of the opening option.
const (
	OpeningFree    = "free"
	OpeningOrdered = "ordered"
	OpeningNone    = "none"
)

var specs = []engine.OptionSpec{
	{Name: OptSeeds, Kind: engine.Int, Default: "10", Min: 2, Max: 25,
		Doc: "seeds in each hole at the start (source: 10)"},
	{Name: OptChainThroughEmpty, Kind: engine.Bool, Default: "false",
		Doc: "an empty hole does not end a capture chain; the chain passes over it"},
	{Name: OptCaptureFrom, Kind: engine.Enum, Default: "any", Values: []string{"any", "opponent"},
		Doc: "holes a capture may take from: any hole, or only the opponent's row"},
	{Name: OptOpening, Kind: engine.Enum, Default: OpeningFree, Values: []string{OpeningFree, OpeningOrdered, OpeningNone},
		Doc: "first ten moves: each hole once in any order (free), in sowing order (ordered), or no opening cycle (none)"},
	{Name: OptSkipOrigin, Kind: engine.Bool, Default: "false",
		Doc: "a sowing that goes all round the board skips the hole it started from"},
	{Name: OptRepetition, Kind: engine.Int, Default: "3", Min: 0, Max: 100,
		Doc: "the game ends as a blockade when a position occurs this many times (0: never; not in the source)"},
	{Name: OptMaxPlies, Kind: engine.Int, Default: "0", Min: 0, Max: 1000000,
		Doc: "the game ends as a blockade after this many moves (0: no limit; not in the source)"},
}

// Game is Adji-Boto; its zero value is ready to use.
type Game struct{}

func init() { engine.Register(Game{}) }

// ID returns "adji-boto".
func (Game) ID() string { return ID }

// Name returns "Adji-Boto".
func (Game) Name() string { return "Adji-Boto" }

// Specs lists the options.
func (Game) Specs() []engine.OptionSpec { return specs }

// rules are the options decoded once per game, shared by all its states.
type rules struct {
	opts              engine.Options
	seeds             uint8
	chainThroughEmpty bool
	opponentOnly      bool
	opening           string
	skipOrigin        bool
	repetition        int
	maxPlies          int
}

// NewState returns the start position.
func (g Game) NewState(opts engine.Options) (engine.State, error) {
	return New(opts)
}

// New is NewState with the concrete type, for callers that want the fast
// path without interface dispatch.
func New(opts engine.Options) (*State, error) {
	r := &rules{
		opts:              opts,
		seeds:             uint8(opts.Int(OptSeeds)),
		chainThroughEmpty: opts.Bool(OptChainThroughEmpty),
		opponentOnly:      opts.Enum(OptCaptureFrom) == "opponent",
		opening:           opts.Enum(OptOpening),
		skipOrigin:        opts.Bool(OptSkipOrigin),
		repetition:        opts.Int(OptRepetition),
		maxPlies:          opts.Int(OptMaxPlies),
	}
	if r.repetition == 0 && r.maxPlies == 0 {
		return nil, engine.NewError("adji-boto.never_ends", "option", OptRepetition, "other", OptMaxPlies)
	}
	if r.repetition == 1 {
		return nil, engine.NewError("adji-boto.ends_at_once", "option", OptRepetition)
	}
	s := &State{r: r}
	for i := range s.holes {
		s.holes[i] = r.seeds
	}
	if r.opening != OpeningNone {
		s.openingLeft = 2 * Holes / 2
	}
	s.mask = s.legalMask(0)
	s.remember(s.key())
	return s, nil
}

// EndReason says why a game ended.
type EndReason uint8

// The ways a game ends.
const (
	NotOver    EndReason = iota
	Blockade             // neither player can move (the source's end)
	Repetition           // safeguard: a position occurred option-repetition times
	PlyLimit             // safeguard: option max-plies reached
)

func (e EndReason) String() string {
	return [...]string{"", "blockade", "repetition", "max-plies"}[e]
}

// State is an Adji-Boto position. Its zero value is not usable; make states
// with New.
type State struct {
	r           *rules
	holes       [Holes]uint8
	stores      [2]uint8
	turn        uint8
	openingLeft uint8    // opening moves still to play, 10 down to 0
	opened      [2]uint8 // bit k: the player's k-th hole (in sowing order) played in the opening
	end         EndReason
	captured    uint8  // seeds the last move captured
	mover       uint8  // who made the last move
	passed      bool   // the last move left the other player without a move
	mask        uint16 // bit h: hole h is a legal move of the player to move
	ply         int32
	// hist holds the positions since the last capture, exactly (a 64-bit
	// hash could collide and end a game wrongly); an earlier position can
	// never come back, since stores only grow.
	hist     []posKey
	histBits uint64 // a bit for the hash of each key in hist
}

// Owner returns the player whose row holds hole h.
func Owner(h int) int {
	if h >= 5 {
		return 0
	}
	return 1
}

// rowStart is the first hole of a player's row in sowing order.
func rowStart(p int) int { return 9 - 5*p }

// next is the hole after h in sowing order (counter-clockwise).
func next(h int) int {
	if h == 0 {
		return Holes - 1
	}
	return h - 1
}

// Game returns Game{}.
func (s *State) Game() engine.Game { return Game{} }

// Options returns the options the game was made with.
func (s *State) Options() engine.Options { return s.r.opts }

// NumPlayers returns 2.
func (s *State) NumPlayers() int { return 2 }

// Ply returns the number of moves played.
func (s *State) Ply() int { return int(s.ply) }

// ToMove returns the player to move, or -1 when the game is over.
func (s *State) ToMove() int {
	if s.end != NotOver {
		return -1
	}
	return int(s.turn)
}

// Actors appends the player to move.
func (s *State) Actors(dst []int) []int {
	if s.end != NotOver {
		return dst
	}
	return append(dst, int(s.turn))
}

// InOpening reports whether the opening cycle is still being played.
func (s *State) InOpening() bool { return s.openingLeft > 0 }

// legalMask returns the set of holes player p may play now, as bits.
func (s *State) legalMask(p int) uint16 {
	var mask uint16
	start := rowStart(p)
	if s.openingLeft == 0 {
		return rowMask(&s.holes, p)
	}
	for k := 0; k < 5; k++ {
		h := start - k
		if s.holes[h] < 2 {
			continue
		}
		if s.opened[p]&(1<<k) != 0 {
			continue
		}
		// Ordered opening: only the first hole not yet played.
		if s.r.opening == OpeningOrdered && s.opened[p] != (1<<k)-1 {
			continue
		}
		mask |= 1 << h
	}
	return mask
}

// Legal appends the holes the player may play, in sowing order of her row.
func (s *State) Legal(player int, dst []engine.Move) []engine.Move {
	if s.end != NotOver || player != int(s.turn) {
		return dst
	}
	mask := s.mask
	for h := rowStart(player); h > rowStart(player)-5; h-- {
		if mask&(1<<h) != 0 {
			dst = append(dst, engine.Move(h))
		}
	}
	return dst
}

// ChanceOutcomes returns dst: Adji-Boto has no chance.
func (s *State) ChanceOutcomes(dst []engine.ChanceOutcome) []engine.ChanceOutcome { return dst }

// ApplyJoint applies ms[0]; Adji-Boto has no simultaneous turns.
func (s *State) ApplyJoint(ms []engine.Move) { s.Apply(ms[0]) }

// Apply plays the hole m for the player to move. It assumes m is legal.
func (s *State) Apply(m engine.Move) { s.play(int(m), nil) }

// play is Apply; with tr it also records the turn's events.
func (s *State) play(h int, tr *tracer) {
	p := int(s.turn)
	opening := s.openingLeft > 0
	if opening {
		s.opened[p] |= 1 << (rowStart(p) - h)
		s.openingLeft--
	}
	var last int
	if tr == nil {
		last = s.sow(h)
	} else {
		last = s.sowTraced(h, tr)
	}
	s.captured = 0
	if !opening {
		s.captured = s.capture(last, tr)
		s.stores[p] += s.captured
	}
	s.ply++
	s.mover, s.passed = uint8(p), false
	s.turn ^= 1
	s.settle(opening, tr)
}

// capture takes the chain of odd counts (1, 3 or 5) that follows the hole of
// the last seed and returns the number of seeds taken.
func (s *State) capture(last int, tr *tracer) uint8 {
	var taken uint8
	mover := int(s.turn)
	first := true
	for h := next(last); h != last; h = next(h) {
		c := s.holes[h]
		switch {
		case c == 0 && !first && s.r.chainThroughEmpty:
			continue
		case c != 1 && c != 3 && c != 5:
			return taken
		case s.r.opponentOnly && Owner(h) == mover:
			return taken
		}
		taken += c
		s.holes[h] = 0
		first = false
		if tr != nil {
			tr.add(engine.Event{Kind: engine.Capture, Player: mover, From: h, To: storePlace(mover), N: int(c)})
		}
	}
	return taken
}

// settle passes for a blocked player and ends the game when nobody can
// move or a safeguard applies.
func (s *State) settle(wasOpening bool, tr *tracer) {
	s.mask = s.legalMask(int(s.turn))
	if s.mask == 0 {
		// Forced pass: the other player goes on while she can.
		s.turn ^= 1
		s.mask = s.legalMask(int(s.turn))
		if s.mask == 0 {
			s.finish(Blockade, tr)
			return
		}
		s.passed = true
		if tr != nil {
			tr.add(engine.Event{Kind: engine.Pass, Player: int(s.turn ^ 1), From: -1, To: -1})
		}
	}
	if s.r.maxPlies > 0 && int(s.ply) >= s.r.maxPlies {
		s.finish(PlyLimit, tr)
		return
	}
	if s.captured > 0 || wasOpening {
		s.hist = s.hist[:0]
		s.histBits = 0
	}
	if seen := s.remember(s.key()); s.r.repetition > 0 && seen >= s.r.repetition {
		s.finish(Repetition, tr)
	}
}

// remember adds k to the history and returns how often it occurs there.
func (s *State) remember(k posKey) int {
	seen := 1
	// Most positions are new: histBits, a one-word Bloom filter of hist,
	// says so without the scan.
	bit := uint64(1) << ((k[0]*0x9e3779b97f4a7c15 ^ k[1]*0xbf58476d1ce4e5b9) >> 58)
	if s.histBits&bit != 0 {
		for _, x := range s.hist {
			if x == k {
				seen++
			}
		}
	}
	s.histBits |= bit
	s.hist = append(s.hist, k)
	return seen
}

// finish ends the game: each player takes the seeds left on her own side.
func (s *State) finish(why EndReason, tr *tracer) {
	s.end = why
	s.mask = 0
	for h := range s.holes {
		if tr != nil && s.holes[h] > 0 {
			tr.add(engine.Event{Kind: engine.Transfer, Player: Owner(h), From: h, To: storePlace(Owner(h)), N: int(s.holes[h])})
		}
		s.stores[Owner(h)] += s.holes[h]
		s.holes[h] = 0
	}
}

// Clone returns a deep copy.
func (s *State) Clone() engine.State {
	c := *s
	c.hist = append([]posKey(nil), s.hist...)
	return &c
}

// CopyFrom makes s a copy of src (an *adjiboto.State), reusing memory.
func (s *State) CopyFrom(src engine.State) { s.CopyState(src.(*State)) }

// CopyState is CopyFrom with the concrete type.
func (s *State) CopyState(src *State) {
	h := s.hist[:0]
	*s = *src
	s.hist = append(h, src.hist...)
}

// posKey is a position exactly, for the repetition rule: the holes, the
// stores, the player to move and the opening's progress, a byte each.
type posKey [2]uint64

func (s *State) key() posKey {
	lo := binary.LittleEndian.Uint64(s.holes[:8])
	hi := uint64(s.holes[8]) | uint64(s.holes[9])<<8 | uint64(s.stores[0])<<16 | uint64(s.stores[1])<<24 |
		uint64(s.turn)<<32 | uint64(s.openingLeft)<<40 | uint64(s.opened[0])<<48 | uint64(s.opened[1])<<56
	return posKey{lo, hi}
}

// Hash digests holes, stores, the player to move and the opening progress.
func (s *State) Hash() uint64 {
	var lo, hi uint64
	for i := 0; i < 8; i++ {
		lo |= uint64(s.holes[i]) << (8 * i)
	}
	hi = uint64(s.holes[8]) | uint64(s.holes[9])<<8 | uint64(s.stores[0])<<16 | uint64(s.stores[1])<<24 |
		uint64(s.turn)<<32 | uint64(s.openingLeft)<<36 | uint64(s.opened[0])<<44 | uint64(s.opened[1])<<49 |
		uint64(s.end)<<54
	return engine.Mix64(lo ^ engine.Mix64(hi))
}

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.end != NotOver }

// End says why the game ended (NotOver while it goes on).
func (s *State) End() EndReason { return s.end }

// Outcome gives the winner by seeds, or a draw on equal seeds.
func (s *State) Outcome() (engine.Outcome, bool) {
	if s.end == NotOver {
		return engine.Outcome{}, false
	}
	switch {
	case s.stores[0] > s.stores[1]:
		return engine.Outcome{Winner: 0}, true
	case s.stores[1] > s.stores[0]:
		return engine.Outcome{Winner: 1}, true
	}
	return engine.Outcome{Winner: -1}, true
}

// Scores appends each player's store (after the end, her seeds in all).
func (s *State) Scores(dst []float64) []float64 {
	return append(dst, float64(s.stores[0]), float64(s.stores[1]))
}

// Eval scores each player by her store minus the opponent's: stores only
// grow, so the difference is what a move has won for good.
func (s *State) Eval(dst []float64) []float64 {
	d := float64(s.stores[0]) - float64(s.stores[1])
	return append(dst, d, -d)
}

// Hole returns the seeds in hole h.
func (s *State) Hole(h int) int { return int(s.holes[h]) }

// Store returns the seeds in player p's store.
func (s *State) Store(p int) int { return int(s.stores[p]) }

// Captured returns the seeds the last move captured.
func (s *State) Captured() int { return int(s.captured) }

// MoveText gives the hole number.
func (s *State) MoveText(player int, m engine.Move) string { return strconv.Itoa(int(m)) }

// ParseMove reads a hole number 0-9 in the player's row.
func (s *State) ParseMove(player int, text string) (engine.Move, error) {
	h, err := strconv.Atoi(text)
	if err != nil || len(text) != 1 {
		return 0, engine.NewError("adji-boto.move_form")
	}
	if player >= 0 && player <= 1 && Owner(h) != player {
		return 0, engine.NewError("adji-boto.not_your_row", "hole", h, "player", player, "row", rowText(player))
	}
	return engine.Move(h), nil
}

func rowText(p int) string {
	if p == 0 {
		return "5-9"
	}
	return "0-4"
}

// Details gives the board for the state's views: holes, stores, phase
// ("opening" or "main"), captured (seeds the last move took) and, once
// over, end (why the game ended).
func (s *State) Details() engine.Details {
	holes := make([]int, Holes)
	for i, c := range s.holes {
		holes[i] = int(c)
	}
	phase := "main"
	if s.openingLeft > 0 {
		phase = "opening"
	}
	d := make(engine.Details, 0, 5).
		With("holes", holes).
		With("stores", []int{int(s.stores[0]), int(s.stores[1])}).
		With("phase", phase).
		With("captured", int(s.captured))
	if e := s.end.String(); e != "" {
		d = d.With("end", e)
	}
	return d
}
