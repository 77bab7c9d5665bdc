// Package rows draws, as text, the board that Adji-Boto and Agsinnoninka
// share: two rows of five holes, player 1's on top (holes 0-4 left to
// right), player 0's below (holes 9-5), a store at each end. The games keep
// their own words (what a hole and a store are called) and what a hole
// shows; only the drawing is common.
package rows

import (
	"fmt"
	"strings"
)

// Draw writes the board to b. hole is the word for a hole, store(p) the
// line for player p's store and cell(h) the five-character cell of hole h.
func Draw(b *strings.Builder, hole string, store func(p int) string, cell func(h int) string) {
	hole = fmt.Sprintf("%-8s", hole)
	fmt.Fprintf(b, "            %s\n", store(1))
	b.WriteString("   " + hole + " 0     1     2     3     4\n")
	b.WriteString("  p1 <-  ")
	for h := 0; h <= 4; h++ {
		b.WriteString(" " + cell(h))
	}
	b.WriteString("\n  p0 ->  ")
	for h := 9; h >= 5; h-- {
		b.WriteString(" " + cell(h))
	}
	b.WriteString("\n   " + hole + " 9     8     7     6     5\n")
	fmt.Fprintf(b, "            %s\n", store(0))
}
