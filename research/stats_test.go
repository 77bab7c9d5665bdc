package research

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f", what, got, want)
	}
}

// The values are worked by hand from the formulas and agree with the
// tables of Newcombe (1998, Statistics in Medicine 17: 857-872), method 3
// (Wilson) and method 5 (Clopper-Pearson).
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
		rate   float64
	}{
		{0, 10, 0, 0.2775, 0},
		{5, 10, 0.2366, 0.7634, 0.5},
		{81, 263, 0.2553, 0.3662, 81.0 / 263}, // Newcombe's example
		{15, 148, 0.0624, 0.1605, 15.0 / 148}, // Newcombe's example
	} {
		iv := Wilson(c.k, c.n)
		near(t, "rate", iv.Value, c.rate, 1e-12)
		near(t, "wilson low", iv.Low, c.lo, 1e-4)
		near(t, "wilson high", iv.High, c.hi, 1e-4)
	}
	if iv := Wilson(0, 0); iv.Low != 0 || iv.High != 1 {
		t.Errorf("Wilson(0, 0) = %+v, want [0, 1]", iv)
	}
}

func TestClopperPearson(t *testing.T) {
	// k = 0: the upper bound is 1 - 0.025^(1/n) exactly.
	for _, n := range []int{1, 10, 100, 2000} {
		iv := ClopperPearson(0, n)
		near(t, "cp high", iv.High, 1-math.Pow(0.025, 1/float64(n)), 1e-9)
		if iv.Low != 0 {
			t.Errorf("ClopperPearson(0, %d) low = %g, want 0", n, iv.Low)
		}
	}
	iv := ClopperPearson(5, 10)
	near(t, "cp low", iv.Low, 0.1871, 1e-4)
	near(t, "cp high", iv.High, 0.8129, 1e-4)
	// The bounds solve P(X >= k | low) = 0.025 and P(X <= k | high) =
	// 0.025, checked here by summing the binomial distribution directly.
	iv = ClopperPearson(81, 263)
	near(t, "P(X >= 81 | low)", 1-binomCDF(80, 263, iv.Low), 0.025, 1e-9)
	near(t, "P(X <= 81 | high)", binomCDF(81, 263, iv.High), 0.025, 1e-9)
	// Proportion switches to Clopper-Pearson at 0 and n only.
	if Proportion(0, 50) != ClopperPearson(0, 50) || Proportion(50, 50) != ClopperPearson(50, 50) || Proportion(3, 50) != Wilson(3, 50) {
		t.Error("Proportion does not pick Clopper-Pearson exactly at 0 and n")
	}
}

// binomCDF is P(X <= k) for X ~ Binomial(n, p), by summing terms.
func binomCDF(k, n int, p float64) float64 {
	sum := 0.0
	for i := 0; i <= k; i++ {
		lg, _ := math.Lgamma(float64(n + 1))
		a, _ := math.Lgamma(float64(i + 1))
		b, _ := math.Lgamma(float64(n - i + 1))
		sum += math.Exp(lg - a - b + float64(i)*math.Log(p) + float64(n-i)*math.Log1p(-p))
	}
	return sum
}

func TestHolm(t *testing.T) {
	// Sorted: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 = 0.04
	// raised to 0.06 to stay monotone.
	got := Holm([]float64{0.01, 0.04, 0.03, 0.005})
	want := []float64{0.03, 0.06, 0.06, 0.02}
	for i := range want {
		near(t, "holm", got[i], want[i], 1e-12)
	}
	if got := Holm([]float64{0.5, 0.9}); got[0] != 1 || got[1] != 1 {
		t.Errorf("Holm caps at 1: got %v", got)
	}
	if len(Holm(nil)) != 0 {
		t.Error("Holm(nil) is not empty")
	}
}

