package solve

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// literal is the definition the tables must agree with, searched with the
// game's own states: from a position with no history, the best margin the
// player to move can force through whole games, where Apply keeps the
// history and ends a game by the repetition rule. Its only shortcut is a
// memo of positions whose search never came back to a position of the
// history it started from: such a position lies on no cycle, so no
// history can change its value.
type literal struct {
	shadow engine.Options // the rules without repetition: where a move leads
	memo   map[lkey]int
	path   []lkey // the positions since the last capture, the current last
	nodes  int
	// budget, when above 0, bounds the positions one try searches; stop
	// is the count of nodes at which the current try stops.
	budget, stop int
	// below, when set, gives the value after a capture (which clears the
	// history) instead of a search: the levels below are taken as known,
	// and only the level of the board is searched literally.
	below func(s *adjiboto.State) int
	// hist memoizes the other positions by the history since the last
	// capture, on which their value may depend; sum is the path's
	// multiset hash (multiHash), kept as the path grows and shrinks.
	hist map[histKey]histValue
	sum  [2]uint64
	// ord is a hash of the path in its order (ords, of its prefixes): the
	// value depends on the set alone, but the index of the earliest
	// position a search came back to (low) on the order, so a value found
	// on a path in another order comes back with low 0: no position above
	// it is then kept by its board alone, which only costs time.
	ord  uint64
	ords []uint64
	// frames holds, for each depth of the search, the moves and a state
	// to play them on, reused rather than cloned at every move.
	frames []*litFrame
	depth  int
}

type litFrame struct {
	moves []engine.Move
	st    *adjiboto.State
}

// frame returns the next depth's frame with the moves of s.
func (l *literal) frame(s *adjiboto.State) *litFrame {
	if l.depth == len(l.frames) {
		l.frames = append(l.frames, &litFrame{})
	}
	f := l.frames[l.depth]
	l.depth++
	f.moves = s.Legal(s.ToMove(), f.moves[:0])
	return f
}

// next is s after the move m, in the frame's state.
func (f *litFrame) next(s *adjiboto.State, m engine.Move) *adjiboto.State {
	if f.st == nil {
		f.st = s.Clone().(*adjiboto.State)
	} else {
		f.st.CopyState(s)
	}
	f.st.Apply(m)
	return f.st
}

type histValue struct {
	v, low int
	ord    uint64
}

type lkey [adjiboto.Holes + 1]int8

func newLiteral(t testing.TB, settings ...string) *literal {
	return &literal{
		shadow: options(t, append([]string{"repetition=0", "max-plies=1000000"}, settings...)...),
		memo:   map[lkey]int{},
		hist:   map[histKey]histValue{},
	}
}

func keyOf(s *adjiboto.State) lkey {
	var k lkey
	for h := range adjiboto.Holes {
		k[h] = int8(s.Hole(h))
	}
	k[adjiboto.Holes] = int8(s.ToMove())
	return k
}

// where returns the index of k in the path, or len(path).
func (l *literal) where(k lkey) int {
	for i, x := range l.path {
		if x == k {
			return i
		}
	}
	return len(l.path)
}

// value returns the best margin for the player to move in s from now on,
// and the lowest index of the path its search came back to (len(l.path)
// or more when none).
func (l *literal) value(s *adjiboto.State) (int, int) {
	k := keyOf(s)
	if v, ok := l.memo[k]; ok {
		return v, 1 << 30
	}
	d := len(l.path)
	l.push(k) // popped at each return; a stop over budget resets the path
	hk := l.histKey()
	if r, ok := l.hist[hk]; ok {
		if r.ord != l.ord {
			r.low = 0
		}
		l.pop()
		return r.v, r.low
	}
	l.nodes++
	if l.stop > 0 && l.nodes > l.stop {
		panic(errOverBudget)
	}
	p := s.ToMove()
	var holes [adjiboto.Holes]int
	for h := range holes {
		holes[h] = s.Hole(h)
	}
	best, low := -1<<30, 1<<30
	f := l.frame(s)
	for _, m := range f.moves {
		next := f.next(s, m)
		gain := (next.Store(p) - s.Store(p)) - (next.Store(1-p) - s.Store(1-p))
		capture := next.Captured() > 0
		switch {
		case next.End() == adjiboto.Repetition:
			// The game ended on a board the path holds: find it by the
			// same move under rules without repetition.
			sh, err := adjiboto.NewPosition(l.shadow, holes, [2]int{s.Store(0), s.Store(1)}, p)
			if err != nil {
				panic(err)
			}
			sh.Apply(m)
			low = min(low, l.where(keyOf(sh)))
		case !capture && !next.Terminal():
			low = min(low, l.where(keyOf(next)))
		}
		if next.Terminal() {
			best = max(best, gain)
			continue
		}
		var w int
		if capture && l.below != nil {
			w = l.below(next)
		} else if capture {
			// A capture clears the history: a new path.
			saved := l.afresh()
			w, _ = l.value(next)
			l.restore(saved)
		} else {
			var lw int
			w, lw = l.value(next)
			low = min(low, lw)
		}
		if next.ToMove() != p {
			w = -w
		}
		best = max(best, gain+w)
	}
	l.depth--
	if low > d {
		l.memo[k] = best
	} else {
		l.hist[hk] = histValue{best, low, l.ord}
	}
	l.pop()
	return best, low
}

