package agsinnoninka

// This file holds the fast form of a turn in progress that run works on:
// the configuration in one small array, so that a step is a few table
// look-ups and the cycle rule compares configurations as plain arrays.

// Indexes into fboard.c.
const (
	fStore = Holes     // fStore+p: player p's store
	fHand  = Holes + 2 // fHand+p: player p's hand
	fPos   = Holes + 4 // fPos+p: player p's position (fStore+p: her store)
	fNone  = 0xff      // a look that ends the move in her store (store-end=stop)
)

// fboard is a board in the fast form. c holds the holes, the stores, both
// hands and both positions; with the lap origins (which matter only with
// skip-origin) it is the configuration the cycle rule compares. Who is
// still sowing is part of that configuration too, but it does not change
// between two stops, and run compares only configurations between two
// stops. Nor do the stores need comparing, though c holds them: between two
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
	ok    bool
	burnt uint16
	next  [2][16]uint8
	look  [2][16]uint8
	// path is each player's circuit of positions (her sowing order,
	// without her lap origin), written out three times over; plen is its
	// length, and idx gives a position's index in it.
	path [2][48]uint8
	plen [2]uint8
	idx  [2][16]uint8
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

// buildTables fills s.tab for the current burnt holes from nextSow and
// look.
func (s *State) buildTables() {
	s.tab = tables{ok: true, burnt: s.burnt}
	for p := range 2 {
		for pos := range Holes + 1 {
			if pos == storePos && !s.r.sowStores {
				continue
			}
			i := fpos(p, pos)
			s.tab.next[p][i] = fpos(p, s.nextSow(p, pos, -1))
			if t := s.look(p, pos); t == storePos {
				s.tab.look[p][i] = fNone
			} else {
				s.tab.look[p][i] = uint8(t)
			}
		}
		// Every position of the circuit (the holes in use and, with
		// sow-stores, her store) leads to the next, so the sowing order is
		// one cycle through them.
		q0 := s.tab.next[p][0]
		n := 0
		for q := q0; n == 0 || q != q0; q = s.tab.next[p][q&15] {
			s.tab.path[p][n] = q
			s.tab.idx[p][q&15] = uint8(n)
			n++
		}
		s.tab.plen[p] = uint8(n)
		for i := n; i < 3*n; i++ {
			s.tab.path[p][i] = s.tab.path[p][i-n]
		}
	}
}

func (s *State) toFast(b *board) fboard {
	var f fboard
	copy(f.c[:Holes], b.holes[:])
	for p := range 2 {
		w := &b.w[p]
		f.c[fStore+p] = b.stores[p]
		f.c[fHand+p] = w.hand
		f.c[fPos+p] = fpos(p, int(w.pos))
		f.origin[p] = uint8(w.origin)
		f.active[p] = w.active
	}
	return f
}

func (s *State) fromFast(f *fboard) board {
	var b board
	copy(b.holes[:], f.c[:Holes])
	for p := range 2 {
		b.stores[p] = f.c[fStore+p]
		b.w[p] = sower{hand: f.c[fHand+p], pos: int8(bpos(f.c[fPos+p])), origin: int8(f.origin[p]), active: f.active[p]}
	}
	return b
}

// same reports whether two configurations between the same two stops are
// equal for the cycle rule.
func (s *State) same(a, b *fboard) bool {
	return a.c == b.c && (!s.r.skipOrigin || a.origin == b.origin)
}

// fdrop is drop in the fast form; it reports whether a sower's hand is
// now empty, so that decide has something to do.
func (s *State) fdrop(f *fboard, rec *TurnRecord) bool {
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
		ev = ev || f.c[fHand+p] == 0
	}
	return ev
}

// fstep is a step of a replay: decide (without cuts) the step before, then
// drop.
func (s *State) fstep(f *fboard, rec *TurnRecord) {
	if (!f.active[0] || f.c[fHand] > 0) && (!f.active[1] || f.c[fHand+1] > 0) {
		if stepHook != nil {
			stepHook(s, s.fromFast(f))
		}
	} else {
		s.fdecide(f, false, rec)
	}
	s.fdrop(f, rec)
}

