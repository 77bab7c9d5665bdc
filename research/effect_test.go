package research

import (
	"math"
	"testing"
)

// By hand: rates 3/4 and 1/4, h = 2 asin √0.75 − 2 asin √0.25 = 2π/3 −
// π/3 = π/3; the values correlate r = 0.0625/0.1875 = 1/3, so the
// standard error is √(2 (1 − 1/3) / 4) = √(1/3).
func TestCohenH(t *testing.T) {
	h := cohenH([]float64{1, 1, 0, 1}, []float64{0, 1, 0, 0})
	z := 1.959963984540054
	near(t, "h", h.Value, math.Pi/3, 1e-12)
	near(t, "low", h.Low, math.Pi/3-z*math.Sqrt(1.0/3), 1e-12)
	near(t, "high", h.High, math.Pi/3+z*math.Sqrt(1.0/3), 1e-12)
}

// By hand: x = 1, 2, 3, 4 (variance 5/3), y = 2 constant (variance 0):
// d = 0.5 / √(5/6) = 0.5477225575051661; r = 0 (y constant), so the
// variance is (1/4 + d²/8) · 2 = 0.575.
func TestSMD(t *testing.T) {
	d := smd([]float64{1, 2, 3, 4}, []float64{2, 2, 2, 2})
	z := 1.959963984540054
	near(t, "d", d.Value, 0.5/math.Sqrt(5.0/6), 1e-12)
	near(t, "d by hand", d.Value, 0.5477225575051661, 1e-12)
	near(t, "low", d.Low, d.Value-z*math.Sqrt(0.575), 1e-12)
	if c := smd([]float64{3, 3}, []float64{3, 3}); c.Value != 0 || c.Low != 0 {
		t.Errorf("constant: %+v", c)
	}
}

// By hand: the differences −1, 0, 1, 2 have standard deviation
// √(5/3), so 80% power at 5% needs (1.959964 + 0.841621) √(5/3) / 2.
// 2,000 decided games between two seats: (1.959964 + 0.841621) √(0.25/2000)
// = 3.13 points, the smallest seat edge the test finds.
func TestDetectable(t *testing.T) {
	want := (1.959963984540054 + 0.8416212335729143) * math.Sqrt(5.0/3) / 2
	near(t, "paired", detectable([]float64{1, 2, 3, 4}, []float64{2, 2, 2, 2}), want, 1e-12)
	near(t, "seat", seatDetectable([]int{1000, 1000}), (1.959963984540054+0.8416212335729143)*math.Sqrt(0.25/2000), 1e-12)
	near(t, "seat points", 100*seatDetectable([]int{1100, 900}), 3.1323, 1e-4)
	if seatDetectable([]int{0, 0}) != 0 {
		t.Error("no decided games: want 0 (unknown)")
	}
}
