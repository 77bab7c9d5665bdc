package solve

import (
	"fmt"
	"time"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// build solves levels from..to of t, whose lower levels are complete,
// calling done after each level.
func build(t *Table, opts engine.Options, from, to int, st *Stats, done func(n int) error) error {
	began := time.Now()
	b := &builder{t: t, opts: opts, st: st, num: map[int64]int32{}}
	for n := from; n <= to; n++ {
		b.n = n
		b.done = make([]uint64, (t.count[n]+63)/64)
		var holes [adjiboto.Holes]int
		var err error
		eachBoard(&holes, 0, n, func() {
			for p := 0; p < 2 && err == nil; p++ {
				err = b.top(holes, n, p)
			}
		})
		if err != nil {
			return err
		}
		st.Took = time.Since(began)
		if err := done(n); err != nil {
			return err
		}
	}
	return nil
}

// builder is the working memory of a level's search: two scratch
// positions for each depth, and Tarjan's stack of the boards whose group
// is not yet complete.
type builder struct {
	t    *Table
	opts engine.Options
	st   *Stats
	n    int      // the level being solved; those below are complete
	done []uint64 // bit i: entry i of level n is solved
	// high, for a search from given positions (search.go), holds the
	// values of the boards of level n and above that it has solved.
	high   map[int64]int8
	limit  int
	tick   func(Stats) // told every 2^20 boards of high
	frames []*frame
	num    map[int64]int32 // entries on the stack: their number in search order
	next   int32
	stack  []member
	scc    sccScratch
}

// member is a board on Tarjan's stack.
type member struct {
	i     int64 // key(n, entry)
	holes [adjiboto.Holes]int8
	p     int8
}

type frame struct {
	s, next *adjiboto.State
	moves   []engine.Move
}

// load sets f.s to the board with p to move, no stores and no history,
// and lists p's moves.
func (f *frame) load(holes [adjiboto.Holes]int, p int) error {
	if err := f.s.SetPosition(holes, [2]int{}, p); err != nil {
		return err
	}
	f.moves = f.s.Legal(p, f.moves[:0])
	return nil
}

// step plays f.moves[k] for p from f.s into f.next and returns p's gain,
// whether the game is over, and else the board, its seeds and who moves.
func (f *frame) step(k, p int) (gain int, over bool, holes [adjiboto.Holes]int, n, q int) {
	f.next.CopyState(f.s)
	f.next.Apply(f.moves[k])
	gain = f.next.Store(p) - f.next.Store(1-p)
	if f.next.Terminal() {
		return gain, true, holes, 0, 0
	}
	holes, n = board(f.next)
	return gain, false, holes, n, f.next.ToMove()
}

// MaxDepth bounds the chain of moves without capture a search follows
// (one frame of Go's stack each, about 500 bytes): beyond it a build or a
// search stops with an error. The default fits Go's default stack limit of
// 1 GB; a command that raises that (runtime/debug.SetMaxStack) may raise
// this too.
var MaxDepth = 1_000_000

func (b *builder) frame(depth int) (*frame, error) {
	if depth > MaxDepth {
		return nil, fmt.Errorf("solve: a chain of more than %d moves without capture, the most a search follows (solve.MaxDepth)", MaxDepth)
	}
	for len(b.frames) <= depth {
		s, err := adjiboto.New(b.opts)
		if err != nil {
			return nil, err
		}
		next, _ := adjiboto.New(b.opts)
		b.frames = append(b.frames, &frame{s: s, next: next})
	}
	b.st.MaxDepth = max(b.st.MaxDepth, depth)
	return b.frames[depth], nil
}

func (b *builder) isDone(i int64) bool { return b.done[i>>6]&(1<<(i&63)) != 0 }

// key names entry i of level n among all levels.
func key(n int, i int64) int64 { return int64(n)<<40 | i }

func unkey(k int64) (int, int64) { return int(k >> 40), k & (1<<40 - 1) }

// known returns the value of entry i of level n, and whether it is solved.
func (b *builder) known(n int, i int64) (int, bool) {
	switch {
	case n < b.n:
		return b.t.get(n, i), true
	case b.high != nil:
		v, ok := b.high[key(n, i)]
		return int(v), ok
	}
	return b.t.get(n, i), b.isDone(i)
}

func (b *builder) finish(n int, i int64, v int) error {
	if b.high != nil {
		if len(b.high) >= b.limit {
			return fmt.Errorf("solve: the search beyond the table's %d seeds reached %d boards, its limit", b.n-1, b.limit)
		}
		b.high[key(n, i)] = int8(v)
		if b.tick != nil && len(b.high)&(1<<20-1) == 0 {
			b.st.Positions = int64(len(b.high))
			b.tick(*b.st)
		}
		return nil
	}
	b.done[i>>6] |= 1 << (i & 63)
	return b.t.set(n, i, v)
}

// top solves a board reached by no move: the game's end, a player who
// must pass, or a board to search.
func (b *builder) top(holes [adjiboto.Holes]int, n, p int) error {
	i := b.t.entry(&holes, n, p)
	if _, ok := b.known(n, i); ok {
		return nil
	}
	f, err := b.frame(0)
	if err != nil {
		return err
	}
	if err := f.load(holes, p); err != nil {
		return err
	}
	switch {
	case f.s.Terminal():
		return b.finish(n, i, f.s.Store(p)-f.s.Store(1-p))
	case f.s.ToMove() != p:
		// p is blocked and passes: the board with the other to move,
		// which no move reaches as p's turn.
		w, _, ok, err := b.visit(holes, n, 1-p, 1)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("solve: %v after a pass left unsolved", holes)
		}
		return b.finish(n, i, -w)
	}
	_, _, _, err = b.visit(holes, n, p, 1)
	return err
}

