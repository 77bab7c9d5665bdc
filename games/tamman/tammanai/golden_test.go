package tammanai

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// evalPrints are FNV-64a hashes of the bits of every value LearnedEval,
// NetEval, ThreatEval and the network of NetInputsMore inputs give on
// every position of 30 random games (20 of two players, 10 of three for
// the evaluations that take them), taken before the computer player left
// the rules package: the levels judge every position as they did, so
// they play the same moves for the same seed.
var evalPrints = map[string]uint64{
	"learned":   0xe9e2e0cb6e90871c,
	"net":       0xaae35d94e0f444a7,
	"threat":    0xc7eeb69c93d9b59c,
	"threat3":   0xc6e74868e2f56e98,
	"learned3":  0xe4113cef21be62fc,
	"netinputs": 0xfb61fe2be4ce1c64,
}

func TestEvaluationsAreAsBeforeTheMove(t *testing.T) {
	more, err := TrainNet(engine.DefaultOptions(tamman.Game{}), TrainConfig{Games: 0, Seed: 5, NetInputs: NetInputsMore, NetHidden: 8}, nil)
	if err != nil {
		t.Fatal(err)
	}
	evals := map[string]func(*tamman.State, []float64) []float64{
		"learned": LearnedEval, "net": NetEval, "threat": ThreatEval,
		"threat3": ThreatEval, "learned3": LearnedEval,
		"netinputs": func(s *tamman.State, dst []float64) []float64 { return more.Eval(s, dst) },
	}
	for name, eval := range evals {
		settings, games := []string{"players=2"}, 20
		if name[len(name)-1] == '3' {
			settings, games = []string{"players=3"}, 10
		}
		opts, _ := engine.ParseOptions(tamman.Game{}, settings)
		h := fnv.New64a()
		rng := rand.New(rand.NewPCG(11, 12))
		var moves []engine.Move
		var dst []float64
		for range games {
			s, _ := tamman.New(opts)
			for {
				dst = eval(s, dst[:0])
				for _, v := range dst {
					fmt.Fprintf(h, "%x,", math.Float64bits(v))
				}
				if s.Terminal() {
					break
				}
				moves = randomPly(s, rng, moves)
			}
		}
		if got := h.Sum64(); got != evalPrints[name] {
			t.Errorf("%s: print %#x, want %#x", name, got, evalPrints[name])
		}
	}
}