// fendHole is endHole in the fast form.
func (s *State) fendHole(pos uint8, t int) int {
	if s.r.endLast {
		return bpos(pos)
	}
	return t
}

// fdecide is decide in the fast form; cut cuts every player about to lift.
func (s *State) fdecide(f *fboard, cut bool, rec *TurnRecord) bool {
	if (!f.active[0] || f.c[fHand] > 0) && (!f.active[1] || f.c[fHand+1] > 0) {
		if stepHook != nil {
			stepHook(s, s.fromFast(f))
		}
		return false
	}
	target := [2]int{noHole, noHole}
	var stop, capture [2]bool
	var endAt [2]int
	any := false
	for p := range 2 {
		if !f.active[p] || f.c[fHand+p] > 0 {
			continue
		}
		pos := f.c[fPos+p]
		lt := s.tab.look[p][pos&15]
		t := int(lt)
		switch {
		case lt == fNone:
			stop[p], endAt[p] = true, storePos
		case f.c[t&15] == 0:
			stop[p], endAt[p], capture[p] = true, s.fendHole(pos, t), true
		case cut:
			stop[p], endAt[p], capture[p] = true, s.fendHole(pos, t), s.r.cycleCapture
			rec.P[p].Cut = true
		default:
			target[p] = t
		}
		any = any || stop[p]
	}
	// The same-hole conflict.
	if target[0] != noHole && target[0] == target[1] {
		t := target[0]
		if s.r.bothStop {
			for p := range target {
				target[p] = noHole
				stop[p], endAt[p], capture[p] = true, s.fendHole(f.c[fPos+p], t), true
				rec.P[p].Conflict = true
			}
		} else {
			q := 1 - Owner(t)
			target[q] = noHole
			stop[q], endAt[q], capture[q] = true, s.fendHole(f.c[fPos+q], t), true
			rec.P[q].Conflict = true
		}
		any = true
	}
	// Lifts come before captures.
	for p, t := range target {
		if t == noHole {
			continue
		}
		f.c[fHand+p], f.c[t&15] = f.c[t&15], 0
		f.c[fPos+p], f.origin[p] = uint8(t), uint8(t)
		rec.P[p].Lifts++
	}
	if any {
		// Captures, both from the counts before either.
		var take [2]uint8
		for p := range 2 {
			if stop[p] && capture[p] && endAt[p] != storePos && Owner(endAt[p]) == p {
				take[p] = f.c[Facing(endAt[p])&15]
			}
		}
		for p := range 2 {
			if !stop[p] {
				continue
			}
			if take[p] > 0 {
				f.c[Facing(endAt[p])&15] = 0
				f.c[fStore+p] += take[p]
			}
			rec.P[p].End, rec.P[p].Captured = int8(endAt[p]), take[p]
			f.active[p] = false
		}
	}
	if stepHook != nil {
		stepHook(s, s.fromFast(f))
	}
	return any
}

// adv plays the steps up to the next one after which a sower's hand is
// empty, all at once: every active sower's hand must hold seeds. The steps
// in between need no decision, and the drops of different sowers commute.
func (s *State) adv(f *fboard, rec *TurnRecord) {
	k := uint8(0xff)
	for p := range 2 {
		if f.active[p] && f.c[fHand+p] < k {
			k = f.c[fHand+p]
		}
	}
	rec.Steps += uint32(k)
	for p := range 2 {
		if !f.active[p] {
			continue
		}
		rec.P[p].Steps += uint32(k)
		f.c[fHand+p] -= k
		if s.r.skipOrigin {
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
			continue
		}
		path := &s.tab.path[p]
		n, l := int(k), int(s.tab.plen[p])
		i := int(s.tab.idx[p][f.c[fPos+p]&15])
		if n >= l {
			laps := uint8(n / l)
			for _, q := range path[:l] {
				f.c[q&15] += laps
			}
			n %= l
		}
		for _, q := range path[i+1 : i+1+n] {
			f.c[q&15]++
		}
		f.c[fPos+p] = path[i+n]
	}
}

