package tamman

import (
	"math"
	"testing"

	"tabula/engine"
)

func TestTrainNetRunsAFewGames(t *testing.T) {
	opts := engine.DefaultOptions(Game{})
	cfg := TrainConfig{Games: 3, Seed: 3, Alpha: 0.1, Lambda: 0.7}
	first, err := TrainNet(opts, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Games = 0
	drawn, _ := TrainNet(opts, cfg, nil)
	if *first == *drawn {
		t.Error("three games of training left the network as it was drawn")
	}
	if math.IsNaN(first.B2) || math.IsInf(first.B2, 0) {
		t.Errorf("output bias %g: not finite", first.B2)
	}
	cfg.Games = 3
	if again, _ := TrainNet(opts, cfg, nil); *again != *first {
		t.Error("the same seed trained another network")
	}
	four, _ := engine.ParseOptions(Game{}, []string{"players=4"})
	if _, err := TrainNet(four, cfg, nil); err == nil {
		t.Error("training with four players: no error")
	}
}

func TestNetEvalFavoursTheLeader(t *testing.T) {
	s, _ := New(engine.DefaultOptions(Game{}))
	s.men[0] = [4]uint8{Home, Home, Home, 20}
	s.setOcc(0)
	v := s.NetEval(nil)
	if !(v[0] > 0.9 && math.Abs(v[0]+v[1]-1) < 1e-12) {
		t.Errorf("three men home against none: chances %v", v)
	}
}

func TestNetEvalOfAWonGame(t *testing.T) {
	s, _ := New(engine.DefaultOptions(Game{}))
	s.men[1] = [4]uint8{Home, Home, Home, Home}
	s.phase, s.winner, s.turn = Over, 1, 1
	if v := s.NetEval(nil); v[0] != 0 || v[1] != 1 {
		t.Errorf("player 1 has won: chances %v, want [0 1]", v)
	}
}

func TestHardAndMaxOfTwoSearchByAlphaBeta(t *testing.T) {
	two := engine.DefaultOptions(Game{})
	four, _ := engine.ParseOptions(Game{}, []string{"players=4"})
	for _, c := range []struct {
		level string
		opts  engine.Options
		depth int
	}{{"hard", two, hardDepth}, {"max", two, maxDepth}, {"medium", two, 0}, {"easy", two, 0},
		{"hard", four, 0}, {"max", four, 0}} {
		d, eval, ok := Game{}.AlphaBetaLevel(c.level, c.opts)
		if ok != (c.depth > 0) || ok && (eval == nil || d != c.depth) {
			t.Errorf("%s with %d players: alpha-beta %v to depth %d, want depth %d",
				c.level, c.opts.Int(OptPlayers), ok, d, c.depth)
		}
	}
}
