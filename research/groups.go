package research

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// A ranking that does not rank noise: on each measure the readings are
// put in groups (tiers). Tier 1 is the best reading and every reading the
// paired tests cannot tell from it (Holm-corrected over the tier's tests,
// 5%); tier 2 is the best of the rest and those not distinguishable from
// it, and so on. A reading dominates another when its tier is as good on
// every measure of the overall view and better on one; the dominance
// layer is 1 for the readings no other dominates, 2 for those dominated
// only by layer 1, ... (docs/metrics.md).

// tierTest gives the two-sided p-value that readings a and b score the
// same on a measure.
type tierTest func(a, b int) float64

// tiers groups the readings on one measure, scores higher better.
func tiers(score []float64, test tierTest) []int {
	out := make([]int, len(score))
	left := make([]int, len(score))
	for i := range left {
		left[i] = i
	}
	for tier := 1; len(left) > 0; tier++ {
		best := left[0]
		for _, r := range left {
			if score[r] > score[best] {
				best = r
			}
		}
		var others []int
		var ps []float64
		for _, r := range left {
			if r != best {
				others = append(others, r)
				ps = append(ps, test(r, best))
			}
		}
		out[best] = tier
		rest := left[:0:0]
		for k, h := range Holm(ps) {
			if h >= 0.05 {
				out[others[k]] = tier
			} else {
				rest = append(rest, others[k])
			}
		}
		left = rest
	}
	return out
}

// dominanceLayers gives each reading's layer from its tiers (lower is
// better) on the measures counted.
func dominanceLayers(tier [][]int, counted []bool) []int {
	n := len(tier)
	layer := make([]int, n)
	dominates := func(a, b int) bool {
		better := false
		for m, c := range counted {
			if !c {
				continue
			}
			if tier[a][m] > tier[b][m] {
				return false
			}
			better = better || tier[a][m] < tier[b][m]
		}
		return better
	}
	for l, done := 1, 0; done < n; l++ {
		var this []int
		for r := range n {
			if layer[r] != 0 {
				continue
			}
			free := true
			for o := range n {
				if o != r && (layer[o] == 0 || layer[o] == l) && dominates(o, r) {
					free = false
					break
				}
			}
			if free {
				this = append(this, r)
			}
		}
		for _, r := range this {
			layer[r] = l
		}
		done += len(this)
	}
	return layer
}

// pairedP is the paired t test's p-value of x against y.
func pairedP(x, y []float64) float64 {
	if len(x) < 2 || slices.Equal(x, y) {
		return 1
	}
	_, p := PairedT(x, y)
	return p
}

// balanceP compares two readings' balance scores (minus the largest seat
// edge) by a z test of the difference of the absolute edges, each with
// its binomial variance p(1-p)/D at the seat that gives it. The pairing
// is ignored: the test is conservative when the readings' outcomes
// correlate, as common random numbers make them.
func balanceP(ea, eb balanceEdge) float64 {
	v := ea.variance + eb.variance
	if v == 0 {
		if ea.edge == eb.edge {
			return 1
		}
		return 0
	}
	return normalTwoSided((ea.edge - eb.edge) / math.Sqrt(v))
}

// balanceEdge is a reading's largest absolute seat edge and its variance.
type balanceEdge struct{ edge, variance float64 }

// largestEdge finds the seat furthest from the fair share 1/n among the
// decided games' wins.
func largestEdge(wins []int) balanceEdge {
	decided := 0
	for _, w := range wins {
		decided += w
	}
	if decided == 0 {
		return balanceEdge{}
	}
	fair := 1 / float64(len(wins))
	var out balanceEdge
	for _, w := range wins {
		p := float64(w) / float64(decided)
		if e := math.Abs(p - fair); e >= out.edge {
			out = balanceEdge{edge: e, variance: p * (1 - p) / float64(decided)}
		}
	}
	return out
}

// groupRanking fills the tiers and dominance layers of rk from the games
// of every reading.
func (g rankGames) groupRanking(rk *Ranking) {
	nr := len(g.main)
	tier := make([][]int, nr)
	for r := range tier {
		tier[r] = make([]int, len(rk.Measures))
	}
	counted := make([]bool, len(rk.Measures))
	for m, name := range rk.Measures {
		counted[m] = name != RankLength
		score := make([]float64, nr)
		for r := range score {
			score[r] = rk.Readings[r].Score[m]
		}
		var test tierTest
		switch name {
		case RankBalance:
			edges := make([]balanceEdge, nr)
			for r := range edges {
				edges[r] = largestEdge(g.seatWins(r))
			}
			test = func(a, b int) float64 { return balanceP(edges[a], edges[b]) }
		default:
			test = func(a, b int) float64 { return pairedP(g.perGame(name, a, b)) }
		}
		if name == RankBalance || name == RankDrama {
			test = g.undecidedApart(test)
		}
		for r, t := range tiers(score, test) {
			tier[r][m] = t
		}
	}
	layers := dominanceLayers(tier, counted)
	for r := range rk.Readings {
		rk.Readings[r].Tier = tier[r]
		rk.Readings[r].Layer = layers[r]
	}
}

