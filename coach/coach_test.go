package coach

import (
	"context"
	"testing"
	"time"

	"tabula/engine"
	"tabula/games/adjiboto"
	"tabula/games/adjiboto/solve"
	_ "tabula/games/all"
	"tabula/games/tamman"
	"tabula/messages"
)

// testBudget is enough search for the positions below, where the better
// move wins outright and the other loses.
var testBudget = Budget{Iterations: 4000, Time: time.Minute}

func TestMarksByLoss(t *testing.T) {
	for _, c := range []struct {
		loss float64
		best bool
		want Mark
	}{
		{0.3, true, Best}, {0, false, Best}, {0.009, false, Best}, {0.01, false, Good}, {0.049, false, Good},
		{0.05, false, Inaccuracy}, {0.099, false, Inaccuracy}, {0.1, false, Mistake}, {0.199, false, Mistake},
		{0.2, false, Blunder}, {1, false, Blunder},
	} {
		if got := MarkOf(c.loss, c.best); got != c.want {
			t.Errorf("MarkOf(%g, %v) = %s, want %s", c.loss, c.best, got, c.want)
		}
	}
}

// An Adji-Boto endgame the table solves: player 0 holds two playable
// holes; the table's best move wins, the other loses. The coach takes the
// table's move as the better one, marks it best, and marks the losing
// move a mistake or a blunder, with the better move's capture as why.
func TestAdjiBotoEndgameTablePosition(t *testing.T) {
	opts, err := engine.ParseOptions(adjiboto.Game{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Holes 0-4 are player 1's row, 5-9 player 0's (her play sows
	// counter-clockwise, towards hole 0).
	holes := [adjiboto.Holes]int{1, 0, 1, 0, 2, 0, 0, 3, 0, 2}
	s, err := adjiboto.NewPosition(opts, holes, [2]int{44, 47}, 0)
	if err != nil {
		t.Fatal(err)
	}
	table, _, err := solve.Build(opts, 9, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The coach asks the registered endgame: give it this small table,
	// so that it does not build its own larger one.
	lazy, ok := engine.EndgameOf(adjiboto.ID).(*solve.Lazy)
	if !ok {
		t.Fatal("no Adji-Boto endgame table registered")
	}
	lazy.Add(table)
	moves, vals, ok := table.MoveValues(s)
	if !ok || len(moves) < 2 {
		t.Fatalf("the table does not cover the position, or it has one move: %v %v", moves, vals)
	}
	best, worst := 0, 0
	for i := range vals {
		if vals[i] > vals[best] {
			best = i
		}
		if vals[i] < vals[worst] {
			worst = i
		}
	}
	// Player 0's store is 3 behind: a margin over 3 wins, under 3 loses.
	if vals[best] <= 3 || vals[worst] >= 3 {
		t.Fatalf("want a winning and a losing move for player 0 (store 3 behind): margins %v", vals)
	}
	ctx := context.Background()
	r := Move(ctx, s, 0, moves[worst], testBudget, 1)
	if r.Best != moves[best] || !r.Exact {
		t.Errorf("better move %s (exact %v), the table's is %s", s.MoveText(0, r.Best), r.Exact, s.MoveText(0, moves[best]))
	}
	if r.Mark != Mistake && r.Mark != Blunder {
		t.Errorf("the losing move %s is marked %s (chance %.2f after it, %.2f after the best)", s.MoveText(0, moves[worst]), r.Mark, r.After, r.Chance)
	}
	if r.Why == nil {
		t.Fatal("no why for a losing move")
	}
	t.Logf("%s: %s", r.Mark, messages.Render("en", *r.Why, messages.GameWords(adjiboto.Game{})))
	if b := Move(ctx, s, 0, moves[best], testBudget, 1); b.Mark != Best || b.Why != nil {
		t.Errorf("the table's move is marked %s, why %v", b.Mark, b.Why)
	}
}

// A Tamman capture that decides the race: both players have three men
// home; player 0's last man on b3 holds throws 1 and 2, player 1's last
// man is on b4, two steps from home. b3+2 passes over him and sends him
// back to his 'ayn; b3+1 lands on him (no capture by default) and leaves
// him to come home.
func TestTammanCapture(t *testing.T) {
	opts, err := engine.ParseOptions(tamman.Game{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := tamman.FromPosition(opts, tamman.Position{Men: [][]string{{"c3", "c3", "c3", "b3"}, {"c3", "c3", "c3", "b4"}}, Throws: []int{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	capture, err := s.ParseMove(0, "b3+2")
	if err != nil {
		t.Fatal(err)
	}
	quiet, err := s.ParseMove(0, "b3+1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r := Move(ctx, s, 0, quiet, testBudget, 1)
	if r.Best != capture {
		t.Errorf("better move %s, want b3+2", s.MoveText(0, r.Best))
	}
	if r.Mark != Mistake && r.Mark != Blunder {
		t.Errorf("b3+1 is marked %s (chance %.2f, best %.2f)", r.Mark, r.After, r.Chance)
	}
	if r.Why == nil || r.Why.Key != "coach_better" {
		t.Fatalf("why = %v, want coach_better", r.Why)
	}
	if what, _ := r.Why.Args["what"].(engine.Message); what.Key != "ev_sentback" {
		t.Errorf("why names %v, want the man sent back", r.Why.Args["what"])
	}
	words := messages.GameWords(tamman.Game{})
	for _, lang := range engine.Languages {
		t.Logf("%s: %s", lang, messages.Render(lang, *r.Why, words))
	}
	if b := Move(ctx, s, 0, capture, testBudget, 1); b.Mark != Best {
		t.Errorf("b3+2 is marked %s", b.Mark)
	}
}

// Every sentence the coach says has words in every language.
func TestWordsInEveryLanguage(t *testing.T) {
	for _, key := range Keys {
		x, ok := messages.App[key]
		if !ok {
			t.Errorf("%s has no words", key)
			continue
		}
		for _, lang := range engine.Languages {
			if x[lang] == "" {
				t.Errorf("%s has no %s words", key, lang)
			}
		}
	}
	for _, m := range []Mark{Best, Good, Inaccuracy, Mistake, Blunder} {
		if _, ok := messages.App["coach_"+string(m)]; !ok {
			t.Errorf("the mark %s has no words", m)
		}
	}
}
