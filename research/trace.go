package research

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
)

// A skill trace: does more thinking help? Each reading is played again
// with one agent at several budgets (mcts:100, mcts:1000, ...), each its
// own run beside the main one (DIR/trace-1, DIR/trace-2, ...): the agent
// against itself (the main games: length and the first seat's edge) and
// against random players, seats rotated (the skill games: win rate). The
// games of every budget use the same seeds, so budgets compare game by
// game.

// TraceDir is where the run of budget j (1-based) of the trace of the run
// in dir is kept.
func TraceDir(dir string, j int) string { return filepath.Join(dir, fmt.Sprintf("trace-%d", j)) }

// TraceConfig is the config of the trace run of agent spec: the design of
// cfg with spec in every seat and as the skill agent, games games each.
func TraceConfig(cfg Config, spec string, games int) Config {
	cfg.Agents, cfg.Skill, cfg.Games = []string{spec}, spec, games
	cfg.Evaluate, cfg.EvaluateGames = 0, 0
	return cfg
}

// ParseTrace reads --skill-trace: agent specs separated by commas.
func ParseTrace(text string) []string {
	var out []string
	for _, s := range strings.Split(text, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// SkillTrace is how each reading's outcomes move with the budget.
type SkillTrace struct {
	Agents   []string   `json:"agents"` // the budgets, in order
	Games    int        `json:"games"`
	Readings []TraceRow `json:"readings"`
	// Unfinished lists the budgets whose run is not complete.
	Unfinished []string `json:"unfinished,omitempty"`
}

// TraceRow is one reading's trace.
type TraceRow struct {
	Reading int          `json:"reading"`
	Label   string       `json:"label"`
	Points  []TracePoint `json:"points"`
	// From the first budget to the last, paired by game: the change of
	// the win rate against random players, of the players' turns in
	// self-play and of the first seat's wins in self-play, each with its
	// 95% interval and paired t test p.
	WinChange   Change `json:"winChange"`
	TurnsChange Change `json:"turnsChange"`
	FirstChange Change `json:"firstChange"`
}

// Change is a paired difference with its test.
type Change struct {
	Diff Interval `json:"diff"`
	P    float64  `json:"p"`
}

// TracePoint is one reading at one budget.
type TracePoint struct {
	Agent string `json:"agent"`
	// Win is the agent's win rate against random players (Wilson), Gap
	// that over the fair share.
	Win Interval `json:"win"`
	Gap Interval `json:"gap"`
	// Turns is the median players' turns in self-play; FirstEdge the
	// first seat's edge in self-play (share of decided games minus 1/n).
	Turns     Interval `json:"turns"`
	FirstEdge Interval `json:"firstEdge"`
}

// LoadTrace reads the trace runs kept beside the run of p in dir
// (trace-1, trace-2, ... up to the first missing one) and sums them up;
// nil when there are none.
func LoadTrace(dir string, p *Plan) (*SkillTrace, error) {
	var reps []*Report
	tr := &SkillTrace{}
	for j := 1; ; j++ {
		d := TraceDir(dir, j)
		if _, err := os.Stat(filepath.Join(d, runFile)); errors.Is(err, os.ErrNotExist) {
			break
		}
		rp, sh, rs, err := LoadRun(d)
		if err != nil {
			return nil, err
		}
		want := TraceConfig(p.Config, rp.Config.Skill, rp.Config.Games)
		if sh != Whole || len(rp.Config.Agents) != 1 || !sameConfig(rp.Config, want) {
			return nil, fmt.Errorf("%s is not a skill trace of the run in %s", d, dir)
		}
		tr.Agents = append(tr.Agents, rp.Config.Skill)
		tr.Games = rp.Config.Games
		if len(rs) != rp.Units() {
			tr.Unfinished = append(tr.Unfinished, fmt.Sprintf("%s: %d of %d games", rp.Config.Skill, len(rs), rp.Units()))
			continue
		}
		reps = append(reps, Analyze(rp, rs))
	}
	if len(tr.Agents) == 0 {
		return nil, nil
	}
	if len(tr.Unfinished) > 0 || len(reps) == 0 {
		return tr, nil
	}
	first, last := reps[0], reps[len(reps)-1]
	for i, rd := range p.Readings {
		row := TraceRow{Reading: i, Label: rd.Label()}
		for _, r := range reps {
			s := r.Stats[i]
			pt := TracePoint{Agent: r.Config.Skill, Win: s.Skill, Gap: s.SkillGap, Turns: s.TurnsMedian}
			if len(s.SeatEdges) > 0 {
				pt.FirstEdge = s.SeatEdges[0]
			}
			row.Points = append(row.Points, pt)
		}
		row.WinChange = change(last.byReading(i, true), first.byReading(i, true), func(r game) (float64, bool) { return b2f(r.Agent == 0), true })
		row.TurnsChange = change(last.byReading(i, false), first.byReading(i, false), func(r game) (float64, bool) { return float64(r.Turns), true })
		row.FirstChange = change(last.byReading(i, false), first.byReading(i, false), func(r game) (float64, bool) { return b2f(r.Winner == 0), true })
		tr.Readings = append(tr.Readings, row)
	}
	return tr, nil
}

// byReading gives reading i's results, skill games or main games.
func (rep *Report) byReading(i int, skill bool) []game {
	var out []game
	for _, r := range rep.results {
		if int(r.Reading) == i && r.Skill == skill {
			out = append(out, r)
		}
	}
	return out
}

// change is the paired difference a − b of a measure over their common
// games, with its paired t test.
func change(a, b []game, value func(game) (float64, bool)) Change {
	x, y := paired(a, b, value)
	d, p := PairedT(x, y)
	return Change{Diff: d, P: p}
}

// changeText formats a change: "+12.0 points (4.1 to 19.9), p 0.003".
func changeText(c Change, points bool) string {
	if c.Diff.N == 0 {
		return "-"
	}
	if points {
		return fmt.Sprintf("%+.1f points (%+.1f to %+.1f), p %s", 100*c.Diff.Value, 100*c.Diff.Low, 100*c.Diff.High, PValue(c.P))
	}
	return fmt.Sprintf("%+.3g (%.3g to %.3g), p %s", c.Diff.Value, c.Diff.Low, c.Diff.High, PValue(c.P))
}

// writeTrace writes the skill trace as tables.
func (rep *Report) writeTrace(w io.Writer) {
	tr := rep.Trace
	if tr == nil {
		return
	}
	fmt.Fprintf(w, "\nSkill trace (each reading played by %s, %d games a budget: against random players, seats rotated: win %%; against itself: median players' turns and the first seat's edge in points; 95%% intervals)\n",
		strings.Join(tr.Agents, ", "), tr.Games)
	for _, u := range tr.Unfinished {
		fmt.Fprintf(w, "  unfinished: %s; run the same command to finish it\n", u)
	}
	if len(tr.Readings) == 0 {
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "reading\tagent\twin % vs random\tturns (self)\tfirst seat edge (self)\t")
	for _, row := range tr.Readings {
		for _, pt := range row.Points {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", row.Label, pt.Agent, pct(pt.Win), num(pt.Turns), edgeIv(pt.FirstEdge))
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "From %s to %s, paired by game:\n", tr.Agents[0], tr.Agents[len(tr.Agents)-1])
	for _, row := range tr.Readings {
		fmt.Fprintf(w, "  %s: win vs random %s; turns %s; first seat wins %s\n", row.Label,
			changeText(row.WinChange, true), changeText(row.TurnsChange, false), changeText(row.FirstChange, true))
	}
}

// edgeIv formats an edge in points with its interval.
func edgeIv(iv Interval) string {
	if iv.N == 0 {
		return "-"
	}
	return fmt.Sprintf("%+.1f (%+.1f to %+.1f)", 100*iv.Value, 100*iv.Low, 100*iv.High)
}

// traceCSV writes the skill trace.
func (rep *Report) traceCSV(c csvRows) {
	tr := rep.Trace
	if tr == nil {
		return
	}
	for _, u := range tr.Unfinished {
		c.text("trace", "unfinished", u)
	}
	for _, row := range tr.Readings {
		for _, pt := range row.Points {
			c.est("trace", row.Reading, row.Label, "win vs random", pt.Win, "", "", pt.Agent)
			c.est("trace", row.Reading, row.Label, "skill gap", pt.Gap, "", "", pt.Agent)
			c.est("trace", row.Reading, row.Label, "turns median (self)", pt.Turns, "", "", pt.Agent)
			c.est("trace", row.Reading, row.Label, "first seat edge (self)", pt.FirstEdge, "", "", pt.Agent)
		}
		span := tr.Agents[0] + " to " + tr.Agents[len(tr.Agents)-1]
		for _, ch := range []struct {
			name string
			c    Change
		}{{"win vs random change", row.WinChange}, {"turns change (self)", row.TurnsChange}, {"first seat wins change (self)", row.FirstChange}} {
			c.est("trace", row.Reading, row.Label, ch.name, ch.c.Diff, csvNum(ch.c.P), "", span)
		}
	}
}

// tracePlots draws one plot per reading: the win rate against random
// players and the first seat's share in self-play, by budget.
func (rep *Report) tracePlots() ([]figure, error) {
	tr := rep.Trace
	if tr == nil {
		return nil, nil
	}
	var figs []figure
	for _, row := range tr.Readings {
		n := rep.Stats[row.Reading].Reading.Players
		series := []struct {
			name string
			get  func(TracePoint) Interval
		}{
			{"win rate against random players", func(pt TracePoint) Interval { return pt.Win }},
			{"first seat's share of decided games, self-play", func(pt TracePoint) Interval { return shifted(pt.FirstEdge, 1/float64(n)) }},
		}
		var ivs [][]Interval
		for _, s := range series {
			var col []Interval
			for _, pt := range row.Points {
				col = append(col, s.get(pt))
			}
			ivs = append(ivs, col)
		}
		names := make([]string, len(series))
		for k, s := range series {
			names[k] = s.name
		}
		fig, err := intervalPlot(tr.Agents, names, ivs, 1/float64(n), "share")
		if err != nil {
			return nil, err
		}
		fig.ID = fmt.Sprintf("trace-%d", row.Reading)
		fig.title, fig.titleArgs = "Skill trace: R%d %s", []any{row.Reading, row.Label}
		fig.caption, fig.captionArgs = "By budget, with 95%% Wilson intervals: the agent's win rate against random players (seats rotated) and the first seat's share of the decided games when the agent plays itself; the dashed line is the fair share 1/%d.", []any{n}
		figs = append(figs, fig)
	}
	return figs, nil
}

// shifted adds d to an interval.
func shifted(iv Interval, d float64) Interval {
	return Interval{Value: iv.Value + d, Low: iv.Low + d, High: iv.High + d, N: iv.N}
}
