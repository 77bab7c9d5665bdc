package solve

import (
	"fmt"

	"tabula/games/adjiboto"
)

// GameValue returns the best final margin the player to move in s can
// force, searching the opening (where the table has no entries) move by
// move and taking the table's values once it is over: with s the start
// of a game whose seeds all fit in the table, this solves the game.
func (t *Table) GameValue(s *adjiboto.State) (int, error) {
	memo := map[uint64]int{}
	var value func(s *adjiboto.State) (int, error)
	value = func(s *adjiboto.State) (int, error) {
		if !s.InOpening() {
			if s.Terminal() {
				return 0, nil
			}
			v, ok := t.Value(s)
			if !ok {
				_, n := board(s)
				return 0, fmt.Errorf("solve: a position after the opening has %d seeds on the board, the table %d", n, t.k)
			}
			return v, nil
		}
		key := s.Hash()
		if v, ok := memo[key]; ok {
			return v, nil
		}
		p := s.ToMove()
		best := -1 << 30
		for _, m := range s.Legal(p, nil) {
			next := s.Clone().(*adjiboto.State)
			next.Apply(m)
			w, err := value(next)
			if err != nil {
				return 0, err
			}
			v := (next.Store(p) - s.Store(p)) - (next.Store(1-p) - s.Store(1-p))
			if next.Terminal() || next.ToMove() == p {
				v += w
			} else {
				v -= w
			}
			best = max(best, v)
		}
		memo[key] = best
		return best, nil
	}
	if s.Terminal() {
		return 0, nil
	}
	return value(s)
}
