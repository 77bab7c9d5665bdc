package research

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"tabula/internal/version"

	"gonum.org/v1/gonum/stat"
)

// Stats are the measures of one reading, each with its 95% interval.
// docs/metrics.md defines each one.
type Stats struct {
	Reading Reading `json:"reading"`
	Games   int     `json:"games"`
	// SeatWins counts each seat's wins; SeatRates are their shares of all
	// games (Wilson).
	SeatWins  []int      `json:"seatWins"`
	SeatRates []Interval `json:"seatRates"`
	// SeatEdges are each seat's share of the decided games minus 1/n,
	// with intervals that hold for all seats together (SeatEdges); SeatP
	// the p-value of the chi-square test that every seat wins equally
	// often (among decided games).
	SeatEdges []Interval `json:"seatEdges"`
	SeatP     float64    `json:"seatP"`
	// SeatDetectable is the smallest seat edge the seat test finds with
	// 80% power: what "no seat is favoured" rules out.
	SeatDetectable float64  `json:"seatDetectable"`
	Draw           Interval `json:"draw"`
	// Stall is the share of games in which a safeguard fired; StallBy
	// counts them by safeguard.
	Stall   Interval       `json:"stall"`
	StallBy map[string]int `json:"stallBy,omitempty"`
	// Decided, Drawn, Stalled partition the games for the outcome bars.
	Decided int `json:"decided"`
	Drawn   int `json:"drawn"`
	Stalled int `json:"stalled"`
	// Turns are the players' turns of a game, Plies its decisions and
	// Moves the players' moves (docs/metrics.md); Rounds the rounds of a
	// match (games played in rounds only).
	TurnsMedian  Interval `json:"turnsMedian"`
	TurnsP90     Interval `json:"turnsP90"`
	PliesMedian  Interval `json:"pliesMedian"`
	MovesMedian  Interval `json:"movesMedian"`
	RoundsMedian Interval `json:"roundsMedian"`
	RoundsP90    Interval `json:"roundsP90"`
	// Choice is the share of decisions with more than one legal move;
	// Branching the mean number of legal moves then.
	Choice    Interval `json:"choice"`
	Branching Interval `json:"branching"`
	// LeadChanges is per 100 players' turns, by the game's own measure of
	// who leads.
	LeadChanges Interval `json:"leadChanges"`
	// Comeback is the share of decided games whose winner trailed at half
	// time; Secure the mean share of a game after which the winner never
	// again trails; Margin the winner's mean final lead.
	Comeback Interval `json:"comeback"`
	Secure   Interval `json:"secure"`
	Margin   Interval `json:"margin"`
	// Skill is the strong agent's win rate against random players (skill
	// games only); SkillGap is Skill minus the fair share 1/players.
	Skill    Interval `json:"skill"`
	SkillGap Interval `json:"skillGap"`
	// LeadCurve is the winner's mean lead at 0%, 10%, ..., 100% of a game.
	LeadCurve []float64 `json:"leadCurve"`
	// Eval holds the state-evaluation measures of the judged games
	// (--evaluate), nil without them.
	Eval *EvalStats `json:"eval,omitempty"`
}

// Comparison is one measure of one reading against the base reading,
// paired game by game (game i of both used the same seeds).
type Comparison struct {
	Reading int      `json:"reading"`
	Label   string   `json:"label"`
	Metric  string   `json:"metric"`
	Diff    Interval `json:"diff"` // reading minus base
	P       float64  `json:"p"`    // paired t test
	// Corr is the correlation of the paired values, game by game: how
	// much the common random numbers share between the two readings (0
	// when either is constant).
	Corr float64 `json:"corr"`
	Holm float64 `json:"holm"` // adjusted for every comparison of the run
	// Significant: Holm's p below 0.05.
	Significant bool `json:"significant"`
	// Effect is the difference on a common scale, with its 95% interval:
	// Cohen's h for a rate (EffectKind "h"), a standardised mean
	// difference for a mean ("d").
	Effect     Interval `json:"effect"`
	EffectKind string   `json:"effectKind"`
	// Detectable is the smallest difference, in the measure's unit, the
	// test finds with 80% power at 5%: what a null result rules out.
	Detectable float64 `json:"detectable"`
}

