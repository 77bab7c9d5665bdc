package tamman_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

func TestThrowOutcomesDefault(t *testing.T) {
	s := start(t)
	if got := legal(s); !slices.Equal(got, []string{"t1", "t2", "t3", "t4", "t8"}) {
		t.Fatalf("throws %v", got)
	}
	want := map[string]float64{"t1": 4.0 / 16, "t2": 6.0 / 16, "t3": 4.0 / 16, "t4": 1.0 / 16, "t8": 1.0 / 16}
	sum := 0.0
	for _, o := range s.ChanceOutcomes(nil) {
		text := s.MoveText(engine.ChancePlayer, o.Move)
		if math.Abs(o.Prob-want[text]) > 1e-12 {
			t.Errorf("%s: chance %v, want %v", text, o.Prob, want[text])
		}
		sum += o.Prob
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("chances sum to %v", sum)
	}
}

// throwCowries throws four cowries, each mouth up with chance u, and counts
// as the source does: the mouths up, none up counting 8.
func throwCowries(rng *rand.Rand, u float64) string {
	n := 0
	for i := 0; i < 4; i++ {
		if rng.Float64() < u {
			n++
		}
	}
	return [...]string{"t8", "t1", "t2", "t3", "t4"}[n]
}

// The chance outcomes match a large sample of simulated cowrie throws, and
// a large sample drawn from the outcomes (as tabula play does).
func TestThrowDistributionMatchesSample(t *testing.T) {
	const n = 200000
	for _, u := range []string{"0.5", "0.3", "0.8"} {
		s := start(t, "mouth-up="+u)
		p := options(t, "mouth-up="+u).Float("mouth-up")
		outs := s.ChanceOutcomes(nil)
		sum := 0.0
		for _, o := range outs {
			sum += o.Prob
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("mouth-up=%s: chances sum to %v", u, sum)
		}
		rng := rand.New(rand.NewPCG(42, 7))
		cowries := map[string]int{}
		drawn := map[string]int{}
		for i := 0; i < n; i++ {
			cowries[throwCowries(rng, p)]++
			drawn[s.MoveText(engine.ChancePlayer, s.SampleThrow(rng.Float64()))]++
		}
		for _, o := range outs {
			text := s.MoveText(engine.ChancePlayer, o.Move)
			// Five standard deviations of a binomial count.
			tol := 5 * math.Sqrt(o.Prob*(1-o.Prob)/n)
			for name, c := range map[string]map[string]int{"cowries": cowries, "drawn": drawn} {
				if f := float64(c[text]) / n; math.Abs(f-o.Prob) > tol {
					t.Errorf("mouth-up=%s: %s %s frequency %.4f, chance %.4f (tolerance %.4f)", u, name, text, f, o.Prob, tol)
				}
			}
		}
	}
}

func TestFirstThrowOfOneTwoThreeIsTheWholeTurn(t *testing.T) {
	for _, th := range []string{"t1", "t2", "t3"} {
		s := start(t)
		play(t, s, th)
		if s.Phase() != tamman.MovePhase || len(s.Throws()) != 1 {
			t.Errorf("%s: phase %s, throws %v; want one throw to move", th, s.Phase(), s.Throws())
		}
	}
}

func TestFourGivesOneExtraThrow(t *testing.T) {
	s := start(t)
	play(t, s, "t4")
	if s.Phase() != tamman.ThrowPhase || s.ExtraThrowsDue() != 1 || s.Turn() != 0 {
		t.Fatalf("after t4: phase %s, %d extra due, turn %d", s.Phase(), s.ExtraThrowsDue(), s.Turn())
	}
	play(t, s, "t2")
	if s.Phase() != tamman.MovePhase || !slices.Equal(s.Throws(), []int{2, 4}) {
		t.Fatalf("after t4 t2: phase %s, throws %v", s.Phase(), s.Throws())
	}
}

func TestOnlyTheFirstThrowEarnsExtraThrows(t *testing.T) {
	// A 4 or 8 thrown as an extra throw earns nothing more.
	for _, seq := range [][]string{{"t4", "t4"}, {"t4", "t8"}, {"t8", "t4", "t4"}, {"t8", "t1", "t8"}, {"t8", "t8", "t4"}} {
		s := start(t)
		play(t, s, seq...)
		if s.Phase() != tamman.MovePhase || len(s.Throws()) != len(seq) {
			t.Errorf("%v: phase %s, throws %v; want the %d throws to move", seq, s.Phase(), s.Throws(), len(seq))
		}
	}
}

