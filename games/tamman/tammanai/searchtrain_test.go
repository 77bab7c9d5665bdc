package tammanai

import (
	"math"
	"math/rand/v2"
	"testing"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
)

// alphaBetaTo makes searchers as `tabula train --search-depth` does:
// ai's alpha-beta to depth, no time cap, cut off at the network's bound.
func alphaBetaTo(depth int) func(func(engine.State, []float64) []float64, uint64) NetSearcher {
	return func(eval func(engine.State, []float64) []float64, seed uint64) NetSearcher {
		return ai.NewAlphaBeta("", ai.Budget{Depth: depth}, ai.Config{Seed: seed, Eval: eval, EvalBound: 1})
	}
}

func TestTrainNetBySearchRunsAFewGames(t *testing.T) {
	opts := engine.DefaultOptions(tamman.Game{})
	cfg := TrainConfig{Games: 2, Seed: 3, Alpha: 0.1, Lambda: 0.7, NetHidden: 4, Search: alphaBetaTo(2)}
	first, err := TrainNet(opts, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	drawn, _ := TrainNet(opts, TrainConfig{Games: 0, Seed: 3, NetHidden: 4}, nil)
	if first.Equal(drawn) {
		t.Error("two games of training by search left the network as it was drawn")
	}
	for _, v := range first.w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("weight %g: not finite", v)
		}
	}
	if again, _ := TrainNet(opts, cfg, nil); !again.Equal(first) {
		t.Error("the same seed trained another network by search")
	}
	cfg.Search = nil
	if plain, _ := TrainNet(opts, cfg, nil); plain.Equal(first) {
		t.Error("training by search to depth 2 gave the network of one ply")
	}
}

// positionsToSearch gives the positions of a few games by the committed
// network at one ply where the player to move has a choice.
func positionsToSearch(games int, seed uint64) []tamman.State {
	start, _ := tamman.New(engine.DefaultOptions(tamman.Game{}))
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []tamman.State
	var after tamman.State
	var moves []engine.Move
	for range games {
		s := *start
		for s.Phase() != tamman.Over {
			if s.Phase() == tamman.ThrowPhase {
				s.Apply(s.SampleThrow(rng.Float64()))
				continue
			}
			if len(s.Legal(s.Turn(), nil)) > 1 {
				out = append(out, s)
			}
			s.Apply(learnedNet().pick(&s, &after, &moves, rng, 0))
		}
	}
	return out
}

func TestSearchTargetIsTheSearchValue(t *testing.T) {
	n := learnedNet().clone()
	sr := alphaBetaTo(2)(n.Eval, 1)
	var moves []engine.Move
	turns := [2]int{}
	for i, s := range positionsToSearch(2, 4) {
		// The searcher's tables hold the values of the weights before.
		n.w[len(n.w)-1] += 0.01
		_, target, ok := searchMove(&s, &moves, sr)
		fresh := ai.NewAlphaBeta("", ai.Budget{Depth: 2}, ai.Config{Eval: n.Eval, EvalBound: 1})
		_, v := fresh.Search(&s, s.Turn())
		want := (v + 1) / 2
		if s.Turn() == 1 {
			want = 1 - want
		}
		if !ok || math.Abs(target-want) > 1e-12 {
			t.Fatalf("position %d, player %d to move: target %g (searched %v), a new search's chance for player 0 %g",
				i, s.Turn(), target, ok, want)
		}
		turns[s.Turn()]++
	}
	if turns[0] == 0 || turns[1] == 0 {
		t.Errorf("positions of player 0 and 1: %v, want both", turns)
	}
}

// fixedSearch chooses the first legal move and says the mover's chance is
// chance: a search whose values a test knows.
type fixedSearch struct {
	chance float64
	moves  []engine.Move
}

func (f *fixedSearch) Search(s engine.State, player int) (engine.Move, float64) {
	f.moves = s.Legal(player, f.moves[:0])
	return f.moves[0], 2*f.chance - 1
}

func (f *fixedSearch) Forget() {}

func TestTrainingBySearchMovesTowardTheSearchValue(t *testing.T) {
	opts := engine.DefaultOptions(tamman.Game{})
	positions := positionsToSearch(3, 9)
	mean := func(n *Net) float64 {
		sum := 0.0
		for i := range positions {
			sum += n.WinChance(&positions[i])
		}
		return sum / float64(len(positions))
	}
	before := mean(learnedNet())
	var after [2]float64
	for i, chance := range []float64{0.95, 0.05} {
		// Lambda 0: each choice's target is the search's value alone.
		cfg := TrainConfig{Games: 3, Seed: 5, Alpha: 0.1, Lambda: 0,
			Search: func(func(engine.State, []float64) []float64, uint64) NetSearcher { return &fixedSearch{chance: chance} }}
		n, err := TrainNet(opts, cfg, learnedNet())
		if err != nil {
			t.Fatal(err)
		}
		after[i] = mean(n)
	}
	if !(after[0] > before+0.05 && after[1] < before-0.05) {
		t.Errorf("the mover's chance where she chooses, %.3f before; after training toward a search that says 0.95: %.3f, 0.05: %.3f",
			before, after[0], after[1])
	}
}

func TestTrainingBySearchAllocatesNothingAGame(t *testing.T) {
	start, _ := tamman.New(engine.DefaultOptions(tamman.Game{}))
	n := learnedNet().clone()
	sr := alphaBetaTo(2)(n.Eval, 1)
	rng := rand.New(rand.NewPCG(1, 2))
	run := func(games int) func() {
		return func() { n.trainBySearch(*start, TrainConfig{Games: games, Alpha: 0.01, Lambda: 0.7}, rng, sr) }
	}
	run(30)() // the searcher's buffers grow
	// A run allocates its trace and its list of moves, a game nothing.
	if one, four := testing.AllocsPerRun(3, run(1)), testing.AllocsPerRun(3, run(4)); four != one {
		t.Errorf("allocations of a run of one game %v, of four %v", one, four)
	}
}
