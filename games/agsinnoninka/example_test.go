package agsinnoninka_test

import (
	"fmt"

	"tabula/engine"
	"tabula/games/agsinnoninka"
	"tabula/messages"
)

// A lockstep turn on a literal board: player 1's first seed falls in hole 3
// in the step in which player 0's last seed falls in hole 4, so player 0
// relays with it; in step 2 both drop their last seeds in hole 2 and find
// hole 1 empty. Both moves finish in hole 2, in player 1's row: she
// captures hole 7 across from it.
func ExampleNewPosition() {
	opts := engine.DefaultOptions(agsinnoninka.Game{})
	s, _ := agsinnoninka.NewPosition(opts, agsinnoninka.Position{
		Holes: [agsinnoninka.Holes]int{0, 0, 0, 0, 2, 1, 0, 3, 4, 3},
	})
	if err := engine.Play(s, "5,4"); err != nil {
		fmt.Println(err)
	}
	fmt.Print(s)
	for _, m := range s.Tell() {
		fmt.Println(messages.Render("en", m, messages.GameWords(agsinnoninka.Game{})))
	}
	// Output:
	// round 1, turn 2 of the round
	//             player 1's store: 3
	//    hole     0     1     2     3     4
	//   p1 <-   [  0] [  0] [  2] [  0] [  1]
	//   p0 ->   [  3] [  4] [  0] [  0] [  0]
	//    hole     9     8     7     6     5
	//             player 0's store: 0
	// player 0 sowed from hole 5: 2 seeds, 1 relay, ended at hole 2.
	// player 1 sowed from hole 4: 2 seeds, 0 relays, ended at hole 2.
	// player 1 captured 3 seeds.
}
