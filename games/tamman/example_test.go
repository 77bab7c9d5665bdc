package tamman_test

import (
	"fmt"

	"tabula/engine"
	"tabula/games/tamman"
)

// Replaying throws and moves from their text: player 0 throws 4 (waraq),
// which earns one more throw, a 2; she moves one man by each.
func Example() {
	g := tamman.Game{}
	opts, _ := engine.ParseOptions(g, []string{"players=4"})
	s, err := engine.Replay(g, opts, []string{"t4", "t2", "c1+4"})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := s.(*tamman.State).Details()
	fmt.Println(d.Get("pieces").([][]string)[0], d.Get("throws"), d.Get("phase"))
	fmt.Println(engine.LegalTexts(s, 0))
	// Output:
	// [c1 c1 c1 e3] [2] move
	// [c1+2 e3+2]
}
