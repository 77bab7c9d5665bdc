package research

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// figure is one plot of the report as inline SVG.
type figure struct {
	ID, Title, Caption string
	SVG                string
}

// readingNames are the short names of readings on the plots' axes: R0,
// R1, ... (the report's table says which is which).
func readingNames(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("R%d", i)
	}
	return out
}

// svg renders p at the given size in centimetres.
func svg(p *plot.Plot, w, h float64) (string, error) {
	c := vgsvg.New(vg.Length(w)*vg.Centimeter, vg.Length(h)*vg.Centimeter)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", err
	}
	// Drop the XML declaration: the SVG goes inline into HTML.
	s := buf.String()
	if i := bytes.Index(buf.Bytes(), []byte("<svg")); i > 0 {
		s = s[i:]
	}
	return s, nil
}

// plotWidth grows with the number of readings.
func plotWidth(readings int) float64 { return math.Max(16, math.Min(40, 4+1.2*float64(readings))) }

// figures draws every plot of the report.
func (rep *Report) figures() ([]figure, error) {
	var figs []figure
	for _, f := range []func() (figure, error){
		rep.seatPlot, rep.heatPlot, rep.outcomePlot, rep.lengthPlot, rep.leadPlot, rep.convergencePlot,
	} {
		fig, err := f()
		if err != nil {
			return nil, err
		}
		figs = append(figs, fig)
	}
	return figs, nil
}

func (rep *Report) maxSeats() int {
	n := 0
	for _, s := range rep.Stats {
		n = max(n, len(s.SeatRates))
	}
	return n
}

// seatPlot: each seat's win rate per reading with its interval, and the
// fair share.
func (rep *Report) seatPlot() (figure, error) {
	p := plot.New()
	p.Y.Label.Text = "win rate"
	p.Legend.Top = true
	seats := rep.maxSeats()
	for k := 0; k < seats; k++ {
		var pts plotter.XYs
		var errs plotter.YErrors
		for i, s := range rep.Stats {
			if k >= len(s.SeatRates) {
				continue
			}
			r := s.SeatRates[k]
			x := float64(i) + 0.3*(float64(k)-float64(seats-1)/2)/float64(seats)
			pts = append(pts, plotter.XY{X: x, Y: r.Value})
			errs = append(errs, struct{ Low, High float64 }{r.Value - r.Low, r.High - r.Value})
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return figure{}, err
		}
		sc.GlyphStyle.Color = plotutil.Color(k)
		sc.GlyphStyle.Shape = plotutil.Shape(k)
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{pts, errs})
		if err != nil {
			return figure{}, err
		}
		eb.LineStyle.Color = plotutil.Color(k)
		p.Add(sc, eb)
		p.Legend.Add(fmt.Sprintf("seat %d", k), sc)
	}
	players := len(rep.Stats[rep.Base].SeatRates)
	fair := plotter.NewFunction(func(float64) float64 { return 1 / float64(players) })
	fair.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	fair.Color = color.Gray{Y: 90}
	p.Add(fair)
	p.Legend.Add(fmt.Sprintf("fair share 1/%d", players), fair)
	p.NominalX(readingNames(len(rep.Stats))...)
	p.Add(plotter.NewGrid())
	s, err := svg(p, plotWidth(len(rep.Stats)), 10)
	return figure{ID: "seats", Title: "Seat win rates per reading",
		Caption: "Each seat's share of all games won, with its 95% Wilson interval; the dashed line is the fair share.", SVG: s}, err
}

// heatGrid is the reading-by-seat grid of win rates.
type heatGrid struct{ rep *Report }

func (g heatGrid) Dims() (c, r int) { return g.rep.maxSeats(), len(g.rep.Stats) }

// Z is seat c's share of the decided games of reading r: the fair
// share is 1/n whatever the draws.
func (g heatGrid) Z(c, r int) float64 {
	wins := g.rep.Stats[r].SeatWins
	total := 0
	for _, w := range wins {
		total += w
	}
	if c >= len(wins) || total == 0 {
		return math.NaN()
	}
	return float64(wins[c]) / float64(total)
}
func (g heatGrid) X(c int) float64 { return float64(c) }
func (g heatGrid) Y(r int) float64 { return float64(r) }

