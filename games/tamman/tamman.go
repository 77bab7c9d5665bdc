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
	"math"

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
}

// New returns the start position: every man on his 'ayn, player 0 to throw.
func New(opts engine.Options) (*State, error) {
	s := &State{r: newRules(opts), winner: -1}
	s.due = 1
	return s, nil
}

// Game returns Game{}.
func (s *State) Game() engine.Game { return Game{} }

// Options returns the options the game was made with.
func (s *State) Options() engine.Options { return s.r.opts }

// NumPlayers returns the number of players.
func (s *State) NumPlayers() int { return int(s.r.players) }

// Ply returns the number of throws and moves played.
func (s *State) Ply() int { return int(s.ply) }

// Turn returns the player whose turn it is (the last mover once the game
// is over).
func (s *State) Turn() int { return int(s.turn) }

// Phase returns what the game waits for.
func (s *State) Phase() Phase { return s.phase }

// Actors appends chance at a throw, the player at a move, nobody at the end.
func (s *State) Actors(dst []int) []int {
	switch s.phase {
	case ThrowPhase:
		return append(dst, engine.ChancePlayer)
	case MovePhase:
		return append(dst, int(s.turn))
	}
	return dst
}

// Legal appends the throws t1 t2 t3 t4 t8 for chance at a throw, or the
// moves of the player to move: for each throw value she holds, ascending,
// each square with a man of hers that can use it, in the order of her path.
func (s *State) Legal(player int, dst []engine.Move) []engine.Move {
	switch {
	case s.phase == ThrowPhase && player == engine.ChancePlayer:
		for _, v := range throwValues {
			dst = append(dst, engine.Move(v))
		}
	case s.phase == MovePhase && player == int(s.turn):
		men := &s.men[player]
		path := &s.r.path[player]
		best := -1 // under use-most: the most throws she can use
		if s.r.useMost {
			sum := 0
			for _, v := range s.pool[:s.nPool] {
				sum += int(v)
			}
			// When the least advanced man can use all the throws, every
			// move leaves them all usable.
			if int(men[0])+sum > Home {
				best = mostUsable(*men, s.pool, s.nPool)
			}
		}
		last := uint8(0)
		for i := uint8(0); i < s.nPool; i++ {
			v := s.pool[i]
			if v == last {
				continue
			}
			last = v
			prev := uint8(255)
			for _, k := range men {
				if k == prev || k == Home {
					continue
				}
				prev = k
				if s.r.exact && int(k)+int(v) > Home {
					break // men are ascending: the rest overshoot too
				}
				if best >= 0 && 1+mostUsable(moved(*men, k, v), without(s.pool, s.nPool, v), s.nPool-1) < best {
					continue
				}
				dst = append(dst, engine.Move(path[k])<<8|engine.Move(v))
			}
		}
		if s.r.mayPass {
			dst = append(dst, Pass)
		}
	}
	return dst
}

// ChanceOutcomes appends the five throws with their chances when a throw
// is due.
func (s *State) ChanceOutcomes(dst []engine.ChanceOutcome) []engine.ChanceOutcome {
	if s.phase != ThrowPhase {
		return dst
	}
	for i, v := range throwValues {
		dst = append(dst, engine.ChanceOutcome{Move: engine.Move(v), Prob: s.r.probs[i]})
	}
	return dst
}

// SampleThrow returns the throw whose share of [0, 1) holds u (drawn
// uniformly), the fast way for playouts to throw the cowries.
func (s *State) SampleThrow(u float64) engine.Move {
	for i, p := range s.r.probs {
		if u < p {
			return engine.Move(throwValues[i])
		}
		u -= p
	}
	return 8
}

// ApplyJoint applies ms[0]; Tamman has no simultaneous turns.
func (s *State) ApplyJoint(ms []engine.Move) { s.Apply(ms[0]) }

// Apply plays a throw (at a throw) or a move (at a move). It assumes the
// move is legal.
func (s *State) Apply(m engine.Move) { s.apply(m, nil) }

