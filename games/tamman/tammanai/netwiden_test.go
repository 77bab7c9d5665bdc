package tammanai

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// A widened network judges every position exactly as the one it grew
// from, bit for bit: its new inputs weigh 0 in the old units and its new
// units 0 in the output.
func TestWidenKeepsTheNetworksJudgement(t *testing.T) {
	first := net60(t)
	wide, err := Widen(first, NetInputsMore, 2*NetHidden, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if in, h := wide.Shape(); in != NetInputsMore || h != 2*NetHidden {
		t.Fatalf("shape %d x %d, want %d x %d", in, h, NetInputsMore, 2*NetHidden)
	}
	states := randomStates(t, engine.DefaultOptions(tamman.Game{}), 3)
	for i, s := range states {
		if a, b := first.WinChance(s), wide.WinChance(s); a != b {
			t.Errorf("position %d: %v by the network, %v widened", i, a, b)
		}
	}
	// The new units are not all alike, or training could never part them.
	if a, b := wide.in(3)[NetHidden], wide.in(3)[NetHidden+1]; a == b || a == 0 {
		t.Errorf("two new units' weights of input 3: %v and %v", a, b)
	}
	for _, bad := range [][2]int{{NetInputs, NetHidden - 1}, {NetInputs + 1, NetHidden}, {NetInputs, MaxNetHidden + 1}} {
		if _, err := Widen(net60(t), bad[0], bad[1], rand.New(rand.NewPCG(1, 2))); err == nil {
			t.Errorf("widen to %d x %d: no error", bad[0], bad[1])
		}
	}
}

// Training from a network in a larger shape widens it first, and the new
// units learn; the run is the same for the same seed.
func TestTrainNetWidensTheStartNetwork(t *testing.T) {
	opts := engine.DefaultOptions(tamman.Game{})
	cfg := TrainConfig{Games: 2, Seed: 4, Alpha: 0.1, Lambda: 0.7, NetInputs: NetInputsMore, NetHidden: NetHidden + 4}
	n, err := TrainNet(opts, cfg, net60(t))
	if err != nil {
		t.Fatal(err)
	}
	if in, h := n.Shape(); in != NetInputsMore || h != NetHidden+4 {
		t.Fatalf("shape %d x %d", in, h)
	}
	if n.out()[NetHidden] == 0 || n.in(netFar)[0] == 0 {
		t.Errorf("after two games a new unit's output weight is %v, a new input's weight %v", n.out()[NetHidden], n.in(netFar)[0])
	}
	if again, _ := TrainNet(opts, cfg, net60(t)); !again.Equal(n) {
		t.Error("the same seed widened and trained another network")
	}
	cfg.NetHidden = NetHidden - 1
	if _, err := TrainNet(opts, cfg, net60(t)); err == nil {
		t.Error("training from a network into fewer units: no error")
	}
}
