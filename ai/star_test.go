package ai

import (
	"math"
	"testing"

	"tabula/engine"
)

// boundedEval judges a position by the game's evaluation squashed into
// [0, 1] for each player (a finished game: 1 for the winner, 0 for the
// others, 1/2 each for a draw), so that a player's value minus the
// other's lies within ±1, as Config.EvalBound 1 says.
func boundedEval(s engine.State, dst []float64) []float64 {
	if o, ok := s.Outcome(); ok {
		for p := range s.NumPlayers() {
			v := 0.5
			if !o.Draw() {
				v = 0
				if o.Winner == p {
					v = 1
				}
			}
			dst = append(dst, v)
		}
		return dst
	}
	n := len(dst)
	dst = s.(engine.Evaluator).Eval(dst)
	for i := n; i < len(dst); i++ {
		dst[i] = 1 / (1 + math.Exp(-dst[i]/4))
	}
	return dst
}

// positions plays count random games of g (two players) for plies moves
// and throws each and returns the positions where a player is to choose
// among several moves.
func positions(t *testing.T, game string, count, plies int) []engine.State {
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	rnd := NewRandom(11)
	var out []engine.State
	for k := 0; len(out) < count && k < 10*count; k++ {
		s, _ := g.NewState(engine.DefaultOptions(g))
		for i := 0; i < plies+k%37 && !s.Terminal(); i++ {
			s.Apply(rnd.Choose(s, s.Actors(nil)[0]))
		}
		for !s.Terminal() && s.Actors(nil)[0] == engine.ChancePlayer {
			s.Apply(rnd.Choose(s, engine.ChancePlayer))
		}
		if s.Terminal() || len(s.Legal(s.Actors(nil)[0], nil)) < 2 {
			continue
		}
		out = append(out, s)
	}
	return out
}

// TestStarOneKeepsTheRootValue checks Star1 pruning at throws against the
// search without it: on positions of Tamman (whose throws are chance
// nodes), to depths 1 to 4, the root value is the same, and the search
// visits fewer positions in all.
func TestStarOneKeepsTheRootValue(t *testing.T) {
	var plain, pruned int64
	for i, s := range positions(t, "tamman", 40, 20) {
		p := s.Actors(nil)[0]
		for depth := 1; depth <= 4; depth++ {
			a := NewAlphaBeta("a", Budget{Depth: depth}, Config{Seed: 1, Eval: boundedEval})
			b := NewAlphaBeta("b", Budget{Depth: depth}, Config{Seed: 1, Eval: boundedEval, EvalBound: 1})
			_, va := a.Search(s, p)
			_, vb := b.Search(s, p)
			if math.Abs(va-vb) > 1e-9 {
				t.Errorf("position %d depth %d: value %v without pruning, %v with", i, depth, va, vb)
			}
			plain += a.Nodes
			pruned += b.Nodes
		}
	}
	t.Logf("positions visited: %d without pruning, %d with", plain, pruned)
	if pruned >= plain {
		t.Errorf("Star1 visited %d positions, the plain search %d", pruned, plain)
	}
}

// TestStarOneCutsAThrow works one cut by hand. Player 0 chooses between
// a throw whose two outcomes both win (move 0, worth 1) and a throw that
// loses with chance 0.6 (move 1): once move 0 is known to be worth 1, the
// mean of move 1 cannot exceed it, so Star1 searches none of move 1's
// outcomes (the plain search visits them all).
func TestStarOneCutsAThrow(t *testing.T) {
	b := build("star", 2)
	sure := b.chance([]float64{0.5, 0.5}, b.leaf(0), b.leaf(0))
	deepWin := b.turn(1, b.leaf(0), b.leaf(0), b.leaf(0))
	risky := b.chance([]float64{0.6, 0.4}, b.leaf(1), deepWin)
	g := b.game(b.turn(0, sure, risky))
	s, _ := g.NewState(engine.Options{})
	// Wins 1 and losses 0 for each player, anything else even.
	eval := func(s engine.State, dst []float64) []float64 {
		if o, ok := s.Outcome(); ok {
			return append(dst, float64(1-o.Winner), float64(o.Winner))
		}
		return append(dst, 0.5, 0.5)
	}
	var nodes [2]int64
	for i, bound := range []float64{0, 1} {
		a := NewAlphaBeta("a", Budget{Depth: 4}, Config{Seed: 1, Eval: eval, EvalBound: bound})
		a.root, a.tt = 0, make([]ttEntry, 1<<10)
		m, v, _ := a.searchRoot(s, []engine.Move{0, 1}, 4)
		if m != 0 || v != 1 {
			t.Errorf("bound %v: move %d worth %v, want move 0 worth 1", bound, m, v)
		}
		nodes[i] = a.Nodes
	}
	if nodes[1] >= nodes[0] {
		t.Errorf("with the bound %d positions visited, without %d: the throw was not cut", nodes[1], nodes[0])
	}
}

