package research

import (
	"math"
	"slices"
	"testing"
)

// By hand: R0 is best (0.9); Holm over its three tests multiplies the
// p-values 0.0001, 0.001 and 0.3 by 3, 2 and 1: R1 (0.3) stays with R0 in
// group 1, R2 and R3 do not. Of those, R2 is best and R3 is like it
// (0.5): group 2.
func TestTiersByHand(t *testing.T) {
	p := map[[2]int]float64{{1, 0}: 0.3, {2, 0}: 0.001, {3, 0}: 0.0001, {3, 2}: 0.5}
	got := tiers([]float64{0.9, 0.85, 0.5, 0.48}, func(a, b int) float64 { return p[[2]int{a, b}] })
	if want := []int{1, 1, 2, 2}; !slices.Equal(got, want) {
		t.Errorf("tiers %v, want %v", got, want)
	}
	// Holm lifts 0.02 over two tests to 0.04 (< 0.05): separate; 0.03
	// over two is 0.06: together.
	p = map[[2]int]float64{{1, 0}: 0.02, {2, 0}: 0.4}
	if got := tiers([]float64{3, 2, 1}, func(a, b int) float64 { return p[[2]int{a, b}] }); !slices.Equal(got, []int{1, 2, 1}) {
		t.Errorf("tiers %v, want [1 2 1]", got)
	}
}

// R0 is in group 1 on both measures and dominates everyone; R1 and R2
// each win one measure; R3 is beaten by both.
func TestDominanceLayers(t *testing.T) {
	tier := [][]int{{1, 1, 9}, {1, 2, 1}, {2, 1, 1}, {2, 2, 1}}
	got := dominanceLayers(tier, []bool{true, true, false})
	if want := []int{1, 2, 2, 3}; !slices.Equal(got, want) {
		t.Errorf("layers %v, want %v", got, want)
	}
	// Equal groups everywhere: nobody dominates.
	if got := dominanceLayers([][]int{{1, 2}, {1, 2}}, []bool{true, true}); !slices.Equal(got, []int{1, 1}) {
		t.Errorf("layers %v, want [1 1]", got)
	}
}

// By hand: 60 of 100 has edge 0.1 with variance 0.6*0.4/100 = 0.0024;
// 50 of 100 edge 0 with variance 0.0025: z = 0.1/sqrt(0.0049) =
// 1.4285714285714286, p = erfc(z/√2) = 0.153127...
func TestBalanceP(t *testing.T) {
	a, b := largestEdge([]int{60, 40}), largestEdge([]int{50, 50})
	near(t, "edge", a.edge, 0.1, 1e-12)
	near(t, "variance", a.variance, 0.0024, 1e-12)
	near(t, "p", balanceP(a, b), math.Erfc(0.1/math.Sqrt(0.0049)/math.Sqrt2), 1e-12)
	near(t, "p about", balanceP(a, b), 0.153127, 1e-6)
	// Three seats: the furthest from 1/3 is seat 2 (10 of 60: 1/6 off).
	e := largestEdge([]int{25, 25, 10})
	near(t, "3-seat edge", e.edge, 1.0/6, 1e-12)
	near(t, "3-seat variance", e.variance, (1.0/6)*(5.0/6)/60, 1e-12)
}

// By hand: ranks on measure 0 are 1, 2, 3 and on measure 1 3, 2, 1;
// weights 2 and 1 give means 5/3, 6/3, 7/3: overall 1, 2, 3. Weights 0
// and 1 give the ranks of measure 1.
func TestWeightedOverall(t *testing.T) {
	sc := [][]float64{{3, 1}, {2, 2}, {1, 3}}
	if _, o := rankAll(sc, []float64{2, 1}); !slices.Equal(o, []float64{1, 2, 3}) {
		t.Errorf("overall %v", o)
	}
	if _, o := rankAll(sc, []float64{0, 1}); !slices.Equal(o, []float64{3, 2, 1}) {
		t.Errorf("overall %v", o)
	}
	w, err := ParseWeights("balance=2, skill=0.5")
	if err != nil || w[RankBalance] != 2 || w[RankSkill] != 0.5 || len(w) != 2 {
		t.Errorf("ParseWeights = %v, %v", w, err)
	}
	for _, bad := range []string{"balance", "balance=x", "balance=-1", "fun=1", "balance=0", "balance=NaN"} {
		if _, err := ParseWeights(bad); err == nil {
			t.Errorf("ParseWeights(%q) accepted", bad)
		}
	}
}

// A reading whose games are all drawn has no balance and no drama: it
// scores worst on both and is told apart from the readings that finish.
func TestUndecidedReadingIsApart(t *testing.T) {
	p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Games: 40,
		Vary: []Vary{{Name: "opening", Values: []string{"all"}}}})
	var rs []Result
	for g := range p.Config.Games {
		for r := range 3 {
			w := g % 2
			if r == 2 {
				w = -1 // every game drawn
			}
			rs = append(rs, Result{Reading: r, Game: g, Winner: w, Agent: w, Turns: 30, Plies: 30, Trailed: w == 0 && g%4 == 0, Lead: make([]float64, leadPoints)})
		}
	}
	rk := Analyze(p, rs).Ranking
	drawn := rk.Readings[2]
	if drawn.Tier[0] != 2 || drawn.Tier[2] != 2 || drawn.Tier[1] != 2 {
		t.Errorf("the drawn reading's groups %v, want 2 on balance, decisiveness and drama", drawn.Tier)
	}
	if rk.Readings[0].Tier[0] != 1 || rk.Readings[1].Tier[2] != 1 {
		t.Errorf("groups %v, %v", rk.Readings[0].Tier, rk.Readings[1].Tier)
	}
}
