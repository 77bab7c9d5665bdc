package solve

import (
	"fmt"
	"slices"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// GameValue returns the best final margin the player to move in s can
// force, searching the opening (where the table has no entries) move by
// move and taking the table's values once it is over: with s the start
// of a game whose seeds all fit in the table, this solves the game.
func (t *Table) GameValue(s *adjiboto.State) (int, error) {
	_, vals, err := t.GameMoves(s)
	if err != nil || len(vals) == 0 {
		return 0, err
	}
	return slices.Max(vals), nil
}

// GameMoves returns the legal moves in s with the best final margin each
// leads to for the player to move, as GameValue finds it. The opening has
// no captures and no repetitions, and the history starts afresh after it
// (as after a capture), so the table's values apply exactly to the first
// position after the opening; the opening itself, at most 5! x 5! lines,
// is searched in full.
func (t *Table) GameMoves(s *adjiboto.State) ([]engine.Move, []int, error) {
	if s.Terminal() {
		return nil, nil, nil
	}
	p := s.ToMove()
	moves := s.Legal(p, nil)
	vals := make([]int, len(moves))
	for i, m := range moves {
		next := s.Clone().(*adjiboto.State)
		next.Apply(m)
		v := (next.Store(p) - s.Store(p)) - (next.Store(1-p) - s.Store(1-p))
		if !next.Terminal() {
			w, err := t.lineValue(next)
			if err != nil {
				return nil, nil, err
			}
			if next.ToMove() != p {
				w = -w
			}
			v += w
		}
		vals[i] = v
	}
	return moves, vals, nil
}

// lineValue is the value for the player to move in s, which is not over.
func (t *Table) lineValue(s *adjiboto.State) (int, error) {
	if !s.InOpening() {
		v, ok := t.Value(s)
		if !ok {
			_, n := board(s)
			return 0, fmt.Errorf("solve: a position after the opening has %d seeds on the board, the table %d", n, t.levels-1)
		}
		return v, nil
	}
	_, vals, err := t.GameMoves(s)
	if err != nil {
		return 0, err
	}
	return slices.Max(vals), nil
}
