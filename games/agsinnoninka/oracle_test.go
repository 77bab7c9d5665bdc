package agsinnoninka

import (
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
		t.holes[9-end[p]] -= take[p]
		t.stores[p] += take[p]
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
	if first >= 0 {
		c.Apply(engine.Move(first))
	} else {
		c.ApplyJoint(j[:])
	}
	if !ok {
		return false
	}
	if c.last != rec {
		t.Fatalf("%v turn %d,%d first %d:\n got %+v\nwant %+v\n%s", s.Options(), j[0], j[1], first, c.last, rec, s)
	}
	if c.round == s.round && c.lastRound == s.lastRound {
		var got [Holes]int
		for h := range got {
			got[h] = c.Hole(h)
		}
		if got != holes || [2]int{c.Store(0), c.Store(1)} != stores {
			t.Fatalf("%v turn %d,%d: board %v %v, oracle %v %v\n%s", s.Options(), j[0], j[1], got, c.stores, holes, stores, s)
		}
	}
	return rec.P[0].Cut || rec.P[1].Cut
}
