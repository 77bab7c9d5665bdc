package agsinnoninka

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
)

// This file is an oracle for the turn, written from the rules page
// (docs/rules/agsinnoninka.md) and not from the sowing code: it plays a
// turn one step at a time, walks each sower's circuit as a list, and
// applies the cycle rule as the page states it, by remembering every
// configuration at each player's lift moments.

const oStore = 10 // an oracle sower's position when her last seed is in her store

type oSower struct {
	hand, pos, origin int
	active            bool
}

type oTurn struct {
	o      oRules
	burnt  [Holes]bool
	holes  [Holes]int
	stores [2]int
	w      [2]oSower
	rec    TurnRecord
	seen   [2]map[[16]int]bool
}

// oRules are the options the oracle reads, straight from engine.Options.
type oRules struct {
	endLast, skipOrigin, sowStores, storeRelay, burntEmpty, cycleCapture, bothStop bool
	maxSteps                                                                       int
}

func oracleRules(opts engine.Options) oRules {
	return oRules{
		endLast:      opts.Enum(OptEndHole) == EndLast,
		skipOrigin:   opts.Bool(OptSkipOrigin),
		sowStores:    opts.Bool(OptSowStores),
		storeRelay:   opts.Enum(OptStoreEnd) == StoreRelay,
		burntEmpty:   opts.Enum(OptBurntNext) == BurntEmpty,
		cycleCapture: opts.Enum(OptCycle) == CycleCapt,
		bothStop:     opts.Enum(OptConflict) == ConflictBothStop,
		maxSteps:     opts.Int(OptMaxSteps),
	}
}

// circuit is player p's sowing order from hole 9: the holes counter-
// clockwise (9, 8, ..., 0), her store after her row's last hole (5 or 0)
// with sow-stores, and no burnt hole.
func (t *oTurn) circuit(p int) []int {
	var c []int
	for h := 9; h >= 0; h-- {
		if !t.burnt[h] {
			c = append(c, h)
		}
		if t.o.sowStores && h == 5-5*p {
			c = append(c, oStore)
		}
	}
	return c
}

// nextSeed is where player p's next seed goes after pos.
func (t *oTurn) nextSeed(p, pos, origin int) int {
	c := t.circuit(p)
	i := 0
	for c[i] != pos {
		i++
	}
	for {
		i = (i + 1) % len(c)
		if t.o.skipOrigin && c[i] == origin {
			continue
		}
		return c[i]
	}
}

// nextHole is the hole after pos that a player whose last seed fell there
// looks at, or oStore when her last seed is in her store and ends her move
// there (store-end=stop). Stores are never the next hole; burnt holes are
// passed over unless burnt-next=empty.
func (t *oTurn) nextHole(p, pos int) int {
	h := pos - 1
	if pos == oStore {
		if !t.o.storeRelay {
			return oStore
		}
		// The opponent's first hole: 4 after player 0's store, 9 after
		// player 1's.
		if p == 1 {
			h = 9
		} else {
			h = 4
		}
	}
	for {
		if h < 0 {
			h += Holes
		}
		if !t.burnt[h] || t.o.burntEmpty {
			return h
		}
		h--
	}
}

func (t *oTurn) config() [16]int {
	var k [16]int
	copy(k[:], t.holes[:])
	for p, w := range t.w {
		k[10+p], k[12+p] = w.hand, w.pos
		if w.active {
			k[14] |= 1 << p
		}
		if t.o.skipOrigin {
			k[15] |= w.origin << (4 * p)
		}
	}
	return k
}

