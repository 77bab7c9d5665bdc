package research

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"text/tabwriter"
)

// Which reading makes the best game: each reading is scored on measures
// that reconstruction research weighs, ranked on each, and ranked overall
// by its mean rank. Bootstrapping the games (the same games for every
// reading, so the pairing holds) gives each rank its 95% interval.

// Rank measures, in the order of Ranking.Measures. Higher scores are
// better; docs/metrics.md says why each points the way it does.
const (
	RankBalance  = "balance"      // minus the largest seat edge
	RankDecisive = "decisiveness" // share of games won without a safeguard
	RankSkill    = "skill"        // strong agent's win rate over the fair share
	RankDrama    = "drama"        // share of winners behind at half time
	RankLength   = "length"       // minus the median players' turns; not in the overall rank
)

// rankBoot is the number of bootstrap resamples of the games.
const rankBoot = 200

// Ranking ranks the readings of a run.
type Ranking struct {
	// Measures name the columns of Score, Rank and Tier; the overall rank
	// is the mean of the ranks weighted by Weights (by default 1 for each
	// measure but length, 0 for length).
	Measures  []string  `json:"measures"`
	Weights   []float64 `json:"weights"`
	Weighted  bool      `json:"weighted,omitempty"` // the user set the weights (--weights)
	Readings  []RankRow `json:"readings"`
	Bootstrap int       `json:"bootstrap"`
	// Stability is the Spearman correlation of this run's overall ranks
	// with each replication's, and Same whether they agree on the best
	// reading (filled by Replicate).
	Stability []float64 `json:"stability,omitempty"`
	SameBest  []bool    `json:"sameBest,omitempty"`
}

// RankRow is one reading's scores and ranks.
type RankRow struct {
	Reading int       `json:"reading"`
	Label   string    `json:"label"`
	Score   []float64 `json:"score"`
	Rank    []RankIv  `json:"rank"`
	// Tier is the reading's group on each measure: 1 holds the best
	// reading and those the paired tests cannot tell from it (groups.go).
	Tier []int `json:"tier"`
	// Layer is the reading's dominance layer over the tiers of every
	// measure but length: 1 when no reading is as good on all and better
	// on one.
	Layer   int    `json:"layer"`
	Overall RankIv `json:"overall"`
}

