package printout

import (
	"math"
	"strconv"

	"tabula/engine"
	"tabula/internal/pdf"
)

// footRoom is the room, in millimetres, kept above the bottom margin for
// the footer.
const footRoom = 8

// board draws the page of the board the game declares, at true scale, with
// a 100 mm bar to check that it was printed at actual size.
func (sh sheet) board(doc *pdf.Doc) error {
	b, ok := sh.s.(engine.Boarder)
	if !ok {
		return engine.NewError("print.no_board", "game", sh.s.Game().ID())
	}
	g := b.Board()
	switch g.Kind {
	case "grid":
		sh.grid(doc, g)
	case "mancala":
		sh.mancala(doc, g)
	default:
		return engine.NewError("print.no_board", "game", sh.s.Game().ID())
	}
	return nil
}

// title writes a page's title at its top and returns the height, in
// millimetres from the bottom, below which the page is free.
func (sh sheet) title(p *pdf.Page, text string) float64 {
	top := p.H/pdf.MM - margin
	p.Text(margin*pdf.MM, (top-6)*pdf.MM, pdf.Bold, 16, text)
	return top - 12
}

// scaleBar draws a 100 mm bar with its caption from (x, y), in mm.
func (sh sheet) scaleBar(p *pdf.Page, x, y float64, caption string) {
	p.Stroke(0.8, 0)
	p.Line(x*pdf.MM, y*pdf.MM, (x+100)*pdf.MM, y*pdf.MM)
	for _, t := range []float64{0, 50, 100} {
		p.Line((x+t)*pdf.MM, (y-1.5)*pdf.MM, (x+t)*pdf.MM, (y+1.5)*pdf.MM)
	}
	p.Text(x*pdf.MM, (y+3)*pdf.MM, pdf.Regular, 8, caption)
}

// grid draws a board of squares in files and ranks (Tamman's 5x5), each
// unit of the declared widths paper.Unit millimetres: the squares with
// their names, the named squares with their marks and names, and where
// each player starts.
func (sh sheet) grid(doc *pdf.Doc, g engine.Board) {
	p := doc.AddPage(sh.paper.W*pdf.MM, sh.paper.H*pdf.MM)
	free := sh.title(p, sh.say("pr_boardTitle", "game", sh.s.Game().Name()))
	u := sh.paper.Unit
	fx := offsets(g.Files, u)
	ry := offsets(g.Ranks, u)
	w, h := fx[len(g.Files)], ry[len(g.Ranks)]
	x0 := (sh.paper.W - w) / 2
	y0 := free - 8 - h
	starts := map[string]int{}
	for pl, path := range g.Paths {
		if len(path) > 0 {
			starts[path[0]] = pl
		}
	}
	label := 5 + u/10 // points: larger squares, larger words
	p.Stroke(0.6, 0)
	for q, name := range g.Squares {
		f, r := q%len(g.Files), q/len(g.Files)
		x, y := x0+fx[f], y0+ry[r]
		sw, sq := g.Files[f]*u, g.Ranks[r]*u
		p.Rect(x*pdf.MM, y*pdf.MM, sw*pdf.MM, sq*pdf.MM, false)
		cx, cy := x+sw/2, y+sq/2
		p.Fill(0.4)
		p.TextCentred(cx*pdf.MM, (y+2.5)*pdf.MM, pdf.Regular, label, name)
		p.Fill(0)
		kind, named := g.Named[name]
		if named {
			sh.mark(p, g.Marks[kind], cx, cy, math.Min(sw, sq)*0.18)
			p.TextCentred(cx*pdf.MM, (y+sq-2.5)*pdf.MM-label, pdf.Bold, label, sh.say(kind))
		}
		if pl, ok := starts[name]; ok {
			p.TextCentred(cx*pdf.MM, (y+sq-2.5)*pdf.MM-2.2*label, pdf.Regular, label, sh.say("pr_start", "player", pl))
		}
	}
	p.Stroke(1.6, 0)
	p.Rect(x0*pdf.MM, y0*pdf.MM, w*pdf.MM, h*pdf.MM, false)
	size := sh.say("pr_size", "w", mm(w), "h", mm(h))
	sh.scaleBar(p, x0, y0-14, size+" "+sh.say("pr_scale"))
	sh.footer(p)
}

// offsets are where each of the widths starts, and their total last, in
// millimetres of unit u each.
func offsets(widths []float64, u float64) []float64 {
	out := make([]float64, len(widths)+1)
	for i, v := range widths {
		out[i+1] = out[i] + v*u
	}
	return out
}

