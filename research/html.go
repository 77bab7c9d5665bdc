package research

import (
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
)

// WriteHTML writes the report as one self-contained HTML page in English:
// tables and inline SVG plots, no script and nothing fetched from a
// network.
func (rep *Report) WriteHTML(w io.Writer) error { return rep.WriteHTMLIn(w, "en") }

// WriteHTMLIn writes the report page in lang ("en" or "de"): its words in
// that language, the numbers, readings and plot axes as they are.
func (rep *Report) WriteHTMLIn(w io.Writer, lang string) error {
	if lang != "de" {
		lang = "en"
	}
	figs, err := rep.figures()
	if err != nil {
		return fmt.Errorf("research: plots: %v", err)
	}
	tr := words(lang)
	type fig struct {
		figure
		Inline template.HTML
	}
	data := struct {
		*Report
		Figures []fig
		Command string
		Lang    string
	}{Report: rep, Command: rep.Command(), Lang: lang}
	for _, f := range figs {
		f.Title, f.Caption = tr.t(f.title, f.titleArgs...), tr.t(f.caption, f.captionArgs...)
		// The SVG comes from gonum/plot, not from outside input.
		data.Figures = append(data.Figures, fig{f, template.HTML(f.SVG)})
	}
	page, err := reportPage().Clone()
	if err != nil {
		return err
	}
	return page.Funcs(template.FuncMap{"t": tr.t}).Execute(w, data)
}

// Command is the `tabula analyze` command line that plays the run.
func (c Config) Command() string {
	parts := []string{"tabula analyze --game " + c.Game}
	for _, o := range c.Options {
		parts = append(parts, "--option "+o)
	}
	if c.Design != "" {
		parts = append(parts, "--design "+c.Design)
	}
	for _, v := range c.Vary {
		parts = append(parts, "--vary "+v.String())
	}
	parts = append(parts, "--agents "+strings.Join(c.Agents, ","))
	if c.Skill != "" {
		parts = append(parts, "--skill "+c.Skill)
	}
	parts = append(parts, fmt.Sprintf("--games %d --seed %d", c.Games, c.Seed))
	if c.Chance != ChanceTurn && c.Chance != "" {
		parts = append(parts, "--chance "+c.Chance)
	}
	if c.ChanceHash == HashSHA256 {
		parts = append(parts, "--chance-hash "+c.ChanceHash)
	}
	if c.Evaluate > 0 {
		parts = append(parts, fmt.Sprintf("--evaluate %d --evaluate-games %d", c.Evaluate, c.EvaluateGames))
	}
	return strings.Join(parts, " ")
}

// reportPage is parsed when a report is first written, not at the start
// of every tabula command.
var reportPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{
		"pct": pct, "num": num, "label": func(r Reading) string { return r.Label() },
		"p": PValue,
		"seats": func(s Stats) string {
			var b []string
			for _, r := range s.SeatRates {
				b = append(b, fmt.Sprintf("%.1f", 100*r.Value))
			}
			return strings.Join(b, " / ")
		},
		"edges":          edgeText,
		"rank":           rankText,
		"score":          rankScore,
		"rankNote":       func(rk *Ranking) string { return rk.note() },
		"cell":           rankCell,
		"effect":         effectText,
		"edgeIv":         edgeIv,
		"change":         changeText,
		"detectable":     detectableText,
		"seatDetectable": seatDetectableText,
		"inc":            func(i int) int { return i + 1 },
		"t":              words("en").t, // set per language by WriteHTMLIn
		"yesno":          func(b bool) string { return map[bool]string{true: "yes", false: "no"}[b] },
		"agents":         func(as []string) string { return strings.Join(as, ", ") },
		"fval":           findingValue,
		"seeds":          seedList,
		"favoured":       func(s Stats) string { return strings.Join(s.Favoured(), ", ") },
		"stallBy": func(m map[string]int) string {
			var b []string
			for _, k := range slices.Sorted(maps.Keys(m)) {
				b = append(b, fmt.Sprintf("%s %d", k, m[k]))
			}
			return strings.Join(b, ", ")
		},
		"diff": func(c Comparison) string {
			return fmt.Sprintf("%+.3g (%.3g to %.3g)", c.Diff.Value, c.Diff.Low, c.Diff.High)
		},
	}).Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<title>{{t "%s: readings compared" .Game}}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 78em; padding: 0 1em; color: #222; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child, td.l { text-align: left; }