func TestMeanAndPairedT(t *testing.T) {
	// Mean 3, sd sqrt(2.5), t(4, 0.975) = 2.776445.
	iv := Mean([]float64{1, 2, 3, 4, 5})
	half := 2.776445 * math.Sqrt(2.5) / math.Sqrt(5)
	near(t, "mean", iv.Value, 3, 1e-12)
	near(t, "low", iv.Low, 3-half, 1e-5)
	near(t, "high", iv.High, 3+half, 1e-5)
	// Differences 1, 2, 3: mean 2, sd 1, t = 2*sqrt(3) = 3.4641 on 2
	// degrees of freedom, two-sided p = 0.07418.
	d, p := PairedT([]float64{2, 4, 6}, []float64{1, 2, 3})
	near(t, "paired diff", d.Value, 2, 1e-12)
	near(t, "paired p", p, 0.07418, 1e-4)
	if _, p := PairedT([]float64{1, 1}, []float64{1, 1}); p != 1 {
		t.Errorf("equal samples: p = %g, want 1", p)
	}
	if iv := Mean(nil); iv.N != 0 {
		t.Errorf("Mean(nil) = %+v, want N 0", iv)
	}
}

func TestChiSquareUniform(t *testing.T) {
	// (10-15)^2/15 * 2 = 3.3333 on 1 df: p = 0.06789.
	chi2, p := ChiSquareUniform([]int{10, 20})
	near(t, "chi2", chi2, 10.0/3, 1e-12)
	near(t, "p", p, 0.06789, 1e-4)
	if _, p := ChiSquareUniform([]int{25, 25, 25, 25}); p != 1 {
		t.Errorf("equal counts: p = %g, want 1", p)
	}
}

func TestQuantile(t *testing.T) {
	xs := []float64{9, 1, 8, 2, 7, 3, 6, 4, 5}
	iv := Quantile(xs, 0.5)
	if iv.Value != 5 || iv.Low > 5 || iv.High < 5 || iv.Low < 1 || iv.High > 9 {
		t.Errorf("median of 1..9 = %+v, want 5 inside its interval", iv)
	}
	// With 1000 values 1..1000 the 95% interval of the median is about
	// ranks 469 to 532.
	big := make([]float64, 1000)
	for i := range big {
		big[i] = float64(i + 1)
	}
	iv = Quantile(big, 0.5)
	near(t, "median", iv.Value, 500, 0)
	near(t, "median low", iv.Low, 469, 1)
	near(t, "median high", iv.High, 532, 1)
}

// Two seats, 60 and 40 of 100 decided games: the edge is seat 0's share
// minus 1/2 with the plain 95% Wilson interval of 60/100, 0.502 to 0.691
// (Newcombe 1998, by hand: centre 0.59631, half-width 0.09430).
func TestSeatEdgesTwoSeats(t *testing.T) {
	e := SeatEdges([]int{60, 40})
	near(t, "edge 0", e[0].Value, 0.1, 1e-12)
	near(t, "edge 0 low", e[0].Low, 0.50201-0.5, 1e-4)
	near(t, "edge 0 high", e[0].High, 0.69061-0.5, 1e-4)
	near(t, "edge 1", e[1].Value, -0.1, 1e-12)
	near(t, "edge 1 high", e[1].High, -(0.50201 - 0.5), 1e-4)
	if e[0].N != 100 {
		t.Errorf("n = %d, want the 100 decided games", e[0].N)
	}
	if SeatEdges([]int{0, 0}) != nil {
		t.Error("edges without a decided game")
	}
}

// Šidák: m intervals at level 0.95^(1/m). For 3, alpha' = 1 - 0.95^(1/3)
// = 0.016952 and z = the 0.991524 normal quantile, 2.3877 (tables).
func TestSidakZ(t *testing.T) {
	near(t, "z(1)", SidakZ(1), 1.959964, 1e-6)
	near(t, "z(3)", SidakZ(3), 2.3877, 1e-3)
	near(t, "z(4)", SidakZ(4), 2.4909, 1e-3)
	// Three seats, 700, 650, 650 of 2000: seat 0's interval uses z(3).
	e := SeatEdges([]int{700, 650, 650})
	want := wilsonZ(700, 2000, SidakZ(3))
	near(t, "3 seats low", e[0].Low, want.Low-1.0/3, 1e-12)
	if e[0].Low >= Wilson(700, 2000).Low-1.0/3 {
		t.Error("the simultaneous interval is not wider than the single one")
	}
}

