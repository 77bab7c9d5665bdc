package research

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Effect sizes put every difference on a common scale, and the power of
// each test says what a null result can rule out (docs/metrics.md).

// z80 is the normal quantile of 80% power.
var z80 = distuv.UnitNormal.Quantile(0.8)

// Effect kinds.
const (
	EffectH = "h" // Cohen's h, for rates (0/1 per game)
	EffectD = "d" // standardised mean difference, for lengths and other means
)

// cohenH is Cohen's h of paired 0/1 values x (the reading) and y (the
// base): 2 asin √p_x − 2 asin √p_y, with the 95% interval from its delta
// method variance for paired rates, 2(1 − r)/n, r the correlation of x
// and y (0 when either is constant).
func cohenH(x, y []float64) Interval {
	n := float64(len(x))
	px, py := stat.Mean(x, nil), stat.Mean(y, nil)
	h := 2*math.Asin(math.Sqrt(px)) - 2*math.Asin(math.Sqrt(py))
	se := math.Sqrt(2 * (1 - correlation(x, y)) / n)
	return Interval{Value: h, Low: h - z95*se, High: h + z95*se, N: len(x)}
}

// smd is the standardised mean difference of paired values x and y: the
// mean difference over the root mean square of the two standard
// deviations (Cohen's d_av, so that the pairing does not inflate it),
// with the 95% interval from Borenstein et al.'s variance for matched
// groups, (1/n + d²/(2n)) · 2(1 − r). It is 0 when both are constant.
func smd(x, y []float64) Interval {
	n := float64(len(x))
	sx, sy := stat.StdDev(x, nil), stat.StdDev(y, nil)
	s := math.Sqrt((sx*sx + sy*sy) / 2)
	if s == 0 || math.IsNaN(s) {
		return Interval{N: len(x)}
	}
	d := (stat.Mean(x, nil) - stat.Mean(y, nil)) / s
	se := math.Sqrt((1/n + d*d/(2*n)) * 2 * (1 - correlation(x, y)))
	return Interval{Value: d, Low: d - z95*se, High: d + z95*se, N: len(x)}
}

// detectable is the smallest mean difference a paired test of x and y
// detects with 80% power at the two-sided 5% level: (z 0.975 + z 0.8)
// times the standard error of the mean difference (normal approximation);
// 0 when unknown.
func detectable(x, y []float64) float64 {
	d := make([]float64, len(x))
	for i := range d {
		d[i] = x[i] - y[i]
	}
	if len(d) < 2 {
		return 0 // unknown
	}
	return (z95 + z80) * stat.StdDev(d, nil) / math.Sqrt(float64(len(d)))
}

// seatDetectable is the smallest seat edge the seat test detects with 80%
// power among decided games: (z + z 0.8) √(p(1 − p)/D), p = 1/n, z the
// Šidák quantile of the seat intervals (the plain 95% one for 2 seats);
// 0 without decided games.
func seatDetectable(wins []int) float64 {
	n, decided := len(wins), 0
	for _, w := range wins {
		decided += w
	}
	if n < 2 || decided == 0 {
		return 0 // unknown
	}
	z := SidakZ(n)
	if n == 2 {
		z = z95
	}
	p := 1 / float64(n)
	return (z + z80) * math.Sqrt(p*(1-p)/float64(decided))
}

// effectText formats an effect: "h +0.21 (0.15 to 0.27)".
func effectText(c Comparison) string {
	if c.EffectKind == "" {
		return "-"
	}
	return fmt.Sprintf("%s %+.2f (%+.2f to %+.2f)", c.EffectKind, c.Effect.Value, c.Effect.Low, c.Effect.High)
}

// detectableText formats the smallest detectable difference in the
// measure's unit: points for shares.
func detectableText(c Comparison) string {
	if c.Detectable == 0 {
		return "-"
	}
	if isShare(c.Metric) {
		return fmt.Sprintf("±%.1f points", 100*c.Detectable)
	}
	return fmt.Sprintf("±%.3g", c.Detectable)
}

// seatDetectableText is "±3.1" points, or "-".
func seatDetectableText(s Stats) string {
	if s.SeatDetectable == 0 {
		return "-"
	}
	return fmt.Sprintf("±%.1f", 100*s.SeatDetectable)
}
