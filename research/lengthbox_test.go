package research

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// turnsBox draws the box NewBoxPlot draws of every game's turns: the same
// quartiles, whiskers, ends, sizes and styles, the same outliers in the
// same order (the first of each length), and the same SVG, for readings
// of 1 to 400 games whose lengths are bunched, spread, heavy-tailed or
// too spread for a count.
func TestTurnsBoxIsNewBoxPlots(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	outliers, repeated := 0, 0
	for trial := range 300 {
		n := 1 + rng.IntN(400)
		if trial < 10 {
			n = 1 + trial
		}
		gs := make([]game, n)
		vals := make(plotter.Values, n)
		for i := range gs {
			var turns int
			switch trial % 4 {
			case 0: // bunched
				turns = 40 + rng.IntN(5)
			case 1: // spread
				turns = 1 + rng.IntN(1000)
			case 2: // a heavy tail
				turns = 30 + int(rng.ExpFloat64()*20)
				if rng.IntN(20) == 0 {
					turns *= 10
				}
			default: // too spread for a count
				turns = rng.IntN(1 << 30)
			}
			gs[i].Turns, vals[i] = int32(turns), float64(turns)
		}
		w := vg.Points(4 + float64(trial%16))
		got, err := turnsBox(w, float64(trial%3), gs)
		if err != nil {
			t.Fatal(err)
		}
		want, err := plotter.NewBoxPlot(w, float64(trial%3), vals)
		if err != nil {
			t.Fatal(err)
		}
		drawn := map[float64]bool{}
		var once []int
		for _, o := range want.Outside {
			if v := want.Value(o); !drawn[v] {
				drawn[v] = true
				once = append(once, o)
			}
		}
		outliers += len(want.Outside)
		repeated += len(want.Outside) - len(once)
		want.Outside = once
		type box struct {
			Location, Median, Q1, Q3, Min, Max, AdjLow, AdjHigh float64
			Width, CapWidth                                     vg.Length
			Styles                                              []any
			Out                                                 []float64
		}
		of := func(b *plotter.BoxPlot) box {
			var out []float64
			for _, o := range b.Outside {
				out = append(out, b.Value(o))
			}
			return box{b.Location, b.Median, b.Quartile1, b.Quartile3, b.Min, b.Max, b.AdjLow, b.AdjHigh, b.Width, b.CapWidth,
				[]any{b.GlyphStyle, b.BoxStyle, b.MedianStyle, b.WhiskerStyle, b.Horizontal, b.Offset}, out}
		}
		if g, w := of(got), of(want); !reflect.DeepEqual(g, w) {
			t.Fatalf("trial %d, %d games:\n got %+v\nwant %+v", trial, n, g, w)
		}
		if trial%25 == 0 {
			draw := func(b *plotter.BoxPlot) string {
				p := plot.New()
				p.Add(b)
				s, err := svg(p, 8, 6)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			if draw(got) != draw(want) {
				t.Fatalf("trial %d: the SVGs differ", trial)
			}
		}
	}
	if outliers < 100 || repeated < 20 {
		t.Errorf("only %d outliers in all, %d of them repeated: the trials do not draw them", outliers, repeated)
	}
}
