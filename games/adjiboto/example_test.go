package adjiboto_test

import (
	"fmt"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// Replaying moves from their text and reading the board.
func Example() {
	g := adjiboto.Game{}
	opts, _ := engine.ParseOptions(g, []string{"chain-through-empty=true"})
	s, err := engine.Replay(g, opts, []string{"9", "4"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.(*adjiboto.State).Details().Get("holes"))
	fmt.Println(engine.LegalTexts(s, 0))
	// Output:
	// [12 12 12 12 2 12 12 12 12 2]
	// [8 7 6 5]
}
