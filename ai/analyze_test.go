package ai

import (
	"context"
	"math"
	"testing"

	"tabula/engine"
)

// A sure win for player 0 (move 1) among losses: Analyze ranks it first
// with a value near 1, and player 0's value is near 1, player 1's near 0.
func TestAnalyzeFindsTheWin(t *testing.T) {
	b := build("onewin", 2)
	g := b.game(b.turn(0, b.leaf(1), b.leaf(0), b.leaf(1)))
	s, _ := g.NewState(engine.Options{})
	a := Analyze(context.Background(), s, Budget{Iterations: 2000}, 1)
	if a.Iterations != 2000 {
		t.Errorf("%d iterations, want 2000", a.Iterations)
	}
	if len(a.Moves) != 3 || a.Moves[0].Move != 1 || a.Moves[0].Player != 0 {
		t.Fatalf("moves %+v, want move 1 first of 3", a.Moves)
	}
	if a.Moves[0].Value != 1 || a.Moves[1].Value != 0 {
		t.Errorf("values %+v: the win is worth 1, a loss 0", a.Moves)
	}
	if a.Values[0] < 0.9 || a.Values[1] > 0.1 {
		t.Errorf("player values %v, want near [1 0]", a.Values)
	}
	share := 0.0
	for _, m := range a.Moves {
		share += m.Share
	}
	if math.Abs(share-1) > 1e-9 {
		t.Errorf("shares add up to %v", share)
	}
}

// At a throw, nobody chooses: no moves, and the values are the even
// chances of the throw (a coin decides the winner).
func TestAnalyzeAtAThrow(t *testing.T) {
	b := build("coin", 2)
	g := b.game(b.chance([]float64{0.5, 0.5}, b.leaf(0), b.leaf(1)))
	s, _ := g.NewState(engine.Options{})
	a := Analyze(context.Background(), s, Budget{Iterations: 4000}, 7)
	if len(a.Moves) != 0 {
		t.Errorf("moves at a throw: %+v", a.Moves)
	}
	if math.Abs(a.Values[0]-0.5) > 0.05 || math.Abs(a.Values[0]+a.Values[1]-1) > 1e-9 {
		t.Errorf("values %v, want about [0.5 0.5]", a.Values)
	}
}

// At a simultaneous turn both actors get their moves, and the dominant
// row is player 0's first.
func TestAnalyzeSimultaneous(t *testing.T) {
	b := build("dominant", 2)
	g := b.game(b.matrix([][]int{{1, -1, 1}, {-1, 0, 0}, {1, 1, -1}}))
	s, _ := g.NewState(engine.Options{})
	a := Analyze(context.Background(), s, Budget{Iterations: 4000}, 3)
	if len(a.Moves) != 6 {
		t.Fatalf("%d moves, want 3 for each of 2 actors", len(a.Moves))
	}
	if a.Moves[0].Player != 0 || a.Moves[0].Move != 1 || a.Moves[3].Player != 1 {
		t.Errorf("moves %+v: want player 0's row 1 first, then player 1's", a.Moves)
	}
}

// A finished game: its rewards, and no moves.
func TestAnalyzeFinished(t *testing.T) {
	b := build("done", 3)
	g := b.game(b.leaf(2))
	s, _ := g.NewState(engine.Options{})
	a := Analyze(context.Background(), s, Budget{}, 0)
	if len(a.Moves) != 0 || a.Values[2] != 1 || a.Values[0] != 0 {
		t.Errorf("finished game: %+v", a)
	}
}

// A done context stops the search after its first iteration, and the same
// seed gives the same analysis.
func TestAnalyzeStopsAndRepeats(t *testing.T) {
	g, _ := engine.Lookup("adji-boto")
	s, _ := g.NewState(engine.DefaultOptions(g))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if a := Analyze(ctx, s, Budget{}, 1); a.Iterations != 1 || len(a.Moves) != 5 {
		t.Errorf("cancelled: %d iterations, %d moves", a.Iterations, len(a.Moves))
	}
	x := Analyze(context.Background(), s, Budget{Iterations: 300}, 5)
	y := Analyze(context.Background(), s, Budget{Iterations: 300}, 5)
	for i := range x.Moves {
		if x.Moves[i] != y.Moves[i] {
			t.Fatalf("two analyses with one seed differ: %+v, %+v", x.Moves, y.Moves)
		}
	}
}
