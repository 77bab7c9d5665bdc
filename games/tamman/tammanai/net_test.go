package tammanai

import (
	"math"
	"os"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

func TestTrainNetRunsAFewGames(t *testing.T) {
	opts := engine.DefaultOptions(tamman.Game{})
	cfg := TrainConfig{Games: 3, Seed: 3, Alpha: 0.1, Lambda: 0.7}
	first, err := TrainNet(opts, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Games = 0
	drawn, _ := TrainNet(opts, cfg, nil)
	if first.Equal(drawn) {
		t.Error("three games of training left the network as it was drawn")
	}
	if math.IsNaN(*first.b2()) || math.IsInf(*first.b2(), 0) {
		t.Errorf("output bias %g: not finite", *first.b2())
	}
	cfg.Games = 3
	if again, _ := TrainNet(opts, cfg, nil); !again.Equal(first) {
		t.Error("the same seed trained another network")
	}
	four, _ := engine.ParseOptions(tamman.Game{}, []string{"players=4"})
	if _, err := TrainNet(four, cfg, nil); err == nil {
		t.Error("training with four players: no error")
	}
}

func TestNetEvalFavoursTheLeader(t *testing.T) {
	s := evalSetup(t, tamman.Position{Men: [][]string{{"c3", "c3", "c3", tamman.Path(0)[20].String()}, {"c5", "c5", "c5", "c5"}}})
	v := NetEval(s, nil)
	if !(v[0] > 0.9 && math.Abs(v[0]+v[1]-1) < 1e-12) {
		t.Errorf("three men home against none: chances %v", v)
	}
}

func TestNetEvalOfAWonGame(t *testing.T) {
	s := evalSetup(t, tamman.Position{Turn: 1, Men: [][]string{{"c1", "c1", "c1", "c1"}, {"c3", "c3", "c3", "c3"}}})
	if v := NetEval(s, nil); v[0] != 0 || v[1] != 1 {
		t.Errorf("player 1 has won: chances %v, want [0 1]", v)
	}
}

func TestHardAndMaxOfTwoSearchByAlphaBeta(t *testing.T) {
	two := engine.DefaultOptions(tamman.Game{})
	four, _ := engine.ParseOptions(tamman.Game{}, []string{"players=4"})
	for _, c := range []struct {
		level string
		opts  engine.Options
		depth int
	}{{"hard", two, hardDepth}, {"max", two, maxDepth}, {"medium", two, 0}, {"easy", two, 0},
		{"hard", four, 0}, {"max", four, 0}} {
		d, eval, ok := Levels{}.AlphaBetaLevel(c.level, c.opts)
		if ok != (c.depth > 0) || ok && (eval == nil || d != c.depth) {
			t.Errorf("%s with %d players: alpha-beta %v to depth %d, want depth %d",
				c.level, c.opts.Int(tamman.OptPlayers), ok, d, c.depth)
		}
	}
}

func TestTrainNetStagesAreRunsFromTheNetworkBefore(t *testing.T) {
	opts := engine.DefaultOptions(tamman.Game{})
	cfg := TrainConfig{Games: 2, Seed: 5, Alpha: 0.1, Lambda: 0.7, NetHidden: 4}
	first, _ := TrainNet(opts, cfg, nil)
	file, _ := ParseNet(FormatNet(first, ""))
	second, _ := TrainNet(opts, TrainConfig{Games: 2, Seed: 6, Alpha: 0.03, Lambda: 0.7}, file)
	cfg.Then = []TrainStage{{Games: 2, Alpha: 0.03}}
	staged, err := TrainNet(opts, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !staged.Equal(second) {
		t.Error("a run in two stages is not the run from the file of its first stage")
	}
	if staged.Equal(first) {
		t.Error("the second stage left the network as it was")
	}
}

func TestTrainNetDrawsTheShapeAsked(t *testing.T) {
	opts := engine.DefaultOptions(tamman.Game{})
	n, err := TrainNet(opts, TrainConfig{Games: 1, Seed: 1, Alpha: 0.1, Lambda: 0.7, NetInputs: NetInputsMore, NetHidden: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if in, h := n.Shape(); in != NetInputsMore || h != 5 {
		t.Errorf("shape %d x %d, want %d x 5", in, h, NetInputsMore)
	}
	for _, bad := range [][2]int{{NetInputs + 1, 8}, {NetInputs, MaxNetHidden + 1}, {NetInputs, -1}} {
		if _, err := TrainNet(opts, TrainConfig{Games: 1, NetInputs: bad[0], NetHidden: bad[1]}, nil); err == nil {
			t.Errorf("%d inputs, %d hidden units: no error", bad[0], bad[1])
		}
	}
}

func TestParseNetReadsItsShape(t *testing.T) {
	n, _ := TrainNet(engine.DefaultOptions(tamman.Game{}), TrainConfig{Games: 1, Seed: 1, Alpha: 0.1, NetInputs: NetInputsMore, NetHidden: 3}, nil)
	n, _ = ParseNet(FormatNet(n, "")) // the weights as a file holds them
	if back, err := ParseNet(FormatNet(n, "a header")); err != nil || !back.Equal(n) {
		t.Errorf("a network of %d x 3 does not round-trip: %v", NetInputsMore, err)
	}
	if back, err := ParseNet(FormatNet(net60(t), "")); err != nil || !back.Equal(net60(t)) || strings.Contains(string(FormatNet(net60(t), "")), "shape") {
		t.Errorf("the first shape (60 x 32) is written without a shape line and read back: %v", err)
	}
	for name, text := range map[string]string{
		"bad inputs":        "shape 61 3\n",
		"no hidden units":   "shape 60 0\n",
		"not two numbers":   "shape 60\n",
		"after the numbers": "1\nshape 60 3\n",
		"weights too few":   "shape 66 3\n1\n",
	} {
		if _, err := ParseNet([]byte(text)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// Player 0 holds a 3 and a 1; her man on d1 (step 1) passes over player
// 1's man on e1 (his step 10) with the 3, and with the 1 lands on him,
// which sends nobody back.
func TestBestCatchIsTheMostStepsOneHeldThrowSendsBack(t *testing.T) {
	for _, c := range []struct {
		throws []int
		want   int
	}{{[]int{1, 3}, 10}, {[]int{1}, 0}} {
		s := evalSetup(t, tamman.Position{Turn: 0, Men: [][]string{{"d1", "c1", "c1", "c1"}, {"e1", "c5", "c5", "c5"}}, Throws: c.throws})
		if got := bestCatch(s, 0, 1); got != c.want {
			t.Errorf("throws %v: best catch %d steps, want %d", c.throws, got, c.want)
		}
		var x netX
		netInputs(s, &x, NetInputsMore)
		if x[netCatch] != float64(c.want)/tamman.Steps || x[netHeldOf] != 0.5 {
			t.Errorf("throws %v: inputs catch %g, ones held %g", c.throws, x[netCatch], x[netHeldOf])
		}
	}
}

// Player 0's last man stands on d2, two steps from habarti: a throw of 3,
// 4 or 8 (6 in 16) is lost to her; player 1's men have all the way to go.
func TestNetWasteIsTheChanceNoManCanUseAThrow(t *testing.T) {
	s := evalSetup(t, tamman.Position{Turn: 1, Men: [][]string{{"d2", "c3", "c3", "c3"}, {"c5", "c5", "c5", "c5"}}})
	var x netX
	netInputs(s, &x, NetInputsMore)
	// Player 1 is to act: she is side 0, player 0 side 1.
	if x[netFar] != 1 || x[netWaste] != 0 {
		t.Errorf("player 1: way %g, lost throws %g, want 1 and 0", x[netFar], x[netWaste])
	}
	if x[netFar+1] != 2.0/tamman.Steps || x[netWaste+1] != 6.0/16 {
		t.Errorf("player 0: way %g, lost throws %g, want %g and %g", x[netFar+1], x[netWaste+1], 2.0/tamman.Steps, 6.0/16)
	}
}

// net60 is the network of 60 inputs that net.txt was trained on from
// (docs/ai.md): the first shape, which a file writes without a shape line.
func net60(t testing.TB) *Net {
	t.Helper()
	b, err := os.ReadFile("testdata/net60.txt")
	if err != nil {
		t.Fatal(err)
	}
	n, err := ParseNet(b)
	if err != nil {
		t.Fatalf("testdata/net60.txt: %v", err)
	}
	if in, h := n.Shape(); in != NetInputs || h != NetHidden {
		t.Fatalf("testdata/net60.txt: shape %d x %d", in, h)
	}
	return n
}
