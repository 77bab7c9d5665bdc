package ai_test

import (
	"fmt"

	"tabula/ai"
	"tabula/engine"
	_ "tabula/games/all"
)

// An agent is made from its command-line spec and asked for a move.
func ExampleNew() {
	g, _ := engine.Lookup("adji-boto")
	s, _ := g.NewState(engine.DefaultOptions(g))
	a, err := ai.New(g, "mcts:200", ai.Config{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	m := a.Choose(s, 0)
	fmt.Println(a.Name(), "plays", s.MoveText(0, m))
	_, err = ai.New(g, "mcts:huge", ai.Config{})
	fmt.Println(err)
	// Output:
	// mcts:200 plays 8
	// agent "mcts:huge": "huge" is not a level (easy, medium, hard, max), a time per move (200ms) or a number of iterations
}
