package tammanai

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// Player 0's last man stands on d1 (his step 1; player 1's step 9), his
// other three on habarti. Player 1's men on b1 (her step 7) and a1 (6)
// stand 2 and 3 steps behind him: a throw of more than 2 (6 in 16) or of
// more than 3 (2 in 16) passes over him, so he is hit with the chance
// 1 - 10/16 · 14/16 = 116/256; her two men on her 'ayn c5 are 9 steps
// behind, out of reach. He trails the next man by 23 steps. Player 1's
// rearmost men are the two on c5 (player 0's step 8): safe there, not
// alone, and player 0's man on d1 stands 7 steps behind them.
func TestRearInputsByHand(t *testing.T) {
	men := [][]string{{"d1", "c3", "c3", "c3"}, {"b1", "a1", "c5", "c5"}}
	p0 := [3]float64{116.0 / 256, 2.0 / 4, 23.0 / 24} // hit, foes, trail
	p1 := [3]float64{0, 1.0 / 4, 0}
	for turn, sides := range [2][2][3]float64{{p0, p1}, {p1, p0}} {
		s := evalSetup(t, tamman.Position{Turn: turn, Men: men})
		var x netX
		netInputs(s, &x, NetInputsBehind)
		for side, want := range sides {
			got := [3]float64{x[netRearHit+side], x[netRearFoes+side], x[netRearTrail+side]}
			if got != want {
				t.Errorf("player %d to act, side %d: hit, foes, trail %v, want %v", turn, side, got, want)
			}
		}
	}
}

// An enemy man ahead of the last man does not chase him, and a man on
// habarti chases nobody; the last man on a square no throw of the
// enemy's passes over is not hit.
func TestRearInputsCountOnlyMenBehindWithinAThrow(t *testing.T) {
	for _, c := range []struct {
		p1        []string
		hit, foes float64
	}{
		{[]string{"e1", "c3", "c3", "c3"}, 0, 0},           // e1 is ahead of d1
		{[]string{"b1", "c3", "c3", "c3"}, 6.0 / 16, 0.25}, // 2 behind
		{[]string{"c5", "c3", "c3", "c3"}, 0, 0},           // 9 behind
	} {
		s := evalSetup(t, tamman.Position{Turn: 0, Men: [][]string{{"d1", "e5", "c3", "c3"}, c.p1}})
		var x netX
		netInputs(s, &x, NetInputsBehind)
		if x[netRearHit] != c.hit || x[netRearFoes] != c.foes || x[netRearTrail] != 5.0/24 {
			t.Errorf("player 1 on %v: hit %v, foes %v, trail %v; want %v, %v, %v",
				c.p1, x[netRearHit], x[netRearFoes], x[netRearTrail], c.hit, c.foes, 5.0/24)
		}
	}
}

// The inputs of NetInputsBehind begin with those of NetInputsMore, and
// those of NetInputsMore with the committed network's: a network reads
// only its own.
func TestRearInputsFollowTheOthers(t *testing.T) {
	for i, s := range randomStates(t, engine.DefaultOptions(tamman.Game{}), 3) {
		var base, more, behind netX
		netInputs(s, &base, NetInputs)
		netInputs(s, &more, NetInputsMore)
		netInputs(s, &behind, NetInputsBehind)
		if [NetInputs]float64(more[:NetInputs]) != [NetInputs]float64(base[:NetInputs]) ||
			[NetInputsMore]float64(behind[:NetInputsMore]) != [NetInputsMore]float64(more[:NetInputsMore]) {
			t.Fatalf("position %d: the inputs of the larger sets do not begin with the smaller's", i)
		}
		for j := NetInputs; j < len(base); j++ {
			if base[j] != 0 || j >= NetInputsMore && more[j] != 0 {
				t.Fatalf("position %d: input %d written for a network that does not read it", i, j)
			}
		}
	}
}

// The network of 60 inputs the committed one grew from, widened to the
// rearmost men's inputs, the new weights 0, judges every position bit for
// bit as before, and a network of those inputs judges without allocating.
func TestWidenedToTheRearInputsJudgesAsTheCommittedNetwork(t *testing.T) {
	first := net60(t)
	wide, err := Widen(first, NetInputsBehind, NetHidden, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	states := randomStates(t, engine.DefaultOptions(tamman.Game{}), 5)
	for i, s := range states {
		if a, b := first.WinChance(s), wide.WinChance(s); a != b {
			t.Errorf("position %d: %v by the network, %v widened", i, a, b)
		}
	}
	back, err := ParseNet(FormatNet(wide, "widened"))
	if err != nil || !back.Equal(wide) {
		t.Errorf("a network of %d inputs does not round-trip: %v", NetInputsBehind, err)
	}
	if a := testing.AllocsPerRun(100, func() { wide.WinChance(states[len(states)/2]) }); a != 0 {
		t.Errorf("%v allocations a judgement", a)
	}
}
