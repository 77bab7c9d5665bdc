package servetest

import "testing"

func TestSmallBudgetsCutsOnlyLargeBudgets(t *testing.T) {
	for in, want := range map[string]string{
		"mcts:max,mcts:100000":       "mcts:30,mcts:200",
		"mcts:hard/learned,greedy":   "mcts:30/learned,greedy",
		"mcts:easy,alphabeta:medium": "mcts:30,alphabeta:2",
		"mcts:200,mcts:201":          "mcts:200,mcts:200",
		"mcts:5000/learned,greedy":   "mcts:200/learned,greedy",
		"alphabeta:6/net,mcts:hard":  "alphabeta:3/net,mcts:30",
		"alphabeta:2/net,greedy":     "alphabeta:2/net,greedy",
		"checked:300,rollout:200/t8": "checked:20,rollout:20/t8",
		"mcts:150,mcts:2000ms":       "mcts:150,mcts:2000ms",
		"mcts:hrad,alphabeta:9x":     "mcts:hrad,alphabeta:9x",
	} {
		if got := SmallBudgets(in); got != want {
			t.Errorf("SmallBudgets(%q) = %q, want %q", in, got, want)
		}
	}
}
