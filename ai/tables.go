package ai

import "sync"

// Searches made one after the other lend their large tables on: a server
// makes an agent for each computer move, and alpha-beta's transposition
// table (32 MB at the levels hard and max) made anew each time cost the
// search its allocation, the zeroing and the page faults of the fresh
// memory and the collector's assist, in one stretch before the first
// node that no yield could cut (measured in the server's fair scenario on
// a loaded machine: first slices of hard and max searches of 0.8 to 7 s,
// while everyone else's searches waited for the worker). Release gives an
// agent's tables back; a new search of the same size takes one as if it
// were made anew. A lent table is not cleared (32 MB more of work, for
// someone): each lending is a generation of its own, and an entry of an
// earlier generation is read as empty. The pools hold only what the
// collector leaves them (sync.Pool): an idle server keeps nothing.
var (
	ttTables   tablePool[ttEntry]
	leafTables tablePool[leafEntry]
)

// table is a lent table: its entries and the generation its present user
// writes and reads (entries of other generations are empty to it).
type table[T any] struct {
	entries []T
	gen     uint32
}

// tablePool lends tables of T by their length.
type tablePool[T any] struct {
	bySize sync.Map // int → *sync.Pool of *table[T]
}

func (p *tablePool[T]) pool(n int) *sync.Pool {
	if q, ok := p.bySize.Load(n); ok {
		return q.(*sync.Pool)
	}
	q, _ := p.bySize.LoadOrStore(n, &sync.Pool{New: func() any { return &table[T]{entries: make([]T, n)} }})
	return q.(*sync.Pool)
}

// get lends a table of n entries in a generation of its own (never 0,
// the generation of the entries of a table made anew).
func (p *tablePool[T]) get(n int) *table[T] {
	t := p.pool(n).Get().(*table[T])
	t.gen++
	if t.gen == 0 { // after 2^32 lendings, once: the old generations come round
		clear(t.entries)
		t.gen = 1
	}
	return t
}

// put takes t back for a later get of its length.
func (p *tablePool[T]) put(t *table[T]) {
	if t != nil {
		p.pool(len(t.entries)).Put(t)
	}
}

// Releaser is an agent that gives its large buffers back when it will
// search no more (Release).
type Releaser interface {
	Release()
}

// Release tells a, if it holds large buffers (a Releaser, or wraps one),
// that it will not be used again: its tables go to the next search of
// their size. A caller that makes an agent for each move calls it after
// the move.
func Release(a Agent) {
	switch x := a.(type) {
	case withEndgame:
		Release(x.Agent)
	case Releaser:
		x.Release()
	}
}

// lendTables gives a the tables of n entries (and leaves, if it judges
// by a given evaluation) from the pools.
func (a *AlphaBeta) lendTables(n int, leaves bool) {
	a.ttLent = ttTables.get(n)
	a.tt, a.ttGen = a.ttLent.entries, a.ttLent.gen
	if leaves {
		a.leafLent = leafTables.get(n / 2)
		a.leaves, a.leafGen = a.leafLent.entries, a.leafLent.gen
	}
}

// Release gives the agent's tables (and its helpers') back for later
// searches; the agent must not search again.
func (a *AlphaBeta) Release() {
	ttTables.put(a.ttLent)
	leafTables.put(a.leafLent)
	a.tt, a.leaves, a.ttLent, a.leafLent = nil, nil, nil, nil
	for _, h := range a.helpers {
		h.Release()
	}
}
