package research

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// figure is one plot of the report as inline SVG, with its legend drawn
// beside it in HTML, where it cannot cover the data.
type figure struct {
	ID, Title, Caption string // in the page's language (WriteHTMLIn)
	SVG                string
	Legend             []legendItem
	// title and caption are the English, fmt formats of their args
	// (words.go has them in German).
	title, caption         string
	titleArgs, captionArgs []any
}

// legendItem is one entry of a figure's legend: a line (Dash a CSS border
// style) or a filled box (Dash "").
type legendItem struct {
	Label, Color, Dash string
}

// okabeIto is the colour-blind-safe palette of Okabe and Ito (2008),
// without its yellow, which is too light on white.
var okabeIto = []color.RGBA{
	{0, 0, 0, 255}, {230, 159, 0, 255}, {86, 180, 233, 255}, {0, 158, 115, 255},
	{0, 114, 178, 255}, {213, 94, 0, 255}, {204, 121, 167, 255}, {120, 120, 120, 255},
}

// lineDashes are the dash patterns that, with the 8 colours, tell 24
// readings apart; cssDashes are the same as CSS border styles.
var (
	lineDashes = [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, {vg.Points(1.5), vg.Points(2.5)}}
	cssDashes  = []string{"solid", "dashed", "dotted"}
)

// readingStyle is reading (or seat) i's colour and dash: 8 colours, then
// the same colours dashed, then dotted.
func readingStyle(i int) (color.RGBA, []vg.Length, legendItem) {
	c := okabeIto[i%len(okabeIto)]
	d := (i / len(okabeIto)) % len(lineDashes)
	return c, lineDashes[d], legendItem{Color: hexColor(c), Dash: cssDashes[d]}
}

func hexColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// readingNames name the readings on the plots' axes: "R3 opening=ordered"
// for a reading that varies one option, "R3 any,ordered" (the values in
// --vary order) for several; the report's table gives each in full.
func (rep *Report) readingNames() []string {
	out := make([]string, len(rep.Stats))
	for i, s := range rep.Stats {
		out[i] = fmt.Sprintf("R%d %s", i, shortLabel(s.Reading))
	}
	return out
}

// shortLabel is a reading's label for a plot: name=value for one varied
// option, the values alone for several.
func shortLabel(r Reading) string {
	if len(r.Varied) <= 1 {
		return r.Label()
	}
	vals := make([]string, len(r.Varied))
	for k, v := range r.Varied {
		_, vals[k], _ = strings.Cut(v, "=")
	}
	return strings.Join(vals, ",")
}

// nominalReadings puts the readings' names on the X axis, slanted so that
// long names do not overlap.
func (rep *Report) nominalReadings(p *plot.Plot) {
	p.NominalX(rep.readingNames()...)
	p.X.Tick.Label.Rotation = math.Pi / 5
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
}

// cleanTicks are gonum's default ticks with their labels in the fewest
// digits ("25", not "25.00"); on an integer axis (turns, games, budgets)
// only whole numbers are labelled.
type cleanTicks struct{ integer bool }