// apply is Apply; with tr it also records the events of the move.
func (s *State) apply(m engine.Move, tr *tracer) {
	s.ply++
	switch {
	case s.phase == ThrowPhase:
		if tr != nil {
			tr.add(engine.Event{Kind: engine.Throw, Player: int(s.turn), From: -1, To: -1, N: int(m)})
		}
		s.throw(uint8(m), tr)
	case m == Pass:
		s.captured = 0
		s.endTurn(tr)
	default:
		s.move(Square(m>>8), uint8(m), tr)
	}
}

// throw adds a throw of value v to the pool and decides what follows.
func (s *State) throw(v uint8, tr *tracer) {
	s.push(v)
	if s.capDue > 0 {
		// A capture throw: it earns no extra throw, whatever it shows.
		s.capDue--
		if s.capDue == 0 {
			s.startMoves(tr)
		}
		return
	}
	s.seq++
	if s.seq == 1 {
		// Only the turn's first throw earns extra throws.
		switch v {
		case 4:
			s.due = 1
		case 8:
			s.due = 2
		default:
			s.due = 0
		}
	} else {
		s.due--
	}
	if s.due > 0 {
		return
	}
	if s.seq == 3 && s.pool[0] == 8 {
		// 8, then two more 8s (the pool is ascending, 8 is the largest
		// value): the turn scores 0.
		s.zeroTurn(tr)
		return
	}
	s.startMoves(tr)
}

// zeroTurn ends a turn of three 8s: its throws are lost, and under
// triple-tamman=reset the thrower's men in play go back to the 'ayn.
func (s *State) zeroTurn(tr *tracer) {
	if s.r.reset {
		men := &s.men[s.turn]
		tr.sendBack(s, int(s.turn), *men)
		for i, k := range men {
			if k != Home {
				men[i] = 0
			}
		}
		sortMen(men)
		s.occ[s.turn] = 0
	}
	s.endTurn(tr)
	s.zeroed = true
}

// push inserts v into the ascending pool.
func (s *State) push(v uint8) {
	i := s.nPool
	for i > 0 && s.pool[i-1] > v {
		s.pool[i] = s.pool[i-1]
		i--
	}
	s.pool[i] = v
	s.nPool++
}

// remove takes one throw of value v out of the pool.
func (s *State) remove(v uint8) {
	n := s.nPool
	i := uint8(0)
	for i < n && s.pool[i] != v {
		i++
	}
	copy(s.pool[i:n-1], s.pool[i+1:n])
	s.nPool--
	s.pool[s.nPool] = 0
}

// startMoves begins (or goes on with) the moves once no throw is due. Under
// throw-use=total the waiting throws are first added up into one. When no
// man can use any waiting throw, they are lost and the turn ends.
func (s *State) startMoves(tr *tracer) {
	s.seq, s.due = 0, 0 // the opening throws are done
	if s.r.total && s.nPool > 1 {
		sum := 0
		for i := uint8(0); i < s.nPool; i++ {
			sum += int(s.pool[i])
			s.pool[i] = 0
		}
		s.pool[0] = uint8(min(sum, 255))
		s.nPool = 1
	}
	if !s.canMove() {
		s.endTurn(tr)
		return
	}
	s.phase = MovePhase
}

// canMove reports whether the player to move can use one of her throws.
// Her least advanced man is not on habarti (else she would have won), and
// the smallest throw is the easiest to use.
func (s *State) canMove() bool {
	if s.nPool == 0 {
		return false
	}
	return !s.r.exact || int(s.men[s.turn][0])+int(s.pool[0]) <= Home
}

// endTurn loses the throws left and passes the turn to the next player.
func (s *State) endTurn(tr *tracer) {
	if tr != nil && s.nPool > 0 {
		tr.add(engine.Event{Kind: engine.Pass, Player: int(s.turn), From: -1, To: -1, N: int(s.nPool)})
	}
	s.lost, s.zeroed = s.nPool, false
	for i := uint8(0); i < s.nPool; i++ {
		s.pool[i] = 0
	}
	s.nPool = 0
	s.turn++
	if s.turn == s.r.players {
		s.turn = 0
	}
	s.phase = ThrowPhase
	s.seq = 0
	s.due = 1
}