// mm writes a length in millimetres, rounded to one decimal.
func mm(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// mark draws a named square's mark of radius r centred on (cx, cy), in mm.
func (sh sheet) mark(p *pdf.Page, kind string, cx, cy, r float64) {
	p.Stroke(0.8, 0)
	p.Fill(0.85)
	switch kind {
	case "eye":
		p.Ellipse(cx*pdf.MM, cy*pdf.MM, r*pdf.MM, r*0.55*pdf.MM, true)
		p.Fill(0)
		p.Circle(cx*pdf.MM, cy*pdf.MM, r*0.25*pdf.MM, true)
	case "diamond":
		p.Polygon(true, cx*pdf.MM, (cy+r)*pdf.MM, (cx+r*0.7)*pdf.MM, cy*pdf.MM, cx*pdf.MM, (cy-r)*pdf.MM, (cx-r*0.7)*pdf.MM, cy*pdf.MM)
	case "star":
		var xy []float64
		for i := range 10 {
			a := math.Pi/2 + float64(i)*math.Pi/5
			d := r
			if i%2 == 1 {
				d = r * 0.45
			}
			xy = append(xy, (cx+d*math.Cos(a))*pdf.MM, (cy+d*math.Sin(a))*pdf.MM)
		}
		p.Polygon(true, xy...)
	default:
		p.Circle(cx*pdf.MM, cy*pdf.MM, r*0.3*pdf.MM, true)
	}
	p.Fill(0)
}

// mancala draws two rows of holes with a store at each end, on a landscape
// page, the holes paper.Hole millimetres across: player 1's row (holes 0
// to n/2-1) at the top from left to right, player 0's below from right to
// left, player 0's store on the right, as the app draws them. Each hole
// bears its number, the move that sows from it.
func (sh sheet) mancala(doc *pdf.Doc, g engine.Board) {
	W, H := sh.paper.H, sh.paper.W // landscape
	p := doc.AddPage(W*pdf.MM, H*pdf.MM)
	free := sh.title(p, sh.say("pr_boardTitle", "game", sh.s.Game().Name()))
	d := sh.paper.Hole
	pitch, row := math.Round(d*1.16), d*1.3
	storeW, gap := d*0.9, d*0.2
	half := g.Holes / 2
	rowsW := float64(half-1)*pitch + d
	boardW := rowsW + 2*(gap+storeW)
	x0 := (W - boardW) / 2
	cy := (free + margin + footRoom + 20) / 2
	pad := d * 0.15
	label := 8 + d/10
	boardH := row + d + 2*pad
	p.Stroke(1.6, 0)
	p.Rect((x0-pad)*pdf.MM, (cy-boardH/2)*pdf.MM, (boardW+2*pad)*pdf.MM, boardH*pdf.MM, false)
	p.Stroke(0.8, 0)
	hx := x0 + storeW + gap + d/2 // the centre of the leftmost holes
	for h := range g.Holes {
		col, y := h, cy+row/2
		if h >= half {
			col, y = g.Holes-1-h, cy-row/2
		}
		x := hx + float64(col)*pitch
		p.Circle(x*pdf.MM, y*pdf.MM, d/2*pdf.MM, false)
		ly := y + d/2 + pad + 2 // above the top row, below the bottom one
		if h >= half {
			ly = y - d/2 - pad - 2 - label/pdf.MM
		}
		p.TextCentred(x*pdf.MM, ly*pdf.MM, pdf.Bold, label, strconv.Itoa(h))
	}
	for pl := range g.Stores {
		x := x0 + storeW/2
		if pl == 0 {
			x = x0 + boardW - storeW/2
		}
		p.Ellipse(x*pdf.MM, cy*pdf.MM, storeW/2*pdf.MM, (row+d)/2*pdf.MM, false)
		p.TextCentred(x*pdf.MM, (cy-boardH/2-pad-2)*pdf.MM-label, pdf.Regular, label*0.9, sh.say("pr_store", "player", pl))
	}
	// whose row is whose, at its left end
	p.Text((x0-pad)*pdf.MM, (cy+boardH/2+pad+2)*pdf.MM+label*1.4, pdf.Regular, label*0.9, sh.say("pr_row", "player", 1))
	p.Text((x0-pad)*pdf.MM, (cy-boardH/2-pad-2)*pdf.MM-label*2.6, pdf.Regular, label*0.9, sh.say("pr_row", "player", 0))
	caption := sh.say("pr_holes", "d", mm(d), "pitch", mm(pitch)) + " " + sh.say("pr_scale")
	sh.scaleBar(p, x0-pad, margin+footRoom, caption)
	sh.footer(p)
}
