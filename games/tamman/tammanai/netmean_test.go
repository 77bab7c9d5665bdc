package tammanai

import (
	"math"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// The mean of networks of two shapes is the mean of their chances, each
// network reading its own inputs (the positions include finished games).
func TestNetMeanIsTheMeanOfTheNetworksChances(t *testing.T) {
	opts := engine.DefaultOptions(tamman.Game{})
	other, err := TrainNet(opts, TrainConfig{Games: 2, Seed: 9, Alpha: 0.1, Lambda: 0.7, NetInputs: NetInputsMore, NetHidden: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewNetMean(learnedNet(), other)
	if err != nil {
		t.Fatal(err)
	}
	parted := 0
	for i, s := range randomStates(t, opts, 3) {
		a, b := learnedNet().WinChance(s), other.WinChance(s)
		if got := m.WinChance(s); math.Abs(got-(a+b)/2) > 1e-12 {
			t.Errorf("position %d: mean %v, the networks %v and %v", i, got, a, b)
		}
		if math.Abs(a-b) > 0.01 {
			parted++
		}
		v := m.Eval(s, nil)
		if p := m.WinChance(s); v[s.Turn()] != p || math.Abs(v[0]+v[1]-1) > 1e-12 {
			t.Errorf("position %d: Eval %v, the player to act (%d) has %v", i, v, s.Turn(), p)
		}
	}
	if parted == 0 {
		t.Error("the two networks never differ by a point: the test shows nothing")
	}
	if _, err := NewNetMean(); err == nil {
		t.Error("a mean of no networks: no error")
	}
}