// histKey is the history a position's value may depend on: the current
// position, and the path since the last capture as a set with counts (by
// its multiset hash).
type histKey struct {
	cur lkey
	sum [2]uint64
}

func (l *literal) histKey() histKey { return histKey{l.path[len(l.path)-1], l.sum} }

func (l *literal) push(k lkey) {
	l.path = append(l.path, k)
	h := multiHash(k)
	l.sum[0] += h[0]
	l.sum[1] += h[1]
	l.ords = append(l.ords, l.ord)
	l.ord = mix(l.ord ^ h[0])
}

func (l *literal) pop() {
	h := multiHash(l.path[len(l.path)-1])
	l.sum[0] -= h[0]
	l.sum[1] -= h[1]
	l.ord = l.ords[len(l.ords)-1]
	l.ords = l.ords[:len(l.ords)-1]
	l.path = l.path[:len(l.path)-1]
}

// pathState is the path with its hashes.
type pathState struct {
	path []lkey
	sum  [2]uint64
	ord  uint64
	ords []uint64
}

// afresh starts an empty path, as a capture does, and returns the old.
func (l *literal) afresh() pathState {
	old := pathState{l.path, l.sum, l.ord, l.ords}
	l.restore(pathState{})
	return old
}

func (l *literal) restore(p pathState) { l.path, l.sum, l.ord, l.ords = p.path, p.sum, p.ord, p.ords }

// multiHash is a position's part of the hash of a set with counts: the
// set's hash is the sum of its members' (mod 2^64, in two independent
// lanes), so a position joins and leaves it in constant time whatever the
// path's length, where sorting the path at every position made the search
// quadratic in it. Two different sets share a hash by chance only, about
// once in 2^126 pairs (2^-63 a lane when the counts differ by even
// numbers); a search of a billion histories has 10^18 pairs.
func multiHash(k lkey) [2]uint64 {
	var lo, hi uint64
	for i := range 8 {
		lo |= uint64(uint8(k[i])) << (8 * i)
	}
	for i := 8; i < len(k); i++ {
		hi |= uint64(uint8(k[i])) << (8 * (i - 8))
	}
	return [2]uint64{mix(mix(lo^0x243f6a8885a308d3) ^ hi), mix(mix(lo^0x13198a2e03707344) ^ hi ^ 0xa4093822299f31d0)}
}