// Report is the analysis of a run.
type Report struct {
	Config      Config       `json:"config"`
	Game        string       `json:"gameName"`
	Base        int          `json:"base"` // the reading others are compared with
	Stats       []Stats      `json:"readings"`
	Comparisons []Comparison `json:"comparisons"`
	// PliesDiffer and MovesDiffer say whether some game of the run had
	// plies, or moves, other than its players' turns: the reports then
	// show them too.
	PliesDiffer bool `json:"pliesDiffer"`
	MovesDiffer bool `json:"movesDiffer"`
	// Ranking ranks the readings (nil for a single reading).
	Ranking *Ranking `json:"ranking,omitempty"`
	// Replication is the findings checked on further seeds, when the run
	// was replicated (Replicate).
	Replication *Replication `json:"replication,omitempty"`
	// Trace is the skill trace, when the run has one (LoadTrace).
	Trace *SkillTrace `json:"skillTrace,omitempty"`
	// Software is the build that analysed the run: cite it with the seed.
	Software version.Info `json:"software"`
	results  []game
	tab      *gameTables // the stalls and evaluations results name
	// mainBy is results split by reading, skill games aside
	// (splitResults).
	mainBy [][]game
	// skillBy is the skill games split by reading (Analyze)
	skillBy [][]game
	plan    *Plan
}

