package research

import (
	"encoding/csv"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// CSVHeader is the schema of report.csv (docs/analyze.md): every table of
// the report in long form, one estimate a row.
var CSVHeader = []string{"table", "reading", "label", "measure", "value", "low", "high", "n", "p", "holm", "text"}

// csvRows writes report.csv's rows; empty cells are "".
type csvRows struct{ w *csv.Writer }

func csvNum(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// est writes an estimate with its interval.
func (c csvRows) est(table string, reading int, label, measure string, iv Interval, p, holm, text string) {
	r := ""
	if reading >= 0 {
		r = strconv.Itoa(reading)
	}
	c.w.Write([]string{table, r, label, measure, csvNum(iv.Value), csvNum(iv.Low), csvNum(iv.High), strconv.Itoa(iv.N), p, holm, text})
}

// value writes one number without an interval.
func (c csvRows) value(table string, reading int, label, measure string, v float64, n int, text string) {
	r := ""
	if reading >= 0 {
		r = strconv.Itoa(reading)
	}
	c.w.Write([]string{table, r, label, measure, csvNum(v), "", "", strconv.Itoa(n), "", "", text})
}

// text writes a row that is words only.
func (c csvRows) text(table, measure, text string) {
	c.w.Write([]string{table, "", "", measure, "", "", "", "", "", "", text})
}

// WriteCSV writes every table of the report in long form (CSVHeader).
func (rep *Report) WriteCSV(w io.Writer) error {
	c := csvRows{csv.NewWriter(w)}
	c.w.Write(CSVHeader)
	cfg := rep.Config
	for _, kv := range [][2]string{
		{"game", cfg.Game}, {"game name", rep.Game}, {"design", cfg.Design}, {"options", strings.Join(cfg.Options, " ")},
		{"agents", strings.Join(cfg.Agents, ",")}, {"skill", cfg.Skill}, {"games", strconv.Itoa(cfg.Games)},
		{"seed", strconv.FormatUint(cfg.Seed, 10)}, {"chance", cfg.Chance}, {"command", rep.Command()},
		{"version", rep.Software.Version}, {"revision", rep.Software.Revision}, {"revision from", rep.Software.From},
		{"modified", strconv.FormatBool(rep.Software.Modified)}, {"go", rep.Software.Go}, {"games played", rep.GamesText()},
	} {
		c.text("run", kv[0], kv[1])
	}
	if cfg.ChanceHash != "" {
		c.text("run", "chance hash", cfg.ChanceHash)
	}
	for i, s := range rep.Stats {
		l := s.Reading.Label()
		c.value("readings", i, l, "players", float64(s.Reading.Players), s.Games, strings.Join(s.Reading.Settings, " "))
		if s.Reading.Base {
			c.value("readings", i, l, "base", 1, s.Games, "")
		}
		for k, r := range s.SeatRates {
			c.est("outcomes", i, l, fmt.Sprintf("seat %d win", k), r, "", "", "")
		}
		for k, e := range s.SeatEdges {
			_, p := SeatEdgeP(s.SeatWins, k)
			c.est("outcomes", i, l, fmt.Sprintf("seat %d edge", k), e, csvNum(p), "", "")
		}
		if len(s.SeatEdges) > 0 {
			c.value("power", i, l, "seat edge", s.SeatDetectable, s.SeatEdges[0].N, "smallest edge detectable at 80% power")
		}
		c.w.Write([]string{"outcomes", strconv.Itoa(i), l, "seats equal", "", "", "", strconv.Itoa(s.Games), csvNum(s.SeatP), "", "chi-square"})
		c.est("outcomes", i, l, "draw", s.Draw, "", "", "")
		c.est("outcomes", i, l, "stall", s.Stall, "", "", "")
		for _, k := range slices.Sorted(maps.Keys(s.StallBy)) {
			c.value("outcomes", i, l, "stalled by", float64(s.StallBy[k]), s.Games, k)
		}
		c.est("play", i, l, "turns median", s.TurnsMedian, "", "", "")
		c.est("play", i, l, "turns p90", s.TurnsP90, "", "", "")
		c.est("play", i, l, "plies median", s.PliesMedian, "", "", "")
		c.est("play", i, l, "moves median", s.MovesMedian, "", "", "")
		if s.RoundsMedian.N > 0 {
			c.est("play", i, l, "rounds median", s.RoundsMedian, "", "", "")
			c.est("play", i, l, "rounds p90", s.RoundsP90, "", "", "")
		}
		c.est("play", i, l, "choice", s.Choice, "", "", "")
		c.est("play", i, l, "branching", s.Branching, "", "", "")
		c.est("drama", i, l, "lead changes per 100 turns", s.LeadChanges, "", "", "")
		c.est("drama", i, l, "comeback", s.Comeback, "", "", "")
		c.est("drama", i, l, "secure", s.Secure, "", "", "")
		c.est("drama", i, l, "final margin", s.Margin, "", "", "")
		for k, v := range s.LeadCurve {
			c.value("drama", i, l, fmt.Sprintf("lead at %d%%", 100*k/(leadPoints-1)), v, s.Decided+s.Stalled, "")
		}
		if s.Skill.N > 0 {
			c.est("skill", i, l, "skill win", s.Skill, "", "", "")
			c.est("skill", i, l, "skill gap", s.SkillGap, "", "", "")
		}
	}
	rep.evalCSV(c)
	for _, d := range rep.Comparisons {
		c.est("differences", d.Reading, d.Label, d.Metric, d.Diff, csvNum(d.P), csvNum(d.Holm), map[bool]string{true: "significant"}[d.Significant])
		c.value("pairing", d.Reading, d.Label, d.Metric, d.Corr, d.Diff.N, "pairing r")
		c.est("effects", d.Reading, d.Label, d.Metric, d.Effect, "", "", map[string]string{EffectH: "cohen h", EffectD: "standardised mean difference"}[d.EffectKind])
		c.value("power", d.Reading, d.Label, d.Metric, d.Detectable, d.Diff.N, "smallest difference detectable at 80% power")
	}
	rep.rankingCSV(c)
	rep.replicationCSV(c)
	rep.traceCSV(c)
	c.w.Flush()
	return c.w.Error()
}

// rankingCSV writes the ranking: each reading's score and rank on each
// measure and overall.
func (rep *Report) rankingCSV(c csvRows) {
	rk := rep.Ranking
	if rk == nil {
		return
	}
	for _, r := range rk.Readings {
		c.est("ranking", r.Reading, r.Label, "overall", Interval{Value: r.Overall.Rank, Low: r.Overall.Low, High: r.Overall.High, N: rk.Bootstrap}, "", "", "rank")
		c.value("ranking", r.Reading, r.Label, "dominance", float64(r.Layer), 0, "layer")
		for m, name := range rk.Measures {
			c.value("ranking", r.Reading, r.Label, name, float64(r.Tier[m]), 0, "group")
			c.value("ranking", r.Reading, r.Label, name, r.Score[m], 0, "score")
			c.est("ranking", r.Reading, r.Label, name, Interval{Value: r.Rank[m].Rank, Low: r.Rank[m].Low, High: r.Rank[m].High, N: rk.Bootstrap}, "", "", "rank")
		}
	}
	for m, name := range rk.Measures {
		c.value("ranking", -1, "", name, rk.Weights[m], 0, "weight")
	}
	for j, r := range rk.Stability {
		c.value("replication", -1, "", "spearman of overall ranks", r, j+1, map[bool]string{true: "same best", false: "other best"}[rk.SameBest[j]])
	}
}

// replicationCSV writes each finding: this run's estimate, each
// replication's and the verdict.
func (rep *Report) replicationCSV(c csvRows) {
	r := rep.Replication
	if r == nil {
		return
	}
	for _, u := range r.Unfinished {
		c.value("replication", -1, "", "unfinished", float64(u.Games), u.Of, fmt.Sprintf("replication %d, seed %d", u.Index, u.Seed))
	}
	for _, f := range r.Findings {
		what := f.Metric
		if f.Kind == "seat" {
			what = fmt.Sprintf("seat %d edge", f.Seat)
		}
		c.est("replication", f.Reading, f.Label, what, f.Original, csvNum(f.P), "", "this run, seed "+strconv.FormatUint(rep.Config.Seed, 10))
		for _, rp := range f.Replicas {
			c.est("replication", f.Reading, f.Label, what, rp.Estimate, csvNum(rp.P), csvNum(rp.Holm), "replication, seed "+strconv.FormatUint(rp.Seed, 10))
		}
		c.w.Write([]string{"replication", strconv.Itoa(f.Reading), f.Label, what, "", "", "", "", "", "", "replicated: " + r.Verdict(f)})
	}
}
