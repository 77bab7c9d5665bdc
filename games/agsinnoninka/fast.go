package agsinnoninka

import "encoding/binary"

// This file holds the form of a turn in progress: the configuration in one
// small array, so that a step is a few table look-ups and the cycle rule
// compares configurations as plain arrays; and phase, which plays the
// steps between two stops, cycle rule and max-steps included.

// Indexes into fboard.c.
const (
	fStore = Holes     // fStore+p: player p's store
	fHand  = Holes + 2 // fHand+p: player p's hand
	fPos   = Holes + 4 // fPos+p: player p's position (fStore+p: her store)
	fNone  = 0xff      // a look that ends the move in her store (store-end=stop)
)

// fboard is a turn in progress. c holds the holes, the stores, both hands
// and both positions (indexes 0-11 are also the places of a trace); with
// the lap origins (which matter only with skip-origin) it is the
// configuration the cycle rule compares. Who is still sowing is part of
// that configuration too, but it does not change between two stops, and
// phase compares only configurations between two stops. Nor do the stores need comparing, though c holds them: between two
// stops they only grow and the seeds are conserved, so two configurations
// with the same holes and hands have the same stores.
type fboard struct {
	c      [16]uint8
	origin [2]uint8
	active [2]bool
}

// tables are where a player's next seed goes from each position (her lap
// origin aside) and which hole she looks at after her last seed, for the
// burnt holes of the round they were built for.
type tables struct {
	burnt uint16
	next  [2][16]uint8
	look  [2][16]uint8
	// path is each player's circuit of positions (her sowing order,
	// without her lap origin), written out three times over; plen is its
	// length, and idx gives a position's index in it.
	path [2][48]uint8
	plen [2]uint8
	idx  [2][16]uint8
	// add[p][i][n] is what player p's next n seeds (n < plen) add to the
	// places when she stands at index i of her path, as the two words of
	// fboard.c (words); lap is what a whole lap adds.
	add [2][16][16][2]uint64
	lap [2][2]uint64
}

// fpos maps a position of the board form to the fast form.
func fpos(p, pos int) uint8 {
	if pos == storePos {
		return uint8(fStore + p)
	}
	return uint8(pos)
}

// bpos maps a position of the fast form back to the board form.
func bpos(pos uint8) int {
	if pos >= fStore {
		return storePos
	}
	return int(pos)
}

// tables gives the tables for the current burnt holes: the rules keep
// them, built once for each set of burnt holes, so that states share them
// and a copy of a state does not copy them.
func (s *State) tables() *tables {
	at := &s.r.tabs[s.burnt&(1<<Holes-1)]
	if t := at.Load(); t != nil {
		return t
	}
	t := s.buildTables()
	at.CompareAndSwap(nil, t) // a racing build made the same tables
	return at.Load()
}

// buildTables builds the tables for the current burnt holes from nextSow
// and look.
func (s *State) buildTables() *tables {
	tab := &tables{burnt: s.burnt}
	for p := range 2 {
		for pos := range Holes + 1 {
			if pos == storePos && !s.r.sowStores {
				continue
			}
			i := fpos(p, pos)
			tab.next[p][i] = fpos(p, s.nextSow(p, pos, -1))
			if t := s.look(p, pos); t == storePos {
				tab.look[p][i] = fNone
			} else {
				tab.look[p][i] = uint8(t)
			}
		}
		// Every position of the circuit (the holes in use and, with
		// sow-stores, her store) leads to the next, so the sowing order is
		// one cycle through them.
		q0 := tab.next[p][0]
		n := 0
		for q := q0; n == 0 || q != q0; q = tab.next[p][q&15] {
			tab.path[p][n] = q
			tab.idx[p][q&15] = uint8(n)
			n++
		}
		tab.plen[p] = uint8(n)
		for i := n; i < 3*n; i++ {
			tab.path[p][i] = tab.path[p][i-n]
		}
		for i := range n {
			var w [2]uint64
			for k := range n {
				tab.add[p][i][k] = w
				q := tab.path[p][i+k+1]
				w[q>>3] += 1 << (8 * (q & 7))
			}
			if i == 0 {
				tab.lap[p] = w
			}
		}
	}
	return tab
}

