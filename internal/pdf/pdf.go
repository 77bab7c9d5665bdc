// Package pdf writes PDF 1.4 documents with the standard library only:
// pages of vector lines, circles and text in the standard fonts Helvetica
// and Helvetica-Bold (which every PDF reader has, so nothing is embedded),
// in WinAnsiEncoding, which holds German's umlauts and ß. Lengths are in
// points (1/72 inch), the origin at a page's lower left corner. It is what
// "tabula print" draws its boards and rules sheets with.
package pdf

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/charmap"
)

// MM is one millimetre in points.
const MM = 72 / 25.4

// Font is one of the standard fonts the package writes with.
type Font int

const (
	Regular Font = iota // Helvetica
	Bold                // Helvetica-Bold
)

var fontNames = [...]string{"Helvetica", "Helvetica-Bold"}

func (f Font) widths() *[256]uint16 {
	if f == Bold {
		return &helveticaBoldWidths
	}
	return &helveticaWidths
}

// Doc is a document being drawn; Write writes it.
type Doc struct {
	Title string // the document's title (its Info dictionary)
	pages []*Page
}

// Page is one page: its size and its content stream.
type Page struct {
	W, H float64
	buf  bytes.Buffer
}

// AddPage appends a page of w by h points.
func (d *Doc) AddPage(w, h float64) *Page {
	p := &Page{W: w, H: h}
	d.pages = append(d.pages, p)
	return p
}

// num writes a length with at most three decimals.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
}

func (p *Page) op(format string, vals ...float64) {
	args := make([]any, len(vals))
	for i, v := range vals {
		args[i] = num(v)
	}
	fmt.Fprintf(&p.buf, format+"\n", args...)
}

// Stroke sets the width of lines and their grey (0 black, 1 white).
func (p *Page) Stroke(width, grey float64) { p.op("%s w %s G", width, grey) }

// Fill sets the grey that shapes are filled with.
func (p *Page) Fill(grey float64) { p.op("%s g", grey) }

// Line draws a line from (x1, y1) to (x2, y2).
func (p *Page) Line(x1, y1, x2, y2 float64) { p.op("%s %s m %s %s l S", x1, y1, x2, y2) }

// Rect draws a rectangle's outline, its lower left corner at (x, y);
// filled, it is filled with the fill grey and outlined.
func (p *Page) Rect(x, y, w, h float64, filled bool) {
	p.op("%s %s %s %s re", x, y, w, h)
	p.paint(filled)
}

// Polygon draws the closed outline through the points (x0, y0, x1, y1, ...).
func (p *Page) Polygon(filled bool, xy ...float64) {
	for i := 0; i+1 < len(xy); i += 2 {
		verb := "l"
		if i == 0 {
			verb = "m"
		}
		p.op("%s %s "+verb, xy[i], xy[i+1])
	}
	p.buf.WriteString("h\n")
	p.paint(filled)
}

func (p *Page) paint(filled bool) {
	if filled {
		p.buf.WriteString("B\n")
	} else {
		p.buf.WriteString("S\n")
	}
}

// kappa places the control points of a quarter circle's Bézier curve.
const kappa = 0.5522847498

// Ellipse draws an ellipse centred on (cx, cy) with radii rx and ry, as
// four Bézier curves.
func (p *Page) Ellipse(cx, cy, rx, ry float64, filled bool) {
	kx, ky := rx*kappa, ry*kappa
	p.op("%s %s m", cx+rx, cy)
	p.op("%s %s %s %s %s %s c", cx+rx, cy+ky, cx+kx, cy+ry, cx, cy+ry)
	p.op("%s %s %s %s %s %s c", cx-kx, cy+ry, cx-rx, cy+ky, cx-rx, cy)
	p.op("%s %s %s %s %s %s c", cx-rx, cy-ky, cx-kx, cy-ry, cx, cy-ry)
	p.op("%s %s %s %s %s %s c", cx+kx, cy-ry, cx+rx, cy-ky, cx+rx, cy)
	p.paint(filled)
}

// Circle draws a circle of radius r centred on (cx, cy).
func (p *Page) Circle(cx, cy, r float64, filled bool) { p.Ellipse(cx, cy, r, r, filled) }

// Text writes s with its baseline starting at (x, y), in the fill grey.
func (p *Page) Text(x, y float64, f Font, size float64, s string) {
	fmt.Fprintf(&p.buf, "BT /F%d %s Tf %s %s Td (%s) Tj ET\n", f, num(size), num(x), num(y), escape(Encode(s)))
}

// TextCentred writes s centred on x.
func (p *Page) TextCentred(x, y float64, f Font, size float64, s string) {
	p.Text(x-Width(f, size, s)/2, y, f, size, s)
}

// plainer writes the characters of Tabula's pages that WinAnsiEncoding
// lacks as it can.
var plainer = strings.NewReplacer("\u2212", "-", "\u2192", "->", "\u2265", ">=", "\u2264", "<=", "\u03bc", "\u00b5",
	"\u2080", "0", "\u2081", "1", "\u2082", "2", "\u03bb", "lambda")

// Encode gives s in WinAnsiEncoding; a character it lacks and plainer
// does not replace becomes '?'.
func Encode(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range plainer.Replace(s) {
		b, ok := charmap.Windows1252.EncodeRune(r)
		if !ok || b < 32 {
			b = '?'
		}
		out = append(out, b)
	}
	return out
}

// Width is the width of s in font f at size points.
func Width(f Font, size float64, s string) float64 {
	w := f.widths()
	n := 0
	for _, b := range Encode(s) {
		n += int(w[b])
	}
	return float64(n) * size / 1000
}

// escape makes b a PDF literal string's contents.
func escape(b []byte) string {
	var sb strings.Builder
	for _, c := range b {
		switch c {
		case '(', ')', '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// Write writes the document: its catalogue, page tree, fonts, pages and
// their streams (uncompressed: a sheet is small), and the cross-reference
// table that readers find the objects by.
func (d *Doc) Write(w io.Writer) error {
	var out bytes.Buffer
	var offsets []int
	obj := func(body string) {
		offsets = append(offsets, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	// 1 catalogue, 2 pages, 3 info, 4.. fonts, then a page and its stream each.
	first := 4 + len(fontNames)
	kids := make([]string, len(d.pages))
	for i := range d.pages {
		kids[i] = fmt.Sprintf("%d 0 R", first+2*i)
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(d.pages)))
	obj(fmt.Sprintf("<< /Title (%s) /Producer (Tabula) >>", escape(Encode(d.Title))))
	var fonts []string
	for i, name := range fontNames {
		obj(fmt.Sprintf("<< /Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding >>", name))
		fonts = append(fonts, fmt.Sprintf("/F%d %d 0 R", i, 4+i))
	}
	for i, p := range d.pages {
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Resources << /Font << %s >> >> /Contents %d 0 R >>",
			num(p.W), num(p.H), strings.Join(fonts, " "), first+2*i+1))
		obj(fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", p.buf.Len(), p.buf.Bytes()))
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R /Info 3 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	_, err := w.Write(out.Bytes())
	return err
}
