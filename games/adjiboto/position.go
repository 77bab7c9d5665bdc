package adjiboto

import (
	"fmt"

	"tabula/engine"
)

// NewPosition returns a position after the opening, set up from a board:
// the seeds in each hole (in the source's numbering), in each store, and
// the player to move. It is for analysis (endgame tables, puzzles); the
// rules then apply as in a game, starting with a forced pass or the end
// of the game when the player to move cannot play.
func NewPosition(opts engine.Options, holes [Holes]int, stores [2]int, toMove int) (*State, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	if err := s.SetPosition(holes, stores, toMove); err != nil {
		return nil, err
	}
	return s, nil
}

// SetPosition makes s the position after the opening with the given
// board (see NewPosition), keeping its options and reusing its memory, so
// that a search through many boards does not allocate. The repetition
// rule counts from this position on.
func (s *State) SetPosition(holes [Holes]int, stores [2]int, toMove int) error {
	if toMove != 0 && toMove != 1 {
		return fmt.Errorf("adji-boto: player to move %d: want 0 or 1", toMove)
	}
	total := stores[0] + stores[1]
	for p, c := range stores {
		if c < 0 {
			return fmt.Errorf("adji-boto: store of player %d holds %d seeds", p, c)
		}
	}
	for h, c := range holes {
		if c < 0 {
			return fmt.Errorf("adji-boto: hole %d holds %d seeds", h, c)
		}
		total += c
	}
	// Counts are bytes: 255 seeds in all is the most a board can hold.
	if total > 255 {
		return fmt.Errorf("adji-boto: %d seeds in all, at most 255", total)
	}
	r, hist := s.r, s.hist[:0]
	*s = State{r: r, hist: hist, turn: uint8(toMove)}
	for h, c := range holes {
		s.holes[h] = uint8(c)
	}
	s.stores = [2]uint8{uint8(stores[0]), uint8(stores[1])}
	if r.opening != OpeningNone {
		// Every hole was played once in the opening (the hash counts it).
		s.opened = [2]uint8{0x1f, 0x1f}
	}
	// As after the last move of the opening: no history to repeat, and a
	// blocked player passes.
	s.settle(true, nil)
	return nil
}
