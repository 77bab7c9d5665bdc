package rating

import (
	"math"
	"testing"
)

// The worked example of Glickman's paper, section "Example calculation".
// The paper prints its intermediate values to four places (mu' = -0.2069,
// phi' = 0.8722, sigma' = 0.05999) and computes its final 1464.06 and
// 151.52 from those rounded values; unrounded, the same arithmetic gives
// 1464.0507 and 151.5165. Both are checked: the values the paper prints
// at each step, and the final ones within the paper's rounding.
func TestPaperExample(t *testing.T) {
	p := Rating{1500, 200, 0.06}
	got := Update(p, []Result{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	})
	mu, phi := (got.Rating-Initial)/Scale, got.Deviation/Scale
	round := func(x, places float64) float64 { p := math.Pow(10, places); return math.Round(x*p) / p }
	if round(mu, 4) != -0.2069 || round(phi, 4) != 0.8722 || math.Trunc(got.Volatility*1e5)/1e5 != 0.05999 {
		t.Errorf("mu' %.6f, phi' %.6f, sigma' %.7f; the paper: -0.2069, 0.8722, 0.05999", mu, phi, got.Volatility)
	}
	// The paper's step 8 from its printed values.
	if r, d := round(Scale*-0.2069+Initial, 2), round(Scale*0.8722, 2); r != 1464.06 || d != 151.52 {
		t.Errorf("step 8 from the paper's values: %v, %v", r, d)
	}
	if math.Abs(got.Rating-1464.06) > 0.01 || math.Abs(got.Deviation-151.52) > 0.01 || math.Abs(got.Volatility-0.05999) > 0.00001 {
		t.Errorf("got %.4f, %.4f, %.6f; the paper: 1464.06, 151.52, 0.05999", got.Rating, got.Deviation, got.Volatility)
	}
}

func TestNewPlayersMoveEqualAndOpposite(t *testing.T) {
	for _, score := range []float64{1, 0, 0.5} {
		a, b := Game(New(), New(), score)
		da, db := a.Rating-Initial, b.Rating-Initial
		if math.Abs(da+db) > 1e-9 {
			t.Errorf("score %v: moved %+.4f and %+.4f, not equal and opposite", score, da, db)
		}
		if score == 1 && !(da > 100) || score == 0.5 && da != 0 {
			t.Errorf("score %v: winner moved %+.4f", score, da)
		}
		if a.Deviation >= InitialDeviation || a.Deviation != b.Deviation || !a.IsProvisional() {
			t.Errorf("score %v: deviations %.2f, %.2f", score, a.Deviation, b.Deviation)
		}
	}
}

func TestNoGamesWidensDeviation(t *testing.T) {
	r := Update(Rating{1600, 50, 0.06}, nil)
	if r.Rating != 1600 || !(r.Deviation > 50) || r.Volatility != 0.06 {
		t.Errorf("after a period without games: %+v", r)
	}
	if r := Update(New(), nil); r.Deviation != InitialDeviation {
		t.Errorf("a new player's deviation grew past %v: %v", InitialDeviation, r.Deviation)
	}
}

// A long run of results against one anchor stays finite and settles.
func TestManyGamesStayFinite(t *testing.T) {
	r := New()
	anchor := Rating{1700, 60, 0.06}
	for i := range 500 {
		r = Update(r, []Result{{anchor, float64(i % 2)}})
		if math.IsNaN(r.Rating) || math.IsInf(r.Rating, 0) || r.Deviation <= 0 || r.Volatility <= 0 {
			t.Fatalf("game %d: %+v", i, r)
		}
	}
	if r.IsProvisional() || math.Abs(r.Rating-1700) > 60 {
		t.Errorf("after 500 games scoring half against 1700: %+v", r)
	}
}

func FuzzUpdate(f *testing.F) {
	f.Add(1500.0, 200.0, 0.06, 1400.0, 30.0, 1.0)
	f.Fuzz(func(t *testing.T, r, d, v, or, od, s float64) {
		if !(d > 1 && d <= 350 && v > 0.001 && v < 1 && od > 1 && od <= 350 && r > -5000 && r < 10000 && or > -5000 && or < 10000 && s >= 0 && s <= 1) {
			return
		}
		got := Update(Rating{r, d, v}, []Result{{Rating{or, od, 0.06}, s}})
		if math.IsNaN(got.Rating) || math.IsNaN(got.Deviation) || math.IsNaN(got.Volatility) || got.Deviation > 350 {
			t.Fatalf("%+v", got)
		}
	})
}
