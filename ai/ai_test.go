package ai

import (
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"tabula/engine"
	_ "tabula/games/all"
)

// setupOf is the start of g under the option settings set.
func setupOf(t testing.TB, g engine.Game, set []string) engine.State {
	opts, err := engine.ParseOptions(g, set)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.NewState(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// gameSetups lists every registered game at its start with each player
// count it allows (engine.StartsByPlayers).
func gameSetups(t testing.TB) []engine.State {
	out, err := engine.StartsByPlayers()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// playGame plays s to the end (or maxTurns) with one agent per seat and
// checks that every move is legal. It returns the final state.
func playGame(t testing.TB, s engine.State, seats []Agent, chanceSeed uint64, maxTurns int) engine.State {
	t.Helper()
	chance := NewRandom(chanceSeed)
	for turn := 0; turn < maxTurns && !s.Terminal(); turn++ {
		actors := s.Actors(nil)
		moves := make([]engine.Move, len(actors))
		for i, a := range actors {
			var m engine.Move
			if a == engine.ChancePlayer {
				m = chance.Choose(s, a)
			} else {
				before := s.Hash()
				m = seats[a].Choose(s, a)
				if s.Hash() != before {
					t.Fatalf("%s changed the state it was given", seats[a].Name())
				}
			}
			if !slices.Contains(s.Legal(a, nil), m) {
				name := "chance"
				if a >= 0 {
					name = seats[a].Name()
				}
				t.Fatalf("%s: %s chose illegal move %s for %s", s.Game().ID(), name, s.MoveText(a, m), engine.ActorName(a))
			}
			moves[i] = m
		}
		engine.ApplyTurn(s, moves)
	}
	return s
}

func TestEveryAgentPlaysLegalMovesInEveryGame(t *testing.T) {
	specs := []string{"random", "greedy", "mcts:10", "alphabeta:2"}
	for _, start := range gameSetups(t) {
		g := start.Game()
		for _, spec := range specs {
			cfg := Config{Seed: 7, Options: start.Options()}
			probe, err := New(g, spec, cfg)
			if errors.Is(err, ErrAlphaBetaGame) {
				continue
			}
			if err != nil {
				t.Fatalf("%s %s: %v", g.ID(), spec, err)
			}
			seats := []Agent{probe}
			for i := 1; i < start.NumPlayers(); i++ {
				a, err := New(g, specs[(i+slices.Index(specs, spec))%2], Config{Seed: uint64(i)})
				if err != nil {
					t.Fatal(err)
				}
				seats = append(seats, a)
			}
			t.Run(benchName(start)+"/"+spec, func(t *testing.T) {
				playGame(t, start.Clone(), seats, 3, 40)
			})
		}
	}
}

func TestNewRejectsBadSpecs(t *testing.T) {
	g, _ := engine.Lookup("adji-boto")
	for _, spec := range []string{"", "minimax", "mcts:", "mcts:huge", "mcts:-5", "mcts:0", "random:hard", "alphabeta:0s", "greedy:3"} {
		if _, err := New(g, spec, Config{}); err == nil {
			t.Errorf("New(%q) gave no error", spec)
		}
	}
	for _, spec := range []string{"random", "greedy", "mcts", "mcts:easy", "hard", "mcts:500", "mcts:50ms", "alphabeta", "alphabeta:max", "alphabeta:6", "alphabeta:1s"} {
		if _, err := New(g, spec, Config{}); err != nil {
			t.Errorf("New(%q): %v", spec, err)
		}
	}
}

func TestAlphaBetaRefusesSimultaneousAndManyPlayers(t *testing.T) {
	b := build("pennies", 2)
	pennies := b.game(b.matrix([][]int{{0, 1}, {1, 0}}))
	if _, err := New(pennies, "alphabeta", Config{}); !errors.Is(err, ErrAlphaBetaGame) {
		t.Errorf("alphabeta on a simultaneous game: err = %v", err)
	}
	b = build("three", 3)
	three := b.game(b.turn(0, b.leaf(0), b.leaf(1)))
	if _, err := New(three, "alphabeta:hard", Config{}); !errors.Is(err, ErrAlphaBetaGame) {
		t.Errorf("alphabeta on a three-player game: err = %v", err)
	}
	if _, err := New(three, "mcts:hard", Config{}); err != nil {
		t.Errorf("mcts on a three-player game: %v", err)
	}
}

func TestMCTSBeatsRandomAtAdjiBoto(t *testing.T) {
	g, _ := engine.Lookup("adji-boto")
	wins := 0
	const games = 8
	for i := 0; i < games; i++ {
		m, _ := New(g, "mcts:400", Config{Seed: uint64(i)})
		r, _ := New(g, "random", Config{Seed: uint64(100 + i)})
		seats, me := []Agent{m, r}, 0
		if i%2 == 1 {
			seats, me = []Agent{r, m}, 1
		}
		s, _ := g.NewState(engine.DefaultOptions(g))
		s = playGame(t, s, seats, uint64(i), 100000)
		if o, _ := s.Outcome(); o.Winner == me {
			wins++
		}
	}
	if wins < games-1 {
		t.Errorf("mcts:400 won %d of %d games against random", wins, games)
	}
}

// trap is a game where the immediate gain loses: move 0 scores at once but
// lets the opponent win; move 1 scores nothing and wins whatever she does.
func trap() *treeGame {
	b := build("trap", 2)
	bait := b.add(treeNode{actors: []int{1}, moveCounts: []int{2},
		next: []int{b.leaf(1, 5, 9), b.leaf(-1, 5, 5)}, scores: []float64{5, 0}})
	win := b.add(treeNode{actors: []int{1}, moveCounts: []int{2},
		next: []int{b.leaf(0, 1, 0), b.leaf(0, 2, 0)}, scores: []float64{0, 0}})
	return b.game(b.turn(0, bait, win))
}

func TestAlphaBetaAvoidsTrap(t *testing.T) {
	g := trap()
	a, err := New(g, "alphabeta:4", Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := g.NewState(engine.Options{})
	if m := a.Choose(s, 0); m != 1 {
		t.Errorf("alpha-beta chose %d, want 1 (the forced win)", m)
	}
	if m := NewGreedy(1).Choose(s, 0); m != 0 {
		t.Errorf("greedy chose %d, want 0 (the bait)", m)
	}
}

// minimax is plain depth-limited minimax for the root player with the
// alpha-beta agent's leaf values, to check the pruned search against.
func minimax(a *AlphaBeta, s engine.State, depth int) float64 {
	actors := s.Actors(nil)
	if len(actors) == 0 || depth == 0 {
		return a.leafValue(s)
	}
	if actors[0] == engine.ChancePlayer {
		v := 0.0
		for _, o := range s.ChanceOutcomes(nil) {
			c := s.Clone()
			c.Apply(o.Move)
			v += o.Prob * minimax(a, c, depth)
		}
		return v
	}
	best := math.Inf(-1)
	if actors[0] != a.root {
		best = math.Inf(1)
	}
	for _, m := range s.Legal(actors[0], nil) {
		c := s.Clone()
		c.Apply(m)
		v := minimax(a, c, depth-1)
		if actors[0] == a.root {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

func TestAlphaBetaAgreesWithMinimaxAtAdjiBoto(t *testing.T) {
	g, _ := engine.Lookup("adji-boto")
	rnd := NewRandom(5)
	for pos := 0; pos < 6; pos++ {
		s, _ := g.NewState(engine.DefaultOptions(g))
		for i := 0; i < 14+3*pos && !s.Terminal(); i++ {
			s.Apply(rnd.Choose(s, s.Actors(nil)[0]))
		}
		if s.Terminal() {
			continue
		}
		p := s.Actors(nil)[0]
		for depth := 1; depth <= 4; depth++ {
			a := NewAlphaBeta("alphabeta", Budget{Depth: depth}, Config{Seed: 1})
			m, v := a.Search(s, p)
			want := minimax(a, s, depth)
			if a.Depth == depth && math.Abs(v-want) > 1e-9 {
				t.Errorf("position %d depth %d: alpha-beta value %v, minimax %v", pos, depth, v, want)
			}
			c := s.Clone()
			c.Apply(m)
			if got := minimax(a, c, depth-1); math.Abs(got-want) > 1e-9 {
				t.Errorf("position %d depth %d: move %d is worth %v, best is %v", pos, depth, m, got, want)
			}
		}
	}
}

// chancy is a game with throws: move 0 leads to a throw that half the time
// wins at once and half the time gives the opponent a winning choice
// (worth 0.5); move 1 wins with probability 0.4; move 2 wins only if the
// opponent blunders after a likely throw (worth 0.1 against best play, 0.9
// against a player who assumes the opponent helps).
func chancy() *treeGame {
	b := build("chancy", 2)
	oppWins := b.turn(1, b.leaf(0), b.leaf(1))
	m0 := b.chance([]float64{0.5, 0.5}, b.leaf(0), oppWins)
	m1 := b.chance([]float64{0.4, 0.6}, b.leaf(0), b.leaf(1))
	oppWins2 := b.turn(1, b.leaf(0), b.leaf(1))
	m2 := b.chance([]float64{0.9, 0.1}, oppWins2, b.leaf(0))
	return b.game(b.turn(0, m0, m1, m2))
}

func TestExpectiminimaxWeighsThrows(t *testing.T) {
	g := chancy()
	a, err := New(g, "alphabeta:6", Config{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := g.NewState(engine.Options{})
	m, v := a.(*AlphaBeta).Search(s, 0)
	if m != 0 {
		t.Errorf("expectiminimax chose %d, want 0", m)
	}
	if math.Abs(v) > 1e-6 {
		// 0.5 * win + 0.5 * loss: the bonuses cancel.
		t.Errorf("value %v, want 0 (an even chance)", v)
	}
}

func TestMCTSWeighsThrows(t *testing.T) {
	g := chancy()
	for seed := uint64(0); seed < 5; seed++ {
		a, _ := New(g, "mcts:3000", Config{Seed: seed})
		s, _ := g.NewState(engine.Options{})
		if m := a.Choose(s, 0); m != 0 {
			t.Errorf("seed %d: mcts chose %d, want 0", seed, m)
		}
	}
}

func TestMCTSThreePlayersMaximiseOwnReward(t *testing.T) {
	// Move 0 lets player 1 choose between her own win and player 2's: she
	// takes hers. Move 1 lets her choose between player 0's win and
	// player 2's, which are the same to her: player 0 wins half the time.
	b := build("three", 3)
	a := b.turn(1, b.leaf(1), b.leaf(2))
	c := b.turn(1, b.leaf(0), b.leaf(2))
	g := b.game(b.turn(0, a, c))
	for seed := uint64(0); seed < 3; seed++ {
		m, _ := New(g, "mcts:2000", Config{Seed: seed})
		s, _ := g.NewState(engine.Options{})
		if got := m.Choose(s, 0); got != 1 {
			t.Errorf("seed %d: chose %d, want 1", seed, got)
		}
	}
}

// dominantGame is a simultaneous turn in which row 1 is better for
// player 0 against every column.
func dominantGame() engine.State {
	b := build("dominant", 2)
	g := b.game(b.matrix([][]int{
		{1, -1, 1},
		{-1, 0, 0},
		{1, 1, -1},
	}))
	s, _ := g.NewState(engine.Options{})
	return s
}

func TestDecoupledMCTSFindsDominantMove(t *testing.T) {
	s := dominantGame()
	m := NewMCTS("mcts", Budget{Iterations: 4000}, Config{Seed: 3})
	moves, w := m.Policy(s, 0)
	if share := w[1] / (w[0] + w[1] + w[2]); share < 0.7 {
		t.Errorf("dominant move has weight %.2f of %v (moves %v)", share, w, moves)
	}
	// Player 1's best answer to row 1 is column 0 (a draw); the others lose.
	_, w1 := m.Policy(s, 1)
	if share := w1[0] / (w1[0] + w1[1] + w1[2]); share < 0.6 {
		t.Errorf("player 1's best answer has weight %.2f of %v", share, w1)
	}
}

func TestDecoupledMCTSMixesMatchingPennies(t *testing.T) {
	b := build("pennies", 2)
	g := b.game(b.matrix([][]int{{0, 1}, {1, 0}}))
	s, _ := g.NewState(engine.Options{})
	for seed := uint64(0); seed < 3; seed++ {
		m := NewMCTS("mcts", Budget{Iterations: 5000}, Config{Seed: seed})
		for p := 0; p < 2; p++ {
			_, w := m.Policy(s, p)
			if share := w[0] / (w[0] + w[1]); share < 0.35 || share > 0.65 {
				t.Errorf("seed %d player %d: heads has weight %.2f, want near 0.5", seed, p, share)
			}
		}
	}
	// And the moves played are mixed.
	m := NewMCTS("mcts", Budget{Iterations: 300}, Config{Seed: 9})
	count := 0
	for i := 0; i < 40; i++ {
		if m.Choose(s, 0) == 0 {
			count++
		}
	}
	if count < 8 || count > 32 {
		t.Errorf("heads played %d times of 40", count)
	}
}

func TestAgentsAreDeterministicForASeed(t *testing.T) {
	g, _ := engine.Lookup("adji-boto")
	for _, spec := range []string{"random", "greedy", "mcts:100", "alphabeta:3"} {
		for _, threads := range []int{1, 2} {
			if threads > 1 && spec == "alphabeta:3" {
				continue // parallel alpha-beta may keep another of equal moves
			}
			var games [2][]string
			for run := range games {
				seats := make([]Agent, 2)
				for i := range seats {
					seats[i], _ = New(g, spec, Config{Seed: uint64(40 + i), Threads: threads})
				}
				s, _ := g.NewState(engine.DefaultOptions(g))
				for turn := 0; turn < 60 && !s.Terminal(); turn++ {
					p := s.Actors(nil)[0]
					m := seats[p].Choose(s, p)
					games[run] = append(games[run], s.MoveText(p, m))
					s.Apply(m)
				}
			}
			if !slices.Equal(games[0], games[1]) {
				t.Errorf("%s threads %d: two runs with one seed differ:\n%v\n%v", spec, threads, games[0], games[1])
			}
		}
	}
}

// gainGame is a game of one move for player 0 that gains 1, 3 or 2.
func gainGame(name string) engine.State {
	b := build(name, 2)
	g := b.game(b.turn(0,
		b.turn(1, b.leaf(-1, 1, 0)),
		b.turn(1, b.leaf(-1, 3, 0)),
		b.turn(1, b.leaf(-1, 2, 0))))
	// The scores of a player node are those of the leaf below it here,
	// so give the middle nodes scores.
	for i := range g.nodes {
		if n := &g.nodes[i]; len(n.actors) == 1 && n.actors[0] == 1 {
			n.scores = g.nodes[n.next[0]].scores
		}
	}
	s, _ := g.NewState(engine.Options{})
	return s
}

func TestGreedyTakesTheBestImmediateGain(t *testing.T) {
	s := gainGame("gain")
	if m := NewGreedy(1).Choose(s, 0); m != 1 {
		t.Errorf("greedy chose %d, want 1", m)
	}
	// Expected gain over a throw: 0.5*4 + 0.5*0 = 2 beats a sure 1.5.
	b := build("gainchance", 2)
	g := b.game(b.turn(0,
		b.chance([]float64{0.5, 0.5}, b.leaf(-1, 4, 0), b.leaf(-1, 0, 0)),
		b.leaf(-1, 1.5, 0)))
	s, _ = g.NewState(engine.Options{})
	if m := NewGreedy(1).Choose(s, 0); m != 0 {
		t.Errorf("greedy chose %d, want 0 (expected gain 2)", m)
	}
}

func TestGreedyJudgesByConfigEval(t *testing.T) {
	s := gainGame("judge")
	// An evaluation that turns the scores round: the least gain is best.
	upside := func(s engine.State, dst []float64) []float64 {
		dst = s.Scores(dst)
		for i := range dst {
			dst[i] = -dst[i]
		}
		return dst
	}
	a, err := New(s.Game(), "greedy", Config{Seed: 1, Eval: upside})
	if err != nil {
		t.Fatal(err)
	}
	if m := a.Choose(s, 0); m != 0 {
		t.Errorf("greedy by an evaluation that prefers the least gain chose %d, want 0", m)
	}
}

func TestMCTSSearchDoesNotAllocate(t *testing.T) {
	g, _ := engine.Lookup("adji-boto")
	s, _ := g.NewState(engine.DefaultOptions(g))
	tr := newTree(1)
	tr.search(s, 3000, time.Time{})
	if a := testing.AllocsPerRun(5, func() { tr.search(s, 1000, time.Time{}) }); a > 0 {
		t.Errorf("a search of 1000 iterations allocates %.1f times", a)
	}
}

func TestParallelAlphaBetaFindsTheSameValue(t *testing.T) {
	g, _ := engine.Lookup("adji-boto")
	rnd := NewRandom(8)
	for pos := 0; pos < 4; pos++ {
		s, _ := g.NewState(engine.DefaultOptions(g))
		for i := 0; i < 12+4*pos && !s.Terminal(); i++ {
			s.Apply(rnd.Choose(s, s.Actors(nil)[0]))
		}
		p := s.Actors(nil)[0]
		one := NewAlphaBeta("alphabeta", Budget{Depth: 5}, Config{Seed: 1})
		two := NewAlphaBeta("alphabeta", Budget{Depth: 5}, Config{Seed: 1, Threads: 2})
		_, v1 := one.Search(s, p)
		m2, v2 := two.Search(s, p)
		if v1 != v2 {
			t.Errorf("position %d: one thread %v, two threads %v", pos, v1, v2)
		}
		if !slices.Contains(s.Legal(p, nil), m2) {
			t.Errorf("illegal move %d", m2)
		}
	}
}

func TestAlphaBetaFallsBackToMCTSWhereItCannotSearch(t *testing.T) {
	b := build("three", 3)
	g3 := b.game(b.turn(0, b.turn(1, b.leaf(1), b.leaf(2)), b.turn(1, b.leaf(0), b.leaf(2))))
	// Made for the defaults of another game, then given a 3-player state.
	a := NewAlphaBeta("alphabeta:2", Budget{Depth: 2}, Config{Seed: 1})
	s, _ := g3.NewState(engine.Options{})
	if m := a.Choose(s, 0); m != 0 && m != 1 {
		t.Errorf("illegal move %d", m)
	}
}

func TestAlphaBetaTakesTheBiggestCaptureAtAdjiBoto(t *testing.T) {
	g, _ := engine.Lookup("adji-boto")
	rnd := NewRandom(21)
	checked := 0
	for game := 0; game < 30 && checked < 10; game++ {
		s, _ := g.NewState(engine.DefaultOptions(g))
		for i := 0; i < 16+game && !s.Terminal(); i++ {
			s.Apply(rnd.Choose(s, s.Actors(nil)[0]))
		}
		if s.Terminal() {
			continue
		}
		p := s.Actors(nil)[0]
		gains := map[engine.Move]float64{}
		best := math.Inf(-1)
		for _, m := range s.Legal(p, nil) {
			c := s.Clone()
			c.Apply(m)
			gains[m] = c.Scores(nil)[p] - s.Scores(nil)[p]
			best = max(best, gains[m])
		}
		if best <= 0 {
			continue // no capture to find here
		}
		checked++
		a := NewAlphaBeta("alphabeta:1", Budget{Depth: 1}, Config{Seed: uint64(game)})
		if m := a.Choose(s, p); gains[m] != best && !s.Terminal() {
			c := s.Clone()
			c.Apply(m)
			if !c.Terminal() {
				t.Errorf("game %d: took %v seeds with %d, %v were there", game, gains[m], m, best)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d positions with a capture", checked)
	}
}

// With Config.Mixed, MCTS draws its choice at a simultaneous turn from
// its policy: asked again with fresh randomness, it does not always give
// the most visited move, as it does without.
func TestMixedMCTSDrawsFromItsPolicy(t *testing.T) {
	s := dominantGame()
	chose := map[bool]map[engine.Move]int{false: {}, true: {}}
	for seed := range uint64(60) {
		for _, mixed := range []bool{false, true} {
			m := NewMCTS("mcts", Budget{Iterations: 300}, Config{Seed: seed, Mixed: mixed})
			chose[mixed][m.Choose(s, 0)]++
		}
	}
	if len(chose[false]) != 1 || chose[false][1] != 60 {
		t.Errorf("most visited: chose %v, want the dominant move 1 every time", chose[false])
	}
	if len(chose[true]) < 2 || chose[true][1] < 30 {
		t.Errorf("mixed: chose %v, want mostly the dominant move 1 and sometimes another", chose[true])
	}
}
