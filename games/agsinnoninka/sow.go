package agsinnoninka

// This file resolves one turn: the two sowings with their relays (pussa
// kanawa), the same-hole conflict, the captures and the cycle rule. The
// turn in progress is an fboard (fast.go); decide is the one step rule,
// used by the sowing and by the trace (trace.go).

// Why a move stopped: the N of a trace's Stop event (and the reason decide
// is given for a cut).
const (
	StopEmpty    = iota // the next hole was empty (the source's end)
	StopStore           // her last seed went to her store (store-end=stop)
	StopConflict        // the owner lifted the hole both relays reached
	StopCycle           // cut by the cycle rule
	StopCapped          // cut by the max-steps safeguard
)

// resolve plays a turn in which player 0 chose hole a and player 1 hole b.
// first is -1 for lockstep sowing, else the player who sows first. With
// stop (not nil) a long turn is given up when stop reports true: resolve
// then reports false and leaves the turn half-sown.
func (s *State) resolve(a, b, first int, tr *tracer, stop func() bool) bool {
	s.last = TurnRecord{First: int8(first)}
	f := s.lift(a, b, &s.last, tr)
	if first < 0 {
		f.active = [2]bool{true, true}
		if !s.run(&f, tr, stop) {
			return false
		}
	} else {
		f.active[first] = true
		if !s.run(&f, tr, stop) {
			return false
		}
		f.active[1-first] = true
		if !s.run(&f, tr, stop) {
			return false
		}
	}
	s.leave([Holes]uint8(f.c[:Holes]), [2]uint8{f.c[fStore], f.c[fStore+1]})
	return true
}

// leave puts the board a turn left.
func (s *State) leave(holes [Holes]uint8, stores [2]uint8) {
	if s.stores != stores {
		// Stores only grow within a round: no earlier position can recur.
		s.hist = s.hist[:0]
	}
	s.holes, s.stores = holes, stores
}

// lift starts a turn: both players lift their holes at the same instant,
// whatever the order of sowing.
func (s *State) lift(a, b int, rec *TurnRecord, tr *tracer) fboard {
	if s.tab == nil || s.tab.burnt != s.burnt {
		s.tab = s.tables()
	}
	var f fboard
	copy(f.c[:Holes], s.holes[:])
	f.c[fStore], f.c[fStore+1] = s.stores[0], s.stores[1]
	for p, h := range [2]int{a, b} {
		tr.lift(p, h, int(f.c[h]), 0)
		f.c[fHand+p], f.c[h] = f.c[h], 0
		f.c[fPos+p], f.origin[p] = uint8(h), uint8(h)
		rec.P[p] = PlayerTurn{Hole: int8(h), End: noHole}
	}
	return f
}

// run plays steps until no player is sowing. In each step every active
// player drops one seed; then decide settles the step. Without a tracer it
// plays each phase between two stops with phase; with one, the trace
// replays the turn step by step (trace.go). It reports false when stop
// gave the turn up (resolve).
func (s *State) run(f *fboard, tr *tracer, stop func() bool) bool {
	if tr != nil {
		s.traceRun(f, tr)
		return true
	}
	for f.active[0] || f.active[1] {
		if !s.phase(f, stop) {
			return false
		}
	}
	return true
}

