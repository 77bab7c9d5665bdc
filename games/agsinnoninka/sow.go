package agsinnoninka

import "encoding/binary"

// This file resolves one turn: the two sowings with their relays (pussa
// kanawa), the same-hole conflict, the captures and the cycle rule.

// sower is one player's move in progress.
type sower struct {
	hand   uint8 // seeds in her hand
	pos    int8  // the hole (or storePos) that got her last seed, or the hole she lifted
	origin int8  // the hole her current lap was lifted from
	active bool  // still sowing
}

// board is everything a turn in progress changes: the holes, the stores
// and the two sowers. It is a value, so a turn can be rewound.
type board struct {
	holes  [Holes]uint8
	stores [2]uint8
	w      [2]sower
}

// cycleKey is an exact digest of a configuration within a turn: holes, both
// hands, both positions, who is still sowing (and the lap origins, which
// matter only with skip-origin).
type cycleKey [2]uint64

// stepHook, when set by a test, is called after every step of every turn,
// including the steps of a pass that is rewound.
var stepHook func(s *State, b board)

// resolve plays a turn in which player 0 chose hole a and player 1 hole b.
// first is -1 for lockstep sowing, else the player who sows first.
func (s *State) resolve(a, b, first int) {
	s.last = TurnRecord{First: int8(first)}
	bd := board{holes: s.holes, stores: s.stores}
	// Both lift at the same instant, whatever the order of sowing.
	for p, h := range [2]int{a, b} {
		bd.w[p] = sower{hand: bd.holes[h], pos: int8(h), origin: int8(h)}
		bd.holes[h] = 0
		s.last.P[p] = PlayerTurn{Hole: int8(h), End: noHole}
	}
	if first < 0 {
		bd.w[0].active, bd.w[1].active = true, true
		s.run(&bd)
	} else {
		bd.w[first].active = true
		s.run(&bd)
		bd.w[1-first].active = true
		s.run(&bd)
	}
	if s.stores != bd.stores {
		// Stores only grow within a round: no earlier position can recur.
		s.hist = s.hist[:0]
	}
	s.holes, s.stores = bd.holes, bd.stores
}

// run plays steps until no player is sowing. In each step every active
// player drops one seed; then each whose hand is empty looks at the next
// hole and lifts it (relay) or stops; then the players who stopped capture.
//
// The cycle rule cuts a player who is about to lift in a configuration
// that already occurred at such a moment of hers in this turn. Between two
// stops the turn is a deterministic function of the configuration after the
// drops of a step (x0, x1, ...), so that sequence either reaches a stop or
// is periodic from some index mu with period lambda; then the configuration
// at a lift moment t repeats an earlier one exactly when t >= mu+lambda,
// and the first player about to lift at or after step mu+lambda is the one
// the rule cuts. (A stop changes who is sowing, which is part of the
// configuration, so nothing before a stop can recur after it.) exactPhase
// finds lambda with Brent's algorithm, then mu while replaying the steps
// from the last stop, and cuts there: constant memory, about four times the
// steps of the relay. (Pass 1 also applies the max-steps safeguard; a cycle
// found before it is cut before it, so the replay needs no such check.)
//
// run plays each phase between two stops with fastPhase (fast.go), which
// gives the same result with far less work, and falls back on exactPhase
// when fastPhase cannot be sure of that (near the max-steps limit, or with
// a step hook).
func (s *State) run(b *board) {
	if !s.tab.ok || s.tab.burnt != s.burnt {
		s.buildTables()
	}
	f := s.toFast(b)
	for f.active[0] || f.active[1] {
		if !s.fastPhase(&f) {
			s.exactPhase(&f)
		}
	}
	*b = s.fromFast(&f)
}

// exactPhase plays run's steps up to the next stop one step at a time, as
// described above.
func (s *State) exactPhase(f *fboard) {
	var rec TurnRecord // what rewound passes record, thrown away
	start, startLast := *f, s.last
	// Pass 1: play until a stop, watching for a period.
	power, lambda := 1, 0
	tort := *f
	found := false
	for i := 0; ; i++ {
		ev := s.fdrop(f, &s.last)
		if i == 0 {
			tort = *f
		} else {
			lambda++
			if s.same(f, &tort) {
				found = true
				break
			}
			if lambda == power {
				tort, power, lambda = *f, power*2, 0
			}
		}
		if !ev {
			if stepHook != nil {
				stepHook(s, s.fromFast(f))
			}
			continue
		}
		// The max-steps safeguard cuts like the cycle rule.
		capped := s.r.maxSteps > 0 && s.last.Steps >= uint32(s.r.maxSteps)
		if s.fdecide(f, capped, &s.last) {
			s.last.Capped = s.last.Capped || capped
			break
		}
	}
	if !found {
		return
	}
	// mu: the first index whose configuration comes back lambda steps
	// later. The hare replays the turn from the last stop, recording
	// it; when it stands at step mu+lambda it goes on from there and
	// cuts the first player about to lift.
	tb, hb, hrec := start, start, startLast
	s.fdrop(&tb, &rec)
	s.fdrop(&hb, &hrec)
	for j := 0; j < lambda; j++ {
		s.fstep(&hb, &hrec)
	}
	for !s.same(&tb, &hb) {
		s.fstep(&tb, &rec)
		s.fstep(&hb, &hrec)
	}
	for !s.fdecide(&hb, true, &hrec) {
		s.fdrop(&hb, &hrec)
	}
	*f, s.last = hb, hrec
}

