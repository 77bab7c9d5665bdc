package research

import (
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// turnsBox is the box plot that plotter.NewBoxPlot makes of the turns of
// games gs (a reading's, in their order), without its copy and sort of
// every game: the quartiles are read from a count of the games by turns,
// and the box holds only its outliers, which is all that it draws and all
// that it spans beyond its whiskers. A study of a million games made and
// sorted two lists of a million numbers here. Lengths too spread for a
// count (more distinct turns than 4 a game) take NewBoxPlot's own way.
//
// Each outlying length is drawn once, where the games first reach it:
// turns are whole numbers, so a million games' ten thousand outliers are
// some hundred dots, each drawn a hundred times over itself, which made
// the report 20 times larger and its writing 2% of a random study's time.
func turnsBox(w vg.Length, loc float64, gs []game) (*plotter.BoxPlot, error) {
	lo, hi := int32(math.MaxInt32), int32(math.MinInt32)
	for _, g := range gs {
		lo, hi = min(lo, g.Turns), max(hi, g.Turns)
	}
	if span := int64(hi) - int64(lo) + 1; span > 4*int64(len(gs))+1024 {
		vals := make(plotter.Values, len(gs))
		for i, g := range gs {
			vals[i] = float64(g.Turns)
		}
		b, err := plotter.NewBoxPlot(w, loc, vals)
		if err == nil {
			distinctOutside(b)
		}
		return b, err
	}
	count := make([]int, hi-lo+1)
	for _, g := range gs {
		count[g.Turns-lo]++
	}
	// at is the k-th smallest turns (from 0); the few calls walk the
	// counts from the smallest.
	at := func(k int) float64 {
		for t, c := range count {
			if k < c {
				return float64(lo + int32(t))
			}
			k -= c
		}
		panic("research: turnsBox: no such game")
	}
	// median is the median of the sorted turns' [from, to), as
	// NewBoxPlot takes it of a sorted slice.
	median := func(from, to int) float64 {
		n := to - from
		m := at(from + n/2)
		if n > 1 && n%2 == 0 {
			m += at(from + n/2 - 1)
			m /= 2
		}
		return m
	}
	b, err := plotter.NewBoxPlot(w, loc, plotter.Values{0}) // its sizes and styles
	if err != nil {
		return nil, err
	}
	n := len(gs)
	b.Median, b.Quartile1, b.Quartile3 = median(0, n), median(0, n), median(0, n)
	if n > 1 {
		b.Quartile1, b.Quartile3 = median(0, n/2), median(n/2, n)
	}
	b.Min, b.Max = float64(lo), float64(hi)
	low := b.Quartile1 - 1.5*(b.Quartile3-b.Quartile1)
	high := b.Quartile3 + 1.5*(b.Quartile3-b.Quartile1)
	b.AdjLow, b.AdjHigh = math.Inf(1), math.Inf(-1)
	b.Values, b.Outside = nil, nil
	for _, g := range gs {
		v := float64(g.Turns)
		if v > high || v < low {
			// The medians are read: a count of -1 marks a length drawn.
			if c := &count[g.Turns-lo]; *c >= 0 {
				*c = -1
				b.Outside = append(b.Outside, len(b.Values))
				b.Values = append(b.Values, v)
			}
			continue
		}
		b.AdjLow, b.AdjHigh = min(b.AdjLow, v), max(b.AdjHigh, v)
	}
	return b, nil
}

// distinctOutside keeps in b's outliers the first of each value.
func distinctOutside(b *plotter.BoxPlot) {
	seen := make(map[float64]bool, len(b.Outside))
	out := b.Outside[:0]
	for _, o := range b.Outside {
		if v := b.Value(o); !seen[v] {
			seen[v] = true
			out = append(out, o)
		}
	}
	b.Outside = out
}
