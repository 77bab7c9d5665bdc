package solve

import (
	"slices"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// Covers reports whether the table knows s: an Adji-Boto position after
// the opening, with at most K seeds on the board (levels built so far), in a game whose rules
// after the opening are the table's and which has no limit on the moves.
func (t *Table) Covers(s engine.State) bool {
	a, ok := s.(*adjiboto.State)
	if !ok || a.Terminal() || a.InOpening() {
		return false
	}
	if _, n := board(a); n >= t.levels {
		return false
	}
	opts := s.Options()
	return slices.Equal(rulesOf(opts), t.rules) && opts.Int(adjiboto.OptMaxPlies) == 0
}

// Value returns the best final margin the player to move in s can force
// from now on (seeds she wins minus seeds her opponent wins), and false
// when the table does not cover s.
func (t *Table) Value(s engine.State) (int, bool) {
	if !t.Covers(s) {
		return 0, false
	}
	a := s.(*adjiboto.State)
	holes, n := board(a)
	return t.get(n, t.entry(&holes, n, a.ToMove())), true
}

// MoveValues returns the legal moves of the player to move in s with the
// margin each one leads to for her, and false when the table does not
// cover s.
func (t *Table) MoveValues(s engine.State) ([]engine.Move, []int, bool) {
	if !t.Covers(s) {
		return nil, nil, false
	}
	a := s.(*adjiboto.State)
	p := a.ToMove()
	moves := a.Legal(p, nil)
	vals := make([]int, len(moves))
	next := a.Clone().(*adjiboto.State)
	for i, m := range moves {
		next.CopyState(a)
		next.Apply(m)
		gain := (next.Store(p) - a.Store(p)) - (next.Store(1-p) - a.Store(1-p))
		vals[i] = gain
		if next.Terminal() {
			continue
		}
		holes, n := board(next)
		q := next.ToMove()
		w := t.get(n, t.entry(&holes, n, q))
		if q != p {
			w = -w
		}
		vals[i] += w
	}
	return moves, vals, true
}

// BestMove returns a move of the best margin for the player to move in s
// (the first in Legal's order among equals), and false when the table
// does not cover s.
func (t *Table) BestMove(s engine.State) (engine.Move, bool) {
	moves, vals, ok := t.MoveValues(s)
	if !ok {
		return 0, false
	}
	best := 0
	for i, v := range vals {
		if v > vals[best] {
			best = i
		}
	}
	return moves[best], true
}