// same reports whether two configurations between the same two stops are
// equal for the cycle rule.
func (s *State) same(a, b *fboard) bool {
	return a.c == b.c && (!s.r.skipOrigin || a.origin == b.origin)
}

// drop makes every active sower drop one seed; it reports whether a
// sower's hand is now empty, so that decide has something to do.
func (s *State) drop(f *fboard, rec *TurnRecord, tr *tracer) bool {
	rec.Steps++
	ev := false
	for p := range 2 {
		if !f.active[p] {
			continue
		}
		pos := s.tab.next[p][f.c[fPos+p]&15]
		if s.r.skipOrigin && pos == f.origin[p] {
			pos = s.tab.next[p][pos&15]
		}
		f.c[fPos+p] = pos
		f.c[pos&15]++
		f.c[fHand+p]--
		rec.P[p].Steps++
		tr.drop(p, int(pos), 2*int(rec.Steps)-1)
		ev = ev || f.c[fHand+p] == 0
	}
	return ev
}

// minHand is the fewest seeds in an active sower's hand.
func minHand(f *fboard) uint8 {
	k := uint8(0xff)
	for p := range 2 {
		if f.active[p] && f.c[fHand+p] < k {
			k = f.c[fHand+p]
		}
	}
	return k
}

// adv plays the steps up to the next one after which a sower's hand is
// empty, all at once: every active sower's hand must hold seeds.
func (s *State) adv(f *fboard, rec *TurnRecord) { s.advBy(f, rec, minHand(f)) }

// advBy plays k steps at once, k at most minHand: the steps need no
// decision, and the drops of different sowers commute. Without
// skip-origin a sower's k drops are a lap pattern and a pattern from the
// tables added to the board's words: a place holds at most the 250 seeds
// of the game, so no byte carries into the next.
func (s *State) advBy(f *fboard, rec *TurnRecord, k uint8) {
	rec.Steps += uint32(k)
	if s.r.skipOrigin {
		s.advByOrigin(f, rec, k)
		return
	}
	t := s.tab
	lo, hi := f.words()
	for p := range 2 {
		if !f.active[p] {
			continue
		}
		rec.P[p].Steps += uint32(k)
		n, l := k, t.plen[p]
		i := t.idx[p][f.c[fPos+p]&15]
		if n >= l {
			laps := n / l
			lo += uint64(laps) * t.lap[p][0]
			hi += uint64(laps) * t.lap[p][1]
			n -= laps * l
		}
		add := &t.add[p][i&15][n&15]
		lo += add[0]
		hi += add[1]
		hand, pos := 8*(fHand+p-8), 8*(fPos+p-8)
		hi -= uint64(k) << hand
		hi = hi&^(0xff<<pos) | uint64(t.path[p][i+n])<<pos
	}
	f.setWords(lo, hi)
}

// advByOrigin is advBy with skip-origin, where a sower passes over her
// lap's origin, which changes with each relay: seed by seed.
func (s *State) advByOrigin(f *fboard, rec *TurnRecord, k uint8) {
	for p := range 2 {
		if !f.active[p] {
			continue
		}
		rec.P[p].Steps += uint32(k)
		f.c[fHand+p] -= k
		next := &s.tab.next[p]
		pos, o := f.c[fPos+p], f.origin[p]
		for range k {
			pos = next[pos&15]
			if pos == o {
				pos = next[pos&15]
			}
			f.c[pos&15]++
		}
		f.c[fPos+p] = pos
	}
}

// words gives f.c as two little-endian words; setWords stores them back.
func (f *fboard) words() (lo, hi uint64) {
	return binary.LittleEndian.Uint64(f.c[:8]), binary.LittleEndian.Uint64(f.c[8:])
}

func (f *fboard) setWords(lo, hi uint64) {
	binary.LittleEndian.PutUint64(f.c[:8], lo)
	binary.LittleEndian.PutUint64(f.c[8:], hi)
}