// decide ends a step after the drops: each active player whose hand is
// empty lifts the next hole (relay) or stops; the same-hole conflict is
// settled; the lifts are made; then the players who stopped capture, both
// from the counts before either. When cut is StopCycle or StopCapped, every
// player about to lift is cut instead, for that reason. decide reports
// whether anyone stopped. It is the one step rule of the game: the sowing
// and the trace both end every step with it.
func (s *State) decide(f *fboard, cut uint8, rec *TurnRecord, tr *tracer) bool {
	e0, e1 := f.active[0] && f.c[fHand] == 0, f.active[1] && f.c[fHand+1] == 0
	if !e0 && !e1 {
		return false // most steps: both still have seeds in hand
	}
	if cut == 0 && s.relays(f, e0, e1, rec, tr) {
		return false // most of the rest: whoever is empty-handed relays
	}
	target := [2]int{noHole, noHole}
	var stop, capture [2]bool
	var why [2]uint8
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
			// Last seed in her store with store-end=stop: the store is
			// not a hole, so no capture.
			stop[p], endAt[p], why[p] = true, storePos, StopStore
		case f.c[t&15] == 0:
			stop[p], endAt[p], capture[p], why[p] = true, s.endHole(pos, t), true, StopEmpty
		case cut != 0:
			stop[p], endAt[p], capture[p], why[p] = true, s.endHole(pos, t), s.r.cycleCapture, cut
			rec.P[p].Cut = true
			if cut == StopCapped {
				rec.P[p].Capped, rec.Capped = true, true
			}
		default:
			target[p] = t
		}
		any = any || stop[p]
	}
	// The same-hole conflict.
	if target[0] != noHole && target[0] == target[1] {
		t := target[0]
		for p := range 2 {
			if s.r.bothStop || p != Owner(t) {
				target[p] = noHole
				stop[p], endAt[p], capture[p], why[p] = true, s.endHole(f.c[fPos+p], t), true, StopConflict
				rec.P[p].Conflict = true
			}
		}
		any = true
	}
	// Lifts come before captures.
	for p, t := range target {
		if t == noHole {
			continue
		}
		s.relay(f, p, uint8(t), rec, tr)
	}
	if !any {
		return false
	}
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
		tr.stop(p, endAt[p], why[p], int(take[p]), 2*int(rec.Steps))
		if take[p] > 0 {
			f.c[Facing(endAt[p])&15] = 0
			f.c[fStore+p] += take[p]
		}
		rec.P[p].End, rec.P[p].Captured = int8(endAt[p]), take[p]
		f.active[p] = false
	}
	return true
}

// relays settles a step in which every sower whose hand is empty (e0,
// e1) relays: the hole she looks at holds seeds, and the other does not
// lift the same hole. Then it makes the lifts and reports true; else it
// changes nothing and reports false, and decide settles the step. It only
// spares decide's bookkeeping in the commonest case.
func (s *State) relays(f *fboard, e0, e1 bool, rec *TurnRecord, tr *tracer) bool {
	t0, t1 := uint8(fNone), uint8(fNone)
	if e0 {
		t0 = s.tab.look[0][f.c[fPos]&15]
		if t0 == fNone || f.c[t0&15] == 0 {
			return false
		}
	}
	if e1 {
		t1 = s.tab.look[1][f.c[fPos+1]&15]
		if t1 == fNone || t1 == t0 || f.c[t1&15] == 0 {
			return false
		}
	}
	if e0 {
		s.relay(f, 0, t0, rec, tr)
	}
	if e1 {
		s.relay(f, 1, t1, rec, tr)
	}
	return true
}

// relay makes player p lift hole t, whose seeds become her hand.
func (s *State) relay(f *fboard, p int, t uint8, rec *TurnRecord, tr *tracer) {
	tr.lift(p, int(t), int(f.c[t&15]), 2*int(rec.Steps))
	f.c[fHand+p], f.c[t&15] = f.c[t&15], 0
	f.c[fPos+p], f.origin[p] = t, t
	rec.P[p].Lifts++
}

// endHole is the hole a move finishes in, for the capture rule, when her
// last seed fell at pos (in the fast form) and the hole looked at next is
// t: the hole of the last seed (end-hole=last), or t (end-hole=empty).
func (s *State) endHole(pos uint8, t int) int {
	if s.r.endLast {
		return bpos(pos)
	}
	return t
}

// prevHole is the hole after h counter-clockwise.
func prevHole(h int) int {
	if h == 0 {
		return Holes - 1
	}
	return h - 1
}

// nextSow is where player p drops her next seed after pos: the next hole
// counter-clockwise, passing over burnt holes, her lap's origin with
// skip-origin, and stores unless sow-stores (then her own store only).
func (s *State) nextSow(p, pos, origin int) int {
	for {
		switch {
		case pos == storePos:
			pos = rowStart(1 - p)
		case s.r.sowStores && pos == rowEnd(p):
			return storePos
		default:
			pos = prevHole(pos)
		}
		if s.isBurnt(pos) || (s.r.skipOrigin && pos == origin) {
			continue
		}
		return pos
	}
}

// look is the hole player p looks at when her last seed fell at pos: the
// next hole counter-clockwise (stores are not holes), passing over burnt
// holes unless burnt-next=empty. It returns storePos when her last seed
// went to her store and store-end=stop: the move ends there.
func (s *State) look(p, pos int) int {
	var h int
	if pos == storePos {
		if !s.r.storeRelay {
			return storePos
		}
		h = rowStart(1 - p)
	} else {
		h = prevHole(pos)
	}
	for s.isBurnt(h) && !s.r.burntEmpty {
		h = prevHole(h)
	}
	return h
}
