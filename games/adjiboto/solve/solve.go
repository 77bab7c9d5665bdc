// Package solve builds exact endgame tables of Adji-Boto by retrograde
// analysis, as Awari was solved: for every board with at most K seeds left
// on it and either player to move, the best final margin the player to
// move can force (her seeds won from now on minus her opponent's; the
// seeds already in the stores only add to it) when the game goes on from
// that board with no history, as it does after a capture. It knows the
// rules only through the exported API of package adjiboto.
//
// Captures only take seeds off the board, so a board with n seeds leads
// only to boards with n seeds (a move without capture) or fewer. The
// tables are built level by level, n = 0, 1, ..., K, each level by a
// depth-first search over its moves without capture that finds the
// strongly connected groups of boards (Tarjan). A board on no cycle gets
// the best of its moves. A group with cycles is where the repetition rule
// can end a game; it is solved by two bounds that do not depend on the
// rule: the margin each side can force by a strategy under which no board
// ever comes back (build.go, scc.go, docs/ai.md). Where they meet, that is
// the exact value under the repetition rule, whatever its count; Build
// fails where they do not, rather than give an inexact table.
package solve

import (
	"fmt"
	"strings"
	"time"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// MaxSeedsLeft bounds K: the table of K = 30 takes 1.1 GB.
const MaxSeedsLeft = 30

// ruleOptions are the options that change play after the opening; a table
// is valid for the games that agree on them.
var ruleOptions = []string{adjiboto.OptChainThroughEmpty, adjiboto.OptCaptureFrom, adjiboto.OptSkipOrigin}

// Stats describes a build.
type Stats struct {
	// Positions is the number of entries (boards times players to move).
	Positions int64
	// Groups counts, for each number of seeds, the strongly connected
	// groups of boards with a cycle (where the repetition rule can end a
	// game); GroupPositions the entries in them; Largest the largest.
	Groups, GroupPositions, Largest []int64
	// MaxDepth is the longest chain of moves without capture searched.
	MaxDepth int
	// Took is the time the build took (this run, without resumed levels).
	Took time.Duration
}

func newStats(k int) Stats {
	return Stats{Groups: make([]int64, k+1), GroupPositions: make([]int64, k+1), Largest: make([]int64, k+1)}
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

// entry is the place of a board of n seeds with player p to move within
// its level: boards of n seeds are ranked as compositions of n into ten
// parts.
func (t *Table) entry(holes *[adjiboto.Holes]int, n, p int) int64 {
	var rank int64
	r := n
	for i := 0; i < adjiboto.Holes-1; i++ {
		k := adjiboto.Holes - 1 - i // holes after hole i
		c := holes[i]
		rank += t.binom[r+k][k] - t.binom[r-c+k][k]
		r -= c
	}
	return 2*rank + int64(p)
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

// checkOptions returns opts with defaults and an error for the options
// the tables cannot serve.
func checkOptions(opts engine.Options, k int) (engine.Options, error) {
	if k < 0 || k > MaxSeedsLeft {
		return opts, fmt.Errorf("solve: seeds left %d: want 0 to %d", k, MaxSeedsLeft)
	}
	opts = withDefaults(opts)
	if opts.Int(adjiboto.OptMaxPlies) > 0 {
		return opts, fmt.Errorf("solve: option %s: the tables assume no limit on the moves", adjiboto.OptMaxPlies)
	}
	return opts, nil
}

// Build solves every board with at most k seeds under opts (only the
// options that change play after the opening matter), in memory.
// progress, when not nil, is told each level as it is done.
func Build(opts engine.Options, k int, progress func(seeds int, st Stats)) (*Table, Stats, error) {
	opts, err := checkOptions(opts, k)
	if err != nil {
		return nil, Stats{}, err
	}
	t := newTable(k, rulesOf(opts))
	t.data = make([]byte, t.fileSize())
	copy(t.data, t.header())
	st := newStats(k)
	st.Positions = Size(k)
	err = build(t, opts, 0, k, &st, func(n int) error {
		t.seal(n)
		if progress != nil {
			progress(n, st)
		}
		return nil
	})
	if err != nil {
		return nil, Stats{}, err
	}
	t.levels = k + 1
	return t, st, nil
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
func sweep(holes *[adjiboto.Holes]int, p int) int {
	v := 0
	for h, c := range holes {
		if adjiboto.Owner(h) == p {
			v += c
		} else {
			v -= c
		}
	}
	return v
}