// move moves a man of the player to move from square q by throw v, sends
// back the enemy men he overtakes and orders a capture throw for each.
func (s *State) move(q Square, v uint8, tr *tracer) {
	p := s.turn
	r := s.r
	from := r.step[p][q]
	to := int(from) + int(v)
	if to > Home {
		to = Home // only legal without exact-finish
	}
	men := &s.men[p]
	i := 0
	for men[i] != from {
		i++
	}
	men[i] = uint8(to)
	for i < 3 && men[i] > men[i+1] {
		men[i], men[i+1] = men[i+1], men[i]
		i++
	}
	if men[0] != from && men[1] != from && men[2] != from && men[3] != from {
		s.occ[p] &^= 1 << q
	}
	if to < Home {
		s.occ[p] |= 1 << r.path[p][to]
	}
	s.remove(v)
	if tr != nil {
		tr.path(s, int(p), int(from), to)
	}

	// The squares passed over: steps from+1 .. to-1.
	hit := r.before[p][to] &^ r.before[p][from+1]
	if r.landing {
		hit |= 1 << r.path[p][to]
	}
	if r.atStart {
		hit |= 1 << q
	}
	hit &^= r.safe
	caught := uint8(0)
	if hit != 0 {
		for e := uint8(0); e < r.players; e++ {
			if e == p || hit&s.occ[e] == 0 {
				continue
			}
			s.occ[e] &^= hit // every man of e on those squares goes back
			em := &s.men[e]
			if tr != nil {
				tr.sendBackOn(s, int(e), *em, hit)
			}
			sent := false
			for j, k := range em {
				// Step 0 is the man's own 'ayn, always safe; Home is out
				// of play.
				if k == 0 || k == Home || hit&(1<<r.path[e][k]) == 0 {
					continue
				}
				em[j] = 0
				caught++
				sent = true
			}
			if sent {
				sortMen(em)
			}
		}
	}
	s.captured = caught

	if men[0] == Home {
		s.phase = Over
		s.winner = int8(p)
		return
	}
	if caught > 0 {
		s.capDue += caught
		s.phase = ThrowPhase
		return
	}
	s.startMoves(tr)
}

// mostUsable returns how many of the n throws in pool (ascending) the
// men can use, one after another, each landing on or before habarti.
// Capture throws cannot change it: captures never move the mover's men.
func mostUsable(men [4]uint8, pool [maxPool]uint8, n uint8) int {
	best := 0
	last := uint8(0)
	for i := uint8(0); i < n; i++ {
		v := pool[i]
		if v == last {
			continue
		}
		last = v
		prev := uint8(255)
		for _, k := range men {
			if k == prev || int(k)+int(v) > Home {
				continue
			}
			prev = k
			u := 1 + mostUsable(moved(men, k, v), without(pool, n, v), n-1)
			if u > best {
				best = u
				if best == int(n) {
					return best
				}
			}
		}
	}
	return best
}

// moved returns men with one man moved from step k by v, kept ascending.
func moved(men [4]uint8, k, v uint8) [4]uint8 {
	for i := range men {
		if men[i] == k {
			men[i] = k + v
			break
		}
	}
	sortMen(&men)
	return men
}

// without returns the first n throws of pool with one v taken out.
func without(pool [maxPool]uint8, n, v uint8) [maxPool]uint8 {
	i := uint8(0)
	for i < n && pool[i] != v {
		i++
	}
	copy(pool[i:n-1], pool[i+1:n])
	pool[n-1] = 0
	return pool
}

// setOcc recomputes occ[p] from the men.
func (s *State) setOcc(p int) {
	s.occ[p] = 0
	for _, k := range s.men[p] {
		if k != 0 && k != Home {
			s.occ[p] |= 1 << s.r.path[p][k]
		}
	}
}

// sortMen puts four steps in ascending order.
func sortMen(m *[4]uint8) {
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && m[j-1] > m[j]; j-- {
			m[j-1], m[j] = m[j], m[j-1]
		}
	}
}

