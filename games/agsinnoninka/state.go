package agsinnoninka

import (
	"tabula/engine"
)

// EndReason says why a match (or, with match=false, the single round)
// ended.
type EndReason uint8

// The ways a match ends.
const (
	NotOver    EndReason = iota
	Lost                 // a player could not fill a single hole (the source's end of a match)
	RoundOver            // match=false: the one round is over
	RoundLimit           // safeguard: option max-rounds reached
)

func (e EndReason) String() string {
	return [...]string{"", "lost", "round-over", "max-rounds"}[e]
}

// RoundEnd says why a round ended.
type RoundEnd uint8

// The ways a round ends.
const (
	RoundGoesOn RoundEnd = iota
	RowEmpty             // a player's row was empty at the start of a turn (the source's end)
	Repetition           // safeguard: a position occurred option-repetition times in the round
	TurnLimit            // safeguard: option max-turns reached
)

func (e RoundEnd) String() string {
	return [...]string{"", "row-empty", "repetition", "max-turns"}[e]
}

// Moves of chance under simultaneity=chance-order: who sows first.
const (
	FirstPlayer0 engine.Move = 0
	FirstPlayer1 engine.Move = 1
)

// noHole marks "no hole" in the byte-sized fields of a turn's record.
const noHole = -1

// storePos is the position of a sower whose last seed went to her store.
const storePos = Holes

// PlayerTurn is what one player's move did in the last turn.
type PlayerTurn struct {
	Hole     int8   // the hole she chose, noHole before the first turn
	Lifts    uint32 // relays: holes lifted after the first
	End      int8   // the hole her move finished in for the capture rule (storePos: her store)
	Captured uint8  // seeds taken from the facing hole
	Cut      bool   // her relay was cut by the cycle rule or the max-steps safeguard
	Capped   bool   // her relay was cut by the max-steps safeguard
	Conflict bool   // she found a hole empty because its owner lifted it in the same step
	Steps    uint32
}

// TurnRecord is what the last turn did, for the JSON and the drawing.
type TurnRecord struct {
	P     [2]PlayerTurn
	First int8 // sequential readings: who sowed first (-1 in lockstep)
	Steps uint32
	// Capped: a move was cut by the max-steps safeguard.
	Capped bool
}

// RoundRecord is how the last round ended.
type RoundRecord struct {
	Why   RoundEnd
	Round uint16
	Taken [2]uint8 // seeds each took from her own row
	Seeds [2]uint8 // each player's seeds after that (her store)
	// Holes and Burnt are the board as the round ended, before the rows
	// were taken, for the terminal's drawing of it.
	Holes [Holes]uint8
	Burnt uint16
}

// State is an Agsinnoninka position. Make states with New or NewPosition.
type State struct {
	r      *rules
	holes  [Holes]uint8
	stores [2]uint8
	burnt  uint16 // bit h: hole h is burnt this round
	round  uint16
	end    EndReason
	// pending holds the choices of a turn that waits for chance to say who
	// sows first (simultaneity=chance-order); -1 when none.
	pending    [2]int8
	ply        int32
	turns      int32 // turns played in the match
	roundTurns int32 // turns played in this round
	total      int   // seeds in play, constant
	last       TurnRecord
	lastRound  RoundRecord
	// hist holds the positions at the start of each turn of this round
	// since the stores last changed (a position with smaller stores cannot
	// come back, since stores only grow within a round).
	hist []posKey
	// tab is the sowing tables of the fast path for the burnt holes of
	// the round (see fast.go), shared through the rules.
	tab *tables
}

// posKey is an exact digest of a position: holes, stores and burnt holes.
type posKey [2]uint64

func (s *State) key() posKey {
	var lo, hi uint64
	for i := 0; i < 8; i++ {
		lo |= uint64(s.holes[i]) << (8 * i)
	}
	hi = uint64(s.holes[8]) | uint64(s.holes[9])<<8 | uint64(s.stores[0])<<16 | uint64(s.stores[1])<<24 |
		uint64(s.burnt)<<32
	return posKey{lo, hi}
}

var _ engine.Evaluator = (*State)(nil)

// Owner returns the player whose row holds hole h.
func Owner(h int) int {
	if h >= 5 {
		return 0
	}
	return 1
}

// Facing returns the hole across the board from h.
func Facing(h int) int { return Holes - 1 - h }

// rowStart is a player's left-most hole as she sits, where her row begins
// in sowing order: 9 for player 0, 4 for player 1.
func rowStart(p int) int { return 9 - 5*p }