// heatPlot: reading by seat, coloured by how far the seat's win rate is
// from the fair share (blue below, red above).
func (rep *Report) heatPlot() (figure, error) {
	p := plot.New()
	g := heatGrid{rep}
	players := float64(len(rep.Stats[rep.Base].SeatRates))
	fair := 1 / players
	dev := 0.05
	cols, rows := g.Dims()
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if z := g.Z(c, r); !math.IsNaN(z) {
				dev = math.Max(dev, math.Abs(z-fair))
			}
		}
	}
	cmap := moreland.SmoothBlueRed()
	cmap.SetMin(fair - dev)
	cmap.SetMax(fair + dev)
	h := plotter.NewHeatMap(g, cmap.Palette(255))
	h.Min, h.Max = fair-dev, fair+dev
	h.NaN = color.White
	p.Add(h)
	labels, err := plotter.NewLabels(heatLabels{rep})
	if err != nil {
		return figure{}, err
	}
	p.Add(labels)
	seats := make([]string, rep.maxSeats())
	for k := range seats {
		seats[k] = fmt.Sprintf("seat %d", k)
	}
	p.NominalX(seats...)
	p.NominalY(readingNames(len(rep.Stats))...)
	s, err := svg(p, math.Max(10, 4+3*float64(len(seats))), math.Max(6, 2.5+0.6*float64(len(rep.Stats))))
	return figure{ID: "heatmap", Title: "Reading by seat",
		Caption: fmt.Sprintf("Each seat's share (%%) of the games won under each reading (draws left out); blue below the fair share %.0f%%, red above (full colour at %.0f points off).", 100*fair, 100*dev), SVG: s}, err
}

// heatLabels writes each cell's percentage.
type heatLabels struct{ rep *Report }

func (l heatLabels) Len() int { return len(l.rep.Stats) * l.rep.maxSeats() }
func (l heatLabels) XY(i int) (float64, float64) {
	n := l.rep.maxSeats()
	return float64(i%n) - 0.1, float64(i/n) - 0.1
}
func (l heatLabels) Label(i int) string {
	n := l.rep.maxSeats()
	z := heatGrid(l).Z(i%n, i/n)
	if math.IsNaN(z) {
		return ""
	}
	return fmt.Sprintf("%.1f", 100*z)
}

// outcomePlot: stacked shares of decided, drawn and stalled games.
func (rep *Report) outcomePlot() (figure, error) {
	p := plot.New()
	p.Y.Label.Text = "share of games"
	p.Legend.Top = true
	w := vg.Points(math.Max(4, math.Min(24, 360/float64(len(rep.Stats)))))
	parts := []struct {
		name string
		get  func(Stats) int
		col  color.Color
	}{
		{"decided", func(s Stats) int { return s.Decided }, color.RGBA{R: 70, G: 130, B: 180, A: 255}},
		{"drawn", func(s Stats) int { return s.Drawn }, color.RGBA{R: 240, G: 180, B: 60, A: 255}},
		{"stalled (safeguard)", func(s Stats) int { return s.Stalled }, color.RGBA{R: 200, G: 60, B: 60, A: 255}},
	}
	var below *plotter.BarChart
	for _, part := range parts {
		vals := make(plotter.Values, len(rep.Stats))
		for i, s := range rep.Stats {
			vals[i] = frac(part.get(s), s.Games)
		}
		b, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return figure{}, err
		}
		b.Color = part.col
		b.LineStyle.Width = 0
		if below != nil {
			b.StackOn(below)
		}
		below = b
		p.Add(b)
		p.Legend.Add(part.name, b)
	}
	p.NominalX(readingNames(len(rep.Stats))...)
	p.Y.Max = 1.0
	s, err := svg(p, plotWidth(len(rep.Stats)), 9)
	return figure{ID: "outcomes", Title: "Outcomes",
		Caption: "Share of games decided by the rules, drawn, and stalled (a safeguard not in the source fired).", SVG: s}, err
}