// Clone returns a copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src, which must be a *tamman.State.
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

// Hash digests the men, the throws waiting and due, the turn and phase.
func (s *State) Hash() uint64 {
	var w [4]uint64
	for p := 0; p < 4; p++ {
		for i, k := range s.men[p] {
			w[p/2] |= uint64(k) << (8 * (4*(p%2) + i))
		}
	}
	for i, v := range s.pool {
		w[2+i/8] |= uint64(v) << (8 * (i % 8))
	}
	h := uint64(s.turn) | uint64(s.phase)<<8 | uint64(s.seq)<<16 | uint64(s.due)<<24 |
		uint64(s.capDue)<<32 | uint64(s.nPool)<<40 | uint64(uint8(s.winner))<<48
	x := engine.Mix64(h)
	for _, v := range w {
		x = engine.Mix64(x ^ v)
	}
	return x
}

// Captured returns the men the last move sent back to their 'ayn
// (self-play statistics count captures with it).
func (s *State) Captured() int { return int(s.captured) }

// Terminal reports whether someone has all four men on habarti.
func (s *State) Terminal() bool { return s.phase == Over }

// Outcome gives the player who brought all four men home.
func (s *State) Outcome() (engine.Outcome, bool) {
	if s.phase != Over {
		return engine.Outcome{}, false
	}
	return engine.Outcome{Winner: int(s.winner)}, true
}

// Home returns how many of player p's men are on habarti.
func (s *State) Home(p int) int {
	n := 0
	for _, k := range s.men[p] {
		if k == Home {
			n++
		}
	}
	return n
}

// Scores appends each player's men on habarti.
func (s *State) Scores(dst []float64) []float64 {
	for p := 0; p < int(s.r.players); p++ {
		dst = append(dst, float64(s.Home(p)))
	}
	return dst
}

// Eval judges each player by the steps her men have made (a man home
// counts a bonus step): her share of the way minus the best opponent's,
// and +1/-1 once the game is won.
func (s *State) Eval(dst []float64) []float64 {
	n := int(s.r.players)
	var prog [4]float64
	for p := 0; p < n; p++ {
		t := 0
		for _, k := range s.men[p] {
			t += int(k)
			if k == Home {
				t++
			}
		}
		prog[p] = float64(t) / float64(4*(Steps+1))
	}
	for p := 0; p < n; p++ {
		if s.phase == Over {
			if int(s.winner) == p {
				dst = append(dst, 1)
			} else {
				dst = append(dst, -1)
			}
			continue
		}
		best := math.Inf(-1)
		for q := 0; q < n; q++ {
			if q != p && prog[q] > best {
				best = prog[q]
			}
		}
		dst = append(dst, prog[p]-best)
	}
	return dst
}

// Men returns the squares of player p's four men, least advanced first.
func (s *State) Men(p int) [4]Square {
	var out [4]Square
	for i, k := range s.men[p] {
		out[i] = s.r.path[p][k]
	}
	return out
}

// Steps returns the path steps of player p's four men (0: on her 'ayn, 24:
// on habarti), ascending.
func (s *State) Steps(p int) [4]int {
	var out [4]int
	for i, k := range s.men[p] {
		out[i] = int(k)
	}
	return out
}

// Throws returns the throws waiting to be used this turn, ascending.
func (s *State) Throws() []int {
	out := make([]int, s.nPool)
	for i := range out {
		out[i] = int(s.pool[i])
	}
	return out
}

// CaptureThrowsDue returns how many capture throws are still to be thrown.
func (s *State) CaptureThrowsDue() int { return int(s.capDue) }

// ExtraThrowsDue returns how many of the turn's opening throws (the first
// and the extra throws it earned) are still to be thrown.
func (s *State) ExtraThrowsDue() int {
	if s.phase != ThrowPhase || s.capDue > 0 {
		return 0
	}
	return int(s.due)
}

// Seat returns the 'ayn where player p's men start.
func (s *State) Seat(p int) Square { return Ayn[s.r.seats[p]] }