// rowEnd is the last hole of a player's row in sowing order: 5 or 0. Her
// store comes after it.
func rowEnd(p int) int { return 5 - 5*p }

// Game returns Game{}.
func (s *State) Game() engine.Game { return Game{} }

// Options returns the options the game was made with.
func (s *State) Options() engine.Options { return s.r.opts }

// NumPlayers returns 2.
func (s *State) NumPlayers() int { return 2 }

// Ply returns the number of joint moves and chance events played.
func (s *State) Ply() int { return int(s.ply) }

// Round returns the round being played, from 1.
func (s *State) Round() int { return int(s.round) }

// Turns returns the number of turns played in the current round.
func (s *State) Turns() int { return int(s.roundTurns) }

// Pending reports whether a turn's choices wait for chance to order them.
func (s *State) Pending() bool { return s.pending[0] >= 0 }

// Actors appends [0 1] for a turn, [ChancePlayer] when chance must say who
// sows first, nothing when the match is over.
func (s *State) Actors(dst []int) []int {
	switch {
	case s.end != NotOver:
		return dst
	case s.pending[0] >= 0:
		return append(dst, engine.ChancePlayer)
	}
	return append(dst, 0, 1)
}

func (s *State) isBurnt(h int) bool { return s.burnt&(1<<h) != 0 }

// rowSeeds is the number of seeds in player p's row.
func (s *State) rowSeeds(p int) int {
	n := 0
	for h := rowEnd(p); h <= rowStart(p); h++ {
		n += int(s.holes[h])
	}
	return n
}

// Legal appends the holes the player may play, in sowing order of her row:
// her non-empty holes (burnt holes are always empty).
func (s *State) Legal(player int, dst []engine.Move) []engine.Move {
	if s.end != NotOver {
		return dst
	}
	if s.pending[0] >= 0 {
		if player == engine.ChancePlayer {
			dst = append(dst, FirstPlayer0, FirstPlayer1)
		}
		return dst
	}
	if player != 0 && player != 1 {
		return dst
	}
	for h := rowStart(player); h >= rowEnd(player); h-- {
		if s.holes[h] > 0 && !s.isBurnt(h) {
			dst = append(dst, engine.Move(h))
		}
	}
	return dst
}

// ChanceOutcomes gives who sows first, each with probability 1/2, while a
// turn waits for it (simultaneity=chance-order).
func (s *State) ChanceOutcomes(dst []engine.ChanceOutcome) []engine.ChanceOutcome {
	if s.end != NotOver || s.pending[0] < 0 {
		return dst
	}
	return append(dst, engine.ChanceOutcome{Move: FirstPlayer0, Prob: 0.5}, engine.ChanceOutcome{Move: FirstPlayer1, Prob: 0.5})
}

// ApplyJoint plays a turn: ms[0] is player 0's hole, ms[1] player 1's. It
// assumes both are legal and does not allocate.
func (s *State) ApplyJoint(ms []engine.Move) { s.applyJoint(int(ms[0]), int(ms[1]), nil, nil) }

// applyJoint is ApplyJoint; with tr it also records the turn's events,
// with c it takes the sowing from the cache when it can. It reports false
// when c's stop gave the turn up (NewTurnApplier).
func (s *State) applyJoint(a, b int, tr *tracer, c *turnCache) bool {
	s.ply++
	first := -1
	switch s.r.order {
	case orderChance:
		s.pending = [2]int8{int8(a), int8(b)}
		return true
	case orderAlternating:
		first = int(s.turns & 1)
	case orderP0First:
		first = 0
	}
	if !s.resolveWith(a, b, first, tr, c) {
		return false
	}
	s.afterTurn(tr)
	return true
}

// Apply plays chance's draw of who sows first (simultaneity=chance-order).
// Agsinnoninka has no other single-actor move; the engine applies the
// players' turns with ApplyJoint.
func (s *State) Apply(m engine.Move) { s.apply(m, nil, nil) }

// apply is Apply; with tr it also records the turn's events, with c it
// takes the sowing from the cache when it can. It reports false when c's
// stop gave the turn up.
func (s *State) apply(m engine.Move, tr *tracer, c *turnCache) bool {
	if s.pending[0] < 0 {
		return true
	}
	a, b := int(s.pending[0]), int(s.pending[1])
	s.pending = [2]int8{noHole, noHole}
	s.ply++
	tr.add(engine.Event{Kind: engine.Throw, Player: engine.ChancePlayer, From: -1, To: -1, N: int(m)})
	if !s.resolveWith(a, b, int(m), tr, c) {
		return false
	}
	s.afterTurn(tr)
	return true
}

