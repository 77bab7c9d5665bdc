package ai

import (
	"context"
	"slices"
	"testing"

	"tabula/engine"
)

// TestChooseContextStopsUnboundedSearches gives searches with no bound that
// would end (budgets of years and of depth 1000) an already cancelled
// context: they must return at once with a legal move, and the agent must
// search as before once the context is gone.
func TestChooseContextStopsUnboundedSearches(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, g := range engine.Games() {
		specs := []string{"mcts:87600h", "mcts:2000000000"}
		if CheckAlphaBeta(g, engine.Options{}) == nil {
			specs = append(specs, "alphabeta:1000", "alphabeta:87600h")
		}
		for _, spec := range specs {
			a, err := New(g, spec, Config{Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			s, err := g.NewState(engine.DefaultOptions(g))
			if err != nil {
				t.Fatal(err)
			}
			for !s.Terminal() && s.Actors(nil)[0] == engine.ChancePlayer {
				s.Apply(s.ChanceOutcomes(nil)[0].Move)
			}
			p := s.Actors(nil)[0]
			m := ChooseContext(ctx, a, s, p)
			if !slices.Contains(s.Legal(p, nil), m) {
				t.Errorf("%s %s: move %v is not legal", g.ID(), spec, m)
			}
			if x, ok := a.(*MCTS); ok && len(s.Legal(p, nil)) > 1 && x.Iterations != 1 {
				t.Errorf("%s %s: %d iterations after cancel, want 1", g.ID(), spec, x.Iterations)
			}
			if x, ok := a.(*AlphaBeta); ok && x.Nodes > 1024*int64(len(s.Legal(p, nil))) {
				t.Errorf("%s %s: %d nodes after cancel", g.ID(), spec, x.Nodes)
			}
		}
	}
}

// TestChooseContextLeavesNoTrace checks that a search after ChooseContext
// with a live context is the one Choose would make.
func TestChooseContextLeavesNoTrace(t *testing.T) {
	g, err := engine.Lookup("adji-boto")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := g.NewState(engine.DefaultOptions(g))
	for _, spec := range []string{"mcts:200", "alphabeta:3"} {
		a, _ := New(g, spec, Config{Seed: 9})
		b, _ := New(g, spec, Config{Seed: 9})
		ctx, cancel := context.WithCancel(context.Background())
		got := ChooseContext(ctx, a, s, 0)
		cancel()
		if want := b.Choose(s, 0); got != want {
			t.Errorf("%s: ChooseContext %v, Choose %v", spec, got, want)
		}
		if x, ok := a.(*MCTS); ok && x.trees[0].done != nil {
			t.Errorf("%s: done channel kept", spec)
		}
	}
}

// TestSearchesYield: MCTS, alpha-beta and Analyze call the yield that
// WithYield puts in their context while they search, so that a scheduler
// can share the processor between searches.
func TestSearchesYield(t *testing.T) {
	g, err := engine.Lookup("adji-boto")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := g.NewState(engine.DefaultOptions(g))
	for _, spec := range []string{"mcts:200", "alphabeta:10"} {
		a, _ := New(g, spec, Config{Seed: 9})
		n := 0
		ctx := WithYield(context.Background(), func() { n++ })
		ChooseContext(ctx, a, s, s.Actors(nil)[0])
		if n == 0 {
			t.Errorf("%s did not yield (%T)", spec, a)
		}
	}
	n := 0
	Analyze(WithYield(context.Background(), func() { n++ }), s, Budget{Iterations: 50}, 1)
	if n < 40 {
		t.Errorf("Analyze yielded %d times in 50 iterations", n)
	}
}
