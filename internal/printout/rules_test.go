package printout

import (
	"io/fs"
	"math"
	"strings"
	"testing"

	"tabula/docs"
	"tabula/engine"
	_ "tabula/games/all"
	"tabula/internal/pdf"
)

// start is the start of game id under the options (name=value).
func start(t *testing.T, id string, settings ...string) engine.State {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.ParseOptions(g, settings)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.NewState(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var games = []string{"tamman", "adji-boto", "agsinnoninka"}

// Each rules page gives its sheet a title, the source with its address and
// the rules of each section, in both languages; the first rule of
// Adji-Boto is the page's first cell, without its markdown.
func TestRulesPagesGiveTheSheets(t *testing.T) {
	addr := map[string]string{
		"adji-boto":    "https://mancala.fandom.com/wiki/Adji-boto",
		"tamman":       "https://ludii.games/details.php?keyword=Tamman",
		"agsinnoninka": "http://www.wikinfo.org/index.php/Agsinnoninka",
	}
	for _, id := range games {
		for _, lang := range engine.Languages {
			rp, err := rulesOf(docs.RulesFS(), id, lang)
			if err != nil {
				t.Fatal(err)
			}
			g, _ := engine.Lookup(id)
			if rp.Title != g.Name() {
				t.Errorf("%s/%s: title %q, want %q", id, lang, rp.Title, g.Name())
			}
			if !strings.Contains(rp.Source, addr[id]) || strings.Contains(rp.Source, "**") || strings.Contains(rp.Source, "<http") {
				t.Errorf("%s/%s: source %q: want %s without markup", id, lang, rp.Source, addr[id])
			}
			if len(rp.Sections) < 3 {
				t.Errorf("%s/%s: %d sections of rules, want at least 3", id, lang, len(rp.Sections))
			}
			for _, s := range rp.Sections {
				if s.Heading == "" || len(s.Rules) == 0 {
					t.Errorf("%s/%s: section %q has %d rules", id, lang, s.Heading, len(s.Rules))
				}
				for _, r := range s.Rules {
					if strings.ContainsAny(r, "`|") || strings.Contains(r, "**") {
						t.Errorf("%s/%s: rule keeps markup: %q", id, lang, r)
					}
					// every character prints (WinAnsiEncoding, or pdf's plainer form)
					if strings.Count(string(pdf.Encode(r)), "?") != strings.Count(r, "?") {
						t.Errorf("%s/%s: a character of the rule does not print: %q", id, lang, r)
					}
				}
			}
		}
	}
	rp, _ := rulesOf(docs.RulesFS(), "adji-boto", "en")
	if got, want := rp.Sections[0].Rules[0], "Two rows of five holes, 10 holes in all; one store (boto) at each end, one per player."; got != want {
		t.Errorf("first rule of Adji-Boto %q, want %q", got, want)
	}
	if _, err := rulesOf(fs.FS(nil), "tamman", "en"); err == nil {
		t.Error("no rules pages: no error")
	}
}

func TestPlainDropsMarkdown(t *testing.T) {
	for in, want := range map[string]string{
		"**Source.** *Man* 29, <https://a.b/c_d*e>": "Source. Man 29, https://a.b/c_d*e",
		"the move `c1+3`, see [the page](x.md)":     "the move c1+3, see the page",
		"a  line\n broken":                          "a line broken",
	} {
		if got := plain(in); got != want {
			t.Errorf("plain(%q) = %q, want %q", in, got, want)
		}
	}
	if got := splitRow(`| a \| b | c |`); len(got) != 2 || got[0] != "a | b" || got[1] != "c" {
		t.Errorf("splitRow: %q", got)
	}
}

// The throws' table is Tamman's chances, worked by hand: four cowries each
// mouth up with chance u; k up (1-4) counts k, none up counts 8. With
// u = 1/2 that is C(4,k)/16; with u = 3/4, none up is (1/4)^4 = 1/256 and
// four up 81/256.
func TestThrowTableFromTheRules(t *testing.T) {
	sh := sheet{s: start(t, "tamman"), lang: "en", words: nil}
	sh.words = wordsOf(sh.s)
	rows, cowries := sh.throws()
	if cowries != 4 {
		t.Errorf("%d cowries, want 4", cowries)
	}
	want := []throw{{"wahid", 1, 1, 4.0 / 16}, {"tinteyn", 2, 2, 6.0 / 16}, {"talad", 3, 3, 4.0 / 16}, {"waraq", 4, 4, 1.0 / 16}, {"tamman", 0, 8, 1.0 / 16}}
	if len(rows) != len(want) {
		t.Fatalf("%d throws, want %d: %+v", len(rows), len(want), rows)
	}
	for i, w := range want {
		if r := rows[i]; r.name != w.name || r.up != w.up || r.points != w.points || math.Abs(r.prob-w.prob) > 1e-12 {
			t.Errorf("throw %d: %+v, want %+v", i, r, w)
		}
	}
	sh.s = start(t, "tamman", "mouth-up=0.75")
	rows, _ = sh.throws()
	if math.Abs(rows[4].prob-1.0/256) > 1e-12 || math.Abs(rows[3].prob-81.0/256) > 1e-12 {
		t.Errorf("mouth-up=0.75: %+v, want 8 with 1/256 and 4 with 81/256", rows)
	}
	for _, id := range []string{"adji-boto", "agsinnoninka"} {
		sh.s = start(t, id)
		if rows, _ := sh.throws(); len(rows) != 0 {
			t.Errorf("%s has throws: %+v", id, rows)
		}
	}
}

// Every rules sheet fits on its one page above the smallest size.
func TestRulesFitOnOnePage(t *testing.T) {
	for _, id := range games {
		for _, lang := range engine.Languages {
			for name, paper := range Papers {
				sh := sheet{s: start(t, id), lang: lang, paper: paper}
				sh.words = wordsOf(sh.s)
				rp, _ := rulesOf(docs.RulesFS(), id, lang)
				rows, _ := sh.throws()
				if size := sh.fit(sh.rulesBlocks(rp), len(rows)); size <= smallest+1 {
					t.Errorf("%s/%s on %s: set in %g pt: the rules barely fit", id, lang, name, size)
				}
			}
		}
	}
}

func TestRequestCheck(t *testing.T) {
	for _, r := range []struct {
		req  Request
		code string
	}{
		{Request{"a5", "en", "all"}, "print.paper"},
		{Request{"a4", "fr", "all"}, "print.lang"},
		{Request{"a4", "de", "cover"}, "print.sheet"},
	} {
		err := r.req.Check()
		if e, ok := engine.Coded(err); !ok || e.Code != r.code {
			t.Errorf("%+v: %v, want %s", r.req, err, r.code)
		}
	}
	if err := (Request{"a3", "de", "rules"}).Check(); err != nil {
		t.Error(err)
	}
}
