package ai

import (
	"context"
	"slices"
	"sort"
	"time"

	"tabula/engine"
)

// Analysis is what a search thinks of a position: each player's expected
// reward and the moves of whoever acts, best first.
type Analysis struct {
	// Values holds each player's expected reward in [0, 1] under the
	// search (1: a sure win, 0: a sure loss, 1/n: even).
	Values []float64
	// Moves are the candidate moves of each actor, most searched first
	// (none at a chance event or at the end of the game).
	Moves []MoveValue
	// Iterations is the number of MCTS iterations run.
	Iterations int
}

// MoveValue is one actor's move with its search statistics.
type MoveValue struct {
	Player int
	Move   engine.Move
	// Value is the actor's mean reward after the move, in [0, 1].
	Value float64
	// Share is the part of the actor's search spent on the move (its
	// visits, or its average strategy at a simultaneous turn searched by
	// regret matching or EXP3).
	Share float64
}

// AnalyzeBudget is the longest and largest search Analyze runs.
var AnalyzeBudget = Budget{Iterations: 20000, Time: 3 * time.Second}

// Analyze searches s with MCTS within b (bounded by AnalyzeBudget) and
// until ctx is done, and reports each player's value and the actors'
// moves. It reuses the agent's tree search, adding up the reward vector
// of every iteration at the root. A finished game gets its rewards.
func Analyze(ctx context.Context, s engine.State, b Budget, seed uint64) Analysis {
	if b.Iterations <= 0 || b.Iterations > AnalyzeBudget.Iterations {
		b.Iterations = AnalyzeBudget.Iterations
	}
	if b.Time <= 0 || b.Time > AnalyzeBudget.Time {
		b.Time = AnalyzeBudget.Time
	}
	t := newTree(treeSeed(seed, 0))
	t.horizon = DefaultPlayoutTurns
	if b.PlayoutTurns != 0 {
		t.horizon = b.PlayoutTurns
	}
	t.done, t.yield = ctx.Done(), yieldOf(ctx)
	deadline := time.Now().Add(b.Time)
	// The first iteration also sets the tree up; the others are run here
	// so that each iteration's rewards can be summed.
	t.search(s, 1, time.Time{})
	values := slices.Clone(t.reward)
	t.deadline, t.timed = deadline, true // a long turn or playout stops at it too
	for t.iterations < b.Iterations && !t.stopped() {
		if t.yield != nil {
			t.yield()
		}
		if !t.iterate(s) {
			break
		}
		t.iterations++
		for p, r := range t.reward {
			values[p] += r
		}
	}
	for p := range values {
		values[p] /= float64(t.iterations)
	}
	return Analysis{Values: values, Moves: t.rootMoves(), Iterations: t.iterations}
}

// rootMoves lists every actor's root moves with their statistics, each
// actor's most searched first.
func (t *tree) rootMoves() []MoveValue {
	root := t.nodes[0]
	if root.kind != turnNode {
		return nil
	}
	var out []MoveValue
	for j := root.slot; j < root.slot+root.numSlots; j++ {
		sl := t.slots[j]
		es := t.edges[sl.edge : sl.edge+sl.n]
		total := 0.0
		for _, e := range es {
			total += float64(e.visits)
		}
		first := len(out)
		for _, e := range es {
			mv := MoveValue{Player: int(sl.player), Move: e.move}
			if e.visits > 0 {
				mv.Value = e.reward / float64(e.visits)
			}
			if total > 0 {
				mv.Share = float64(e.visits) / total
			}
			out = append(out, mv)
		}
		mine := out[first:]
		sort.SliceStable(mine, func(i, j int) bool { return mine[i].Share > mine[j].Share }) // (sort: see engine.Games)
	}
	return out
}
