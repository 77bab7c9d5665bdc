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
// agent's tables back, cleared outside the search that ends; a new search
// of the same size takes one as if it were made anew. The pools hold
// only what the collector leaves them (sync.Pool): an idle server keeps
// nothing.
var (
	ttTables   tablePool[ttEntry]
	leafTables tablePool[leafEntry]
)

// tablePool lends zeroed tables of T by their length.
type tablePool[T any] struct {
	bySize sync.Map // int → *sync.Pool of *[]T
}

func (p *tablePool[T]) pool(n int) *sync.Pool {
	if q, ok := p.bySize.Load(n); ok {
		return q.(*sync.Pool)
	}
	q, _ := p.bySize.LoadOrStore(n, &sync.Pool{New: func() any { t := make([]T, n); return &t }})
	return q.(*sync.Pool)
}

// get is a zeroed table of n entries.
func (p *tablePool[T]) get(n int) []T { return *p.pool(n).Get().(*[]T) }

// put clears t and keeps it for a later get of its length.
func (p *tablePool[T]) put(t []T) {
	if len(t) == 0 {
		return
	}
	clear(t)
	p.pool(len(t)).Put(&t)
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

// Release gives the agent's tables (and its helpers') back for later
// searches; the agent must not search again.
func (a *AlphaBeta) Release() {
	ttTables.put(a.tt)
	leafTables.put(a.leaves)
	a.tt, a.leaves = nil, nil
	for _, h := range a.helpers {
		h.Release()
	}
}
