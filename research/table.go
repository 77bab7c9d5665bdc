package research

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// pct formats a share as a percentage with its interval: "48.2 (46.0-50.4)".
func pct(iv Interval) string {
	if iv.N == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f (%.1f-%.1f)", 100*iv.Value, 100*iv.Low, 100*iv.High)
}

// num formats a number with its interval.
func num(iv Interval) string {
	if iv.N == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3g (%.3g-%.3g)", iv.Value, iv.Low, iv.High)
}

// WriteText writes the report as tables for a terminal.
func (rep *Report) WriteText(w io.Writer) error {
	c := rep.Config
	fmt.Fprintf(w, "%s: %d readings (%s), %s, agents %s, seed %d\n",
		rep.Game, len(rep.Stats), c.Design, rep.GamesText(), strings.Join(c.Agents, ","), c.Seed)
	fmt.Fprintf(w, "%s\n%s\n", rep.Command(), rep.Software)
	if len(c.Options) > 0 {
		fmt.Fprintf(w, "fixed options: %s\n", strings.Join(c.Options, " "))
	}
	fmt.Fprintln(w, "\nOutcomes, % with 95% intervals (seat edges: each seat's share of decided games minus the fair share, in points, intervals that hold for all seats together; p: chi-square test that all seats are equal; detectable: the smallest edge the seat test finds with 80% power)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "reading\tgames\tseat wins %\tseat edges\tp\tdetectable\tdraw %\tstall %\t")
	for _, s := range rep.Stats {
		seats := make([]string, len(s.SeatRates))
		for k, r := range s.SeatRates {
			seats[k] = fmt.Sprintf("%.1f", 100*r.Value)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t\n", s.Reading.Label(), s.Games, strings.Join(seats, " / "),
			edgeText(s), PValue(s.SeatP), seatDetectableText(s), pct(s.Draw), pct(s.Stall))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nPlay (turns: players' turns; plies: decisions applied; moves: each player's moves; choice: % of decisions with more than one move; branching: moves then)")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "reading\tturns median\tturns p90\t")
	if rep.PliesDiffer {
		fmt.Fprint(tw, "plies median\t")
	}
	if rep.MovesDiffer {
		fmt.Fprint(tw, "moves median\t")
	}
	fmt.Fprintln(tw, "rounds median\tchoice %\tbranching\t")
	for _, s := range rep.Stats {
		fmt.Fprintf(tw, "%s\t%s\t%s\t", s.Reading.Label(), num(s.TurnsMedian), num(s.TurnsP90))
		if rep.PliesDiffer {
			fmt.Fprintf(tw, "%s\t", num(s.PliesMedian))
		}
		if rep.MovesDiffer {
			fmt.Fprintf(tw, "%s\t", num(s.MovesMedian))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t\n", num(s.RoundsMedian), pct(s.Choice), num(s.Branching))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nDrama (lead by the game's own measure; comeback: winner behind at half time; secure: share of the game after which the winner never trails)")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "reading\tlead changes/100 turns\tcomeback %\tsecure %\tfinal margin\tskill win %\t")
	for _, s := range rep.Stats {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t\n", s.Reading.Label(), num(s.LeadChanges), pct(s.Comeback),
			pct(s.Secure), num(s.Margin), pct(s.Skill))
	}
	tw.Flush()
	rep.writeEval(w)
	if sig := rep.Significant(); len(sig) > 0 {
		fmt.Fprintf(w, "\nSignificant differences from the base reading (%s), paired by game, Holm-adjusted:\n", rep.Stats[rep.Base].Reading.Label())
		for _, l := range sig {
			fmt.Fprintf(w, "  %s\n", l)
		}
	} else if len(rep.Stats) > 1 {
		fmt.Fprintln(w, "\nNo difference from the base reading is significant (paired by game, Holm-adjusted, 5%).")
	}
	if ns := rep.NotSignificant(); len(ns) > 0 {
		fmt.Fprintln(w, "\nNot significant, each with the smallest difference its test finds with 80% power at 5% (effect: h Cohen's h, d standardised mean difference):")
		for _, l := range ns {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
	rep.writeRanking(w)
	rep.writeReplication(w)
	rep.writeTrace(w)
	return nil
}

// writeReplication writes each finding and whether it replicated.
func (rep *Report) writeReplication(w io.Writer) {
	r := rep.Replication
	if r == nil {
		return
	}
	fmt.Fprintf(w, "\nReplication on seeds %s: a finding replicates when every replication has the same sign and Holm p < 0.05 (over the %d findings)\n",
		seedList(r.Seeds), len(r.Findings))
	for _, u := range r.Unfinished {
		fmt.Fprintf(w, "  %s\n", u)
	}
	if len(r.Findings) == 0 {
		fmt.Fprintln(w, "  (no finding to replicate)")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "finding\tthis run\tp\treplications\treplicated\t")
	for _, f := range r.Findings {
		var reps []string
		for _, rp := range f.Replicas {
			reps = append(reps, fmt.Sprintf("%s, Holm p %s", findingValue(f, rp.Estimate), pIs(rp.Holm)))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", f, findingValue(f, f.Original), PValue(f.P), strings.Join(reps, "; "),
			r.Verdict(f))
	}
	tw.Flush()
}

// String says how far an unfinished replication is.
func (u Unfinished) String() string {
	return fmt.Sprintf("replication %d (seed %d) is unfinished: %d of %d games; run the same command to finish it", u.Index, u.Seed, u.Games, u.Of)
}

// Verdict is "yes" or "no", or "pending" while a replication is
// unfinished and the complete ones (if any) have not ruled the finding
// out.
func (r *Replication) Verdict(f Finding) string {
	switch {
	case len(r.Unfinished) > 0 && (len(f.Replicas) == 0 || f.Replicated):
		return "pending"
	case f.Replicated:
		return "yes"
	}
	return "no"
}

// findingValue formats a finding's estimate: points for a seat edge or a
// share, the measure's own unit otherwise.
func findingValue(f Finding, iv Interval) string {
	if f.Kind == "seat" || isShare(f.Metric) {
		return fmt.Sprintf("%+.1f (%+.1f to %+.1f) points", 100*iv.Value, 100*iv.Low, 100*iv.High)
	}
	return fmt.Sprintf("%+.3g (%.3g to %.3g)", iv.Value, iv.Low, iv.High)
}

// isShare reports whether a compared measure is a share (0/1 or choice).
func isShare(metric string) bool {
	if metric == skillGapMetric {
		return true
	}
	for _, m := range pairedMetrics {
		if m.name == metric {
			return m.share
		}
	}
	return false
}

func seedList(seeds []uint64) string {
	parts := make([]string, len(seeds))
	for i, s := range seeds {
		parts[i] = strconv.FormatUint(s, 10)
	}
	return strings.Join(parts, ", ")
}

// WriteJSON writes the report as one indented JSON object.
func (rep *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// GamesText says how many games each reading has: "2000 games each", or
// for a partial run "57 to 58 of 200 games each (a partial run)".
func (rep *Report) GamesText() string {
	lo, hi := rep.Config.Games, 0
	for _, s := range rep.Stats {
		lo, hi = min(lo, s.Games), max(hi, s.Games)
	}
	switch {
	case lo == rep.Config.Games:
		return fmt.Sprintf("%d games each", lo)
	case lo == hi:
		return fmt.Sprintf("%d of %d games each (a partial run)", lo, rep.Config.Games)
	}
	return fmt.Sprintf("%d to %d of %d games each (a partial run)", lo, hi, rep.Config.Games)
}