// drop makes every active sower drop one seed.
func (s *State) drop(b *board, rec *TurnRecord) {
	rec.Steps++
	for p := range b.w {
		w := &b.w[p]
		if !w.active {
			continue
		}
		w.pos = int8(s.nextSow(p, int(w.pos), int(w.origin)))
		if w.pos == storePos {
			b.stores[p]++
		} else {
			b.holes[w.pos]++
		}
		w.hand--
		rec.P[p].Steps++
	}
}

// decide ends a step after the drops: each active player whose hand is
// empty lifts the next hole (relay) or stops; the same-hole conflict is
// settled; the lifts are made; then the players who stopped capture, both
// from the counts before either. With cut[p], player p is cut by the cycle
// rule instead of lifting. decide reports whether anyone stopped.
func (s *State) decide(b *board, cut [2]bool, rec *TurnRecord) bool {
	if w := &b.w; (!w[0].active || w[0].hand > 0) && (!w[1].active || w[1].hand > 0) {
		// Most steps: both still have seeds in hand.
		if stepHook != nil {
			stepHook(s, *b)
		}
		return false
	}
	target := [2]int{noHole, noHole}
	var stop, capture [2]bool
	var endAt [2]int
	any := false
	for p := range b.w {
		w := &b.w[p]
		if !w.active || w.hand > 0 {
			continue
		}
		t := s.look(p, int(w.pos))
		switch {
		case t == storePos:
			// Last seed in her store with store-end=stop: the store is
			// not a hole, so no capture.
			stop[p], endAt[p] = true, storePos
		case b.holes[t] == 0:
			stop[p], endAt[p], capture[p] = true, s.endHole(int(w.pos), t), true
		case cut[p]:
			stop[p], endAt[p], capture[p] = true, s.endHole(int(w.pos), t), s.r.cycleCapture
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
				stop[p], endAt[p], capture[p] = true, s.endHole(int(b.w[p].pos), t), true
				rec.P[p].Conflict = true
			}
		} else {
			q := 1 - Owner(t)
			target[q] = noHole
			stop[q], endAt[q], capture[q] = true, s.endHole(int(b.w[q].pos), t), true
			rec.P[q].Conflict = true
		}
		any = true
	}
	// Lifts come before captures.
	for p, t := range target {
		if t == noHole {
			continue
		}
		w := &b.w[p]
		w.hand, b.holes[t] = b.holes[t], 0
		w.pos, w.origin = int8(t), int8(t)
		rec.P[p].Lifts++
	}
	if any {
		// Captures, both from the counts before either.
		var take [2]uint8
		for p := range b.w {
			if stop[p] && capture[p] && endAt[p] != storePos && Owner(endAt[p]) == p {
				take[p] = b.holes[Facing(endAt[p])]
			}
		}
		for p := range b.w {
			if !stop[p] {
				continue
			}
			if take[p] > 0 {
				b.holes[Facing(endAt[p])] = 0
				b.stores[p] += take[p]
			}
			rec.P[p].End, rec.P[p].Captured = int8(endAt[p]), take[p]
			b.w[p].active = false
		}
	}
	if stepHook != nil {
		stepHook(s, *b)
	}
	return any
}

// endHole is the hole a move finishes in, for the capture rule, when the
// last seed fell at pos and the hole looked at next is t.
func (s *State) endHole(pos, t int) int {
	if s.r.endLast {
		return pos
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

// cycleKey digests the configuration of a turn in progress.
func (s *State) cycleKey(b *board) cycleKey {
	w := &b.w
	lo := binary.LittleEndian.Uint64(b.holes[:8])
	hi := uint64(b.holes[8]) | uint64(b.holes[9])<<8 | uint64(w[0].hand)<<16 | uint64(w[1].hand)<<24 |
		uint64(w[0].pos)<<32 | uint64(w[1].pos)<<36
	if w[0].active {
		hi |= 1 << 40
	}
	if w[1].active {
		hi |= 1 << 41
	}
	if s.r.skipOrigin {
		hi |= uint64(w[0].origin)<<42 | uint64(w[1].origin)<<46
	}
	return cycleKey{lo, hi}
}
