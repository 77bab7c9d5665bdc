package adjiboto

import (
	"fmt"
	"strings"
)

// String draws the board as in the source's diagram: player 1's row on top
// (holes 0-4 left to right), player 0's row below (holes 9-5), stores at the
// ends. The arrows show the way the seeds go: counter-clockwise, to the
// right along the bottom row and to the left along the top row.
func (s *State) String() string {
	var b strings.Builder
	cell := func(h int) string { return fmt.Sprintf("[%3d]", s.holes[h]) }
	fmt.Fprintf(&b, "            player 1's store (boto): %d\n", s.stores[1])
	b.WriteString("   hole     0     1     2     3     4\n")
	b.WriteString("  p1 <-  ")
	for h := 0; h <= 4; h++ {
		b.WriteString(" " + cell(h))
	}
	b.WriteString("\n  p0 ->  ")
	for h := 9; h >= 5; h-- {
		b.WriteString(" " + cell(h))
	}
	b.WriteString("\n   hole     9     8     7     6     5\n")
	fmt.Fprintf(&b, "            player 0's store (boto): %d\n", s.stores[0])
	b.WriteString("seeds are sown counter-clockwise: 9 8 7 6 5, then 4 3 2 1 0, then 9 again\n")
	if s.openingLeft > 0 {
		fmt.Fprintf(&b, "opening: %d of the ten opening moves left, no captures yet\n", s.openingLeft)
	}
	if s.end != NotOver {
		fmt.Fprintf(&b, "game over (%s)\n", s.end)
	}
	return b.String()
}
