package ai

import (
	"testing"

	"tabula/engine"
)

// oneMove is an endgame that knows every position of its game: the best
// move is always move 1.
type oneMove struct{}

func (oneMove) BestMove(engine.State) (engine.Move, bool) { return 1, true }

func TestMaxLevelPlaysTheEndgameTable(t *testing.T) {
	// Two moves; only the second wins, but the table's move is what max
	// must play, and no other level may see it.
	g := &treeGame{id: "endgame-test", players: 2, nodes: []treeNode{
		{actors: []int{0}, moveCounts: []int{2}, next: []int{1, 2}},
		{winner: 0},
		{winner: 1},
	}}
	RegisterEndgame(g.ID(), oneMove{})
	s, _ := g.NewState(engine.Options{})
	for _, spec := range []string{"max", "mcts:max", "alphabeta:max", "hard", "alphabeta:hard", "mcts:500"} {
		a, err := New(g, spec, Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		got := a.Choose(s, 0)
		_, table := a.(withEndgame)
		if table != (spec == "max" || spec == "mcts:max" || spec == "alphabeta:max") {
			t.Errorf("%s: uses the table %v", spec, table)
		}
		if table && got != 1 {
			t.Errorf("%s played %d, the table's move is 1", spec, got)
		}
		if !table && got != 0 {
			t.Errorf("%s played %d, the winning move is 0", spec, got)
		}
	}
}