// pairedMetrics are the per-game measures compared between readings.
// A measure whose fair value is 1/players (fair) is compared only between
// readings with as many players: "the first seat wins" falls from 1/2 to
// 1/4 with four players whatever the rules do. The skill games are then
// compared by the skill gap (the win rate over 1/players) instead.
var pairedMetrics = []struct {
	name               string
	skill, share, fair bool
	rate               bool // 0/1 per game: its effect size is Cohen's h
	value              func(r game) (float64, bool)
}{
	{"first seat wins", false, true, true, true, func(r game) (float64, bool) { return b2f(r.Winner == 0), true }},
	{"draw", false, true, false, true, func(r game) (float64, bool) { return b2f(r.Winner < 0), true }},
	{"stall", false, true, false, true, func(r game) (float64, bool) { return b2f(r.Stall != 0), true }},
	{"turns", false, false, false, false, func(r game) (float64, bool) { return float64(r.Turns), true }},
	{"choice", false, true, false, false, func(r game) (float64, bool) { return ratio(r.Choices, r.Decisions) }},
	{"lead changes/100 turns", false, false, false, false, leadChangeRate},
	{"skill win", true, true, true, true, func(r game) (float64, bool) { return b2f(r.Agent == 0), true }},
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func ratio[T int | int32 | int64](a, b T) (float64, bool) {
	if b == 0 {
		return 0, false
	}
	return float64(a) / float64(b), true
}

func leadChangeRate(r game) (float64, bool) {
	v, ok := ratio(r.LeadChanges, r.Turns)
	return 100 * v, ok
}

// Analyze measures every reading of a complete or partial run. Results
// must be in unit order (as LoadRun and Merge give them); Run's are
// measured by Played.Analyze.
func Analyze(p *Plan, results []Result) *Report {
	tab := &gameTables{}
	games := make([]game, len(results))
	// The lead curves of each reading's decided games, added in order.
	leads := make([][]float64, len(p.Readings))
	for i, r := range results {
		games[i] = tab.keep(r)
		if r.Skill || r.Winner < 0 || len(r.Lead) == 0 {
			continue
		}
		if leads[r.Reading] == nil {
			leads[r.Reading] = make([]float64, leadPoints)
		}
		for k, v := range r.Lead[:min(len(r.Lead), leadPoints)] {
			leads[r.Reading][k] += v
		}
	}
	return analyze(p, games, tab, leads)
}

// analyze measures a run's games, whose stalls and evaluations are in tab
// and the sums of whose lead curves are in leads, by reading.
func analyze(p *Plan, results []game, tab *gameTables, leads [][]float64) *Report {
	rep := &Report{Config: p.Config, Game: p.Game.Name(), results: results, tab: tab, plan: p, Software: version.Get()}
	for _, r := range results {
		rep.PliesDiffer = rep.PliesDiffer || r.Plies != r.Turns
		rep.MovesDiffer = rep.MovesDiffer || r.Moves() != r.Turns
	}
	byReading, skillBy := splitResults(len(p.Readings), results)
	rep.mainBy, rep.skillBy = byReading, skillBy
	for i, rd := range p.Readings {
		if rd.Base {
			rep.Base = i
			break
		}
	}
	for i, rd := range p.Readings {
		st := measure(rd, byReading[i], skillBy[i], leads[i], tab)
		st.Eval = evalStats(p.Config.Evaluate, byReading[i], tab)
		rep.Stats = append(rep.Stats, st)
	}
	rep.Comparisons = compare(p, rep.Base, byReading, skillBy)
	rep.Ranking = rep.Rank()
	return rep
}

// splitResults gives the results of each reading, apart from its skill
// games', in their order; a run of one reading without skill games is
// its results as they are.
func splitResults(readings int, results []game) (by, skill [][]game) {
	by, skill = make([][]game, readings), make([][]game, readings)
	n, nSkill := make([]int, readings), make([]int, readings)
	for _, r := range results {
		if r.Skill {
			nSkill[r.Reading]++
		} else {
			n[r.Reading]++
		}
	}
	if readings == 1 && nSkill[0] == 0 {
		by[0] = results
		return by, skill
	}
	// Counted first, so that no slice of results grows by copying.
	for i := range by {
		by[i] = make([]game, 0, n[i])
		skill[i] = make([]game, 0, nSkill[i])
	}
	for _, r := range results {
		if r.Skill {
			skill[r.Reading] = append(skill[r.Reading], r)
		} else {
			by[r.Reading] = append(by[r.Reading], r)
		}
	}
	return by, skill
}

// measure measures one reading's games rs and skill games, whose stalls
// are in tab; leads, if not nil, is the sum of its decided games' lead
// curves.
func measure(rd Reading, rs, skill []game, leads []float64, tab *gameTables) Stats {
	n := rd.Players
	st := Stats{Reading: rd, Games: len(rs), SeatWins: make([]int, n), StallBy: map[string]int{},
		LeadCurve: make([]float64, leadPoints)}
	copy(st.LeadCurve, leads)
	g := len(rs)
	draws, stalls, comebacks, decided := 0, 0, 0, 0
	// Plies are often the turns (a game of one move a turn) and moves the
	// plies (one actor a ply): a measure equal to the one before it is not
	// written out (nor sorted).
	pliesAreTurns, movesArePlies := true, true
	for _, r := range rs {
		switch {
		case r.Stall != 0:
			stalls++
			st.StallBy[tab.stallName(r)]++
			st.Stalled++
		case r.Winner < 0:
			st.Drawn++
		default:
			st.Decided++
		}
		if r.Winner < 0 {
			draws++
		} else {
			st.SeatWins[r.Winner]++
			decided++
			if r.Trailed {
				comebacks++
			}
		}
		pliesAreTurns = pliesAreTurns && r.Plies == r.Turns
		movesArePlies = movesArePlies && r.Moves() == r.Plies
	}
	if decided > 0 {
		for k := range st.LeadCurve {
			st.LeadCurve[k] /= float64(decided)
		}
	}
	for _, w := range st.SeatWins {
		st.SeatRates = append(st.SeatRates, Wilson(w, g))
	}
	st.SeatEdges = SeatEdges(st.SeatWins)
	st.SeatDetectable = seatDetectable(st.SeatWins)
	_, st.SeatP = ChiSquareUniform(st.SeatWins)
	st.Draw = Proportion(draws, g)
	st.Stall = Proportion(stalls, g)
	// One buffer of a value a game holds each measure in turn, in the
	// games' order, for its quantiles (sorted in place) or its mean: the
	// reports keep no copy of every game's measures.
	buf := make([]float64, 0, g)
	adviseHuge(buf[:cap(buf)]) // filled in order, a measure at a time
	values := func(v func(r game) (float64, bool)) []float64 {
		buf = buf[:0]
		for _, r := range rs {
			if x, ok := v(r); ok {
				buf = append(buf, x)
			}
		}
		return buf
	}
	st.TurnsMedian, st.TurnsP90 = quantiles(values(func(r game) (float64, bool) { return float64(r.Turns), true }), 0.5, 0.9)
	st.PliesMedian = st.TurnsMedian
	if !pliesAreTurns {
		st.PliesMedian, _ = quantiles(values(func(r game) (float64, bool) { return float64(r.Plies), true }), 0.5, 0.5)
	}
	st.MovesMedian = st.PliesMedian
	if !movesArePlies {
		st.MovesMedian, _ = quantiles(values(func(r game) (float64, bool) { return float64(r.Moves()), true }), 0.5, 0.5)
	}
	st.RoundsMedian, st.RoundsP90 = quantiles(values(func(r game) (float64, bool) { return float64(r.Rounds), r.Rounds > 0 }), 0.5, 0.9)
	st.Choice = Mean(values(func(r game) (float64, bool) { return ratio(r.Choices, r.Decisions) }))
	st.Branching = Mean(values(func(r game) (float64, bool) { return ratio(r.Options, int64(r.Choices)) }))
	st.LeadChanges = Mean(values(leadChangeRate))
	st.Comeback = Wilson(comebacks, decided)
	st.Secure = Mean(values(func(r game) (float64, bool) { return r.Secure, r.Winner >= 0 }))
	st.Margin = Mean(values(func(r game) (float64, bool) { return r.Margin, r.Winner >= 0 }))
	if len(skill) > 0 {
		wins := 0
		for _, r := range skill {
			if r.Agent == 0 {
				wins++
			}
		}
		st.Skill = Wilson(wins, len(skill))
		fair := 1 / float64(n)
		st.SkillGap = Interval{Value: st.Skill.Value - fair, Low: st.Skill.Low - fair, High: st.Skill.High - fair, N: st.Skill.N}
	}
	if len(st.StallBy) == 0 {
		st.StallBy = nil
	}
	return st
}

// Favoured lists the seats whose simultaneous interval excludes 0, with
// the sign of their edge: "seat 1 +" for a favoured seat 1.
func (s Stats) Favoured() []string {
	var out []string
	for k, e := range s.SeatEdges {
		switch {
		case e.Low > 0:
			out = append(out, fmt.Sprintf("seat %d +", k))
		case e.High < 0:
			out = append(out, fmt.Sprintf("seat %d -", k))
		}
	}
	return out
}

// edgeText gives the seat edges in points: "+1.2 (-0.9 to 3.3) / ...".
func edgeText(s Stats) string {
	if len(s.SeatEdges) == 0 {
		return "-"
	}
	parts := make([]string, len(s.SeatEdges))
	for k, e := range s.SeatEdges {
		parts[k] = fmt.Sprintf("%+.1f (%+.1f to %+.1f)", 100*e.Value, 100*e.Low, 100*e.High)
	}
	return strings.Join(parts, " / ")
}

// compare tests each measure of each reading against the base, on the
// games both have, and adjusts the p-values by Holm over the whole run.
func compare(p *Plan, base int, byReading, skillBy [][]game) []Comparison {
	var out []Comparison
	for i := range p.Readings {
		if i == base {
			continue
		}
		ni, nb := p.Readings[i].Players, p.Readings[base].Players
		for _, m := range pairedMetrics {
			a, b := byReading[i], byReading[base]
			if m.skill {
				a, b = skillBy[i], skillBy[base]
			}
			name, value := m.name, m.value
			if m.fair && ni != nb {
				if !m.skill {
					continue
				}
				name = skillGapMetric
			}
			x, y := paired(a, b, value)
			if name == skillGapMetric {
				shift(x, -1/float64(ni))
				shift(y, -1/float64(nb))
			}
			if len(x) < 2 || slices.Equal(x, y) {
				continue // nothing to test (a stall rate of 0 in both, say)
			}
			diff, pv := PairedT(x, y)
			c := Comparison{Reading: i, Label: p.Readings[i].Label(), Metric: name, Diff: diff, P: pv, Corr: correlation(x, y),
				Detectable: detectable(x, y), Effect: smd(x, y), EffectKind: EffectD}
			if m.rate && name != skillGapMetric {
				c.Effect, c.EffectKind = cohenH(x, y), EffectH
			}
			out = append(out, c)
		}
	}
	ps := make([]float64, len(out))
	for i, c := range out {
		ps[i] = c.P
	}
	for i, h := range Holm(ps) {
		out[i].Holm = h
		out[i].Significant = h < 0.05
	}
	return out
}

// skillGapMetric compares the skill games of readings with other numbers
// of players: the strong agent's win rate over 1/players.
const skillGapMetric = "skill gap"

// shift adds d to every x.
func shift(xs []float64, d float64) {
	for i := range xs {
		xs[i] += d
	}
}

// correlation is Pearson's r of x and y, 0 when either is constant.
func correlation(x, y []float64) float64 {
	r := stat.Correlation(x, y, nil)
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return 0
	}
	return r
}