// RankIv is a rank (1 the best; ties share the mean rank) with the 95%
// bootstrap interval of the rank.
type RankIv struct {
	Rank float64 `json:"rank"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// rankGames are the per-game values the scores need, by reading and by
// game slot (the games every reading has).
type rankGames struct {
	players []int    // by reading: the fair share is 1/players of each
	main    [][]game // [reading][slot]
	skill   [][]game
	// turns is each reading's turns of its slots in ascending order, and
	// place each slot's place in that order: a resample's median turns
	// is found by counting its slots' places, not by sorting its turns.
	turns [][]float64
	place [][]int32
	count []int32 // the counts of places, reused
	// slots is what the measures read of each reading's slots, and
	// skillWon whether each skill game's skilled agent won, small and
	// side by side: the bootstrap reads them 200 times in random order.
	slots    [][]rankSlot
	skillWon [][]bool
}

// rankSlot is what the ranking reads of a game: the winner's seat (-1 for
// none, or a seat the reading does not have), a stall, a comeback.
type rankSlot struct {
	winner           int8
	stalled, trailed bool
}

// prepare fills what the scores read: g.turns and g.place, g.slots and
// g.skillWon.
func (g *rankGames) prepare() {
	for r, games := range g.main {
		slots := make([]rankSlot, len(games))
		for i, res := range games {
			w := int8(-1)
			if res.Winner >= 0 && int(res.Winner) < g.players[r] {
				w = int8(res.Winner)
			}
			slots[i] = rankSlot{winner: w, stalled: res.Stall != 0, trailed: res.Trailed}
		}
		g.slots = append(g.slots, slots)
		won := make([]bool, len(g.skill[r]))
		for i, res := range g.skill[r] {
			won[i] = res.Agent == 0
		}
		g.skillWon = append(g.skillWon, won)
	}
	g.orderTurns()
}

// orderTurns fills g.turns and g.place.
func (g *rankGames) orderTurns() {
	for _, games := range g.main {
		order := make([]int32, len(games))
		for i := range order {
			order[i] = int32(i)
		}
		slices.SortStableFunc(order, func(a, b int32) int { return cmp.Compare(games[a].Turns, games[b].Turns) })
		turns, place := make([]float64, len(games)), make([]int32, len(games))
		for p, i := range order {
			turns[p], place[i] = float64(games[i].Turns), int32(p)
		}
		g.turns, g.place = append(g.turns, turns), append(g.place, place)
	}
}

// medianTurns is the turns of reading r's slots idx at place len(idx)/2
// in ascending order: the order statistic a sort of them would give.
func (g *rankGames) medianTurns(r int, idx []int) float64 {
	place := g.place[r]
	g.count = slices.Grow(g.count[:0], len(place))[:len(place)]
	clear(g.count)
	for _, i := range idx {
		g.count[place[i]]++
	}
	k, seen := int32(len(idx)/2), int32(0)
	for p, c := range g.count {
		if seen += c; seen > k {
			return g.turns[r][p]
		}
	}
	return math.NaN() // idx is empty: the length measure is not asked then
}

// Rank ranks the readings of rep, the overall rank by the mean rank over
// every measure but length.
func (rep *Report) Rank() *Ranking { return rep.rankWith(nil) }

// Reweigh ranks the readings again with the overall rank weighted by
// weights (ParseWeights; nil for the default).
func (rep *Report) Reweigh(weights map[string]float64) {
	rep.Ranking = rep.rankWith(weights)
}

// rankWith ranks the readings with the given weights (nil: the default).
func (rep *Report) rankWith(weights map[string]float64) *Ranking {
	p := rep.plan
	if p == nil || len(rep.Stats) < 2 {
		return nil
	}
	g := rep.rankGames()
	if len(g.main[0]) == 0 {
		return nil
	}
	g.prepare()
	measures := []string{RankBalance, RankDecisive}
	if len(g.skill[0]) > 0 {
		measures = append(measures, RankSkill)
	}
	measures = append(measures, RankDrama, RankLength)
	rk := &Ranking{Measures: measures, Bootstrap: rankBoot, Weighted: weights != nil}
	for _, m := range measures {
		w, ok := weights[m]
		if !ok && weights == nil && m != RankLength {
			w = 1
		}
		rk.Weights = append(rk.Weights, w)
	}
	score := func(main, skill []int) [][]float64 { return g.scores(measures, main, skill) }
	all := func(n int) []int {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	mainIdx, skillIdx := all(len(g.main[0])), all(len(g.skill[0]))
	sc := score(mainIdx, skillIdx)
	ranks, overall := rankAll(sc, rk.Weights)
	rng := rand.New(rand.NewPCG(rep.Config.Seed, 0x72616e6b))
	bootRanks := make([][][]float64, len(sc)) // [reading][measure][boot]
	bootOverall := make([][]float64, len(sc))
	for r := range sc {
		bootRanks[r] = make([][]float64, len(measures))
	}
	for range rankBoot {
		for i := range mainIdx {
			mainIdx[i] = rng.IntN(len(g.main[0]))
		}
		for i := range skillIdx {
			skillIdx[i] = rng.IntN(len(g.skill[0]))
		}
		br, bo := rankAll(score(mainIdx, skillIdx), rk.Weights)
		for r := range br {
			for m := range measures {
				bootRanks[r][m] = append(bootRanks[r][m], br[r][m])
			}
			bootOverall[r] = append(bootOverall[r], bo[r])
		}
	}
	for r := range sc {
		row := RankRow{Reading: r, Label: rep.Stats[r].Reading.Label(), Score: sc[r]}
		for m := range measures {
			row.Rank = append(row.Rank, rankInterval(ranks[r][m], bootRanks[r][m]))
		}
		row.Overall = rankInterval(overall[r], bootOverall[r])
		rk.Readings = append(rk.Readings, row)
	}
	g.groupRanking(rk)
	return rk
}

func rankInterval(rank float64, boot []float64) RankIv {
	slices.Sort(boot)
	n := len(boot)
	return RankIv{Rank: rank, Low: boot[int(0.025*float64(n))], High: boot[min(n-1, int(0.975*float64(n)))]}
}

// rankGames lays out the results by reading and game slot: the game
// numbers every reading has, in order.
func (rep *Report) rankGames() rankGames {
	g := rankGames{}
	for _, s := range rep.Stats {
		g.players = append(g.players, s.Reading.Players)
	}
	lay := func(skill bool) [][]game {
		if split := rep.skillBy; split != nil {
			if !skill {
				split = rep.mainBy
			}
			if sameGames(split) {
				return split
			}
		}
		by := make([]map[int32]game, len(rep.Stats))
		for i := range by {
			by[i] = map[int32]game{}
		}
		for _, r := range rep.results {
			if r.Skill == skill {
				by[r.Reading][r.Game] = r
			}
		}
		var games []int32
		for n := range by[0] {
			ok := true
			for _, m := range by[1:] {
				_, has := m[n]
				ok = ok && has
			}
			if ok {
				games = append(games, n)
			}
		}
		slices.Sort(games)
		out := make([][]game, len(by))
		for i, m := range by {
			for _, n := range games {
				out[i] = append(out[i], m[n])
			}
		}
		return out
	}
	g.main, g.skill = lay(false), lay(true)
	return g
}

// sameGames says whether every reading of by has the same games in the
// same ascending order, as a whole run has them: then by is its own
// layout by game slot, without a map of every result.
func sameGames(by [][]game) bool {
	for k, r := range by[0] {
		if k > 0 && r.Game <= by[0][k-1].Game {
			return false
		}
	}
	for _, rs := range by[1:] {
		if len(rs) != len(by[0]) {
			return false
		}
		for k, r := range rs {
			if r.Game != by[0][k].Game {
				return false
			}
		}
	}
	return true
}

// scores gives each reading's score on each measure over the game slots
// idx (a bootstrap resample, or every slot).
func (g *rankGames) scores(measures []string, idx, skillIdx []int) [][]float64 {
	out := make([][]float64, len(g.main))
	wins := make([]int, 0, 8)
	for r, slots := range g.slots {
		n := g.players[r]
		wins = wins[:0]
		for range n {
			wins = append(wins, 0)
		}
		decided, won, comebacks := 0, 0, 0
		for _, i := range idx {
			sl := slots[i]
			if sl.winner < 0 {
				continue
			}
			won++
			wins[sl.winner]++
			if !sl.stalled {
				decided++
			}
			if sl.trailed {
				comebacks++
			}
		}
		row := make([]float64, 0, len(measures))
		for _, m := range measures {
			switch m {
			case RankBalance:
				worst := 0.0
				for _, w := range wins {
					worst = max(worst, math.Abs(frac(w, won)-1/float64(n)))
				}
				row = append(row, -worst)
			case RankDecisive:
				row = append(row, frac(decided, len(idx)))
			case RankSkill:
				k := 0
				for _, i := range skillIdx {
					if g.skillWon[r][i] {
						k++
					}
				}
				row = append(row, frac(k, len(skillIdx))-1/float64(n))
			case RankDrama:
				row = append(row, frac(comebacks, won))
			case RankLength:
				row = append(row, -g.medianTurns(r, idx))
			}
		}
		out[r] = row
	}
	return out
}

// rankAll ranks the readings on each measure (1 the highest score, ties
// the mean rank) and overall: by the mean of the ranks weighted by
// weights, one per measure.
func rankAll(sc [][]float64, weights []float64) (ranks [][]float64, overall []float64) {
	nr := len(sc)
	ranks = make([][]float64, nr)
	for r := range ranks {
		ranks[r] = make([]float64, len(weights))
	}
	col := make([]float64, nr)
	mean := make([]float64, nr)
	total := 0.0
	for m, w := range weights {
		for r := range sc {
			col[r] = -sc[r][m] // rank 1 for the highest score
		}
		rk := midRanks(col)
		for r := range rk {
			ranks[r][m] = rk[r]
			mean[r] += w * rk[r]
		}
		total += w
	}
	for r := range mean {
		mean[r] /= total
	}
	return ranks, midRanks(mean)
}

// midRanks ranks xs ascending from 1; tied values share their mean rank.
func midRanks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	out := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && xs[idx[j+1]] == xs[idx[i]] {
			j++
		}
		r := float64(i+j)/2 + 1
		for k := i; k <= j; k++ {
			out[idx[k]] = r
		}
		i = j + 1
	}
	return out
}

// Spearman is the rank correlation of a and b: Pearson's r of their mid
// ranks (1 when both are constant).
func Spearman(a, b []float64) float64 {
	ra, rb := midRanks(a), midRanks(b)
	r := correlation(ra, rb)
	if r == 0 && slices.Equal(ra, rb) {
		return 1
	}
	return r
}

// overall gives the overall ranks by reading.
func (rk *Ranking) overall() []float64 {
	out := make([]float64, len(rk.Readings))
	for i, r := range rk.Readings {
		out[i] = r.Overall.Rank
	}
	return out
}

// rankScore formats a score in its measure's unit.
func rankScore(measure string, v float64) string {
	switch measure {
	case RankLength:
		return fmt.Sprintf("%.0f turns", -v)
	case RankBalance:
		return fmt.Sprintf("edge %.1f", -100*v)
	case RankSkill:
		return fmt.Sprintf("%+.1f", 100*v)
	}
	return fmt.Sprintf("%.1f%%", 100*v)
}

// rankText formats a rank with its interval: "3 (1-6)".
func rankText(r RankIv) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	return fmt.Sprintf("%s (%s-%s)", f(r.Rank), f(r.Low), f(r.High))
}

// ByOverall gives the rows best first: by dominance layer, then by the
// weighted mean rank.
func (rk *Ranking) ByOverall() []RankRow {
	rows := slices.Clone(rk.Readings)
	byLayer(rows)
	return rows
}

// note says how to read the ranking.
func (rk *Ranking) note() string {
	return "Read the groups first. On each measure, group 1 holds the best reading and every reading the paired tests " +
		"cannot tell from it (Holm-corrected, 5%); group 2 the best of the rest and those like it; and so on. " +
		"Layer 1 holds the readings that no other reading matches or beats in group on every measure but length and beats on one; " +
		"layer 2 those beaten only by layer 1; and so on. " +
		fmt.Sprintf("Ranks: 1 the best, with 95%% intervals over %d bootstrap resamples of the games; ", rk.Bootstrap) +
		"the overall rank is the mean rank weighted " + rk.weightsText() + map[bool]string{true: " (--weights)", false: " (the default)"}[rk.Weighted] + ". " +
		"Balance: the largest seat edge, in points (smaller is better). Decisiveness: games won without a safeguard. " +
		"Skill: the strong agent's win rate over the fair share, in points. Drama: winners behind at half time. " +
		"Length: median players' turns, shorter first."
}

// rankCell is one measure of one reading: "edge 1.2, group 1, rank 3 (1-6)".
func rankCell(measure string, score float64, tier int, r RankIv) string {
	return fmt.Sprintf("%s, group %d, rank %s", rankScore(measure, score), tier, rankText(r))
}

// writeRanking writes the ranking as a table.
func (rep *Report) writeRanking(w io.Writer) {
	rk := rep.Ranking
	if rk == nil {
		return
	}
	fmt.Fprintf(w, "\nRanking of the readings (%s)\n", rk.note())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "reading\tlayer\toverall rank\t")
	for _, m := range rk.Measures {
		fmt.Fprintf(tw, "%s\t", m)
	}
	fmt.Fprintln(tw)
	for _, row := range rk.ByOverall() {
		fmt.Fprintf(tw, "%s\t%d\t%s\t", row.Label, row.Layer, rankText(row.Overall))
		for m, name := range rk.Measures {
			fmt.Fprintf(tw, "%s\t", rankCell(name, row.Score[m], row.Tier[m], row.Rank[m]))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	for j, r := range rk.Stability {
		fmt.Fprintf(w, "Replication %d: Spearman correlation of the overall ranks %.2f; same best reading: %s\n", j+1, r,
			map[bool]string{true: "yes", false: "no"}[rk.SameBest[j]])
	}
}