// undecidedApart wraps a test of a measure of the decided games (balance,
// drama): a reading without a decided game has no such measure and
// scores worst, so it is told apart from every reading that has one and
// grouped with those that have none.
func (g rankGames) undecidedApart(test tierTest) tierTest {
	won := make([]bool, len(g.main))
	for r := range won {
		for _, w := range g.seatWins(r) {
			won[r] = won[r] || w > 0
		}
	}
	return func(a, b int) float64 {
		switch {
		case !won[a] && !won[b]:
			return 1
		case !won[a] || !won[b]:
			return 0
		}
		return test(a, b)
	}
}

// seatWins counts reading r's wins by seat over every game slot.
func (g rankGames) seatWins(r int) []int {
	wins := make([]int, g.players[r])
	for _, res := range g.main[r] {
		if res.Winner >= 0 && int(res.Winner) < len(wins) {
			wins[res.Winner]++
		}
	}
	return wins
}

// perGame gives the per-game values of a measure for readings a and b,
// paired by game slot, oriented so that higher is better: decisiveness
// (won without a safeguard, 0/1), skill (the strong agent won, 0/1, minus
// 1/players), drama (the winner trailed at half time, 0/1, over the games
// both decided) and length (minus the players' turns).
func (g rankGames) perGame(measure string, a, b int) (x, y []float64) {
	if measure == RankSkill {
		for i := range g.skill[a] {
			x = append(x, b2f(g.skill[a][i].Agent == 0)-1/float64(g.players[a]))
			y = append(y, b2f(g.skill[b][i].Agent == 0)-1/float64(g.players[b]))
		}
		return x, y
	}
	for i := range g.main[a] {
		ra, rb := g.main[a][i], g.main[b][i]
		switch measure {
		case RankDecisive:
			x = append(x, b2f(ra.Winner >= 0 && ra.Stall == 0))
			y = append(y, b2f(rb.Winner >= 0 && rb.Stall == 0))
		case RankDrama:
			if ra.Winner >= 0 && rb.Winner >= 0 {
				x, y = append(x, b2f(ra.Trailed)), append(y, b2f(rb.Trailed))
			}
		case RankLength:
			x, y = append(x, -float64(ra.Turns)), append(y, -float64(rb.Turns))
		}
	}
	return x, y
}

// ParseWeights reads --weights: "balance=2,skill=1" (measures not named
// weigh 0; length may be weighed too). An empty text is nil: every
// measure but length weighs 1.
func ParseWeights(text string) (map[string]float64, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	known := []string{RankBalance, RankDecisive, RankSkill, RankDrama, RankLength}
	out := map[string]float64{}
	for _, part := range strings.Split(text, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		w, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		switch {
		case !ok || err != nil || math.IsNaN(w) || math.IsInf(w, 0) || w < 0:
			return nil, fmt.Errorf("--weights: %q: want measure=weight, a weight of 0 or more", part)
		case !slices.Contains(known, name):
			return nil, fmt.Errorf("--weights: unknown measure %q (measures: %s)", name, strings.Join(known, ", "))
		}
		out[name] = w
	}
	total := 0.0
	for _, w := range out {
		total += w
	}
	if total == 0 {
		return nil, fmt.Errorf("--weights: %q weighs every measure 0", text)
	}
	return out, nil
}

// weightsText says the weights of the overall mean rank for people.
func (rk *Ranking) weightsText() string {
	var parts []string
	for m, name := range rk.Measures {
		parts = append(parts, fmt.Sprintf("%s %s", name, strconv.FormatFloat(rk.Weights[m], 'g', -1, 64)))
	}
	return strings.Join(parts, ", ")
}

// byLayer orders rows by dominance layer, then by the weighted mean rank.
func byLayer(rows []RankRow) {
	sort.SliceStable(rows, func(a, b int) bool {
		if rows[a].Layer != rows[b].Layer {
			return rows[a].Layer < rows[b].Layer
		}
		return rows[a].Overall.Rank < rows[b].Overall.Rank
	})
}

// Command is the run's command line with the analysis' --weights.
func (rep *Report) Command() string {
	cmd := rep.Config.Command()
	if rk := rep.Ranking; rk != nil && rk.Weighted {
		var parts []string
		for m, name := range rk.Measures {
			if rk.Weights[m] != 0 {
				parts = append(parts, name+"="+strconv.FormatFloat(rk.Weights[m], 'g', -1, 64))
			}
		}
		cmd += " --weights " + strings.Join(parts, ",")
	}
	return cmd
}