func TestEightGivesTwoExtraThrows(t *testing.T) {
	s := start(t)
	play(t, s, "t8")
	if s.Phase() != tamman.ThrowPhase || s.ExtraThrowsDue() != 2 {
		t.Fatalf("after t8: phase %s, %d extra due", s.Phase(), s.ExtraThrowsDue())
	}
	play(t, s, "t3")
	if s.Phase() != tamman.ThrowPhase || s.ExtraThrowsDue() != 1 {
		t.Fatalf("after t8 t3: phase %s, %d extra due", s.Phase(), s.ExtraThrowsDue())
	}
	play(t, s, "t1")
	if s.Phase() != tamman.MovePhase || !slices.Equal(s.Throws(), []int{1, 3, 8}) {
		t.Fatalf("after t8 t3 t1: phase %s, throws %v", s.Phase(), s.Throws())
	}
}

func TestEightThenOneEightIsNotZero(t *testing.T) {
	for _, seq := range [][]string{{"t8", "t8", "t2"}, {"t8", "t2", "t8"}} {
		s := start(t)
		play(t, s, seq...)
		if s.Phase() != tamman.MovePhase || len(s.Throws()) != 3 {
			t.Errorf("%v: phase %s, throws %v", seq, s.Phase(), s.Throws())
		}
	}
}

func TestThreeEightsScoreZero(t *testing.T) {
	s := start(t, "players=3")
	play(t, s, "t8", "t8", "t8")
	if s.Turn() != 1 || s.Phase() != tamman.ThrowPhase || len(s.Throws()) != 0 {
		t.Fatalf("after 8, 8, 8: turn %d, phase %s, throws %v; want player 1 to throw", s.Turn(), s.Phase(), s.Throws())
	}
	if got := squares(s, 0); !slices.Equal(got, []string{"c1", "c1", "c1", "c1"}) {
		t.Errorf("player 0 moved: %v", got)
	}
	if zeroed, lost := detail(s, "zeroed"), detail(s, "lost"); zeroed != true || lost != 3 {
		t.Errorf("details: zeroed %v, lost %v", zeroed, lost)
	}
	if said := strings.Join(told(s), " "); !strings.Contains(said, "the turn scores nothing") {
		t.Errorf("the turn of 8, 8, 8 is told as %q", said)
	}
	play(t, s, "t2", "e3+2")
	if zeroed, lost := detail(s, "zeroed"), detail(s, "lost"); zeroed != false || lost != 0 || s.Turn() != 2 {
		t.Errorf("after player 1's turn: zeroed %v, lost %v, turn %d", zeroed, lost, s.Turn())
	}
}

func TestThreeEightsKeepMenInPlayByDefault(t *testing.T) {
	pos := tamman.Position{Men: [][]string{{"c1", "e2", "b5", "c3"}, {"c5", "c5", "c5", "c5"}}}
	s := setup(t, pos)
	play(t, s, "t8", "t8", "t8")
	if got := squares(s, 0); !slices.Equal(got, []string{"c1", "e2", "b5", "c3"}) {
		t.Errorf("men after 8, 8, 8: %v", got)
	}
}

func TestTripleTammanResetSendsMenInPlayBack(t *testing.T) {
	pos := tamman.Position{Men: [][]string{{"c1", "e2", "b5", "c3"}, {"c5", "c5", "c5", "c5"}}}
	s := setup(t, pos, "triple-tamman=reset")
	play(t, s, "t8", "t8", "t8")
	if got := squares(s, 0); !slices.Equal(got, []string{"c1", "c1", "c1", "c3"}) {
		t.Errorf("men after 8, 8, 8 under reset: %v", got)
	}
	if s.Turn() != 1 {
		t.Errorf("turn %d", s.Turn())
	}
}

func TestCaptureThrowsEarnNoExtraThrows(t *testing.T) {
	// Player 0 passes two enemy men on d1: two capture throws. A 4 and an
	// 8 among them earn nothing, and two 8s do not zero the turn.
	pos := tamman.Position{Men: [][]string{{"c1", "c1", "c1", "c1"}, {"d1", "d1", "c5", "c5"}}, Throws: []int{3}}
	for _, seq := range [][]string{{"t4", "t8"}, {"t8", "t8"}} {
		s := setup(t, pos)
		play(t, s, "c1+3")
		if s.CaptureThrowsDue() != 2 {
			t.Fatalf("capture throws due %d", s.CaptureThrowsDue())
		}
		play(t, s, seq...)
		if s.Phase() != tamman.MovePhase || len(s.Throws()) != 2 {
			t.Errorf("%v: phase %s, throws %v; want the two capture throws to move", seq, s.Phase(), s.Throws())
		}
	}
}
