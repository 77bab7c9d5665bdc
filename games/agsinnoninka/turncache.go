package agsinnoninka

import "tabula/engine"

// This file holds a memory of resolved turns for searches. A turn's relays
// depend only on the board, the two holes and who sows first, whoever
// searches them. Most turns are short and seldom met twice, but a few run
// to tens of thousands of steps before the cycle rule cuts them, and
// those cost most of a search's time; a search that meets such a turn
// again (a tree re-expanding a deep node, the next move's search under
// the one before) takes it from the table.

// turnCacheBits sets the size of a turn cache: 2^14 turns of 88 bytes,
// about 1.4 MB.
const turnCacheBits = 14

// firstCacheBits sets the size a turn cache starts at, 2^8 turns (22 kB):
// it doubles when half full, up to its size. A search makes a cache
// with each computer move; allocating the whole table up front took
// 3 ms natively and about 30 ms in the browser, most of a 40 ms level's
// time, for the few dozen long turns a short search meets.
const firstCacheBits = 8

// longTurn is the fewest steps of a turn worth remembering. Shorter turns
// cost little more to resolve again than to look up, and would push the
// long ones out of the table: measured, remembering every turn found 2.5%
// of lookups in the table and saved little, remembering only these found
// 0.1% and made the search 20% faster (docs/lab/agsinnoninka-search.md).
const longTurn = 200

// turnCache is a direct-mapped table of resolved turns for one set of
// rules; a newer turn replaces an older one in its slot.
type turnCache struct {
	r       *rules
	entries []turnEntry
	mask    uint64
	// used counts the slots in use; maxLen is the size the table may
	// grow to.
	used, maxLen int
	// minSteps is the fewest steps of a turn the table keeps.
	minSteps uint32
	// hits and lookups count what the table saved.
	hits, lookups uint64
	// stop, if not nil, gives a long turn up (NewTurnApplier).
	stop func() bool
}

// turnEntry is one resolved turn: the position before it (holes, stores,
// burnt holes), the holes chosen and who sowed first, and what the turn
// left.
type turnEntry struct {
	key    posKey
	turn   uint16 // turnID; 0 marks an empty slot
	holes  [Holes]uint8
	stores [2]uint8
	last   TurnRecord
}

// turnID packs a turn's holes and first sower (-1 in lockstep) into a
// non-zero number.
func turnID(a, b, first int) uint16 {
	return uint16(a) | uint16(b)<<4 | uint16(first+1)<<8 | 1<<15
}

func newTurnCache(bits int, minSteps uint32) *turnCache {
	first := min(bits, firstCacheBits)
	return &turnCache{entries: make([]turnEntry, 1<<first), mask: 1<<first - 1, maxLen: 1 << bits, minSteps: minSteps}
}

// slot is where the turn id from the position k goes in the table.
func (c *turnCache) slot(k posKey, id uint16) *turnEntry {
	return &c.entries[engine.Mix64(k[0]^engine.Mix64(k[1]^uint64(id)))&c.mask]
}

// keep puts e in the table, doubling the table first when it is half
// full and may grow.
func (c *turnCache) keep(e turnEntry) {
	if 2*c.used >= len(c.entries) && len(c.entries) < c.maxLen {
		old := c.entries
		c.entries, c.mask, c.used = make([]turnEntry, 2*len(old)), uint64(2*len(old)-1), 0
		for _, o := range old {
			if o.turn != 0 {
				c.put(o)
			}
		}
	}
	c.put(e)
}

// put puts e in its slot, in place of what was there.
func (c *turnCache) put(e turnEntry) {
	at := c.slot(e.key, e.turn)
	if at.turn == 0 {
		c.used++
	}
	*at = e
}

// stopEvery is how many decision steps of a turn pass between two calls
// of a turn cache's stop: thousands of steps, a fraction of a millisecond
// natively, a few in the browser.
const stopEvery = 1 << 12

// NewTurnApplier returns a function that plays a turn (both holes) or
// chance's draw of who sows first (one move) as ApplyJoint and Apply do,
// taking the sowing from a table of the long turns it resolved when it
// meets one again. The states it plays may come from any Agsinnoninka
// game (a change of rules empties the table); states of another type are
// played by their own ApplyJoint or Apply. The table is allocated once
// and bounded; the function is not safe for concurrent use (a search
// makes one per tree). It is found by searches through
// ai.TurnApplierMaker.
//
// A turn that runs long calls stop (if not nil) every stopEvery decision
// steps; when it reports true, the function gives the turn up and
// returns false, and the state is left half-sown, no position of the
// game: a search with a deadline discards it.
func (s *State) NewTurnApplier(stop func() bool) func(engine.State, []engine.Move) bool {
	c := newTurnCache(turnCacheBits, longTurn)
	c.stop = stop
	return c.apply
}

// apply plays a turn or chance's draw (see NewTurnApplier) through c.
func (c *turnCache) apply(x engine.State, ms []engine.Move) bool {
	st, ok := x.(*State)
	switch {
	case !ok:
		engine.ApplyTurn(x, ms)
		return true
	case len(ms) == 1:
		return st.apply(ms[0], nil, c)
	default:
		return st.applyJoint(int(ms[0]), int(ms[1]), nil, c)
	}
}

// resolveWith is resolve; without a tracer and with a cache c, it takes
// the turn from c when c has it, and remembers it there when not.
func (s *State) resolveWith(a, b, first int, tr *tracer, c *turnCache) bool {
	if tr != nil || c == nil {
		return s.resolve(a, b, first, tr, nil)
	}
	if c.r != s.r {
		clear(c.entries)
		c.r, c.used = s.r, 0
	}
	k, id := s.key(), turnID(a, b, first)
	e := c.slot(k, id)
	c.lookups++
	if e.turn == id && e.key == k {
		c.hits++
		s.last = e.last
		s.leave(e.holes, e.stores)
		return true
	}
	if !s.resolve(a, b, first, nil, c.stop) {
		return false
	}
	if s.last.Steps >= c.minSteps {
		c.keep(turnEntry{key: k, turn: id, holes: s.holes, stores: s.stores, last: s.last})
	}
	return true
}