// visit is Tarjan's search from a board of n seeds where p has a move.
// It returns the board's value and true once its group is solved, or else
// the lowest search number the board reaches on the stack. Moves with a
// capture lead to fewer seeds, never back: a group lies within one level.
func (b *builder) visit(holes [adjiboto.Holes]int, n, p, depth int) (int, int32, bool, error) {
	i := b.t.entry(&holes, n, p)
	if v, ok := b.known(n, i); ok {
		return v, 0, true, nil
	}
	k := key(n, i)
	if d, ok := b.num[k]; ok {
		return 0, d, false, nil
	}
	d := b.next
	b.next++
	b.num[k] = d
	sp := len(b.stack)
	m := member{i: k, p: int8(p)}
	for h, c := range holes {
		m.holes[h] = int8(c)
	}
	b.stack = append(b.stack, m)

	f, err := b.frame(depth)
	if err != nil {
		return 0, 0, false, err
	}
	if err := f.load(holes, p); err != nil {
		return 0, 0, false, err
	}
	best, low, cyclic := -1<<30, d, false
	for j := range f.moves {
		gain, over, h2, n2, q := f.step(j, p)
		if over {
			best = max(best, gain)
			continue
		}
		w, ok := b.known(n2, b.t.entry(&h2, n2, q))
		if !ok {
			var l int32
			if w, l, ok, err = b.visit(h2, n2, q, depth+1); err != nil {
				return 0, 0, false, err
			}
			if !ok {
				low, cyclic = min(low, l), true
				continue
			}
		}
		if q != p {
			w = -w
		}
		best = max(best, gain+w)
	}
	if low < d {
		return 0, low, false, nil
	}
	// d is the root of a group: the boards above it on the stack.
	group := b.stack[sp:]
	if !cyclic {
		delete(b.num, k)
		b.stack = b.stack[:sp]
		return best, 0, true, b.finish(n, i, best)
	}
	if err := b.solveGroup(group, n); err != nil {
		return 0, 0, false, err
	}
	for _, g := range group {
		delete(b.num, g.i)
	}
	b.stack = b.stack[:sp]
	v, _ := b.known(n, i)
	return v, 0, true, nil
}
