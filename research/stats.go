package research

import (
	"math"
	"slices"
	"sort"
	"strconv"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// z95 is the standard normal quantile for a two-sided 95% interval.
var z95 = distuv.UnitNormal.Quantile(0.975)

// Interval is an estimate with its 95% interval.
type Interval struct {
	Value float64 `json:"value"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	// N is the number of observations behind the estimate.
	N int `json:"n"`
}

// Wilson is the 95% Wilson score interval of k successes in n trials; the
// interval is [0, 1] when n is 0.
func Wilson(k, n int) Interval { return wilsonZ(k, n, z95) }

// wilsonZ is the Wilson score interval with normal quantile z.
func wilsonZ(k, n int, z float64) Interval {
	if n == 0 {
		return Interval{Low: 0, High: 1}
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	iv := Interval{Value: p, Low: max(0, centre-half), High: min(1, centre+half), N: n}
	// The bounds at k = 0 and k = n are exactly 0 and 1; the subtraction
	// above leaves a rounding error (1.4e-17) that the JSON would show.
	if k == 0 {
		iv.Low = 0
	}
	if k == n {
		iv.High = 1
	}
	return iv
}

// ClopperPearson is the exact (conservative) 95% interval of k successes
// in n trials, from the quantiles of the beta distribution.
func ClopperPearson(k, n int) Interval {
	if n == 0 {
		return Interval{Low: 0, High: 1}
	}
	iv := Interval{Value: float64(k) / float64(n), Low: 0, High: 1, N: n}
	if k > 0 {
		iv.Low = distuv.Beta{Alpha: float64(k), Beta: float64(n - k + 1)}.Quantile(0.025)
	}
	if k < n {
		iv.High = distuv.Beta{Alpha: float64(k + 1), Beta: float64(n - k)}.Quantile(0.975)
	}
	return iv
}

// Proportion is Wilson's interval, or Clopper-Pearson's when k is 0 or n,
// where Wilson's is known to be too narrow.
func Proportion(k, n int) Interval {
	if k == 0 || k == n {
		return ClopperPearson(k, n)
	}
	return Wilson(k, n)
}

// Mean is the mean of xs with its 95% Student t interval (the zero
// Interval, N 0, for no values).
func Mean(xs []float64) Interval {
	n := len(xs)
	if n == 0 {
		return Interval{}
	}
	m, sd := stat.MeanStdDev(xs, nil)
	if n == 1 || sd == 0 {
		return Interval{Value: m, Low: m, High: m, N: n}
	}
	half := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(0.975) * sd / math.Sqrt(float64(n))
	return Interval{Value: m, Low: m - half, High: m + half, N: n}
}

// Quantile is the q-quantile of xs (the smallest value with at least a
// share q of xs at or below it) with a distribution-free 95% interval:
// the order statistics whose ranks bound the binomial count of values
// below the true quantile (normal approximation).
func Quantile(xs []float64, q float64) Interval {
	n := len(xs)
	if n == 0 {
		return Interval{}
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	return sortedQuantile(s, q)
}

// sortedQuantile is Quantile of s, which is sorted and not empty.
func sortedQuantile(s []float64, q float64) Interval {
	n := len(s)
	half := z95 * math.Sqrt(float64(n)*q*(1-q))
	lo := int(math.Floor(float64(n)*q - half))
	hi := int(math.Ceil(float64(n)*q + half))
	return Interval{
		Value: stat.Quantile(q, stat.Empirical, s, nil),
		Low:   s[max(0, min(n-1, lo-1))],
		High:  s[max(0, min(n-1, hi))],
		N:     n,
	}
}

// PairedT tests whether the mean of the paired differences a[i]-b[i] is
// 0, by Student's t; it returns the mean difference with its 95% interval
// and the two-sided p-value (1 when every difference is 0).
func PairedT(a, b []float64) (Interval, float64) {
	d := make([]float64, min(len(a), len(b)))
	for i := range d {
		d[i] = a[i] - b[i]
	}
	iv := Mean(d)
	if len(d) < 2 {
		return iv, 1
	}
	_, sd := stat.MeanStdDev(d, nil)
	if sd == 0 {
		if iv.Value == 0 {
			return iv, 1
		}
		return iv, 0
	}
	t := iv.Value / (sd / math.Sqrt(float64(len(d))))
	p := 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(d) - 1)}.Survival(math.Abs(t))
	return iv, p
}

// normalTwoSided is the two-sided p-value of a standard normal z,
// erfc(|z|/√2): exact in relative terms far into the tail (gonum's
// Survival is 1/2(1 - erf), which is 0 once z > 8.3), 0 only where the
// p-value is below the smallest float64 (|z| > 38.5).
func normalTwoSided(z float64) float64 { return math.Erfc(math.Abs(z) / math.Sqrt2) }

// ChiSquareUniform tests whether counts come from equal chances: the
// Pearson chi-square statistic against equal expected counts and its
// p-value (1 when there is nothing to test).
func ChiSquareUniform(counts []int) (chi2, p float64) {
	total := 0
	for _, c := range counts {
		total += c
	}
	if len(counts) < 2 || total == 0 {
		return 0, 1
	}
	exp := float64(total) / float64(len(counts))
	for _, c := range counts {
		d := float64(c) - exp
		chi2 += d * d / exp
	}
	return chi2, distuv.ChiSquared{K: float64(len(counts) - 1)}.Survival(chi2)
}

// SeatEdges gives each seat's edge, its share of the decided games minus
// the fair share 1/n, with Wilson intervals that hold for all the seats
// together with 95%: each at the Šidák level 0.95^(1/m), m the number of
// seats (m = 1 for two seats, whose edges are one number and its
// negative). An interval that excludes 0 says the seat is favoured or
// disfavoured, with at most a 5% chance of a false alarm over all seats.
// Nothing is returned without decided games.
func SeatEdges(wins []int) []Interval {
	n, decided := len(wins), 0
	for _, w := range wins {
		decided += w
	}
	if n < 2 || decided == 0 {
		return nil
	}
	z := SidakZ(n)
	if n == 2 {
		z = z95
	}
	fair := 1 / float64(n)
	out := make([]Interval, n)
	for k, w := range wins {
		iv := wilsonZ(w, decided, z)
		out[k] = Interval{Value: iv.Value - fair, Low: iv.Low - fair, High: iv.High - fair, N: decided}
	}
	return out
}

// SidakZ is the normal quantile of two-sided intervals at the level
// 0.95^(1/m): m of them, independent, hold together with 95%.
func SidakZ(m int) float64 {
	alpha := 1 - math.Pow(0.95, 1/float64(m))
	return distuv.UnitNormal.Quantile(1 - alpha/2)
}

// PValue formats a p-value for people with two significant digits. A
// p-value too small for a float64 (it underflowed to 0) is "< 1e-300",
// never 0: the test said very small, not impossible.
func PValue(p float64) string {
	if p < 1e-300 {
		return "< 1e-300"
	}
	return strconv.FormatFloat(p, 'g', 2, 64)
}

// pIs is "= p" or "< 1e-300", to follow a "p".
func pIs(p float64) string {
	if v := PValue(p); v[0] == '<' {
		return v
	}
	return "= " + PValue(p)
}

// Holm adjusts p-values for many comparisons by Holm's step-down method,
// controlling the family-wise error rate: the i-th smallest of m p-values
// is multiplied by m-i+1 (i from 1), made monotone and capped at 1.
func Holm(ps []float64) []float64 {
	m := len(ps)
	idx := make([]int, m)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return ps[idx[a]] < ps[idx[b]] })
	out := make([]float64, m)
	running := 0.0
	for rank, i := range idx {
		adj := min(1, float64(m-rank)*ps[i])
		running = max(running, adj)
		out[i] = running
	}
	return out
}

// quantiles gives Quantile(xs, a) and Quantile(xs, b), sorting xs in place
// once instead of sorting a copy for each.
func quantiles(xs []float64, a, b float64) (Interval, Interval) {
	if len(xs) == 0 {
		return Interval{}, Interval{}
	}
	if !sortCounts(xs) {
		sort.Float64s(xs)
	}
	return sortedQuantile(xs, a), sortedQuantile(xs, b)
}

// sortCounts sorts xs in place by counting them, as sort.Float64s would
// leave them, when every one is a whole number from 0 to a few times
// len(xs) (turns, plies, moves of a study's games), and says whether it
// did; else it leaves xs as they were. A million games' turns are
// counted in a few passes instead of some twenty million comparisons.
func sortCounts(xs []float64) bool {
	limit := 4*len(xs) + 1024
	top := 0
	for _, x := range xs {
		if !(x >= 0 && x < float64(limit)) || x != math.Trunc(x) || math.Signbit(x) {
			return false
		}
		top = max(top, int(x))
	}
	count := make([]int, top+1)
	for _, x := range xs {
		count[int(x)]++
	}
	i := 0
	for v, c := range count {
		for range c {
			xs[i] = float64(v)
			i++
		}
	}
	return true
}
