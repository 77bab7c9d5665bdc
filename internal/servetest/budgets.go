package servetest

import (
	"regexp"
	"strconv"
	"strings"
)

// SmallBudgets cuts the budgets of the agents in a list of agents' specs
// (a command's --agents, a lab measurement's --match): MCTS to at most
// 200 iterations, expectiminimax to depth 3 at most, rollouts to 20 a
// move at most, and the levels to Tamman's easy budgets without easy's
// cap on the time of a move (30 iterations, depth 2). For a test that
// checks a documented command or a script runs, not its figures (the old
// max's 100,000 iterations are some 25 s of CPU a game, depth 6 some
// 15 s, max up to 9 s a move); and a search cut short by its cap on a
// busy machine would play otherwise from one run to the next
// (tamman-dual-bound's --dual-policy check replays the player's games).
// Only valid names are cut: a misspelt one still reaches the command.
func SmallBudgets(agents string) string {
	agents = levelRE.ReplaceAllStringFunc(agents, func(v string) string {
		kind, _, _ := strings.Cut(v, ":")
		return kind + ":" + map[string]string{"mcts": "30", "alphabeta": "2"}[kind]
	})
	return budgetRE.ReplaceAllStringFunc(agents, func(v string) string {
		kind, n, _ := strings.Cut(v, ":")
		most := map[string]int{"mcts": 200, "alphabeta": 3, "checked": 20, "rollout": 20}[kind]
		if k, _ := strconv.Atoi(n); k > most {
			return kind + ":" + strconv.Itoa(most)
		}
		return v
	})
}

var budgetRE = regexp.MustCompile(`\b(mcts|alphabeta|checked|rollout):\d+\b`)

// levelRE is a level: in a check, its player is easy's budget without
// easy's time cap.
var levelRE = regexp.MustCompile(`\b(mcts|alphabeta):(easy|medium|hard|max)\b`)