// step plays one step: the drops, then each empty-handed sower relays or
// stops, the same-hole conflict, the lifts, then the captures. It reports
// false when the turn ran past limit steps.
func (t *oTurn) step(limit uint32) bool {
	t.rec.Steps++
	if t.rec.Steps > limit {
		return false
	}
	for p := range t.w {
		w := &t.w[p]
		if !w.active {
			continue
		}
		w.pos = t.nextSeed(p, w.pos, w.origin)
		if w.pos == oStore {
			t.stores[p]++
		} else {
			t.holes[w.pos]++
		}
		w.hand--
		t.rec.P[p].Steps++
	}
	conf := t.config()
	target := [2]int{-1, -1}
	var stop, mayCapture [2]bool
	var end [2]int
	endAt := func(p, next int) int {
		if t.o.endLast {
			return t.w[p].pos
		}
		return next
	}
	for p := range t.w {
		w := &t.w[p]
		if !w.active || w.hand > 0 {
			continue
		}
		n := t.nextHole(p, w.pos)
		switch {
		case n == oStore:
			stop[p], end[p] = true, oStore
		case t.holes[n] == 0 || t.burnt[n]:
			stop[p], end[p], mayCapture[p] = true, endAt(p, n), true
		case t.seen[p][conf]:
			stop[p], end[p], mayCapture[p] = true, endAt(p, n), t.o.cycleCapture
			t.rec.P[p].Cut = true
		case t.o.maxSteps > 0 && t.rec.Steps >= uint32(t.o.maxSteps):
			stop[p], end[p], mayCapture[p] = true, endAt(p, n), t.o.cycleCapture
			t.rec.P[p].Cut, t.rec.P[p].Capped, t.rec.Capped = true, true, true
		default:
			t.seen[p][conf] = true
			target[p] = n
		}
	}
	if target[0] >= 0 && target[0] == target[1] {
		h := target[0]
		owner := 1
		if h >= 5 {
			owner = 0
		}
		for p := range 2 {
			if p != owner || t.o.bothStop {
				target[p] = -1
				stop[p], end[p], mayCapture[p] = true, endAt(p, h), true
				t.rec.P[p].Conflict = true
			}
		}
	}
	for p, h := range target {
		if h >= 0 {
			w := &t.w[p]
			w.hand, t.holes[h] = t.holes[h], 0
			w.pos, w.origin = h, h
			t.rec.P[p].Lifts++
		}
	}
	var take [2]int
	for p := range 2 {
		own := end[p] != oStore && (end[p] >= 5) == (p == 0)
		if stop[p] && mayCapture[p] && own {
			take[p] = t.holes[9-end[p]]
		}
	}
	for p := range 2 {
		if !stop[p] {
			continue
		}
		if take[p] > 0 {
			t.holes[9-end[p]] -= take[p]
			t.stores[p] += take[p]
		}
		t.w[p].active = false
		t.rec.P[p].End, t.rec.P[p].Captured = int8(end[p]), uint8(take[p])
	}
	return true
}

// oracleTurn plays on s's board the turn a,b (first: -1 lockstep, else
// who sows first) and returns the board after it and its record; ok is
// false when it ran past limit steps.
func oracleTurn(s *State, a, b, first int, limit uint32) (holes [Holes]int, stores [2]int, rec TurnRecord, ok bool) {
	t := &oTurn{o: oracleRules(s.Options())}
	t.o.maxSteps = s.r.maxSteps // the max-steps tests vary it on copies
	t.seen = [2]map[[16]int]bool{{}, {}}
	for h := range Holes {
		t.burnt[h] = s.Burnt(h)
		t.holes[h] = s.Hole(h)
	}
	t.stores = [2]int{s.Store(0), s.Store(1)}
	t.rec.First = int8(first)
	for p, h := range [2]int{a, b} {
		t.w[p] = oSower{hand: t.holes[h], pos: h, origin: h}
		t.holes[h] = 0
		t.rec.P[p] = PlayerTurn{Hole: int8(h), End: noHole}
	}
	order := [][]int{{0, 1}}
	if first >= 0 {
		order = [][]int{{first}, {1 - first}}
	}
	for _, ps := range order {
		for _, p := range ps {
			t.w[p].active = true
		}
		for t.w[0].active || t.w[1].active {
			if !t.step(limit) {
				return holes, stores, rec, false
			}
		}
	}
	return t.holes, t.stores, t.rec, true
}

