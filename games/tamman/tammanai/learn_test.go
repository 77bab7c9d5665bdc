package tammanai

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// learnedSum and netSum are the SHA-256 of learned.txt and net.txt: the
// weights change only with a new training run, and this test is updated
// with them.
const (
	learnedSum = "d5826216ed1f31ecc6467473586f1bd09c620d412c484bf3aea1cb5fb1b9e7c8"
	netSum     = "1b1864b3d35dccf1c4b62fd5b62bbf2ddd11dcb7f486d45499e21b28e7175286"
)

func TestLearnedWeightsLoad(t *testing.T) {
	for _, f := range []struct {
		name string
		text []byte
		sum  string
	}{{"learned.txt", learnedText, learnedSum}, {"net.txt", netText, netSum}} {
		sum := sha256.Sum256(f.text)
		if got := hex.EncodeToString(sum[:]); got != f.sum {
			t.Errorf("%s has SHA-256 %s, want %s (a new training run updates the test's sum)", f.name, got, f.sum)
		}
	}
	w, err := ParseWeights(learnedText)
	if err != nil {
		t.Fatal(err)
	}
	if *w != *learned() {
		t.Error("the loaded weights are not those of learned.txt")
	}
	// The race the self-play learned: a man on habarti is worth more
	// than one on his 'ayn, and danger costs.
	if w[featStep+tamman.Home] <= w[featStep] || w[featDanger] >= 0 {
		t.Errorf("weights of habarti %g, of the 'ayn %g, of danger %g: not what any training gives", w[featStep+tamman.Home], w[featStep], w[featDanger])
	}
	n, err := ParseNet(netText)
	if err != nil {
		t.Fatal(err)
	}
	if !n.Equal(learnedNet()) {
		t.Error("the loaded network is not that of net.txt")
	}
}

func TestParseWeightsRejectsBadFiles(t *testing.T) {
	for _, f := range []struct {
		good  string
		n     int
		parse func([]byte) error
	}{
		{string(FormatWeights(learned(), "a header")), NumFeatures, func(b []byte) error { _, err := ParseWeights(b); return err }},
		{string(FormatNet(net60(t), "a header")), NumNetWeights, func(b []byte) error { _, err := ParseNet(b); return err }},
	} {
		for name, text := range map[string]string{
			"too few":      "# x\n1\n2\n",
			"too many":     f.good + "3\n",
			"not a number": strings.Repeat("1\n", f.n-1) + "x\n",
			"not finite":   strings.Repeat("1\n", f.n-1) + "NaN\n",
		} {
			if err := f.parse([]byte(text)); err == nil {
				t.Errorf("%d weights, %s: no error", f.n, name)
			}
		}
	}
	if w, err := ParseWeights(FormatWeights(learned(), "a header")); err != nil || *w != *learned() {
		t.Errorf("FormatWeights does not round-trip: %v", err)
	}
	if n, err := ParseNet(FormatNet(learnedNet(), "a header")); err != nil || !n.Equal(learnedNet()) {
		t.Errorf("FormatNet does not round-trip: %v", err)
	}
}

func TestTrainRunsAFewGames(t *testing.T) {
	opts := engine.DefaultOptions(tamman.Game{})
	cfg := TrainConfig{Games: 5, Seed: 3, Alpha: 0.01, Lambda: 0.7, Explore: 0.05}
	w, err := Train(opts, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	moved := false
	for _, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("weights %v: not finite", *w)
		}
		moved = moved || v != 0
	}
	if !moved {
		t.Error("five games of training left every weight at 0")
	}
	again, _ := Train(opts, cfg, nil)
	if *again != *w {
		t.Error("the same seed trained other weights")
	}
	four, _ := engine.ParseOptions(tamman.Game{}, []string{"players=4"})
	if _, err := Train(four, cfg, nil); err == nil {
		t.Error("training with four players: no error")
	}
}

func TestLearnedEvalFavoursTheLeader(t *testing.T) {
	s := evalSetup(t, tamman.Position{Men: [][]string{{"c3", "c3", "c3", tamman.Path(0)[20].String()}, {"c5", "c5", "c5", "c5"}}})
	v := LearnedEval(s, nil)
	if !(v[0] > 0 && v[1] < 0) {
		t.Errorf("three men home against none: %v", v)
	}
}

func TestLearnedEvalJudgesMediumOfTwo(t *testing.T) {
	two := engine.DefaultOptions(tamman.Game{})
	four, _ := engine.ParseOptions(tamman.Game{}, []string{"players=4"})
	for _, c := range []struct {
		level string
		opts  engine.Options
		want  bool
	}{{"medium", two, true}, {"hard", two, false}, {"max", two, false},
		{"easy", two, false}, {"hard", four, false}} { // medium of four: the network of four (net_multi_test.go)
		eval, turns, n, ok := Levels{}.MCTSJudge(c.level, c.opts)
		if ok != c.want || ok && (eval == nil || turns != learnedPlayoutTurns || n != 0) {
			t.Errorf("%s with %d players: judged by the learned evaluation %v, want %v",
				c.level, c.opts.Int(tamman.OptPlayers), ok, c.want)
		}
	}
}