// lengthPlot: box plots of the turns per game.
func (rep *Report) lengthPlot() (figure, error) {
	p := plot.New()
	p.Y.Label.Text = "turns per game"
	by := make([]plotter.Values, len(rep.Stats))
	for _, r := range rep.results {
		if !r.Skill {
			by[r.Reading] = append(by[r.Reading], float64(r.Turns))
		}
	}
	w := vg.Points(math.Max(4, math.Min(20, 300/float64(len(rep.Stats)))))
	for i, vals := range by {
		if len(vals) == 0 {
			continue
		}
		b, err := plotter.NewBoxPlot(w, float64(i), vals)
		if err != nil {
			return figure{}, err
		}
		b.GlyphStyle.Radius = vg.Points(1)
		p.Add(b)
	}
	p.NominalX(readingNames(len(rep.Stats))...)
	s, err := svg(p, plotWidth(len(rep.Stats)), 9)
	return figure{ID: "length", Title: "Game length",
		Caption: "Players' turns per game: median, quartiles, whiskers to 1.5 interquartile ranges, outliers as dots.", SVG: s}, err
}

// leadPlot: the winner's mean lead over the course of a game.
func (rep *Report) leadPlot() (figure, error) {
	p := plot.New()
	p.X.Label.Text = "% of the game's turns"
	p.Y.Label.Text = "winner's lead (game's own measure)"
	p.Legend.Top = true
	p.Legend.Left = true
	for i, s := range rep.Stats {
		if s.Decided+s.Stalled == 0 {
			continue
		}
		pts := make(plotter.XYs, len(s.LeadCurve))
		for k, v := range s.LeadCurve {
			pts[k] = plotter.XY{X: float64(100 * k / (leadPoints - 1)), Y: v}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return figure{}, err
		}
		l.Color = plotutil.Color(i)
		l.Dashes = plotutil.Dashes(i / 7)
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("R%d", i), l)
	}
	p.Add(plotter.NewGrid())
	s, err := svg(p, 16, 10)
	return figure{ID: "lead", Title: "The winner's lead over a game",
		Caption: "Mean lead of the eventual winner over the best other player, by the game's own measure, at each tenth of the game (decided games).", SVG: s}, err
}

// convergencePlot: the running estimate of the first seat's win rate as
// games are added, with its Wilson band for the base reading.
func (rep *Report) convergencePlot() (figure, error) {
	p := plot.New()
	p.X.Label.Text = "games"
	p.Y.Label.Text = "seat 0 win rate (running)"
	p.Legend.Top = true
	by := make([][]Result, len(rep.Stats))
	for _, r := range rep.results {
		if !r.Skill {
			by[r.Reading] = append(by[r.Reading], r)
		}
	}
	for i, rs := range by {
		if len(rs) == 0 {
			continue
		}
		step := max(1, len(rs)/200)
		var pts, lo, hi plotter.XYs
		wins := 0
		for g, r := range rs {
			if r.Winner == 0 {
				wins++
			}
			if (g+1)%step == 0 || g == len(rs)-1 {
				iv := Wilson(wins, g+1)
				pts = append(pts, plotter.XY{X: float64(g + 1), Y: iv.Value})
				lo = append(lo, plotter.XY{X: float64(g + 1), Y: iv.Low})
				hi = append(hi, plotter.XY{X: float64(g + 1), Y: iv.High})
			}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return figure{}, err
		}
		l.Color = plotutil.Color(i)
		l.Dashes = plotutil.Dashes(i / 7)
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("R%d", i), l)
		if i == rep.Base {
			for _, band := range []plotter.XYs{lo, hi} {
				b, err := plotter.NewLine(band)
				if err != nil {
					return figure{}, err
				}
				b.Color = color.Gray{Y: 150}
				b.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
				p.Add(b)
			}
		}
	}
	p.Y.Min, p.Y.Max = 0, 1
	p.Add(plotter.NewGrid())
	s, err := svg(p, 16, 10)
	return figure{ID: "convergence", Title: "Convergence",
		Caption: fmt.Sprintf("Seat 0's win rate as games are added, per reading; the dotted grey lines are the 95%% Wilson band of the base reading (R%d).", rep.Base), SVG: s}, err
}