// mix is SplitMix64's finaliser, a bijection of 64 bits.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// of is the literal value of a board with no history.
func (l *literal) of(t testing.TB, opts engine.Options, holes [adjiboto.Holes]int, p int) (*adjiboto.State, int) {
	t.Helper()
	s, err := adjiboto.NewPosition(opts, holes, [2]int{}, p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Terminal() {
		return s, s.Store(p) - s.Store(1-p)
	}
	v, _ := l.value(s)
	if s.ToMove() != p {
		v = -v
	}
	return s, v
}

// errOverBudget stops a try at its budget.
var errOverBudget = errors.New("over budget")

// maxMemo bounds the memos between tries: the literal search of a large
// group keeps millions of histories.
const maxMemo = 1 << 20

// try is of within l.budget positions searched, and false beyond them.
// The memos keep only values of finished searches, so they stay exact.
func (l *literal) try(t testing.TB, opts engine.Options, holes [adjiboto.Holes]int, p int) (v int, ok bool) {
	t.Helper()
	if len(l.hist) > maxMemo {
		clear(l.hist)
	}
	if len(l.memo) > maxMemo {
		clear(l.memo)
	}
	if l.budget > 0 {
		l.stop = l.nodes + l.budget
	}
	defer func() {
		l.stop = 0
		if r := recover(); r != nil {
			if r != errOverBudget {
				panic(r)
			}
			l.restore(pathState{})
			l.depth, ok = 0, false
		}
	}()
	_, v = l.of(t, opts, holes, p)
	return v, true
}

var (
	literalSeeds  = flag.Int("literal-seeds", 9, "TestLiteralEveryBoard: check every board with at most this many seeds")
	sampleSeeds   = flag.Int("sample-seeds", 17, "TestLiteralCycles: the table's K, and the most seeds of the random sample")
	samples       = flag.Int("samples", 300, "TestLiteralCycles: random boards of 16 seeds and more")
	maxGroup      = flag.Int("max-group", 0, "TestLiteralCycles: skip the groups of more boards (0: none)")
	literalBudget = flag.Int("literal-budget", 0, "TestLiteralCycles: skip a board whose literal search passes this many positions (0: no limit)")
	counts        = flag.String("counts", "2,3", "TestLiteralCycles: the counts of the repetition rule to search the boards on cycles under")
)

// Below 16 seeds no board lies on a cycle: the table against the literal
// search on every board, either player to move, under the default rules
// and one other reading.
func TestLiteralEveryBoard(t *testing.T) {
	k := *literalSeeds
	for _, set := range [][]string{nil, {"chain-through-empty=true", "capture-from=opponent"}} {
		opts := options(t, set...)
		tab, _, err := Build(opts, k, nil)
		if err != nil {
			t.Fatal(err)
		}
		l := newLiteral(t, set...)
		checked := 0
		for n := 0; n <= k; n++ {
			var holes [adjiboto.Holes]int
			eachBoard(&holes, 0, n, func() {
				for p := range 2 {
					s, want := l.of(t, opts, holes, p)
					got := tab.get(n, tab.entry(&holes, n, p))
					if got != want {
						t.Fatalf("%v: %v, player %d to move: table %d, literal %d", set, holes, p, got, want)
					}
					if !s.Terminal() {
						if v, _ := tab.Value(s); v != want*sign(s.ToMove() == p) {
							t.Fatalf("%v: %v: Value %d, literal %d", set, holes, v, want)
						}
					}
					checked++
				}
			})
		}
		if checked != int(Size(k)) {
			t.Fatalf("%d boards checked, want %d", checked, Size(k))
		}
	}
}

func sign(same bool) int {
	if same {
		return 1
	}
	return -1
}

var (
	cycleOnce   sync.Once
	cycleTab    *Table
	cycleGroups [][]member
	cycleErr    error
)

// cycleTable is the table of K = -sample-seeds under the default rules,
// with the boards of its groups, built once for the tests that need it.
func cycleTable(t *testing.T) (*Table, [][]member) {
	t.Helper()
	cycleOnce.Do(func() {
		groupSeen = func(g []member) { cycleGroups = append(cycleGroups, slices.Clone(g)) }
		cycleTab, _, cycleErr = Build(engine.Options{}, *sampleSeeds, nil)
		groupSeen = nil
	})
	if cycleErr != nil {
		t.Fatal(cycleErr)
	}
	return cycleTab, cycleGroups
}

func holesOf(m member) [adjiboto.Holes]int {
	var holes [adjiboto.Holes]int
	for h, c := range m.holes {
		holes[h] = int(c)
	}
	return holes
}

// The boards on cycles are where the repetition rule can end a game: each
// of them, under the counts 2 and 3 (the default), has the table's
// value by the literal search (-counts 2,3,5 adds 5, a minute more); so do
// random boards of 16 seeds and more. With -sample-seeds 18 and up the
// literal search of the larger groups takes hours: -max-group skips the
// groups of more boards, and -literal-budget the boards whose search
// needs more positions, and the log says how many.
func TestLiteralCycles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the table of 17 seeds and searches its cycles literally: not with -short (TestLiteralEveryBoard checks the small boards)")
	}
	tab, groups := cycleTable(t)
	if len(groups) == 0 {
		t.Fatal("no board lies on a cycle")
	}
	checked := 0
	check := func(l *literal, r string, opts engine.Options, holes [adjiboto.Holes]int, p int) bool {
		want, ok := l.try(t, opts, holes, p)
		if !ok {
			return false
		}
		n := 0
		for _, c := range holes {
			n += c
		}
		if got := tab.get(n, tab.entry(&holes, n, p)); got != want {
			t.Fatalf("%s: %v, player %d to move: table %d, literal %d", r, holes, p, got, want)
		}
		checked++
		return true
	}
	for _, c := range strings.Split(*counts, ",") {
		r := "repetition=" + c
		opts := options(t, r)
		l := newLiteral(t)
		l.budget = *literalBudget
		var skipGroups, skipBoards, boards int
		for _, g := range groups {
			if *maxGroup > 0 && len(g) > *maxGroup {
				skipGroups++
				continue
			}
			for _, m := range g {
				boards++
				if !check(l, r, opts, holesOf(m), int(m.p)) {
					skipBoards++
				}
			}
		}
		t.Logf("%s: %d groups, %d boards agree; skipped %d groups of more than %d boards and %d boards over the budget of %d positions; literal search %d positions",
			r, len(groups)-skipGroups, boards-skipBoards, skipGroups, *maxGroup, skipBoards, *literalBudget, l.nodes)
	}
	opts := options(t)
	l := newLiteral(t)
	l.budget = *literalBudget
	rng := rand.New(rand.NewPCG(3, 4))
	skipped := 0
	for range *samples {
		n := 16 + rng.IntN(*sampleSeeds-15)
		if !check(l, "sample", opts, randomBoard(rng, n), rng.IntN(2)) {
			skipped++
		}
	}
	t.Logf("random boards of 16 to %d seeds: %d agree, %d over the budget of %d positions", *sampleSeeds, *samples-skipped, skipped, *literalBudget)
	if checked == 0 {
		t.Fatal("no board checked")
	}
}

