package solve

import (
	"flag"
	"testing"

	"tabula/engine"
	"tabula/games/adjiboto"
)

var allSeedsLimit = flag.Int("all-seeds-limit", 20_000_000, "TestOpeningNoneTakesAllSeeds: positions the search may pass")

// takesAll reports whether player p can force, from s, a game in which her
// opponent takes no seed at all: by captures or by the sweep at the end,
// so p ends with every seed, the greatest margin there is. It is the
// literal search (the game's own states, history and repetition rule
// included) asked only whether the value is the greatest: a position
// where the opponent has taken a seed fails at once, which prunes nearly
// every line. The memo is keyed, as the literal search's, by the position
// and the path since the last capture as a set with counts. l.stop bounds
// the positions searched (errOverBudget).
func (l *literal) takesAll(s *adjiboto.State, p int, memo map[histKey]bool) bool {
	if s.Store(1-p) > 0 {
		return false
	}
	if s.Terminal() {
		return true
	}
	l.push(keyOf(s))
	hk := l.histKey()
	if r, ok := memo[hk]; ok {
		l.pop()
		return r
	}
	l.nodes++
	if l.stop > 0 && l.nodes > l.stop {
		panic(errOverBudget)
	}
	mover := s.ToMove()
	all := mover != p // the opponent's moves must all keep it; p needs one
	res := all
	for _, m := range s.Legal(mover, nil) {
		if w := l.takesAllAfter(s, m, p, memo); w != all {
			res = w
			break
		}
	}
	memo[hk] = res
	l.pop()
	return res
}

// takesAllAfter is takesAll after the move m from s, whose position is
// the last of l.path.
func (l *literal) takesAllAfter(s *adjiboto.State, m engine.Move, p int, memo map[histKey]bool) bool {
	next := s.Clone().(*adjiboto.State)
	next.Apply(m)
	if next.Captured() == 0 {
		return l.takesAll(next, p, memo)
	}
	// A capture clears the history: a new path.
	defer l.restore(l.afresh())
	return l.takesAll(next, p, memo)
}

// With 3 seeds a hole and no opening cycle, the table gives player 0 the
// whole 30 seeds (first move 9) and less after any other first move. The
// literal search, without any table, asked whether player 0 can keep
// player 1 from taking a single seed: after 9 she can (player 1 never gets
// a move: docs/lab/adjiboto-endgames.md follows the line); after 8, 7, 6 or 5 she cannot. The
// same holds with chain-through-empty=true and with skip-origin=true
// (neither changes that line); with capture-from=opponent the first move
// takes nothing from player 0's own row, and the search does not end
// quickly.
func TestOpeningNoneTakesAllSeeds(t *testing.T) {
	for _, reading := range [][]string{nil, {"chain-through-empty=true"}, {"skip-origin=true"}} {
		start, err := adjiboto.New(options(t, append(reading, "seeds=3", "opening=none")...))
		if err != nil {
			t.Fatal(err)
		}
		want := map[engine.Move]bool{9: true, 8: false, 7: false, 6: false, 5: false}
		moves := start.Legal(0, nil)
		if len(moves) != len(want) {
			t.Fatalf("%v: first moves %v, want %d", reading, moves, len(want))
		}
		l := newLiteral(t, reading...)
		l.stop = *allSeedsLimit
		for _, m := range moves {
			l.restore(pathState{})
			l.push(keyOf(start))
			before := l.nodes
			got, ok := l.tryTakesAll(start, m)
			if !ok {
				t.Fatalf("%v: first move %d: over -all-seeds-limit %d positions", reading, m, *allSeedsLimit)
			}
			t.Logf("%v: first move %d: player 0 takes every seed: %v (%d positions searched)", reading, m, got, l.nodes-before)
			if w, ok := want[m]; !ok || got != w {
				t.Errorf("%v: first move %d: %v, want %v (listed %v)", reading, m, got, w, ok)
			}
		}
	}
}

// tryTakesAll is takesAllAfter for player 0 with a fresh memo, and false
// when it passes l.stop positions.
func (l *literal) tryTakesAll(s *adjiboto.State, m engine.Move) (got, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errOverBudget {
				panic(r)
			}
			ok = false
		}
	}()
	return l.takesAllAfter(s, m, 0, map[histKey]bool{}), true
}