// afterTurn counts the turn and looks for the end of the round.
func (s *State) afterTurn(tr *tracer) {
	s.turns++
	s.roundTurns++
	s.settle(tr)
}

// Clone returns a deep copy.
func (s *State) Clone() engine.State {
	c := *s
	c.hist = append([]posKey(nil), s.hist...)
	return &c
}

// CopyFrom makes s a copy of src (an *agsinnoninka.State), reusing memory.
func (s *State) CopyFrom(src engine.State) { s.CopyState(src.(*State)) }

// CopyState is CopyFrom with the concrete type.
func (s *State) CopyState(src *State) {
	h := s.hist[:0]
	*s = *src
	s.hist = append(h, src.hist...)
}

// Hash digests the board (holes, stores, burnt holes), the round, a turn
// waiting for chance and the end of the match; and what else decides the
// future under the options: the parity of the turn with
// simultaneity=alternating, the turns of the round with max-turns.
func (s *State) Hash() uint64 {
	k := s.key()
	x := uint64(s.round) | uint64(uint8(s.pending[0]))<<16 | uint64(uint8(s.pending[1]))<<24 | uint64(s.end)<<32
	if s.r.order == orderAlternating {
		x |= uint64(s.turns&1) << 40
	}
	if s.r.maxTurns > 0 {
		x |= uint64(s.roundTurns) << 41
	}
	return engine.Mix64(k[0] ^ engine.Mix64(k[1]^engine.Mix64(x)))
}

// Terminal reports whether the match is over.
func (s *State) Terminal() bool { return s.end != NotOver }

// End says why the match ended (NotOver while it goes on).
func (s *State) End() EndReason { return s.end }

// Outcome: the player who could not fill a hole loses; otherwise (one
// round, or the max-rounds safeguard) more seeds wins and equal seeds draw.
func (s *State) Outcome() (engine.Outcome, bool) {
	if s.end == NotOver {
		return engine.Outcome{}, false
	}
	a, b := s.seedsOf(0), s.seedsOf(1)
	if s.end == Lost {
		// The loser is the one who could not fill a hole: fewer than seeds
		// seeds. Both cannot fail at once on a full board (see endRound);
		// on a smaller NewPosition board more seeds wins.
		n := int(s.r.seeds)
		switch {
		case a < n && b >= n:
			return engine.Outcome{Winner: 1}, true
		case b < n && a >= n:
			return engine.Outcome{Winner: 0}, true
		}
	}
	switch {
	case a > b:
		return engine.Outcome{Winner: 0}, true
	case b > a:
		return engine.Outcome{Winner: 1}, true
	}
	return engine.Outcome{Winner: -1}, true
}

// seedsOf is player p's store plus her row.
func (s *State) seedsOf(p int) int { return int(s.stores[p]) + s.rowSeeds(p) }

// Scores appends each player's store plus the seeds in her row.
func (s *State) Scores(dst []float64) []float64 {
	return append(dst, float64(s.seedsOf(0)), float64(s.seedsOf(1)))
}

// Eval scores each player by her seeds (store and row) minus the
// opponent's: these are what she would take if the round ended now.
func (s *State) Eval(dst []float64) []float64 {
	d := float64(s.seedsOf(0) - s.seedsOf(1))
	return append(dst, d, -d)
}

// Hole returns the seeds in hole h.
func (s *State) Hole(h int) int { return int(s.holes[h]) }

// Store returns the seeds in player p's store.
func (s *State) Store(p int) int { return int(s.stores[p]) }

// Burnt reports whether hole h is burnt this round.
func (s *State) Burnt(h int) bool { return s.isBurnt(h) }

// LastTurn returns what the last turn did.
func (s *State) LastTurn() TurnRecord { return s.last }

// LastRound returns how the last finished round ended (Why is RoundGoesOn
// before the first round ends).
func (s *State) LastRound() RoundRecord { return s.lastRound }

// Seeds returns the number of seeds on the board, stores included; it never
// changes.
func (s *State) Seeds() int { return s.total }

func (s *State) resetLast() {
	s.pending = [2]int8{noHole, noHole}
	s.last = TurnRecord{First: -1}
	for p := range s.last.P {
		s.last.P[p].Hole, s.last.P[p].End = noHole, noHole
	}
}