// The two boards of issue 26, where the earlier tables were wrong.
func TestIssueBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the table of 17 seeds: not with -short")
	}
	tab, _ := cycleTable(t)
	for _, c := range []struct {
		holes [adjiboto.Holes]int
		p     int
		want  int
	}{
		{[adjiboto.Holes]int{1, 2, 2, 2, 2, 1, 2, 1, 2, 2}, 0, -3},
		{[adjiboto.Holes]int{0, 0, 0, 3, 11, 0, 1, 0, 1, 1}, 1, 3},
	} {
		s, err := adjiboto.NewPosition(options(t), c.holes, [2]int{}, c.p)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := tab.Value(s); !ok || got != c.want {
			t.Errorf("%v, player %d to move: %d (covered %v), want %d", c.holes, c.p, got, ok, c.want)
		}
	}
}

// The literal search's memo key is the current position and the path
// before it as a set with counts: along a random walk that pushes and pops
// few positions (so the same sets come back in other orders and with
// other counts), two paths share a key exactly when they share the
// position and the sorted path, and the running hash is the one
// computed afresh; the hash of the order is the same exactly for the
// same sequence.
func TestHistKeyIsTheSetWithCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	alphabet := make([]lkey, 4)
	for i := range alphabet {
		s, err := adjiboto.NewPosition(options(t), randomBoard(rng, 16), [2]int{}, i%2)
		if err != nil {
			t.Fatal(err)
		}
		alphabet[i] = keyOf(s)
	}
	l := newLiteral(t)
	byKey := map[histKey]string{}
	byPath := map[string]histKey{}
	byOrd := map[uint64]string{}
	bySeq := map[string]uint64{}
	for range 20000 {
		if len(l.path) > 0 && (len(l.path) >= 9 || rng.IntN(2) == 0) {
			l.pop()
			continue
		}
		l.push(alphabet[rng.IntN(len(alphabet))])
		sorted := slices.Clone(l.path[:len(l.path)-1])
		slices.SortFunc(sorted, func(a, b lkey) int { return slices.Compare(a[:], b[:]) })
		path := fmt.Sprint(l.path[len(l.path)-1], sorted)
		k := l.histKey()
		var fresh [2]uint64
		for _, x := range l.path {
			h := multiHash(x)
			fresh[0] += h[0]
			fresh[1] += h[1]
		}
		if k.sum != fresh {
			t.Fatalf("path %v: running hash %x, afresh %x", l.path, k.sum, fresh)
		}
		if p, ok := byKey[k]; ok && p != path {
			t.Fatalf("paths %s and %s share a key", p, path)
		}
		if o, ok := byPath[path]; ok && o != k {
			t.Fatalf("path %s has two keys", path)
		}
		byKey[k], byPath[path] = path, k
		seq := fmt.Sprint(l.path)
		if o, ok := byOrd[l.ord]; ok && o != seq {
			t.Fatalf("sequences %s and %s share the hash of the order", o, seq)
		}
		if o, ok := bySeq[seq]; ok && o != l.ord {
			t.Fatalf("sequence %s has two hashes of the order", seq)
		}
		byOrd[l.ord], bySeq[seq] = seq, l.ord
	}
	if len(byKey) < 100 {
		t.Fatalf("only %d different paths", len(byKey))
	}
}