// The calibration the workbench promises: with equal seats (2, 3 and 4
// of them, 3% draws), 2,000 simulated runs of 2,000 games each, the
// chi-square test and the simultaneous seat edges each raise a false
// alarm (p < 0.05; some seat's interval excludes 0) in 5% ± 1.5% of the
// runs. A seeded source makes the test repeatable.
func TestSeatTestsKeepTheirLevel(t *testing.T) {
	const runs, games = 2000, 2000
	for n := 2; n <= 4; n++ {
		rng := rand.New(rand.NewPCG(uint64(n), 2029))
		chiAlarms, edgeAlarms := 0, 0
		wins := make([]int, n)
		for range runs {
			clear(wins)
			for range games {
				if rng.Float64() < 0.03 {
					continue // a draw
				}
				wins[rng.IntN(n)]++
			}
			if _, p := ChiSquareUniform(wins); p < 0.05 {
				chiAlarms++
			}
			for _, e := range SeatEdges(wins) {
				if e.Low > 0 || e.High < 0 {
					edgeAlarms++
					break
				}
			}
		}
		for name, a := range map[string]int{"chi-square": chiAlarms, "seat edges": edgeAlarms} {
			if rate := float64(a) / runs; rate < 0.035 || rate > 0.065 {
				t.Errorf("%d equal seats: %s false alarms in %.1f%% of runs, want 5%% ± 1.5%%", n, name, 100*rate)
			} else {
				t.Logf("%d equal seats: %s false alarms in %.1f%% of runs", n, name, 100*rate)
			}
		}
	}
}

// measure's medians of plies and moves, written out only once a game
// tells them from the turns and plies, are Quantile's of every game's.
func TestMeasureMediansAreQuantiles(t *testing.T) {
	rd := Reading{Players: 2}
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 300; trial++ {
		n := rng.IntN(40)
		rs := make([]Result, n)
		split := []int{rng.IntN(n + 1), rng.IntN(n + 1)} // where plies, then moves, first differ
		var turns, plies, moves []float64
		for i := range rs {
			r := Result{Turns: 1 + rng.IntN(30), Winner: -1}
			r.Plies, r.Decisions = r.Turns, r.Turns
			if i >= split[0] && rng.IntN(2) == 0 {
				r.Plies += rng.IntN(5)
				r.Decisions = r.Plies
			}
			if i >= split[1] && rng.IntN(2) == 0 {
				r.Decisions += rng.IntN(5)
			}
			rs[i] = r
			turns, plies, moves = append(turns, float64(r.Turns)), append(plies, float64(r.Plies)), append(moves, float64(r.Moves()))
		}
		tab := &gameTables{}
		games := make([]game, len(rs))
		for i, r := range rs {
			games[i] = tab.keep(r)
		}
		st := measure(rd, games, nil, nil, tab)
		if st.TurnsMedian != Quantile(turns, 0.5) || st.PliesMedian != Quantile(plies, 0.5) || st.MovesMedian != Quantile(moves, 0.5) {
			t.Fatalf("trial %d: medians %v %v %v, Quantile's %v %v %v", trial, st.TurnsMedian, st.PliesMedian, st.MovesMedian,
				Quantile(turns, 0.5), Quantile(plies, 0.5), Quantile(moves, 0.5))
		}
	}
}

// sortCounts leaves whole numbers as sort.Float64s does, bit for bit, and
// leaves alone (saying so) what it does not count: fractions, negative
// numbers, negative zero, NaN, numbers too large for a count.
func TestSortCountsIsSortFloat64s(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	odd := []float64{0.5, -1, math.Copysign(0, -1), math.NaN(), math.Inf(1), 1e9}
	for trial := range 400 {
		n := rng.IntN(300)
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64(rng.IntN(1 + trial*3))
		}
		spoilt := n > 0 && trial%5 == 0
		if spoilt {
			xs[rng.IntN(n)] = odd[trial/5%len(odd)]
		}
		want := slices.Clone(xs)
		sort.Float64s(want)
		got := slices.Clone(xs)
		counted := sortCounts(got)
		if counted == spoilt {
			t.Fatalf("trial %d (%v): counted %v", trial, xs, counted)
		}
		if !counted {
			want = xs // left as they were
		}
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) && !(math.IsNaN(got[i]) && math.IsNaN(want[i])) {
				t.Fatalf("trial %d: got %v, want %v", trial, got, want)
			}
		}
	}
}