// oracleAgrees plays the turn j on a copy of s (Apply for chance's draw
// when first >= 0) and fails unless its record, and its board when the
// turn does not end the round, are the oracle's. It reports whether a
// relay was cut; turns of more than 200,000 steps are not compared.
func oracleAgrees(t testing.TB, s *State, j [2]engine.Move, first int) bool {
	t.Helper()
	holes, stores, rec, ok := oracleTurn(s, int(j[0]), int(j[1]), first, 200000)
	c := s.Clone().(*State)
	if s.Pending() {
		c.Apply(engine.Move(first))
	} else {
		c.ApplyJoint(j[:])
	}
	if !ok {
		return false
	}
	if c.last != rec {
		t.Fatalf("%v turn %d,%d first %d:\n got %+v\nwant %+v\n%s", s.Options().Map(), j[0], j[1], first, c.last, rec, s)
	}
	if c.round == s.round && c.lastRound == s.lastRound {
		var got [Holes]int
		for h := range got {
			got[h] = c.Hole(h)
		}
		if got != holes || [2]int{c.Store(0), c.Store(1)} != stores {
			t.Fatalf("%v turn %d,%d: board %v %v, oracle %v %v\n%s", s.Options().Map(), j[0], j[1], got, c.stores, holes, stores, s)
		}
	}
	return rec.P[0].Cut || rec.P[1].Cut
}

// oracleSets are the option sets the sowing is compared with the oracle
// under.
var oracleSets = [][]string{
	nil,
	{"simultaneity=chance-order"},
	{"simultaneity=alternating"},
	{"simultaneity=player0-first", "end-hole=empty"},
	{"sow-stores=true"},
	{"sow-stores=true", "store-end=relay"},
	{"sow-stores=true", "store-end=relay", "end-hole=empty", "seeds=3"},
	{"skip-origin=true"},
	{"skip-origin=true", "burnt-next=empty", "refill-order=right"},
	{"conflict=both-stop"},
	{"conflict=both-stop", "cycle=capture", "end-hole=empty"},
	{"cycle=capture"},
	{"burnt-next=empty", "end-hole=empty"},
	{"seeds=2"},
	{"seeds=3", "skip-origin=true", "sow-stores=true"},
	{"seeds=4", "conflict=both-stop"},
	{"max-steps=1000"},
	{"max-steps=1", "cycle=capture"},
	{"max-steps=37", "sow-stores=true", "store-end=relay"},
	{"max-steps=500", "skip-origin=true", "conflict=both-stop"},
	{"match=false", "seeds=1"},
}

