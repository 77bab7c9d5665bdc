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

// frame is one depth of the search: the states to play moves on, and the
// search's place there (visit keeps them here, not on Go's stack, so a
// chain of millions of moves takes no goroutine stack: Go's stops at 1 GB,
// and at 2 GB whatever debug.SetMaxStack asks).
type frame struct {
	s, next *adjiboto.State
	moves   []engine.Move

	n, p    int
	i, k    int64
	d, low  int32
	sp      int
	best    int
	cyclic  bool
	j       int // the next move to try
	gain, q int // of the move whose board the depth below searches
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
// (a frame of a few hundred bytes on the heap each): beyond it a build or a
// search stops with an error rather than take all memory. A command may
// raise it.
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
// The search goes down its chains with the frames of b, depth by depth.
func (b *builder) visit(holes [adjiboto.Holes]int, n, p, depth int) (int, int32, bool, error) {
	i := b.t.entry(&holes, n, p)
	if v, ok := b.known(n, i); ok {
		return v, 0, true, nil
	}
	k := key(n, i)
	if d, ok := b.num[k]; ok {
		return 0, d, false, nil
	}
	root := depth
	if err := b.enter(holes, n, p, i, k, depth); err != nil {
		return 0, 0, false, err
	}
	for {
		f := b.frames[depth]
		down := false
		for f.j < len(f.moves) && !down {
			j := f.j
			f.j++
			gain, over, h2, n2, q := f.step(j, f.p)
			if over {
				f.best = max(f.best, gain)
				continue
			}
			i2 := b.t.entry(&h2, n2, q)
			w, ok := b.known(n2, i2)
			if !ok {
				k2 := key(n2, i2)
				if d2, on := b.num[k2]; on {
					f.low, f.cyclic = min(f.low, d2), true
					continue
				}
				f.gain, f.q = gain, q
				if err := b.enter(h2, n2, q, i2, k2, depth+1); err != nil {
					return 0, 0, false, err
				}
				depth++
				down = true
				continue
			}
			if q != f.p {
				w = -w
			}
			f.best = max(f.best, gain+w)
		}
		if down {
			continue
		}
		v, l, ok, err := b.leave(f)
		if err != nil || depth == root {
			return v, l, ok, err
		}
		depth--
		up := b.frames[depth]
		if !ok {
			up.low, up.cyclic = min(up.low, l), true
			continue
		}
		if up.q != up.p {
			v = -v
		}
		up.best = max(up.best, up.gain+v)
	}
}

// enter numbers the board (entry i, key k) and puts it on Tarjan's stack
// and in the frame of its depth, its moves to try.
func (b *builder) enter(holes [adjiboto.Holes]int, n, p int, i, k int64, depth int) error {
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
		return err
	}
	if err := f.load(holes, p); err != nil {
		return err
	}
	f.n, f.p, f.i, f.k = n, p, i, k
	f.d, f.low, f.sp = d, d, sp
	f.best, f.cyclic, f.j = -1<<30, false, 0
	return nil
}

// leave finishes the board of f once its moves are tried: as in visit's
// result, its value once solved (the group it roots, if any, solved with
// it), or the lowest search number it reached.
func (b *builder) leave(f *frame) (int, int32, bool, error) {
	if f.low < f.d {
		return 0, f.low, false, nil
	}
	// f.d is the root of a group: the boards above it on the stack.
	group := b.stack[f.sp:]
	if !f.cyclic {
		delete(b.num, f.k)
		b.stack = b.stack[:f.sp]
		return f.best, 0, true, b.finish(f.n, f.i, f.best)
	}
	if err := b.solveGroup(group, f.n); err != nil {
		return 0, 0, false, err
	}
	for _, g := range group {
		delete(b.num, g.i)
	}
	b.stack = b.stack[:f.sp]
	v, _ := b.known(f.n, f.i)
	return v, 0, true, nil
}