// phase plays run's steps up to the next stop.
//
// The cycle rule cuts a player who is about to lift in a configuration
// that already occurred at such a moment of hers in this turn. Between two
// stops the turn is a deterministic function of the configuration, and
// only the steps after which a hand is empty (decision steps, x0, x1, ...)
// need a decision; the drops in between are leapt over with adv. That
// sequence either reaches a stop or is periodic from some index mu with
// period lambda; then the configuration at a decision step i repeats an
// earlier one exactly when i >= mu+lambda, and the first decision step
// at or after mu+lambda is where the rule cuts everyone about to lift.
// (A stop changes who is sowing, which is part of the configuration, so
// nothing before a stop can recur after it.) phase finds lambda with
// Brent's algorithm, then mu by replaying from the last stop: constant
// memory and no heap. Usually x0 is itself in the cycle (mu is 0): then
// the cut comes when it first comes back, with no replay.
//
// The max-steps safeguard cuts everyone about to lift at the first
// decision step after which the turn has played max-steps steps (capAt),
// unless the cycle rule has cut by then: it never changes a turn the
// cycle rule decides. Whether the cycle rule cuts by capAt is known once
// Brent's algorithm finds the period, a stop comes, or 3*capAt decision
// steps pass without either (a period with mu+lambda <= capAt is found
// before that: the tortoise waits at index 2^k-1 with 2^k < 2*capAt).
//
// With stop (not nil), every stopEvery decision steps phase asks stop
// whether to give the turn up, and reports false if so (f is then left
// as it was); else it reports true.
func (s *State) phase(f *fboard, stop func() bool) bool {
	capOn, maxSteps := s.r.maxSteps > 0, uint32(s.r.maxSteps)
	g, last := *f, s.last
	capAt := -1
	var capG fboard
	var capLast TurnRecord
	power, lambda := 1, 0
	var tort, first fboard
	found := false
	for i := 0; ; i++ {
		if stop != nil && i%stopEvery == stopEvery-1 && stop() {
			return false
		}
		s.adv(&g, &last)
		if capOn && capAt < 0 && last.Steps >= maxSteps {
			capAt, capG, capLast = i, g, last
		}
		if capAt >= 0 && i > 3*capAt+3 {
			break // no cycle by capAt: the safeguard cuts there
		}
		if i == 0 {
			tort, first = g, g
		} else {
			if s.same(&g, &first) {
				// The first configuration came back, so it was in the
				// cycle (mu is 0): this is the first that occurred
				// before, where the cycle rule cuts.
				if capAt >= 0 && capAt < i {
					break
				}
				s.decide(&g, StopCycle, &last, nil)
				*f, s.last = g, last
				return true
			}
			lambda++
			if s.same(&g, &tort) {
				found = true
				break
			}
			if lambda == power {
				tort, power, lambda = g, power*2, 0
			}
		}
		if s.decide(&g, 0, &last, nil) {
			// A stop, before any configuration came back; capAt, if
			// reached, comes first (or is this step).
			if capAt >= 0 {
				break
			}
			*f, s.last = g, last
			return true
		}
	}
	if found {
		// The replay from the last stop, from one decision step to the
		// next: the tortoise at index j, the hare at j+lambda; they meet
		// at j = mu, and the hare stands where the cycle rule cuts.
		tb, hb, trec, hrec := *f, *f, s.last, s.last
		s.adv(&tb, &trec)
		s.adv(&hb, &hrec)
		for j := 0; j < lambda; j++ {
			s.decide(&hb, 0, &hrec, nil)
			s.adv(&hb, &hrec)
		}
		for !s.same(&tb, &hb) {
			s.decide(&tb, 0, &trec, nil)
			s.adv(&tb, &trec)
			s.decide(&hb, 0, &hrec, nil)
			s.adv(&hb, &hrec)
		}
		if capAt < 0 || hrec.Steps <= capLast.Steps {
			s.decide(&hb, StopCycle, &hrec, nil)
			*f, s.last = hb, hrec
			return true
		}
	}
	// The safeguard cuts at capAt.
	s.decide(&capG, StopCapped, &capLast, nil)
	*f, s.last = capG, capLast
	return true
}
