package ai

import (
	"testing"

	"tabula/engine"
)

// levelled is a game that sets the iterations of the level hard.
type levelled struct{ *treeGame }

func (levelled) MCTSLevel(level string) (int, bool, bool) {
	if level == "hard" {
		return 77, true, true
	}
	return 0, false, false
}

func TestGameSetsItsLevels(t *testing.T) {
	b := build("levelled", 2)
	g := levelled{b.game(b.turn(0, b.leaf(0), b.leaf(1)))}
	for _, c := range []struct {
		spec   string
		want   int
		random bool
	}{
		{"mcts:hard", 77, false},
		{"hard", 77, false},
		{"mcts:easy", mctsLevels["easy"].Iterations, false}, // the game keeps the default
		{"mcts", mctsLevels["medium"].Iterations, false},
		{"mcts:500", 500, false},
	} {
		a, err := New(g, c.spec, Config{})
		if err != nil {
			t.Fatal(err)
		}
		got := a.(*MCTS).budget
		if got.Iterations != c.want || got.RandomPlayouts != c.random {
			t.Errorf("%s: %d iterations, random playouts %v; want %d, %v", c.spec, got.Iterations, got.RandomPlayouts, c.want, c.random)
		}
	}
	a, _ := New(g, "mcts:hard", Config{})
	if got := a.(*MCTS).budget.Time; got != LevelTime["hard"] {
		t.Errorf("hard's time cap %v, want %v", got, LevelTime["hard"])
	}
}

// policyState always plays its last move in playouts.
type policyState struct{ *treeState }

func (policyState) PlayoutMove(moves []engine.Move, u float64) engine.Move {
	return moves[len(moves)-1]
}

func TestPlayoutsFollowThePolicy(t *testing.T) {
	b := build("policy", 2)
	g := b.game(b.turn(0, b.leaf(1), b.leaf(0))) // the last move wins for player 0
	for _, random := range []bool{false, true} {
		tr := newTree(1)
		tr.randomPlayouts = random
		tr.nPlayers = 2
		wins := 0
		for range 200 {
			st, _ := g.NewState(engine.Options{})
			s := policyState{st.(*treeState)}
			tr.scale.update(s)
			tr.playout(s)
			if tr.reward[0] == 1 {
				wins++
			}
		}
		switch {
		case !random && wins != 200:
			t.Errorf("with the policy, playouts won %d of 200, want all", wins)
		case random && (wins < 60 || wins > 140):
			t.Errorf("with random playouts, %d wins of 200, want about half", wins)
		}
	}
}

func TestLowerStepsDownTheLevels(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"mcts:max", "mcts:hard"},
		{"alphabeta:hard", "alphabeta:medium"},
		{"max", "mcts:hard"},
		{"mcts", "mcts:easy"},
	} {
		if got, ok := Lower(c.spec); !ok || got != c.want {
			t.Errorf("Lower(%q) = %q, %v; want %q", c.spec, got, ok, c.want)
		}
	}
	for _, spec := range []string{"mcts:easy", "greedy", "random", "mcts:5000", "alphabeta:1s"} {
		if got, ok := Lower(spec); ok {
			t.Errorf("Lower(%q) = %q, want none", spec, got)
		}
	}
}

func TestSpecTimeIsTheLevelsCap(t *testing.T) {
	for spec, want := range map[string]string{"alphabeta:max": "max", "hard": "hard", "mcts": "medium", "mcts:easy": "easy"} {
		if got := SpecTime(spec); got != LevelTime[want] {
			t.Errorf("SpecTime(%q) = %v, want %v", spec, got, LevelTime[want])
		}
	}
	if got := SpecTime("greedy"); got != 0 {
		t.Errorf("SpecTime(greedy) = %v, want 0", got)
	}
}

// judged is a game whose level hard judges playouts by its own
// evaluation after 3 turns, with 777 iterations (MCTSJudge).
type judged struct{ engine.Game }

func (judged) MCTSJudge(level string, _ engine.Options) (func(engine.State, []float64) []float64, int, int, bool) {
	if level != "hard" {
		return nil, 0, 0, false
	}
	return func(s engine.State, dst []float64) []float64 { return s.Scores(dst) }, 3, 777, true
}

func TestGameJudgesItsLevels(t *testing.T) {
	g := judged{gameSetups(t)[0].Game()}
	for spec, want := range map[string]bool{"mcts:hard": true, "hard": true, "mcts:medium": false, "mcts:5000": false} {
		a, err := New(g, spec, Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		tr := a.(*MCTS).trees[0]
		if got := tr.eval != nil && tr.horizon == 3 && a.(*MCTS).budget.Iterations == 777; got != want {
			t.Errorf("%s: the game's evaluation, playout length and iterations taken: %v, want %v", spec, got, want)
		}
	}
	own := func(s engine.State, dst []float64) []float64 { return s.Scores(dst) }
	a, _ := New(g, "mcts:hard", Config{Seed: 1, Eval: own})
	if a.(*MCTS).trees[0].horizon == 3 {
		t.Error("an evaluation in the Config gave way to the game's")
	}
}

// deep is a game whose level hard searches by alpha-beta to depth 3,
// judged by its own evaluation (AlphaBetaLeveller).
type deep struct{ engine.Game }

func (deep) AlphaBetaLevel(level string, _ engine.Options) (int, func(engine.State, []float64) []float64, bool) {
	if level != "hard" {
		return 0, nil, false
	}
	return 3, func(s engine.State, dst []float64) []float64 { return s.Scores(dst) }, true
}

// bounded is deep with an evaluation it declares bounded.
type bounded struct{ deep }

func (bounded) AlphaBetaBound(string, engine.Options) float64 { return 2 }

func TestGameBoundsItsLevelsEvaluation(t *testing.T) {
	for _, g := range []engine.Game{deep{gameSetups(t)[0].Game()}, bounded{deep{gameSetups(t)[0].Game()}}} {
		a, err := New(g, "mcts:hard", Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		_, declared := g.(AlphaBetaBounder)
		if got := a.(*AlphaBeta).cfg.EvalBound; got != map[bool]float64{false: 0, true: 2}[declared] {
			t.Errorf("%T: EvalBound %v", g, got)
		}
	}
}

func TestGameSearchesItsLevelsByAlphaBeta(t *testing.T) {
	g := deep{gameSetups(t)[0].Game()}
	for spec, want := range map[string]bool{"mcts:hard": true, "hard": true, "mcts:medium": false, "mcts:5000": false} {
		a, err := New(g, spec, Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		ab, ok := a.(*AlphaBeta)
		if got := ok && ab.budget.Depth == 3 && ab.budget.Time == LevelTime["hard"] && ab.cfg.Eval != nil; got != want {
			t.Errorf("%s: alpha-beta to the game's depth, with its evaluation and the level's cap: %v, want %v", spec, got, want)
		}
		if ok && a.Name() != spec {
			t.Errorf("%s: named %q", spec, a.Name())
		}
	}
	own := func(s engine.State, dst []float64) []float64 { return s.Scores(dst) }
	if a, _ := New(g, "mcts:hard", Config{Seed: 1, Eval: own}); func() bool { _, ok := a.(*AlphaBeta); return ok }() {
		t.Error("an evaluation in the Config gave way to the game's search")
	}
}