tr.base td { font-weight: bold; }
tr.sig td { background: #fff3d6; }
code { background: #f3f3f3; padding: 0.1em 0.3em; }
figure { margin: 2em 0; }
figure svg { max-width: 100%; height: auto; display: block; }
ul.legend { list-style: none; padding: 0; margin: 0.5em 0; display: flex; flex-wrap: wrap; gap: 0.3em 1em; font-size: 0.85em; }
ul.legend .sw { display: inline-block; width: 2em; height: 0.7em; margin-right: 0.4em; vertical-align: middle; box-sizing: border-box; }
.wide { overflow-x: auto; max-width: 100%; }
figcaption { font-size: 0.9em; color: #555; }
</style>
</head>
<body>
<h1>{{t "%s: readings compared" .Game}}</h1>
<p>{{t "%d readings (%s), %s, agents" (len .Stats) .Config.Design .GamesText}} {{range $i, $a := .Config.Agents}}{{if $i}}, {{end}}<code>{{$a}}</code>{{end}}{{if .Config.Skill}}, {{t "skill games %s against random" .Config.Skill}}{{end}}, {{t "seed %d. Every interval is 95%%. Game i of every reading uses the same seeds, so differences are paired." .Config.Seed}}</p>
<p><code>{{.Command}}</code></p>
<p>{{t "Analysed by %s." .Software.String}}</p>

<h2>{{t "Readings"}}</h2>
<div class="wide"><table>
<tr><th>{{t "name"}}</th><th>{{t "reading"}}</th><th>{{t "games"}}</th></tr>
{{range $i, $s := .Stats}}<tr{{if $s.Reading.Base}} class="base"{{end}}><td>R{{$i}}</td><td class="l">{{label $s.Reading}}{{if $s.Reading.Base}} {{t "(base)"}}{{end}}</td><td>{{$s.Games}}</td></tr>
{{end}}</table></div>

<h2>{{t "Outcomes"}}</h2>
<p>{{t "Seat edges: each seat's share of the decided games minus the fair share, in points, with intervals that hold for all the seats together (Šidák-corrected Wilson); a seat whose interval excludes 0 is marked."}}</p>
<div class="wide"><table>
<tr><th>{{t "reading"}}</th><th>{{t "seat wins %"}}</th><th>{{t "seat edges (points)"}}</th><th>{{t "favoured or not"}}</th><th>{{t "all seats equal: p"}}</th><th>{{t "smallest edge detectable (80% power, points)"}}</th><th>{{t "draw %"}}</th><th>{{t "stall %"}}</th><th>{{t "stalled by"}}</th></tr>
{{range $i, $s := .Stats}}<tr{{if $s.Reading.Base}} class="base"{{end}}><td>R{{$i}}</td><td>{{seats $s}}</td><td>{{edges $s}}</td><td class="l">{{favoured $s}}</td><td>{{p $s.SeatP}}</td><td>{{seatDetectable $s}}</td><td>{{pct $s.Draw}}</td><td>{{pct $s.Stall}}</td><td class="l">{{stallBy $s.StallBy}}</td></tr>
{{end}}</table></div>

<h2>{{t "Play"}}</h2>
<div class="wide"><table>
<tr><th>{{t "reading"}}</th><th>{{t "players' turns, median"}}</th><th>{{t "players' turns, 90th percentile"}}</th>{{if .PliesDiffer}}<th>{{t "plies, median"}}</th>{{end}}{{if .MovesDiffer}}<th>{{t "moves, median"}}</th>{{end}}<th>{{t "rounds, median"}}</th><th>{{t "choice %"}}</th><th>{{t "branching"}}</th></tr>
{{range $i, $s := .Stats}}<tr{{if $s.Reading.Base}} class="base"{{end}}><td>R{{$i}}</td><td>{{num $s.TurnsMedian}}</td><td>{{num $s.TurnsP90}}</td>{{if $.PliesDiffer}}<td>{{num $s.PliesMedian}}</td>{{end}}{{if $.MovesDiffer}}<td>{{num $s.MovesMedian}}</td>{{end}}<td>{{num $s.RoundsMedian}}</td><td>{{pct $s.Choice}}</td><td>{{num $s.Branching}}</td></tr>
{{end}}</table></div>

<h2>{{t "Drama and skill"}}</h2>
<div class="wide"><table>
<tr><th>{{t "reading"}}</th><th>{{t "lead changes / 100 players' turns"}}</th><th>{{t "comeback %"}}</th><th>{{t "secure after %"}}</th><th>{{t "final margin"}}</th><th>{{t "skill: win % vs random"}}</th><th>{{t "skill gap (points)"}}</th></tr>
{{range $i, $s := .Stats}}<tr{{if $s.Reading.Base}} class="base"{{end}}><td>R{{$i}}</td><td>{{num $s.LeadChanges}}</td><td>{{pct $s.Comeback}}</td><td>{{pct $s.Secure}}</td><td>{{num $s.Margin}}</td><td>{{pct $s.Skill}}</td><td>{{pct $s.SkillGap}}</td></tr>
{{end}}</table></div>

{{if .Config.Evaluate}}<h2 id="evaluation">{{t "State evaluation"}}</h2>
<p>{{t "An MCTS search of %d iterations judged every decision of the first %d games of each reading (docs/metrics.md, after Browne's measures as Ludii computes them); means over the games with 95%% intervals. Threshold: the highest value the search gave a player who did not win; decisive: the share of the decisions after the winner's value rose above it; narrowness: the share of moves valued in the top quarter of the range of the move values; clarity: the variance of the move values; coverage: the share of the board's places a piece was put on; mobility: legal moves per decision." .Config.Evaluate .Config.EvaluateGames}}</p>
<div class="wide"><table>
<tr><th>{{t "reading"}}</th><th>{{t "games"}}</th><th>{{t "threshold"}}</th><th>{{t "decisive %"}}</th><th>{{t "narrowness %"}}</th><th>{{t "clarity"}}</th><th>{{t "coverage %"}}</th><th>{{t "mobility"}}</th></tr>
{{range $i, $s := .Stats}}{{with $s.Eval}}<tr{{if $s.Reading.Base}} class="base"{{end}}><td>R{{$i}}</td><td>{{.Games}}</td><td>{{num .Threshold}}</td><td>{{pct .Decisive}}</td><td>{{pct .Narrowness}}</td><td>{{num .Clarity}}</td><td>{{pct .Coverage}}</td><td>{{num .Mobility}}</td></tr>
{{end}}{{end}}</table></div>
{{end}}
<h2>{{t "Differences from the base reading"}}</h2>
<p>{{t "Paired t tests, game by game, against R%d; p-values adjusted by Holm over all %d comparisons. Highlighted rows are significant at 5%%. Effect size: Cohen's h for a rate (h = 2 asin √p − 2 asin √p₀), a standardised mean difference d for a mean (the difference over the root mean square of the two standard deviations), each with its 95%% interval; by Cohen's rule of thumb 0.2 is small, 0.5 medium, 0.8 large. \"Detectable\" is the smallest difference the test finds with 80%% power at 5%%: what a difference that is not significant rules out. \"Pairing r\" is the correlation of the two readings' values game by game: the higher, the more noise the pairing removes." .Base (len .Comparisons)}}</p>
<div class="wide"><table>
<tr><th>{{t "reading"}}</th><th>{{t "measure"}}</th><th>{{t "difference"}}</th><th>{{t "effect size"}}</th><th>{{t "smallest difference detectable (80% power)"}}</th><th>{{t "pairing r"}}</th><th>{{t "p"}}</th><th>{{t "Holm p"}}</th></tr>
{{range .Comparisons}}<tr{{if .Significant}} class="sig"{{end}}><td>R{{.Reading}}</td><td class="l">{{.Metric}}</td><td>{{diff .}}</td><td>{{effect .}}</td><td>{{detectable .}}</td><td>{{printf "%.2f" .Corr}}</td><td>{{p .P}}</td><td>{{p .Holm}}</td></tr>
{{end}}</table></div>

{{with .Ranking}}<h2 id="ranking">{{t "Which reading makes the best game"}}</h2>
<p>{{rankNote .}}</p>
<div class="wide"><table>
<tr><th>{{t "reading"}}</th><th>{{t "layer"}}</th><th>{{t "overall rank"}}</th>{{range .Measures}}<th>{{.}}</th>{{end}}</tr>
{{$m := .Measures}}{{range .ByOverall}}<tr{{if eq .Layer 1}} class="sig"{{end}}><td class="l">R{{.Reading}} {{.Label}}</td><td>{{.Layer}}</td><td>{{rank .Overall}}</td>{{$row := .}}{{range $i, $name := $m}}<td>{{cell $name (index $row.Score $i) (index $row.Tier $i) (index $row.Rank $i)}}</td>{{end}}</tr>
{{end}}</table></div>
{{range $j, $r := .Stability}}<p>{{t "Replication %d: Spearman correlation of the overall ranks %.2f; the same best reading: %s." (inc $j) $r (t (yesno (index $.Ranking.SameBest $j)))}}</p>
{{end}}{{end}}
{{with .Replication}}<h2 id="replication">{{t "Replication"}}</h2>
<p>{{t "The same design played again on seeds %s. A finding (a significant difference, or a seat whose interval excludes 0) replicates when every replication has the same sign and a p-value below 0.05 after Holm's correction over the %d findings it tests." (seeds .Seeds) (len .Findings)}}</p>
{{range .Unfinished}}<p><strong>{{t "%s; until then each verdict is provisional (\"pending\")." .String}}</strong></p>
{{end}}{{if .Findings}}<div class="wide"><table>
<tr><th>{{t "reading"}}</th><th>{{t "finding"}}</th><th>{{t "this run"}}</th><th>{{t "p"}}</th><th>{{t "replications"}}</th><th>{{t "replicated"}}</th></tr>
{{range .Findings}}<tr{{if .Replicated}} class="sig"{{end}}><td>R{{.Reading}}</td><td class="l">{{if eq .Kind "seat"}}{{t "seat %d edge" .Seat}}{{else}}{{.Metric}}{{end}}</td><td>{{fval . .Original}}</td><td>{{p .P}}</td><td class="l">{{$f := .}}{{range $j, $r := .Replicas}}{{if $j}}; {{end}}{{fval $f $r.Estimate}}, Holm p {{p $r.Holm}}{{end}}</td><td>{{t ($.Replication.Verdict .)}}</td></tr>
{{end}}</table></div>{{else}}<p>{{t "The run has no finding to replicate."}}</p>{{end}}
{{end}}
{{with .Trace}}<h2 id="skill-trace">{{t "Skill trace: does more thinking help?"}}</h2>
<p>{{t "Each reading played again by %s, %d games a budget, on the run's seeds: against random players (seats rotated) for the win rate, and against itself for the length and the first seat's edge. The changes are from the first budget to the last, paired by game (paired t). A plot per reading is below." (agents .Agents) .Games}}</p>
{{range .Unfinished}}<p><strong>{{t "Unfinished: %s; run the same command to finish it." .}}</strong></p>
{{end}}{{if .Readings}}<div class="wide"><table>
<tr><th>{{t "reading"}}</th><th>{{t "agent"}}</th><th>{{t "win % vs random"}}</th><th>{{t "players' turns, median (self)"}}</th><th>{{t "first seat edge, points (self)"}}</th></tr>
{{range .Readings}}{{$r := .}}{{range .Points}}<tr><td class="l">R{{$r.Reading}} {{$r.Label}}</td><td>{{.Agent}}</td><td>{{pct .Win}}</td><td>{{num .Turns}}</td><td>{{edgeIv .FirstEdge}}</td></tr>
{{end}}<tr class="base"><td class="l">R{{.Reading}}</td><td>{{t "change"}}</td><td>{{change .WinChange true}}</td><td>{{change .TurnsChange false}}</td><td>{{change .FirstChange true}} {{t "(first seat wins)"}}</td></tr>
{{end}}</table></div>{{end}}
{{end}}
{{range .Figures}}<figure id="{{.ID}}">
<h2>{{.Title}}</h2>
{{.Inline}}
{{if .Legend}}<ul class="legend">{{range .Legend}}<li><span class="sw" style="{{if .Dash}}border-top: 3px {{.Dash}} {{.Color}}{{else}}background: {{.Color}}{{end}}"></span>{{.Label}}</li>{{end}}</ul>{{end}}
<figcaption>{{.Caption}}</figcaption>
</figure>
{{end}}
<p>{{t "Definitions of every measure: docs/metrics.md in the Tabula sources."}}</p>
</body>
</html>
`))
})
