package tammanai

import (
	"math"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

func evalSetup(t *testing.T, pos tamman.Position) *tamman.State {
	t.Helper()
	s, err := tamman.FromPosition(engine.DefaultOptions(tamman.Game{}), pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Player 1's men stand 2 (b1) and 3 (a1) steps behind player 0's man on
// d1 along player 1's path; a throw of more than 2 (chance 3/8), or of
// more than 3 (1/8), passes over him, and he would lose his one step.
func TestDangerIsTheChanceOfBeingPassedOverTimesTheSteps(t *testing.T) {
	for _, c := range []struct {
		p1   []string
		want float64
	}{
		{[]string{"b1", "c5", "c5", "c5"}, 0.375},
		{[]string{"a1", "c5", "c5", "c5"}, 0.125},
		{[]string{"b1", "a1", "c5", "c5"}, 1 - (1-0.375)*(1-0.125)},
		{[]string{"e1", "c5", "c5", "c5"}, 0}, // ahead of him
		{[]string{"c5", "c5", "c5", "c5"}, 0}, // 9 steps behind: no throw reaches
	} {
		s := evalSetup(t, tamman.Position{Turn: 1, Men: [][]string{{"d1", "c1", "c1", "c1"}, c.p1}})
		if got := danger(s, 0, 1); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("player 1 on %v: danger %v, want %v", c.p1, got, c.want)
		}
	}
	// On an 'ayn (e3) a man is safe.
	s := evalSetup(t, tamman.Position{Turn: 1, Men: [][]string{{"e3", "c1", "c1", "c1"}, {"e1", "c5", "c5", "c5"}}})
	if got := danger(s, 0, 1); got != 0 {
		t.Errorf("a man on an 'ayn: danger %v", got)
	}
}

// In ThreatEval the throws a player holds count for her, discounted.
func TestEvalCountsTheThrowsHeld(t *testing.T) {
	men := [][]string{{"e5", "c1", "c1", "c1"}, {"a3", "c5", "c5", "c5"}}
	s := evalSetup(t, tamman.Position{Turn: 0, Men: men, Throws: []int{8}})
	race := s.Eval(nil)
	got := ThreatEval(s, nil)
	if want := race[0] + usableShare*8/float64(4*(tamman.Steps+1)); math.Abs(got[0]-want) > 1e-12 {
		t.Errorf("eval %v, want the race %v plus the throw held, %v", got[0], race[0], want)
	}
}