func (c cleanTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i, t := range ticks {
		if t.Label == "" {
			continue
		}
		if c.integer && t.Value != math.Trunc(t.Value) {
			ticks[i].Label = ""
			continue
		}
		if strings.Contains(t.Label, ".") && !strings.ContainsAny(t.Label, "eE") {
			ticks[i].Label = strings.TrimSuffix(strings.TrimRight(t.Label, "0"), ".")
		}
	}
	return ticks
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

// labelRoom is the room, in centimetres, that the longest reading name
// takes on an axis: along it (heat map) or slanted below it (the rest).
func (rep *Report) labelRoom(along bool) float64 {
	n := 0
	for _, name := range rep.readingNames() {
		n = max(n, len(name))
	}
	if along {
		return 0.19 * float64(n)
	}
	return 0.12 * float64(n)
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
	trace, err := rep.tracePlots()
	return append(figs, trace...), err
}

// intervalPlot draws series of estimates with their intervals over
// nominal x labels, and a dashed line at fair (none when fair is 0).
func intervalPlot(xs, names []string, series [][]Interval, fair float64, ylabel string) (figure, error) {
	p := plot.New()
	p.Y.Label.Text = ylabel
	p.Y.Tick.Marker = cleanTicks{}
	var legend []legendItem
	lo, hi := fair, fair
	for k, ivs := range series {
		var pts plotter.XYs
		var errs plotter.YErrors
		for i, iv := range ivs {
			if iv.N == 0 {
				continue
			}
			x := float64(i) + 0.1*(float64(k)-float64(len(series)-1)/2)
			pts = append(pts, plotter.XY{X: x, Y: iv.Value})
			errs = append(errs, struct{ Low, High float64 }{iv.Value - iv.Low, iv.High - iv.Value})
			lo, hi = min(lo, iv.Low), max(hi, iv.High)
		}
		if len(pts) == 0 {
			continue
		}
		col, dash, item := readingStyle(k)
		l, err := plotter.NewLine(pts)
		if err != nil {
			return figure{}, err
		}
		l.Color, l.Dashes = col, dash
		eb, err := errorBars(pts, errs, col)
		if err != nil {
			return figure{}, err
		}
		p.Add(l, eb)
		item.Label = names[k]
		legend = append(legend, item)
	}
	if fair > 0 {
		f := plotter.NewFunction(func(float64) float64 { return fair })
		f.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		f.Color = color.Gray{Y: 90}
		p.Add(f)
	}
	pad := 0.04 * max(hi-lo, 0.01)
	p.Y.Min, p.Y.Max = max(0, lo-pad), min(1, hi+pad)
	p.NominalX(xs...)
	p.Add(plotter.NewGrid())
	s, err := svg(p, 14, 9)
	return figure{SVG: s, Legend: legend}, err
}

// errorBars draws the intervals errs around pts in colour col.
func errorBars(pts plotter.XYs, errs plotter.YErrors, col color.Color) (*plotter.YErrorBars, error) {
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{pts, errs})
	if err == nil {
		eb.LineStyle.Color = col
	}
	return eb, err
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
	p.Y.Tick.Marker = cleanTicks{}
	var legend []legendItem
	seats := rep.maxSeats()
	lo, hi := 1.0, 0.0
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
			lo, hi = min(lo, r.Low), max(hi, r.High)
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return figure{}, err
		}
		col, _, item := readingStyle(k)
		sc.GlyphStyle.Color = col
		sc.GlyphStyle.Shape = plotutil.Shape(k)
		eb, err := errorBars(pts, errs, col)
		if err != nil {
			return figure{}, err
		}
		p.Add(sc, eb)
		item.Label = fmt.Sprintf("seat %d", k)
		legend = append(legend, item)
	}
	// The fair share is each reading's own 1/players: a short dashed
	// line across the reading's seats.
	fairCol := color.RGBA{90, 90, 90, 255}
	sameFair := true
	for i, st := range rep.Stats {
		n := len(st.SeatRates)
		if n == 0 {
			continue
		}
		f := 1 / float64(n)
		sameFair = sameFair && n == len(rep.Stats[rep.Base].SeatRates)
		lo, hi = min(lo, f), max(hi, f)
		l, err := plotter.NewLine(plotter.XYs{{X: float64(i) - 0.4, Y: f}, {X: float64(i) + 0.4, Y: f}})
		if err != nil {
			return figure{}, err
		}
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		l.Color = fairCol
		p.Add(l)
	}
	pad := 0.04 * max(hi-lo, 0.01)
	p.Y.Min, p.Y.Max = max(0, lo-pad), min(1, hi+pad)
	fairText := "fair share 1/players of each reading"
	if sameFair {
		fairText = fmt.Sprintf("fair share 1/%d", len(rep.Stats[rep.Base].SeatRates))
	}
	legend = append(legend, legendItem{Label: fairText, Color: hexColor(fairCol), Dash: "dashed"})
	rep.nominalReadings(p)
	p.Add(plotter.NewGrid())
	s, err := svg(p, plotWidth(len(rep.Stats)), 10+rep.labelRoom(false))
	return figure{ID: "seats", title: "Seat win rates per reading",
		caption: "Each seat's share of all games won, with its 95% Wilson interval; the dashed line is the reading's fair share, 1/players.", SVG: s, Legend: legend}, err
}

// heatGrid is the reading-by-seat grid of win rates.
type heatGrid struct{ rep *Report }

func (g heatGrid) Dims() (c, r int) { return g.rep.maxSeats(), len(g.rep.Stats) }

// Z is seat c's share of the decided games of reading r minus the
// reading's fair share 1/players (readings may differ in players).
func (g heatGrid) Z(c, r int) float64 {
	wins := g.rep.Stats[r].SeatWins
	return g.share(c, r) - 1/float64(len(wins))
}

// share is seat c's share of the decided games of reading r (NaN when
// there is no such seat or no decided game).
func (g heatGrid) share(c, r int) float64 {
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
	dev := 0.05
	cols, rows := g.Dims()
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if z := g.Z(c, r); !math.IsNaN(z) {
				dev = math.Max(dev, math.Abs(z))
			}
		}
	}
	cmap := moreland.SmoothBlueRed()
	cmap.SetMin(-dev)
	cmap.SetMax(dev)
	h := plotter.NewHeatMap(g, cmap.Palette(255))
	h.Min, h.Max = -dev, dev
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
	p.NominalY(rep.readingNames()...)
	s, err := svg(p, math.Max(10, 4+3*float64(len(seats)))+rep.labelRoom(true), math.Max(6, 2.5+0.6*float64(len(rep.Stats))))
	return figure{ID: "heatmap", title: "Reading by seat",
		caption: "Each seat's share (%%) of the games won under each reading (draws left out); blue below the reading's fair share 1/players, red above (full colour at %.0f points off).", captionArgs: []any{100 * dev}, SVG: s}, err
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
	z := heatGrid(l).share(i%n, i/n)
	if math.IsNaN(z) {
		return ""
	}
	return fmt.Sprintf("%.1f", 100*z)
}

