package printout

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tabula/docs"
	"tabula/engine"
	"tabula/internal/pdf"
)

// poppler runs one of Debian's poppler-utils (pdfinfo, pdftotext): the
// independent reader of the PDFs. scripts/test.sh installs it.
func poppler(t *testing.T, tool string, args ...string) string {
	t.Helper()
	bin, err := exec.LookPath(tool)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s: %v (scripts/test.sh installs poppler-utils)", tool, err)
		}
		t.Skipf("%s: %v (apt-get install poppler-utils)", tool, err)
	}
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", tool, args, err, out)
	}
	return string(out)
}

// word is a word on a page as pdftotext -bbox finds it, in points from
// the page's top left corner.
type word struct {
	XMin float64 `xml:"xMin,attr"`
	YMin float64 `xml:"yMin,attr"`
	XMax float64 `xml:"xMax,attr"`
	Text string  `xml:",chardata"`
}

func (w word) centre() float64 { return (w.XMin + w.XMax) / 2 }

// words are the words of page n of the PDF file.
func words(t *testing.T, file string, n int) []word {
	out := poppler(t, "pdftotext", "-f", strconv.Itoa(n), "-l", strconv.Itoa(n), "-bbox", file, "-")
	var doc struct {
		Words []word `xml:"body>doc>page>word"`
	}
	// pdftotext writes XHTML with a doctype the decoder need not read
	if err := xml.NewDecoder(strings.NewReader(out[strings.Index(out, "<html"):])).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	return doc.Words
}

// find is the only word text at height y (any height when y < 0).
func find(t *testing.T, ws []word, text string, y float64) word {
	t.Helper()
	var hits []word
	for _, w := range ws {
		if w.Text == text && (y < 0 || math.Abs(w.YMin-y) < 0.01) {
			hits = append(hits, w)
		}
	}
	if len(hits) != 1 {
		t.Fatalf("%d words %q at y %g, want 1", len(hits), text, y)
	}
	return hits[0]
}

var statedNumbers = regexp.MustCompile(`\d+(\.\d+)?`)

// stated are the first two numbers on the page after lead.
func stated(t *testing.T, text, lead string) []float64 {
	t.Helper()
	i := strings.Index(text, lead)
	if i < 0 {
		t.Fatalf("no %q on the page:\n%s", lead, text)
	}
	var out []float64
	for _, m := range statedNumbers.FindAllString(text[i:], 2) {
		v, _ := strconv.ParseFloat(m, 64)
		out = append(out, v)
	}
	return out
}

// For each game, language and paper the PDF has the paper's size (the
// board of holes on its side), a board as large as the page says it is,
// measured from where its labels are, and a rules page with its title, the
// source's address and (Tamman's) the throws' table.
func TestPrintedSheets(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pdfinfo and pdftotext 24 times: not with -short")
	}
	dir := t.TempDir()
	size := map[string]string{"a4": "595.276 x 841.89 pts (A4)", "a3": "841.89 x 1190.55 pts (A3)"}
	turned := map[string]string{"a4": "841.89 x 595.276 pts (A4)", "a3": "1190.55 x 841.89 pts (A3)"}
	title := map[string]string{"en": "the rules", "de": "die Regeln"}
	for _, id := range games {
		for _, lang := range engine.Languages {
			for _, paper := range []string{"a4", "a3"} {
				name := fmt.Sprintf("%s-%s-%s", id, lang, paper)
				t.Run(name, func(t *testing.T) {
					s := start(t, id)
					var buf bytes.Buffer
					if err := Write(&buf, s, docs.RulesFS(), Request{Paper: paper, Lang: lang, Sheet: "all"}); err != nil {
						t.Fatal(err)
					}
					file := filepath.Join(dir, name+".pdf")
					if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					info := poppler(t, "pdfinfo", "-f", "1", "-l", "2", file)
					board := size[paper]
					if id != "tamman" {
						board = turned[paper]
					}
					for _, want := range []string{"Pages:           2", "Page    1 size:  " + board, "Page    2 size:  " + size[paper], "Title:           " + s.Game().Name()} {
						if !strings.Contains(info, want) {
							t.Errorf("pdfinfo lacks %q:\n%s", want, info)
						}
					}
					text := poppler(t, "pdftotext", "-f", "1", "-l", "1", file, "-")
					ws := words(t, file, 1)
					g := s.(engine.Boarder).Board()
					if g.Kind == "grid" {
						wh := stated(t, text, map[string]string{"en": "The board is", "de": "Das Brett ist"}[lang])
						if len(wh) != 2 || math.Abs(wh[0]-Papers[paper].Unit*sum(g.Files)) > 0.05 || math.Abs(wh[1]-Papers[paper].Unit*sum(g.Ranks)) > 0.05 {
							t.Errorf("stated %v mm, want %g mm a unit", wh, Papers[paper].Unit)
						}
						// a1 and e1 are named in the middle of their squares
						a1, e1, a5 := find(t, ws, "a1", -1), find(t, ws, "e1", -1), find(t, ws, "a5", -1)
						across := (e1.centre() - a1.centre()) / pdf.MM
						up := (a1.YMin - a5.YMin) / pdf.MM
						wantAcross := wh[0] * (sum(g.Files) - g.Files[0]/2 - g.Files[len(g.Files)-1]/2) / sum(g.Files)
						wantUp := wh[1] * (sum(g.Ranks) - g.Ranks[len(g.Ranks)-1]) / sum(g.Ranks)
						if math.Abs(across-wantAcross) > 0.2 || math.Abs(up-wantUp) > 0.2 {
							t.Errorf("a1 to e1 %.2f mm, a1 to a5 %.2f mm; want %.2f and %.2f", across, up, wantAcross, wantUp)
						}
					} else {
						dp := stated(t, text, map[string]string{"en": "Holes", "de": "Löcher"}[lang])
						if len(dp) != 2 || dp[0] != Papers[paper].Hole {
							t.Fatalf("stated %v, want holes %g mm across and their distance", dp, Papers[paper].Hole)
						}
						four := find(t, ws, strconv.Itoa(g.Holes/2-1), -1)
						zero := find(t, ws, "0", four.YMin)
						last := find(t, ws, strconv.Itoa(g.Holes-1), -1)
						if got, want := (four.centre()-zero.centre())/pdf.MM, float64(g.Holes/2-1)*dp[1]; math.Abs(got-want) > 0.2 {
							t.Errorf("hole 0 to hole %d: %.2f mm, want %.2f", g.Holes/2-1, got, want)
						}
						if math.Abs(last.centre()-zero.centre()) > 0.2 || last.YMin <= zero.YMin {
							t.Errorf("hole %d is not below hole 0", g.Holes-1)
						}
					}
					rules := poppler(t, "pdftotext", "-f", "2", "-l", "2", file, "-")
					rp, _ := rulesOf(docs.RulesFS(), id, lang)
					want := []string{s.Game().Name() + ": " + title[lang], rp.Sections[0].Rules[0][:20]}
					for _, a := range []string{"mancala.fandom.com/wiki/Adji-boto", "ludii.games/details.php?keyword=Tamman", "www.wikinfo.org/index.php/Agsinnoninka"} {
						if strings.Contains(rp.Source, a) {
							want = append(want, a)
						}
					}
					if id == "tamman" {
						want = append(want, "wahid", "6/16 = 37.5 %", "tamman")
					}
					flat := strings.Join(strings.Fields(rules), " ")
					for _, w := range want {
						if !strings.Contains(flat, w) {
							t.Errorf("the rules page lacks %q:\n%s", w, rules)
						}
					}
				})
			}
		}
	}
}

func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}
