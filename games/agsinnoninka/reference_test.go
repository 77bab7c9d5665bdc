package agsinnoninka

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"tabula/engine"
)

// This file keeps a verbatim copy of the turn resolution as it was before
// the fast path (renamed ref*), and checks that the engine gives exactly
// the same states as it on many random turns under many option sets.

type refKey [2]uint64

var refStepHook func(s *State, b board)

// refApplyJoint is ApplyJoint with the reference resolution.
func (s *State) refApplyJoint(a, b int) {
	s.ply++
	switch s.r.order {
	case orderChance:
		s.pending = [2]int8{int8(a), int8(b)}
		return
	case orderAlternating:
		s.refResolve(a, b, int(s.turns&1))
	case orderP0First:
		s.refResolve(a, b, 0)
	default:
		s.refResolve(a, b, -1)
	}
	s.afterTurn()
}

// refApply is Apply with the reference resolution.
func (s *State) refApply(m int) {
	if s.pending[0] < 0 {
		return
	}
	a, b := int(s.pending[0]), int(s.pending[1])
	s.pending = [2]int8{noHole, noHole}
	s.ply++
	s.refResolve(a, b, m)
	s.afterTurn()
}

// resolve plays a turn in which player 0 chose hole a and player 1 hole b.
// first is -1 for lockstep sowing, else the player who sows first.
func (s *State) refResolve(a, b, first int) {
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
		s.refRun(&bd)
	} else {
		bd.w[first].active = true
		s.refRun(&bd)
		bd.w[1-first].active = true
		s.refRun(&bd)
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
// configuration, so nothing before a stop can recur after it.) run finds
// lambda with Brent's algorithm, then mu while replaying the steps from the
// last stop, and cuts there: constant memory, about four times the steps of
// the relay. (Pass 1 also applies the max-steps safeguard; a cycle found
// before it is cut before it, so the replay needs no such check.)
func (s *State) refRun(b *board) {
	var rec TurnRecord // what rewound passes record, thrown away
	for b.w[0].active || b.w[1].active {
		start, startLast := *b, s.last
		// Pass 1: play until a stop, watching for a period.
		power, lambda := 1, 0
		var tort refKey
		found := false
		for i := 0; ; i++ {
			s.refDrop(b, &s.last)
			k := s.refCycleKey(b)
			if i == 0 {
				tort = k
			} else {
				lambda++
				if k == tort {
					found = true
					break
				}
				if lambda == power {
					tort, power, lambda = k, power*2, 0
				}
			}
			// The max-steps safeguard cuts like the cycle rule.
			capped := s.r.maxSteps > 0 && s.last.Steps >= uint32(s.r.maxSteps)
			if s.refDecide(b, [2]bool{capped, capped}, &s.last) {
				s.last.Capped = s.last.Capped || capped
				break
			}
		}
		if !found {
			continue
		}
		// mu: the first index whose configuration comes back lambda steps
		// later. The hare replays the turn from the last stop, recording
		// it; when it stands at step mu+lambda it goes on from there and
		// cuts the first player about to lift.
		tb, hb, hrec := start, start, startLast
		s.refDrop(&tb, &rec)
		s.refDrop(&hb, &hrec)
		for j := 0; j < lambda; j++ {
			s.refDecide(&hb, [2]bool{}, &hrec)
			s.refDrop(&hb, &hrec)
		}
		for s.refCycleKey(&tb) != s.refCycleKey(&hb) {
			s.refDecide(&tb, [2]bool{}, &rec)
			s.refDrop(&tb, &rec)
			s.refDecide(&hb, [2]bool{}, &hrec)
			s.refDrop(&hb, &hrec)
		}
		for !s.refDecide(&hb, [2]bool{true, true}, &hrec) {
			s.refDrop(&hb, &hrec)
		}
		*b, s.last = hb, hrec
	}
}

// drop makes every active sower drop one seed.
func (s *State) refDrop(b *board, rec *TurnRecord) {
	rec.Steps++
	for p := range b.w {
		w := &b.w[p]
		if !w.active {
			continue
		}
		w.pos = int8(s.refNextSow(p, int(w.pos), int(w.origin)))
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
func (s *State) refDecide(b *board, cut [2]bool, rec *TurnRecord) bool {
	if w := &b.w; (!w[0].active || w[0].hand > 0) && (!w[1].active || w[1].hand > 0) {
		// Most steps: both still have seeds in hand.
		if refStepHook != nil {
			refStepHook(s, *b)
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
		t := s.refLook(p, int(w.pos))
		switch {
		case t == storePos:
			// Last seed in her store with store-end=stop: the store is
			// not a hole, so no capture.
			stop[p], endAt[p] = true, storePos
		case b.holes[t] == 0:
			stop[p], endAt[p], capture[p] = true, s.refEndHole(int(w.pos), t), true
		case cut[p]:
			stop[p], endAt[p], capture[p] = true, s.refEndHole(int(w.pos), t), s.r.cycleCapture
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
				stop[p], endAt[p], capture[p] = true, s.refEndHole(int(b.w[p].pos), t), true
				rec.P[p].Conflict = true
			}
		} else {
			q := 1 - Owner(t)
			target[q] = noHole
			stop[q], endAt[q], capture[q] = true, s.refEndHole(int(b.w[q].pos), t), true
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
	if refStepHook != nil {
		refStepHook(s, *b)
	}
	return any
}

// endHole is the hole a move finishes in, for the capture rule, when the
// last seed fell at pos and the hole looked at next is t.
func (s *State) refEndHole(pos, t int) int {
	if s.r.endLast {
		return pos
	}
	return t
}

// refPrevHole is the hole after h counter-clockwise.
func refPrevHole(h int) int {
	if h == 0 {
		return Holes - 1
	}
	return h - 1
}

// nextSow is where player p drops her next seed after pos: the next hole
// counter-clockwise, passing over burnt holes, her lap's origin with
// skip-origin, and stores unless sow-stores (then her own store only).
func (s *State) refNextSow(p, pos, origin int) int {
	for {
		switch {
		case pos == storePos:
			pos = rowStart(1 - p)
		case s.r.sowStores && pos == rowEnd(p):
			return storePos
		default:
			pos = refPrevHole(pos)
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
func (s *State) refLook(p, pos int) int {
	var h int
	if pos == storePos {
		if !s.r.storeRelay {
			return storePos
		}
		h = rowStart(1 - p)
	} else {
		h = refPrevHole(pos)
	}
	for s.isBurnt(h) && !s.r.burntEmpty {
		h = refPrevHole(h)
	}
	return h
}

// cycleKey digests the configuration of a turn in progress.
func (s *State) refCycleKey(b *board) refKey {
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
	return refKey{lo, hi}
}

// refOptionSets are the option sets the fast engine is compared under.
var refOptionSets = [][]string{
	nil,
	{"simultaneity=chance-order"},
	{"simultaneity=alternating"},
	{"simultaneity=player0-first"},
	{"simultaneity=player0-first", "end-hole=last"},
	{"sow-stores=true"},
	{"sow-stores=true", "store-end=relay"},
	{"sow-stores=true", "store-end=relay", "end-hole=last", "seeds=3"},
	{"skip-origin=true"},
	{"skip-origin=true", "burnt-next=empty", "refill-order=right"},
	{"conflict=both-stop"},
	{"conflict=both-stop", "cycle=capture"},
	{"cycle=capture", "end-hole=last"},
	{"burnt-next=empty"},
	{"seeds=2"},
	{"seeds=3", "skip-origin=true", "sow-stores=true"},
	{"seeds=4", "conflict=both-stop"},
	{"seeds=6", "max-steps=200000"},
	{"seeds=7", "max-steps=100000", "cycle=capture"},
	{"seeds=8", "max-steps=100000"},
	{"max-steps=1000"},
	{"max-steps=1", "cycle=capture"},
	{"max-steps=37", "sow-stores=true", "store-end=relay"},
	{"max-steps=5000", "skip-origin=true", "conflict=both-stop"},
	{"match=false", "seeds=1"},
}

// sameState fails unless two states agree in everything a turn changes.
func sameState(t *testing.T, what string, got, want *State) {
	t.Helper()
	eq := got.holes == want.holes && got.stores == want.stores && got.burnt == want.burnt &&
		got.round == want.round && got.end == want.end && got.pending == want.pending &&
		got.ply == want.ply && got.turns == want.turns && got.roundTurns == want.roundTurns &&
		got.total == want.total && got.last == want.last && got.lastRound == want.lastRound &&
		len(got.hist) == len(want.hist)
	if eq {
		for i := range got.hist {
			if got.hist[i] != want.hist[i] {
				eq = false
			}
		}
	}
	if !eq {
		t.Fatalf("%s:\nfast %+v\n%s\nreference %+v\n%s", what, got.last, got, want.last, want)
	}
}

// refTurn plays one random turn (or chance draw) on s with the engine and
// on a copy with the reference, and compares the results.
func refTurn(t *testing.T, what string, s *State, rng *rand.Rand, legal []engine.Move) []engine.Move {
	ref := s.Clone().(*State)
	if s.Pending() {
		m := rng.IntN(2)
		s.Apply(engine.Move(m))
		ref.refApply(m)
	} else {
		var j [2]engine.Move
		for p := range j {
			legal = s.Legal(p, legal[:0])
			j[p] = legal[rng.IntN(len(legal))]
		}
		s.ApplyJoint(j[:])
		ref.refApplyJoint(int(j[0]), int(j[1]))
	}
	sameState(t, what, s, ref)
	if s.last.P[0].Cut || s.last.P[1].Cut {
		refCuts++
	}
	if s.last.Capped {
		refCapped++
	}
	return legal
}

// refCuts and refCapped count the compared turns with a cut relay and with
// the max-steps safeguard.
var refCuts, refCapped int

// The engine resolves turns exactly as the reference does: full random
// matches (which burn holes in later rounds), and random positions with
// random burnt holes, under every option set.
func TestMatchesReference(t *testing.T) {
	matches, positions := 6, 300
	if testing.Short() {
		matches, positions = 2, 100
	}
	turns := 0
	refCuts, refCapped = 0, 0
	var legal []engine.Move
	for i, set := range refOptionSets {
		opts, err := engine.ParseOptions(Game{}, set)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		for m := 0; m < matches; m++ {
			s, _ := New(opts)
			for n := 0; !s.Terminal() && n < 400; n++ {
				legal = refTurn(t, "match", s, rng, legal)
				turns++
			}
		}
		seeds := opts.Int(OptSeeds)
		for k := 0; k < positions; k++ {
			var p Position
			total := 10 * seeds
			for h := range p.Holes {
				if rng.IntN(6) == 0 {
					p.Burnt[h] = true
				}
			}
			for n := 0; n < total; n++ {
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
			for n := 0; !s.Terminal() && n < 3; n++ {
				legal = refTurn(t, "position", s, rng, legal)
				turns++
			}
		}
	}
	t.Logf("%d turns agree, %d with a cut, %d capped", turns, refCuts, refCapped)
	if refCuts == 0 || refCapped == 0 {
		t.Error("no cut or no capped turn was compared")
	}
}

// The engine agrees with the reference under every max-steps limit around
// the length of turns that the cycle rule cuts: the safeguard's effect
// depends on when the reference finds the period.
func TestMatchesReferenceMaxSteps(t *testing.T) {
	want := 120
	if testing.Short() {
		want = 30
	}
	found, compared := 0, 0
	var legal []engine.Move
	for i, set := range [][]string{nil, {"skip-origin=true"}, {"sow-stores=true", "store-end=relay", "cycle=capture"}, {"conflict=both-stop", "seeds=3"}} {
		opts, err := engine.ParseOptions(Game{}, append([]string{"max-steps=0"}, set...))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 13))
		for n := 0; n < want/4; {
			s, _ := New(opts)
			for !s.Terminal() && n < want/4 {
				var j [2]engine.Move
				for p := range j {
					legal = s.Legal(p, legal[:0])
					j[p] = legal[rng.IntN(len(legal))]
				}
				before := s.Clone().(*State)
				s.ApplyJoint(j[:])
				if !s.last.P[0].Cut && !s.last.P[1].Cut || s.last.Steps > 400 {
					continue
				}
				n++
				found++
				for m := 1; m <= 3*int(s.last.Steps)+2; m++ {
					r := *before.r
					r.maxSteps = m
					got, ref := before.Clone().(*State), before.Clone().(*State)
					got.r, ref.r = &r, &r
					got.ApplyJoint(j[:])
					ref.refApplyJoint(int(j[0]), int(j[1]))
					sameState(t, "max-steps", got, ref)
					compared++
				}
			}
		}
	}
	t.Logf("%d cut turns under %d limits agree", found, compared)
}