// outcomePlot: stacked shares of decided, drawn and stalled games.
func (rep *Report) outcomePlot() (figure, error) {
	p := plot.New()
	p.Y.Label.Text = "share of games"
	p.Y.Tick.Marker = cleanTicks{}
	var legend []legendItem
	w := vg.Points(math.Max(4, math.Min(24, 360/float64(len(rep.Stats)))))
	parts := []struct {
		name string
		get  func(Stats) int
		col  color.RGBA
	}{
		{"decided", func(s Stats) int { return s.Decided }, okabeIto[4]},
		{"drawn", func(s Stats) int { return s.Drawn }, okabeIto[1]},
		{"stalled (safeguard)", func(s Stats) int { return s.Stalled }, okabeIto[5]},
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
		legend = append(legend, legendItem{Label: part.name, Color: hexColor(part.col)})
	}
	rep.nominalReadings(p)
	p.Y.Max = 1.0
	s, err := svg(p, plotWidth(len(rep.Stats)), 9+rep.labelRoom(false))
	return figure{ID: "outcomes", title: "Outcomes",
		caption: "Share of games decided by the rules, drawn, and stalled (a safeguard not in the source fired).", SVG: s, Legend: legend}, err
}

// lengthPlot: box plots of the turns per game.
func (rep *Report) lengthPlot() (figure, error) {
	p := plot.New()
	p.Y.Label.Text = "turns per game"
	p.Y.Tick.Marker = cleanTicks{integer: true}
	by := rep.mainBy
	if by == nil {
		by, _ = splitResults(len(rep.Stats), rep.results)
	}
	w := vg.Points(math.Max(4, math.Min(20, 300/float64(len(rep.Stats)))))
	for i, gs := range by {
		if len(gs) == 0 {
			continue
		}
		b, err := turnsBox(w, float64(i), gs)
		if err != nil {
			return figure{}, err
		}
		b.GlyphStyle.Radius = vg.Points(1)
		p.Add(b)
	}
	rep.nominalReadings(p)
	s, err := svg(p, plotWidth(len(rep.Stats)), 9+rep.labelRoom(false))
	return figure{ID: "length", title: "Game length",
		caption: "Players' turns per game: median, quartiles, whiskers to 1.5 interquartile ranges, outliers as dots.", SVG: s}, err
}

// leadPlot: the winner's mean lead over the course of a game.
func (rep *Report) leadPlot() (figure, error) {
	p := plot.New()
	p.X.Label.Text = "% of the game's turns"
	p.Y.Label.Text = "winner's lead (game's own measure)"
	p.X.Tick.Marker, p.Y.Tick.Marker = cleanTicks{integer: true}, cleanTicks{}
	var legend []legendItem
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
		legend = append(legend, styleLine(l, i, rep.readingNames()[i]))
		p.Add(l)
	}
	p.Add(plotter.NewGrid())
	s, err := svg(p, 16, 10)
	return figure{ID: "lead", title: "The winner's lead over a game",
		caption: "Mean lead of the eventual winner over the best other player, by the game's own measure, at each tenth of the game (decided games).", SVG: s, Legend: legend}, err
}

// convergencePlot: the running estimate of the first seat's win rate as
// games are added, with its Wilson band for the base reading.
func (rep *Report) convergencePlot() (figure, error) {
	p := plot.New()
	p.X.Label.Text = "games"
	p.Y.Label.Text = "seat 0 win rate (running)"
	p.X.Tick.Marker, p.Y.Tick.Marker = cleanTicks{integer: true}, cleanTicks{}
	var legend []legendItem
	by := rep.mainBy
	if by == nil { // a report not made by Analyze
		by, _ = splitResults(len(rep.Stats), rep.results)
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
		legend = append(legend, styleLine(l, i, rep.readingNames()[i]))
		p.Add(l)
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
	return figure{ID: "convergence", title: "Convergence",
		caption: "Seat 0's win rate as games are added, per reading; the dotted grey lines are the 95%% Wilson band of the base reading (R%d).", captionArgs: []any{rep.Base}, SVG: s, Legend: legend}, err
}

// styleLine gives reading i's line its colour and dash and returns its
// legend entry.
func styleLine(l *plotter.Line, i int, name string) legendItem {
	col, dash, item := readingStyle(i)
	l.Color, l.Dashes, l.Width = col, dash, vg.Points(1.5)
	item.Label = name
	return item
}
