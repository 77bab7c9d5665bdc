package printout

import (
	"math"
	"strconv"
	"strings"

	"tabula/engine"
	"tabula/internal/pdf"
)

// block is a paragraph of the rules sheet: its font, its size relative to
// the body's, whether it is a rule (a bullet with a hanging indent) and
// the space above it, in lines.
type block struct {
	font   pdf.Font
	scale  float64
	bullet bool
	above  float64
	text   string
}

// rules draws the one-page rules sheet: the title, the source, the rules
// section by section, and for a game of thrown shells the table of the
// throws, at the body size fit chose.
func (sh sheet) rules(doc *pdf.Doc, rp rulesPage) {
	p := doc.AddPage(sh.paper.W*pdf.MM, sh.paper.H*pdf.MM)
	blocks := sh.rulesBlocks(rp)
	throws, cowries := sh.throws()
	size := sh.fit(blocks, len(throws))
	left, right, top := margin*pdf.MM, (sh.paper.W-margin)*pdf.MM, (sh.paper.H-margin)*pdf.MM
	y := top - flow(p, blocks, size, left, right, top)
	if len(throws) > 0 {
		sh.throwTable(p, throws, cowries, size, left, y)
	}
	sh.footer(p)
}

// rulesBlocks are the paragraphs of the rules sheet.
func (sh sheet) rulesBlocks(rp rulesPage) []block {
	blocks := []block{{font: pdf.Bold, scale: 1.7, text: sh.say("pr_rulesTitle", "game", rp.Title)},
		{font: pdf.Regular, scale: 0.9, above: 0.6, text: rp.Source}}
	for _, s := range rp.Sections {
		blocks = append(blocks, block{font: pdf.Bold, scale: 1.1, above: 0.8, text: s.Heading})
		for _, r := range s.Rules {
			blocks = append(blocks, block{font: pdf.Regular, scale: 1, bullet: true, above: 0.15, text: r})
		}
	}
	return append(blocks, block{font: pdf.Regular, scale: 0.85, above: 0.8, text: sh.say("pr_from", "page", rulesFile(sh.s.Game().ID(), sh.lang))})
}

// smallest is the smallest body size, in points, a rules sheet is set in.
const smallest = 5.0

// fit is the body size of the rules sheet: the largest, from 10.5 points
// down, at which the blocks and a throws' table of throws rows fit on the
// page (smallest when none does).
func (sh sheet) fit(blocks []block, throws int) float64 {
	left, right, top := margin*pdf.MM, (sh.paper.W-margin)*pdf.MM, (sh.paper.H-margin)*pdf.MM
	room := top - (margin+footRoom)*pdf.MM
	size := 10.5
	for ; size > smallest; size -= 0.25 {
		h := flow(nil, blocks, size, left, right, top)
		if throws > 0 {
			h += tableHeight(throws, size)
		}
		if h <= room {
			break
		}
	}
	return size
}

// rulesFile names the rules page a sheet is taken from.
func rulesFile(id, lang string) string {
	if lang != engine.Languages[0] {
		return "docs/rules/" + id + "." + lang + ".md"
	}
	return "docs/rules/" + id + ".md"
}

// lead is the distance between lines, as a multiple of the font's size.
const lead = 1.25

// flow writes blocks at body size from top between left and right (points)
// and returns the height they take; with p nil it only measures.
func flow(p *pdf.Page, blocks []block, size, left, right, top float64) float64 {
	y := top
	for _, b := range blocks {
		fs := size * b.scale
		y -= b.above * size * lead
		x := left
		if b.bullet {
			x += fs * 1.1
		}
		for i, line := range wrap(b.font, fs, b.text, right-x) {
			y -= fs * lead
			if p == nil {
				continue
			}
			if b.bullet && i == 0 {
				p.Text(left+fs*0.2, y, b.font, fs, "•")
			}
			p.Text(x, y, b.font, fs, line)
		}
	}
	return top - y
}

// wrap breaks text into lines no wider than width at the font's size.
func wrap(f pdf.Font, size float64, text string, width float64) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		next := w
		if line != "" {
			next = line + " " + w
		}
		if line != "" && pdf.Width(f, size, next) > width {
			lines = append(lines, line)
			next = w
		}
		line = next
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// A throw is one outcome of a throw of shells: its name, how many shells
// lie mouth up, its points and its chance.
type throw struct {
	name       string
	up, points int
	prob       float64
}

// throws lists the throws of the game's first chance event, when the game
// starts with a throw of shells whose fall its board declares (Tamman's
// cowries): each outcome is played on a copy of the start and its trace
// says its points; the board says how many shells lie mouth up for them.
// cowries is the number of shells.
func (sh sheet) throws() (out []throw, cowries int) {
	b, ok := sh.s.(engine.Boarder)
	_, traced := sh.s.(engine.Tracer)
	if !ok || !traced {
		return nil, 0
	}
	ups := b.Board().MouthsUp
	if len(ups) == 0 {
		return nil, 0
	}
	for _, n := range ups {
		cowries = max(cowries, n)
	}
	for _, o := range sh.s.ChanceOutcomes(nil) {
		c := sh.s.Clone()
		for _, e := range c.(engine.Tracer).ApplyTraced([]engine.Move{o.Move}, nil) {
			if e.Kind != engine.Throw {
				continue
			}
			name := ""
			if key := "chance_" + sh.s.MoveText(engine.ChancePlayer, o.Move); hasWords(sh, key) {
				name = sh.say(key)
			}
			out = append(out, throw{name: name, up: ups[e.N], points: e.N, prob: o.Prob})
			break
		}
	}
	return out, cowries
}

func hasWords(sh sheet, key string) bool {
	_, ok := sh.words(key)
	return ok
}

// tableHeight is the height of the throws' table of n rows at body size.
func tableHeight(n int, size float64) float64 { return (float64(n)+3.2)*size*1.6 + size }

// throwTable draws the throws' table from (left, y) down: a throw's name,
// the shells mouth up, its points and its chance, as a fraction of the
// 2^cowries ways the shells can fall when that is exact, and in per cent.
func (sh sheet) throwTable(p *pdf.Page, rows []throw, cowries int, size, left, y float64) {
	row := size * 1.6
	y -= row * 1.2
	p.Text(left, y, pdf.Bold, size*1.1, sh.say("pr_throws", "n", cowries))
	cols := []float64{left, left + size*9, left + size*18, left + size*25}
	heads := []string{sh.say("pr_throw"), sh.say("pr_mouthsUp"), sh.say("pr_points"), sh.say("pr_chance")}
	y -= row
	for i, h := range heads {
		p.Text(cols[i], y, pdf.Bold, size, h)
	}
	p.Stroke(0.5, 0)
	p.Line(left, y-size*0.4, left+size*38, y-size*0.4)
	ways := math.Pow(2, float64(cowries))
	for _, t := range rows {
		y -= row
		chance := strconv.FormatFloat(math.Round(t.prob*10000)/100, 'f', -1, 64) + " %"
		if k := t.prob * ways; math.Abs(k-math.Round(k)) < 1e-9 {
			chance = strconv.Itoa(int(math.Round(k))) + "/" + strconv.Itoa(int(ways)) + " = " + chance
		}
		for i, cell := range []string{t.name, strconv.Itoa(t.up), strconv.Itoa(t.points), chance} {
			p.Text(cols[i], y, pdf.Regular, size, cell)
		}
	}
}