// TestLeafTableKeepsTheSearch checks the table of leaves against the
// search without it: one searcher of each kind, each kept through 40
// positions of Tamman in turn (the tables outlive a search, and the root
// player changes between them), chooses the same move with exactly the
// same value and visits the same positions, and the table spares
// evaluations.
func TestLeafTableKeepsTheSearch(t *testing.T) {
	var calls [2]int
	counted := func(k int) func(engine.State, []float64) []float64 {
		return func(s engine.State, dst []float64) []float64 {
			calls[k]++
			return boundedEval(s, dst)
		}
	}
	with := NewAlphaBeta("with", Budget{Depth: 4}, Config{Seed: 1, Eval: counted(0), EvalBound: 1})
	without := NewAlphaBeta("without", Budget{Depth: 4}, Config{Seed: 1, Eval: counted(1), EvalBound: 1})
	without.tt = make([]ttEntry, 1<<16) // set before the first search, so no table of leaves
	for i, s := range positions(t, "tamman", 40, 20) {
		p := s.Actors(nil)[0]
		mw, vw := with.Search(s, p)
		mo, vo := without.Search(s, p)
		if mw != mo || vw != vo || with.Nodes != without.Nodes {
			t.Errorf("position %d: move %d value %v after %d nodes with the table, move %d value %v after %d without",
				i, mw, vw, with.Nodes, mo, vo, without.Nodes)
		}
	}
	if with.leaves == nil || without.leaves != nil {
		t.Fatal("the searcher with a given evaluation has no table of leaves, or the other has one")
	}
	if calls[0] >= calls[1] {
		t.Errorf("%d evaluations with the table, %d without: it spared none", calls[0], calls[1])
	}
	t.Logf("%d evaluations with the table, %d without", calls[0], calls[1])
}

// TestForgetDropsTheValuesOfAnEarlierEvaluation searches each position
// twice with one searcher, the evaluation changed in between: after
// Forget the second search finds what a new searcher finds, without it
// the tables' old values show.
func TestForgetDropsTheValuesOfAnEarlierEvaluation(t *testing.T) {
	shift := 0.0
	eval := func(s engine.State, dst []float64) []float64 {
		dst = boundedEval(s, dst)
		if _, over := s.Outcome(); !over {
			dst[0] = min(1, max(0, dst[0]+shift)) // the evaluation learns
		}
		return dst
	}
	for _, forget := range []bool{true, false} {
		kept := NewAlphaBeta("kept", Budget{Depth: 3}, Config{Seed: 1, Eval: eval, EvalBound: 1})
		differ := 0
		for _, s := range positions(t, "tamman", 30, 20) {
			p := s.Actors(nil)[0]
			shift = 0
			kept.Search(s, p)
			shift = 0.05
			if forget {
				kept.Forget()
			}
			_, v := kept.Search(s, p)
			_, fresh := NewAlphaBeta("new", Budget{Depth: 3}, Config{Seed: 1, Eval: eval, EvalBound: 1}).Search(s, p)
			if v != fresh {
				differ++
			}
		}
		if forget && differ > 0 || !forget && differ == 0 {
			t.Errorf("forget %v: %d of 30 searches found another value than a new searcher", forget, differ)
		}
	}
}
