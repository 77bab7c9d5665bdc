package research

import (
	"bytes"
	"html/template"
	"strings"
	"testing"
)

// Every word of the report page, its plots' titles and captions
// included, has its German, and the German page is German.
func TestReportWordsInGerman(t *testing.T) {
	p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Skill: "greedy", Games: 200,
		Vary: []Vary{{Name: "skip-origin", Values: []string{"all"}}}})
	rep := Analyze(p, synthetic(p, 1, 10, 10, 0.6))
	rp := Analyze(p, synthetic(p, 2, 10, 0, 0.6))
	Replicate(rep, []*Report{rp}).Unfinished = []Unfinished{{Index: 2, Seed: 9, Games: 3, Of: 8}}
	rep.Config.Evaluate, rep.Config.EvaluateGames = 10, 2
	rep.Stats[0].Eval = &EvalStats{Games: 2}
	rep.Trace = &SkillTrace{Agents: []string{"greedy", "mcts:10"}, Games: 5, Unfinished: []string{"mcts:10: 1 of 20 games"},
		Readings: []TraceRow{{Reading: 0, Label: "base", Points: []TracePoint{{Agent: "greedy"}, {Agent: "mcts:10"}}}}}
	used := map[string]bool{}
	page, err := reportPage().Clone()
	if err != nil {
		t.Fatal(err)
	}
	record := func(english string, args ...any) string { used[english] = true; return words("de").t(english, args...) }
	figs, err := rep.figures()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range figs {
		record(f.title, f.titleArgs...)
		record(f.caption, f.captionArgs...)
	}
	type fig struct {
		figure
		Inline template.HTML
	}
	var figures []fig
	for _, f := range figs {
		figures = append(figures, fig{f, ""})
	}
	var b bytes.Buffer
	if err := page.Funcs(template.FuncMap{"t": record}).Execute(&b, struct {
		*Report
		Figures []fig
		Command string
		Lang    string
	}{rep, figures, "", "de"}); err != nil {
		t.Fatal(err)
	}
	if len(used) < 60 {
		t.Errorf("only %d words used: is the page translated?", len(used))
	}
	for w := range used {
		if _, ok := reportDe[w]; !ok {
			t.Errorf("no German for %q", w)
		}
	}
	b.Reset()
	if err := rep.WriteHTMLIn(&b, "de"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<html lang="de">`, "Lesarten im Vergleich", "Welche Lesart das beste Spiel ergibt", "Spur des Könnens", "Gewinnraten der Plätze je Lesart"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the German page lacks %q", want)
		}
	}
}