// paired gives the values of the games both lists hold (by game number)
// where the measure is defined for both.
func paired(a, b []game, value func(game) (float64, bool)) (x, y []float64) {
	pair := func(r, o game) {
		v, ok1 := value(r)
		w, ok2 := value(o)
		if ok1 && ok2 {
			x, y = append(x, v), append(y, w)
		}
	}
	if sameGames([][]game{b, a}) {
		// A whole run's readings: game k of each is the same game, no
		// map of every result needed.
		x, y = make([]float64, 0, len(a)), make([]float64, 0, len(a))
		for k, r := range a {
			pair(r, b[k])
		}
		return x, y
	}
	at := map[int32]game{}
	for _, r := range b {
		at[r.Game] = r
	}
	for _, r := range a {
		if o, ok := at[r.Game]; ok {
			pair(r, o)
		}
	}
	return x, y
}

// NotSignificant lists the comparisons not flagged, each with the
// smallest difference its test could detect, for people.
func (rep *Report) NotSignificant() []string {
	var out []string
	for _, c := range rep.Comparisons {
		if !c.Significant {
			out = append(out, fmt.Sprintf("%s: %s %+.3g (%.3g to %.3g), %s; detectable %s", c.Label, c.Metric, c.Diff.Value, c.Diff.Low, c.Diff.High, effectText(c), detectableText(c)))
		}
	}
	return out
}

// Significant lists the comparisons flagged significant, for people.
func (rep *Report) Significant() []string {
	var out []string
	for _, c := range rep.Comparisons {
		if c.Significant {
			out = append(out, fmt.Sprintf("%s: %s %+.3g (%.3g to %.3g), %s, Holm p %s", c.Label, c.Metric, c.Diff.Value, c.Diff.Low, c.Diff.High, effectText(c), pIs(c.Holm)))
		}
	}
	return slices.Clip(out)
}

func frac(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
