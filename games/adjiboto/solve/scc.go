package solve

import (
	"fmt"

	"tabula/games/adjiboto"
)

// A group is a strongly connected set of boards of one level: from each,
// moves without capture lead to each other, so the repetition rule can end
// a game inside it. Its way out (a capture, the end of the game, or a
// board of the level outside the group) is an exit of known value.
//
// Player A can force a margin of at least v with a strategy under which
// no board comes back exactly when every board of the group is in A's
// attractor of the exits worth at least v: the boards where A has a move
// into the set, and the opponent's boards all of whose moves (and exits)
// lead into it. Such a strategy plays towards boards that entered the set
// earlier, so a game under it never repeats a board and the repetition
// rule never applies; whatever the count. The value under the rule thus
// lies between A's bound and the opponent's, and is exact where they meet
// (docs/ai.md has the argument in full).

// noExit marks a board of a group whose moves all stay in the group.
const noExit = -1 << 30

// sccScratch is the working memory of solveGroup, reused between groups.
type sccScratch struct {
	pos     map[int64]int32 // entry -> place in the group
	exit    []int           // best exit for the player to move, or noExit
	owner   []int8          // the player to move
	succ    []int32         // moves into the group, by board (from succAt)
	succAt  []int32
	pred    []int32 // the reverse, by board (from predAt)
	predAt  []int32
	cnt     []int32
	in      []bool
	val     [2][]int
	queue   []int32
	buckets [][]int32
}

// groupSeen, when set (by tests), is told each group as it is found.
var groupSeen func(group []member)

// solveGroup sets the values of the boards of a group, or fails when the
// two bounds do not meet.
func (b *builder) solveGroup(group []member, n int) error {
	g := &b.scc
	m := len(group)
	if groupSeen != nil {
		groupSeen(group)
	}
	b.st.Groups[n]++
	b.st.GroupPositions[n] += int64(m)
	b.st.Largest[n] = max(b.st.Largest[n], int64(m))
	if g.pos == nil {
		g.pos = map[int64]int32{}
	}
	clear(g.pos)
	for j, x := range group {
		g.pos[x.i] = int32(j)
	}
	g.exit, g.owner = g.exit[:0], g.owner[:0]
	g.succ, g.succAt = g.succ[:0], g.succAt[:0]
	f, err := b.frame(0)
	if err != nil {
		return err
	}
	for _, x := range group {
		var holes [adjiboto.Holes]int
		for h, c := range x.holes {
			holes[h] = int(c)
		}
		p := int(x.p)
		g.succAt = append(g.succAt, int32(len(g.succ)))
		g.owner = append(g.owner, x.p)
		if err := f.load(holes, p); err != nil {
			return err
		}
		best := noExit
		for k := range f.moves {
			gain, over, h2, n2, q := f.step(k, p)
			if over {
				best = max(best, gain)
				continue
			}
			i2 := b.t.entry(&h2, n2, q)
			if j, ok := g.pos[key(n2, i2)]; ok {
				g.succ = append(g.succ, j)
				continue
			}
			w, ok := b.known(n2, i2)
			if !ok {
				return fmt.Errorf("solve: board %v of a group leads to %v, neither in the group nor solved", holes, h2)
			}
			if q != p {
				w = -w
			}
			best = max(best, gain+w)
		}
		g.exit = append(g.exit, best)
	}
	g.succAt = append(g.succAt, int32(len(g.succ)))
	g.reverse(m)
	for a := range 2 {
		g.bound(m, a, n)
	}
	for j, x := range group {
		lo, hi := g.val[0][j], g.val[1][j]
		if lo == noExit || hi == noExit || lo != -hi {
			return fmt.Errorf("solve: the bounds do not meet on board %v, player %d to move (player 0 forces %s, player 1 %s): not solved",
				x.holes, x.p, boundText(lo), boundText(hi))
		}
		v := lo
		if x.p == 1 {
			v = -v
		}
		_, i := unkey(x.i)
		if err := b.finish(n, i, v); err != nil {
			return err
		}
	}
	return nil
}

func boundText(v int) string {
	if v == noExit {
		return "no end"
	}
	return fmt.Sprint(v)
}

// reverse lists each board's predecessors in the group, a move each.
func (g *sccScratch) reverse(m int) {
	g.predAt = append(g.predAt[:0], make([]int32, m+1)...)
	for _, y := range g.succ {
		g.predAt[y+1]++
	}
	for j := range m {
		g.predAt[j+1] += g.predAt[j]
	}
	g.pred = append(g.pred[:0], make([]int32, len(g.succ))...)
	fill := append([]int32(nil), g.predAt[:m]...)
	for x := range m {
		for _, y := range g.succ[g.succAt[x]:g.succAt[x+1]] {
			g.pred[fill[y]] = int32(x)
			fill[y]++
		}
	}
}

// bound sets g.val[a]: the margin, from player a's side, that a can force
// from each board without any board coming back (noExit where she cannot
// force the game out of the group), by attractors of the exits worth at
// least v for v = n, n-1, ..., -n.
func (g *sccScratch) bound(m, a, n int) {
	val := append(g.val[a][:0], make([]int, m)...)
	g.cnt = append(g.cnt[:0], make([]int32, m)...)
	g.in = append(g.in[:0], make([]bool, m)...)
	if len(g.buckets) < 2*n+1 {
		g.buckets = make([][]int32, 2*n+1)
	}
	for v := range g.buckets[:2*n+1] {
		g.buckets[v] = g.buckets[v][:0]
	}
	for j := range m {
		val[j] = noExit
		g.cnt[j] = g.succAt[j+1] - g.succAt[j]
		if e := g.exit[j]; e != noExit {
			if int(g.owner[j]) != a {
				e = -e
				g.cnt[j]++
			}
			g.buckets[n-e] = append(g.buckets[n-e], int32(j))
		}
	}
	enter := func(j int32, v int) {
		g.in[j], val[j] = true, v
		g.queue = append(g.queue, j)
	}
	// reach marks one more way into the set for board j.
	reach := func(j int32, v int) {
		if g.in[j] {
			return
		}
		if int(g.owner[j]) == a {
			enter(j, v)
			return
		}
		if g.cnt[j]--; g.cnt[j] == 0 {
			enter(j, v)
		}
	}
	for v := n; v >= -n; v-- {
		g.queue = g.queue[:0]
		for _, j := range g.buckets[n-v] {
			reach(j, v)
		}
		for q := 0; q < len(g.queue); q++ {
			y := g.queue[q]
			for _, x := range g.pred[g.predAt[y]:g.predAt[y+1]] {
				reach(x, v)
			}
		}
	}
	g.val[a] = val
}
