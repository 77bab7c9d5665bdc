// Package solve builds exact endgame tables of Adji-Boto by retrograde
// analysis, as Awari was solved: for every board with at most K seeds left
// on it and either player to move, the best final margin the player to
// move can force (her seeds won from now on minus her opponent's; the
// seeds already in the stores only add to it). It knows the rules only
// through the exported API of package adjiboto.
//
// Captures only take seeds off the board, so a board with n seeds leads
// only to boards with n seeds (a move without capture) or fewer. The
// tables are built level by level, n = 0, 1, ..., K, each level by a
// depth-first search over its moves without capture. A move that comes
// back to a board still being searched closes a cycle: the table scores it
// as the repetition rule would end the game there (each player takes the
// seeds on her side; see docs/ai.md). No such cycle exists below 16 seeds,
// so tables up to K = 15 are exact; Build counts the cycles it meets.
package solve

import (
	"fmt"
	"strings"
	"time"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// MaxSeedsLeft bounds K: the table of K = 30 already takes 1.7 GB.
const MaxSeedsLeft = 30

// Values of a table entry while it is being built (margins lie in
// [-MaxSeedsLeft, MaxSeedsLeft]).
const (
	unknown   int8 = -128
	searching int8 = -127
)

// ruleOptions are the options that change play after the opening; a table
// is valid for the games that agree on them.
var ruleOptions = []string{adjiboto.OptChainThroughEmpty, adjiboto.OptCaptureFrom, adjiboto.OptSkipOrigin}

// Table holds the best margin of every board with at most K seeds, for
// either player to move.
type Table struct {
	k      int
	rules  []string // the rule options, as name=value
	offset []int64  // offset[n]: index of the first board with n seeds
	binom  [][]int64
	vals   []int8
}

// Stats describes a build.
type Stats struct {
	// Positions is the number of entries (boards times players to move).
	Positions int64
	// CycleEdges counts, for each number of seeds, the moves that came
	// back to a board still being searched (scored by the repetition
	// rule); zero means that level is exact.
	CycleEdges []int64
	// MaxDepth is the longest chain of moves without capture searched.
	MaxDepth int
	// Took is the time the build took.
	Took time.Duration
}

// Size returns the number of entries of a table of K seeds: two for each
// way of putting at most K seeds in ten holes.
func Size(k int) int64 { return 2 * binomials(k + 10)[k+10][10] }

// K is the most seeds on the board the table covers.
func (t *Table) K() int { return t.k }

// Rules lists the rule options the table was built for (name=value).
func (t *Table) Rules() []string { return t.rules }

func binomials(n int) [][]int64 {
	c := make([][]int64, n+1)
	for i := range c {
		c[i] = make([]int64, 11)
		c[i][0] = 1
		for j := 1; j <= min(i, 10); j++ {
			c[i][j] = c[i-1][j-1]
			if j < i {
				c[i][j] += c[i-1][j]
			}
		}
	}
	return c
}

func newTable(k int, rules []string) *Table {
	t := &Table{k: k, rules: rules, binom: binomials(k + 10)}
	t.offset = make([]int64, k+2)
	for n := 0; n <= k; n++ {
		t.offset[n+1] = t.offset[n] + 2*t.binom[n+9][9]
	}
	return t
}

// index is the entry of a board of n seeds with player p to move: boards
// of n seeds are ranked as compositions of n into ten parts.
func (t *Table) index(holes *[adjiboto.Holes]int, n, p int) int64 {
	var rank int64
	r := n
	for i := 0; i < adjiboto.Holes-1; i++ {
		k := adjiboto.Holes - 1 - i // holes after hole i
		c := holes[i]
		rank += t.binom[r+k][k] - t.binom[r-c+k][k]
		r -= c
	}
	return t.offset[n] + 2*rank + int64(p)
}

// rulesOf returns the rule options of opts as name=value.
func rulesOf(opts engine.Options) []string {
	var out []string
	for _, name := range ruleOptions {
		for _, set := range opts.Settings() {
			if strings.HasPrefix(set, name+"=") {
				out = append(out, set)
			}
		}
	}
	return out
}

// withDefaults returns opts, or the game's defaults for the zero value.
func withDefaults(opts engine.Options) engine.Options {
	if len(opts.Settings()) == 0 {
		return engine.DefaultOptions(adjiboto.Game{})
	}
	return opts
}

// Build solves every board with at most k seeds under opts (only the
// options that change play after the opening matter). progress, when not
// nil, is told each level as it is done.
func Build(opts engine.Options, k int, progress func(seeds int, st Stats)) (*Table, Stats, error) {
	if k < 0 || k > MaxSeedsLeft {
		return nil, Stats{}, fmt.Errorf("solve: seeds left %d: want 0 to %d", k, MaxSeedsLeft)
	}
	opts = withDefaults(opts)
	if opts.Int(adjiboto.OptMaxPlies) > 0 {
		return nil, Stats{}, fmt.Errorf("solve: option %s: the tables assume no limit on the moves", adjiboto.OptMaxPlies)
	}
	began := time.Now()
	t := newTable(k, rulesOf(opts))
	t.vals = make([]int8, t.offset[k+1])
	for i := range t.vals {
		t.vals[i] = unknown
	}
	b := &builder{t: t, opts: opts, st: Stats{Positions: int64(len(t.vals)), CycleEdges: make([]int64, k+1)}}
	for n := 0; n <= k; n++ {
		var holes [adjiboto.Holes]int
		var err error
		eachBoard(&holes, 0, n, func() {
			for p := 0; p < 2 && err == nil; p++ {
				_, err = b.value(holes, n, p, 0)
			}
		})
		if err != nil {
			return nil, Stats{}, err
		}
		if progress != nil {
			b.st.Took = time.Since(began)
			progress(n, b.st)
		}
	}
	b.st.Took = time.Since(began)
	return t, b.st, nil
}

// eachBoard calls f for every way of putting left seeds in holes[i:].
func eachBoard(holes *[adjiboto.Holes]int, i, left int, f func()) {
	if i == adjiboto.Holes-1 {
		holes[i] = left
		f()
		return
	}
	for c := 0; c <= left; c++ {
		holes[i] = c
		eachBoard(holes, i+1, left-c, f)
	}
}

// builder is the working memory of Build: two scratch positions for each
// depth of the search.
type builder struct {
	t      *Table
	opts   engine.Options
	frames []*frame
	st     Stats
}

type frame struct {
	s, next *adjiboto.State
	moves   []engine.Move
}

func (b *builder) frame(depth int) (*frame, error) {
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

// value returns the entry of a board of n seeds with p to move, solving it
// first when needed.
func (b *builder) value(holes [adjiboto.Holes]int, n, p, depth int) (int8, error) {
	idx := b.t.index(&holes, n, p)
	switch v := b.t.vals[idx]; v {
	case searching:
		// Back to a board on the current path: the repetition rule
		// ends the game here, each player taking her own side.
		b.st.CycleEdges[n]++
		return sweep(&holes, p), nil
	case unknown:
	default:
		return v, nil
	}
	b.t.vals[idx] = searching
	f, err := b.frame(depth)
	if err != nil {
		return 0, err
	}
	if err := f.s.SetPosition(holes, [2]int{}, p); err != nil {
		return 0, err
	}
	var v int
	switch {
	case f.s.Terminal():
		v = f.s.Store(p) - f.s.Store(1-p)
	case f.s.ToMove() != p:
		// p is blocked and passes.
		w, err := b.value(holes, n, 1-p, depth+1)
		if err != nil {
			return 0, err
		}
		v = -int(w)
	default:
		v = -1 << 30
		f.moves = f.s.Legal(p, f.moves[:0])
		for _, m := range f.moves {
			f.next.CopyState(f.s)
			f.next.Apply(m)
			w, err := b.after(f.next, p, depth)
			if err != nil {
				return 0, err
			}
			v = max(v, w)
		}
	}
	b.t.vals[idx] = int8(v)
	return int8(v), nil
}

// after is the value for p of the position s reached by p's move from a
// position with empty stores.
func (b *builder) after(s *adjiboto.State, p, depth int) (int, error) {
	gain := s.Store(p) - s.Store(1-p)
	if s.Terminal() {
		return gain, nil
	}
	holes, n := board(s)
	q := s.ToMove()
	w, err := b.value(holes, n, q, depth+1)
	if err != nil {
		return 0, err
	}
	if q == p {
		return gain + int(w), nil
	}
	return gain - int(w), nil
}

// board returns the holes of s and the seeds on them.
func board(s *adjiboto.State) ([adjiboto.Holes]int, int) {
	var holes [adjiboto.Holes]int
	n := 0
	for h := range holes {
		holes[h] = s.Hole(h)
		n += holes[h]
	}
	return holes, n
}

// sweep is the margin for p when the game ends on this board: each player
// takes the seeds on her own side.
func sweep(holes *[adjiboto.Holes]int, p int) int8 {
	v := 0
	for h, c := range holes {
		if adjiboto.Owner(h) == p {
			v += c
		} else {
			v -= c
		}
	}
	return int8(v)
}
