package agsinnoninka

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"tabula/engine"
)

// sameState reports whether two states are the same position with the
// same history and records (the sowing tables, a cache of the fast path,
// aside).
func sameState(a, b *State) bool {
	x, y := *a, *b
	x.tab, y.tab = nil, nil
	x.hist, y.hist = nil, nil
	return reflect.DeepEqual(x, y) && slices.Equal(a.hist, b.hist)
}

// A turn taken from the turn cache leaves exactly the state resolving it
// afresh leaves: over random matches and random positions under every
// reading, with a table of 16 slots (so that turns collide and push each
// other out) that keeps every turn, and with the table searches get.
func TestTurnCacheMatchesFreshTurns(t *testing.T) {
	turns, hits := 0, uint64(0)
	for _, c := range []*turnCache{newTurnCache(4, 0), newTurnCache(turnCacheBits, longTurn)} {
		for i, set := range readings {
			opts, err := engine.ParseOptions(Game{}, set)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(i), 13))
			check := func(s *State) {
				j, first := randomTurn(s, rng)
				ms := j[:]
				if s.Pending() {
					ms = []engine.Move{engine.Move(first)}
				}
				fresh := s.Clone().(*State)
				engine.ApplyTurn(fresh, ms)
				// Twice through the cache: the first may resolve the turn,
				// the second finds it if the table kept it.
				for range 2 {
					cached := s.Clone().(*State)
					c.apply(cached, ms)
					if !sameState(cached, fresh) {
						t.Fatalf("%v: turn %v from %v: cached %+v, fresh %+v", set, ms, s.holes, cached, fresh)
					}
				}
				turns++
				engine.ApplyTurn(s, ms)
			}
			for range 3 {
				s, _ := New(opts)
				for n := 0; !s.Terminal() && n < 200; n++ {
					check(s)
				}
			}
			for range 100 {
				s := randomPosition(t, opts, rng)
				for n := 0; !s.Terminal() && n < 3; n++ {
					check(s)
				}
			}
		}
		if c.hits == 0 {
			t.Errorf("a table keeping turns of %d steps and more found none of %d in it", c.minSteps, c.lookups)
		}
		hits += c.hits
	}
	t.Logf("%d turns compared, %d taken from a table", turns, hits)
}

// A table made for one set of rules is emptied when it meets another:
// the same board and holes sow differently under sow-stores.
func TestTurnCacheForgetsOtherRules(t *testing.T) {
	c := newTurnCache(4, 0)
	var boards [2]*State
	for i, set := range [][]string{nil, {"sow-stores=true"}} {
		opts, err := engine.ParseOptions(Game{}, set)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := New(opts)
		fresh := s.Clone().(*State)
		fresh.ApplyJoint([]engine.Move{7, 2})
		c.apply(s, []engine.Move{7, 2})
		if !sameState(s, fresh) {
			t.Fatalf("%v: cached %v %v, fresh %v %v", set, s.holes, s.stores, fresh.holes, fresh.stores)
		}
		boards[i] = s
	}
	if boards[0].holes == boards[1].holes && boards[0].stores == boards[1].stores {
		t.Error("the two rule sets sowed alike: the test shows nothing")
	}
}

// The table's size is what the comment on turnCacheBits says.
func TestTurnEntrySize(t *testing.T) {
	if n := unsafe.Sizeof(turnEntry{}); n > 88 {
		t.Errorf("a turn entry takes %d bytes, more than the 88 the table's size assumes", n)
	}
}

// Resolving a turn through the cache does not allocate.
func TestTurnCacheDoesNotAllocate(t *testing.T) {
	s, _ := New(engine.DefaultOptions(Game{}))
	apply := s.NewTurnApplier(nil)
	x := s.Clone().(*State)
	ms := []engine.Move{7, 2}
	if n := testing.AllocsPerRun(100, func() {
		x.CopyState(s)
		apply(x, ms)
	}); n != 0 {
		t.Errorf("%v allocations a turn", n)
	}
}

// longTurnAt is a position whose turn 8,4 runs 220,547 steps before the
// cycle rule cuts it (found in a seeded random match).
func longTurnAt(t *testing.T) *State {
	s, err := NewPosition(engine.DefaultOptions(Game{}), Position{
		Holes:  [Holes]int{0, 0, 5, 0, 1, 0, 26, 0, 1, 0},
		Stores: [2]int{12, 5},
		Burnt:  [Holes]bool{0: true, 1: true},
		Round:  6,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A turn applier asks its stop now and then during a long turn, never
// during a short one; a stop that never says stop changes nothing, and
// one that says stop at once gives the turn up at its first question.
func TestTurnApplierStopsALongTurn(t *testing.T) {
	asked := 0
	never := func() bool { asked++; return false }
	ms := []engine.Move{8, 4}

	short, _ := New(engine.DefaultOptions(Game{}))
	if !short.NewTurnApplier(never)(short, []engine.Move{7, 2}) || asked != 0 {
		t.Errorf("a short turn asked stop %d times", asked)
	}

	at := longTurnAt(t)
	fresh := at.Clone().(*State)
	fresh.ApplyJoint(ms)
	if fresh.last.Steps < 100_000 {
		t.Fatalf("the long turn has %d steps", fresh.last.Steps)
	}
	s := at.Clone().(*State)
	if !s.NewTurnApplier(never)(s, ms) || !sameState(s, fresh) {
		t.Fatalf("with a stop that never stops: %v, want %v", s, fresh)
	}
	if asked < 2 {
		t.Errorf("a turn of %d steps asked stop %d times", fresh.last.Steps, asked)
	}

	asked = 0
	now := func() bool { asked++; return true }
	s = at.Clone().(*State)
	if s.NewTurnApplier(now)(s, ms) {
		t.Error("a stop that says stop at once did not give the long turn up")
	}
	if asked != 1 {
		t.Errorf("the turn went on after stop said stop: asked %d times", asked)
	}
}

// A turn cache starts small and doubles when half full, up to its size,
// keeping the turns it held: the turns of random matches, met again
// after the table grew, are found in it.
func TestTurnCacheGrowsKeepingItsTurns(t *testing.T) {
	c := newTurnCache(10, 0)
	if len(c.entries) != 1<<firstCacheBits {
		t.Fatalf("a new table has %d slots", len(c.entries))
	}
	type turn struct {
		s  *State
		ms []engine.Move
	}
	var turns []turn
	rng := rand.New(rand.NewPCG(1, 2))
	start, _ := New(engine.DefaultOptions(Game{})) // one set of rules
	for len(turns) < 400 {
		s := start.Clone().(*State)
		for n := 0; !s.Terminal() && n < 100 && len(turns) < 400; n++ {
			j, _ := randomTurn(s, rng)
			turns = append(turns, turn{s.Clone().(*State), j[:]})
			c.apply(s, j[:])
		}
	}
	if len(c.entries) != 1<<10 || c.used <= 1<<firstCacheBits {
		t.Errorf("after %d turns the table holds %d in %d slots, want more than %d in %d", len(turns), c.used, len(c.entries), 1<<firstCacheBits, 1<<10)
	}
	// Met again, with the table keeping nothing more: each slot in use
	// holds one of the turns, so at least as many are found.
	before := c.hits
	c.minSteps = 1 << 31
	for _, x := range turns {
		c.apply(x.s.Clone().(*State), x.ms)
	}
	if found := c.hits - before; found < uint64(c.used) {
		t.Errorf("%d turns were found again, fewer than the %d the table holds", found, c.used)
	}
}
