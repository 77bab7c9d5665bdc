package tamman

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"strings"
	"testing"

	"tabula/engine"
)

// learnedSum is the SHA-256 of learned.txt: weights change only with a
// new training run, and this test is updated with them.
const learnedSum = "98ac00e4ef93fc99e46d31e4b3f3aa34a2f03a60562e971abb8b0030f58ee061"

func TestLearnedWeightsLoad(t *testing.T) {
	sum := sha256.Sum256(learnedText)
	if got := hex.EncodeToString(sum[:]); got != learnedSum {
		t.Errorf("learned.txt has SHA-256 %s, want %s (a new training run updates learnedSum)", got, learnedSum)
	}
	w, err := ParseWeights(learnedText)
	if err != nil {
		t.Fatal(err)
	}
	if *w != *learned {
		t.Error("the loaded weights are not those of learned.txt")
	}
	// The race the self-play learned: a man on habarti is worth more
	// than one on his 'ayn, and danger costs.
	if w[featStep+Home] <= w[featStep] || w[featDanger] >= 0 {
		t.Errorf("weights of habarti %g, of the 'ayn %g, of danger %g: not what any training gives", w[featStep+Home], w[featStep], w[featDanger])
	}
}

func TestParseWeightsRejectsBadFiles(t *testing.T) {
	good := string(FormatWeights(learned, "a header"))
	for name, text := range map[string]string{
		"too few":      "# x\n1\n2\n",
		"too many":     good + "3\n",
		"not a number": strings.Repeat("1\n", NumFeatures-1) + "x\n",
		"not finite":   strings.Repeat("1\n", NumFeatures-1) + "NaN\n",
	} {
		if _, err := ParseWeights([]byte(text)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if w, err := ParseWeights([]byte(good)); err != nil || *w != *learned {
		t.Errorf("FormatWeights does not round-trip: %v", err)
	}
}

func TestTrainRunsAFewGames(t *testing.T) {
	opts := engine.DefaultOptions(Game{})
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
	four, _ := engine.ParseOptions(Game{}, []string{"players=4"})
	if _, err := Train(four, cfg, nil); err == nil {
		t.Error("training with four players: no error")
	}
}

func TestLearnedEvalFavoursTheLeader(t *testing.T) {
	s, _ := New(engine.DefaultOptions(Game{}))
	s.men[0] = [4]uint8{Home, Home, Home, 20}
	s.setOcc(0)
	v := s.LearnedEval(nil)
	if !(v[0] > 0 && v[1] < 0) {
		t.Errorf("three men home against none: %v", v)
	}
}

func TestLearnedEvalJudgesMediumAndHardOfTwo(t *testing.T) {
	two := engine.DefaultOptions(Game{})
	four, _ := engine.ParseOptions(Game{}, []string{"players=4"})
	for _, c := range []struct {
		level      string
		opts       engine.Options
		want       bool
		iterations int
	}{{"medium", two, true, 0}, {"hard", two, true, hardLearnedIterations}, {"max", two, false, 0},
		{"easy", two, false, 0}, {"medium", four, false, 0}, {"hard", four, false, 0}} {
		eval, turns, n, ok := Game{}.MCTSJudge(c.level, c.opts)
		if ok != c.want || ok && (eval == nil || turns != learnedPlayoutTurns) || n != c.iterations {
			t.Errorf("%s with %d players: judged by the learned evaluation %v with %d iterations, want %v with %d",
				c.level, c.opts.Int(OptPlayers), ok, n, c.want, c.iterations)
		}
	}
}