// fastPhase plays run's steps up to the next stop like exactPhase, but
// leaps from one step that needs a decision (a hand is empty) to the next
// with adv, and applies Brent's algorithm and the replay to the
// configurations at those steps only. That gives the same cut: the
// configuration at a step is the same as at an earlier step exactly when
// it is at or after mu+lambda, and whether a step needs a decision depends
// only on its configuration; so the first such step at or after
// mu+lambda is the first whose configuration occurred at an earlier such
// step.
//
// The max-steps safeguard depends on when exactPhase would have found the
// period, so fastPhase gives up, changing nothing, whenever the safeguard
// could have cut before that: run then calls exactPhase. It also gives up
// when a step hook is set, which wants every step.
func (s *State) fastPhase(f *fboard) bool {
	if stepHook != nil {
		return false
	}
	for p := range 2 {
		if f.active[p] && f.c[fHand+p] == 0 {
			return false
		}
	}
	capOn, maxSteps := s.r.maxSteps > 0, uint32(s.r.maxSteps)
	g, last := *f, s.last
	startSteps := last.Steps
	power, lambda := 1, 0
	var tort, first fboard
	var steps0 uint32
	for i := 0; ; i++ {
		s.adv(&g, &last)
		if capOn && last.Steps >= maxSteps {
			return false
		}
		if i == 0 {
			tort, first, steps0 = g, g, last.Steps
		} else {
			if s.same(&g, &first) {
				// The first configuration came back, so it was in the
				// cycle (mu is 0): this is the first that occurred before,
				// where the cycle rule cuts, and no replay is needed.
				if capOn && !s.beforeCap(startSteps, steps0, last.Steps) {
					return false
				}
				s.fdecide(&g, true, &last)
				*f, s.last = g, last
				return true
			}
			lambda++
			if s.same(&g, &tort) {
				break
			}
			if lambda == power {
				tort, power, lambda = g, power*2, 0
			}
		}
		if s.fdecide(&g, false, &last) {
			// A stop, before any configuration came back.
			*f, s.last = g, last
			return true
		}
	}
	// The replay, as in exactPhase, from one decision to the next.
	tb, hb, trec, hrec := *f, *f, s.last, s.last
	s.adv(&tb, &trec)
	s.adv(&hb, &hrec)
	for j := 0; j < lambda; j++ {
		s.fdecide(&hb, false, &hrec)
		s.adv(&hb, &hrec)
	}
	for !s.same(&tb, &hb) {
		s.fdecide(&tb, false, &trec)
		s.adv(&tb, &trec)
		s.fdecide(&hb, false, &hrec)
		s.adv(&hb, &hrec)
	}
	if capOn && !s.beforeCap(startSteps, trec.Steps, hrec.Steps) {
		return false
	}
	s.fdecide(&hb, true, &hrec)
	*f, s.last = hb, hrec
	return true
}

// beforeCap reports whether exactPhase would find the period before the
// max-steps safeguard could cut, when the turn had played startSteps steps
// at the last stop, and the configuration after step a-1 of the turn (in
// the cycle, so at or after mu) comes back after step b-1. exactPhase finds
// the period at step 2^k-1+lambda for the least k with 2^k-1 >= mu and
// 2^k >= lambda (counting steps from 0 after the last stop), and the
// safeguard can cut only at a step after which the turn has played
// max-steps steps.
func (s *State) beforeCap(startSteps, a, b uint32) bool {
	lam := uint64(b - a)
	mu := uint64(a - startSteps - 1)
	pow := uint64(1)
	for pow-1 < mu || pow < lam {
		pow *= 2
	}
	return uint64(startSteps)+pow-1+lam+1 < uint64(s.r.maxSteps)
}