// randomPosition is a board of 10×seeds seeds in random holes and stores,
// with random burnt holes.
func randomPosition(t testing.TB, opts engine.Options, rng *rand.Rand) *State {
	var p Position
	for h := range p.Holes {
		p.Burnt[h] = rng.IntN(6) == 0
	}
	for range 10 * opts.Int(OptSeeds) {
		switch r := rng.IntN(12); {
		case r >= 10:
			p.Stores[r-10]++
		case !p.Burnt[r]:
			p.Holes[r]++
		}
	}
	s, err := NewPosition(opts, p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// randomTurn picks a random turn of s (both holes), or when a turn waits
// for chance a random first sower.
func randomTurn(s *State, rng *rand.Rand) (j [2]engine.Move, first int) {
	if s.Pending() {
		return [2]engine.Move{engine.Move(s.pending[0]), engine.Move(s.pending[1])}, rng.IntN(2)
	}
	for p := range j {
		legal := s.Legal(p, nil)
		j[p] = legal[rng.IntN(len(legal))]
	}
	switch s.r.order {
	case orderAlternating:
		first = int(s.turns & 1)
	case orderP0First:
		first = 0
	default:
		first = -1
	}
	return j, first
}

// The sowing resolves turns as the oracle does: the turns of random
// matches (which burn holes in later rounds), and turns from random
// positions with random burnt holes, under every option set.
func TestMatchesOracle(t *testing.T) {
	matches, positions := 4, 200
	if testing.Short() {
		matches, positions = 2, 60
	}
	turns, cuts := 0, 0
	for i, set := range oracleSets {
		opts, err := engine.ParseOptions(Game{}, set)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		check := func(s *State) {
			j, first := randomTurn(s, rng)
			if s.r.order == orderChance && !s.Pending() {
				s.ApplyJoint(j[:]) // the choices; the sowing comes with chance
				return
			}
			if oracleAgrees(t, s, j, first) {
				cuts++
			}
			turns++
			if first >= 0 && s.Pending() {
				s.Apply(engine.Move(first))
			} else {
				s.ApplyJoint(j[:])
			}
		}
		for range matches {
			s, _ := New(opts)
			for n := 0; !s.Terminal() && n < 300; n++ {
				check(s)
			}
		}
		for range positions {
			s := randomPosition(t, opts, rng)
			for n := 0; !s.Terminal() && n < 3; n++ {
				check(s)
			}
		}
	}
	t.Logf("%d turns agree with the oracle, %d with a cut", turns, cuts)
	if cuts == 0 {
		t.Error("no turn with a cut was compared")
	}
}

// withMaxSteps returns a copy of s whose max-steps safeguard is m.
func withMaxSteps(s *State, m int) *State {
	c := s.Clone().(*State)
	r := *c.r
	r.maxSteps = m
	c.r = &r
	return c
}

// max-steps never changes a turn that the cycle rule decides. From this
// board, under the old rule, the cycle rule cut the turn 9,4 at step 62,
// but max-steps=63 let it run on to another board (and so did 62 of the
// limits from 63 to 268), because where the safeguard acted depended on
// when Brent's algorithm found the cycle. Now every limit at or after the
// cut gives the turn without a limit, and every limit gives the oracle's
// turn.
func TestMaxStepsKeepsTheCycleRule(t *testing.T) {
	s := setup(t, []string{"end-hole=empty", "max-steps=0"}, [Holes]int{1, 2, 0, 0, 1, 1, 0, 1, 0, 1}, [2]int{})
	j := [2]engine.Move{9, 4}
	free := s.Clone().(*State)
	free.ApplyJoint(j[:])
	if free.last.Steps != 62 || !free.last.P[0].Cut || free.last.Capped {
		t.Fatalf("without a limit: %+v, want a cut at step 62", free.last)
	}
	for m := 1; m <= 300; m++ {
		c := withMaxSteps(s, m)
		oracleAgrees(t, c, j, -1)
		c.ApplyJoint(j[:])
		if m >= 62 && (c.last != free.last || c.holes != free.holes || c.stores != free.stores) {
			t.Fatalf("max-steps=%d: %+v\n%s\nwithout a limit: %+v\n%s", m, c.last, c, free.last, free)
		}
	}
}

// The same for the cut turns of random positions and matches, under
// several readings: every max-steps limit at or after the turn's last step
// gives the turn without a limit, and every limit up to three times its
// length gives the oracle's turn.
func TestMaxStepsProperty(t *testing.T) {
	want := 60
	if testing.Short() {
		want = 30
	}
	compared := 0
	for i, set := range [][]string{nil, {"skip-origin=true"}, {"sow-stores=true", "store-end=relay", "cycle=capture"}, {"conflict=both-stop", "seeds=3"}, {"simultaneity=player0-first", "end-hole=empty"}} {
		opts, err := engine.ParseOptions(Game{}, append([]string{"max-steps=0"}, set...))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 13))
		for n := 0; n < want/5; {
			s := randomPosition(t, opts, rng)
			for k := 0; k < 20 && !s.Terminal() && n < want/5; k++ {
				j, first := randomTurn(s, rng)
				free := s.Clone().(*State)
				free.ApplyJoint(j[:])
				cut := free.last.P[0].Cut || free.last.P[1].Cut
				if !cut || free.last.Steps > 300 {
					s.ApplyJoint(j[:])
					continue
				}
				n++
				steps := int(free.last.Steps)
				for m := 1; m <= 3*steps+2; m++ {
					c := withMaxSteps(s, m)
					oracleAgrees(t, c, j, first)
					c.ApplyJoint(j[:])
					if m >= steps && (c.last != free.last || c.holes != free.holes || c.stores != free.stores) {
						t.Fatalf("%v max-steps=%d: %+v\nwithout a limit: %+v\n%s", set, m, c.last, free.last, s)
					}
					compared++
				}
				s.ApplyJoint(j[:])
			}
		}
	}
	t.Logf("%d limits on cut turns compared", compared)
}
