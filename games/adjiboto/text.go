package adjiboto

import (
	"fmt"
	"strings"

	"tabula/engine"
	"tabula/games/internal/rows"
)

// String draws the board in English: Draw("en").
func (s *State) String() string { return s.Draw("en") }

// Draw draws the board as in the source's diagram, with its words in lang:
// player 1's row on top (holes 0-4 left to right), player 0's row below
// (holes 9-5), stores at the ends. The arrows show the way the seeds go:
// counter-clockwise, to the right along the bottom row and to the left
// along the top row.
func (s *State) Draw(lang string) string {
	w := engine.WordsOf(Game{}.Catalogue().Words)
	say := func(key string, args ...any) string { return engine.Say(lang, w, key, args...) }
	var b strings.Builder
	rows.Draw(&b, say("b_hole"),
		func(p int) string { return say("b_store", "n", p, "seeds", int(s.stores[p])) },
		func(h int) string { return fmt.Sprintf("[%3d]", s.holes[h]) })
	b.WriteString(say("b_sowing") + "\n")
	if s.openingLeft > 0 {
		b.WriteString(say("b_opening", "n", int(s.openingLeft)) + "\n")
	}
	if s.end != NotOver {
		b.WriteString(say("b_over", "why", engine.Message{Key: "end_" + s.end.String()}) + "\n")
	}
	return b.String()
}
