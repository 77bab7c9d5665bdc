package ai

import (
	"context"
	"testing"

	"tabula/engine"
)

// oneMove is an endgame that knows every position of its game: the best
// move is always move 1.
type oneMove struct{}

func (oneMove) BestMove(engine.State) (engine.Move, bool) { return 1, true }

func TestMaxLevelPlaysTheEndgameTable(t *testing.T) {
	// Two moves; only the first (0) wins, but the table says 1: max must
	// play the table's move, and no other level may see the table.
	g := &treeGame{id: "endgame-test", players: 2, nodes: []treeNode{
		{actors: []int{0}, moveCounts: []int{2}, next: []int{1, 2}},
		{winner: 0},
		{winner: 1},
	}}
	engine.RegisterEndgame(g.ID(), oneMove{})
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

// ChooseContext reaches through the table to the search: the table's
// move where it knows one, the search (stopped by ctx) where not.
func TestChooseContextWithEndgame(t *testing.T) {
	g := &treeGame{id: "endgame-context-test", players: 2, nodes: []treeNode{
		{actors: []int{0}, moveCounts: []int{2}, next: []int{1, 2}},
		{winner: 0},
		{winner: 1},
	}}
	s, _ := g.NewState(engine.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, table := range []engine.Endgame{oneMove{}, nothingKnown{}} {
		engine.RegisterEndgame(g.ID(), table)
		a, err := New(g, "max", Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		got := ChooseContext(ctx, a, s, 0)
		if _, known := table.(oneMove); known && got != 1 {
			t.Errorf("the table's move is 1, got %d", got)
		}
		if m := a.(withEndgame).Agent.(*MCTS); !known(table) && m.Iterations > 1 {
			t.Errorf("a stopped search ran %d iterations", m.Iterations)
		}
	}
}

// nothingKnown is an endgame table that knows no position.
type nothingKnown struct{}

func (nothingKnown) BestMove(engine.State) (engine.Move, bool) { return 0, false }

func known(e engine.Endgame) bool { _, ok := e.(oneMove); return ok }
