package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// standing is one agent's line of the tournament table.
type standing struct {
	Agent  string  `json:"agent"`
	Elo    float64 `json:"elo"`
	Low    float64 `json:"eloLow"`
	High   float64 `json:"eloHigh"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	// Score is the share of points (a win 1, a draw 1/2) in its games.
	Score float64 `json:"score"`
	index int
}

// step is how much stronger an agent is than the one listed before it in
// --agents (a ladder lists them weakest first), with a 95% interval of the
// difference itself: the comparison "each level is stronger than the one
// below" rests on, and narrower than the two ratings' intervals suggest,
// since their errors are correlated.
type step struct {
	Agent string  `json:"agent"`
	Below string  `json:"below"`
	Elo   float64 `json:"elo"`
	Low   float64 `json:"eloLow"`
	High  float64 `json:"eloHigh"`
}

// tournamentGame is one game reduced to what the ratings need.
type tournamentGame struct {
	players []int // agent indices that took part
	winner  int   // agent index, -1 for a draw
}

func runTournament(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	f := addSelfPlayFlags(fs, 20)
	neighbours := fs.Int("neighbours", 0, "more games for each group of agents next to each other in --agents")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *neighbours < 0 {
		return usagef("--neighbours: %d must not be negative", *neighbours)
	}
	if *neighbours > 0 {
		f.minGames = 0 // a ladder of neighbours alone
	}
	start, specs, err := f.parse(fs)
	if err != nil {
		return err
	}
	n := start.NumPlayers()
	if len(specs) < 2 || len(specs) < n {
		return usagef("--agents: a tournament needs at least %d agents, got %d", max(2, n), len(specs))
	}
	labels := agentLabels(specs)
	sp := &selfPlay{start: start, specs: specs, seed: *f.seed, threads: *f.threads}
	if err := sp.checkAgents("--agents"); err != nil {
		return err
	}
	// Every group of n agents plays --games games, seats rotated; a ladder
	// (agents listed weakest first) adds --neighbours games for each group
	// of n agents next to each other, the comparisons it is about.
	var matches []match
	addGames := func(group []int, games int) {
		for i := 0; i < games; i++ {
			seats := make([]int, n)
			for k := range seats {
				seats[k] = group[(k+i)%n]
			}
			matches = append(matches, match{seats: seats})
		}
	}
	for _, group := range combinations(len(specs), n) {
		addGames(group, *f.games)
	}
	for first := 0; *neighbours > 0 && first+n <= len(specs); first++ {
		group := make([]int, n)
		for k := range group {
			group[k] = first + k
		}
		addGames(group, *neighbours)
	}
	games := make([]tournamentGame, len(matches))
	bar := newProgressBar(stderr, len(matches), *f.progress, *f.quiet)
	began := time.Now()
	err = sp.run(matches, func(i int, r gameResult) {
		g := tournamentGame{players: r.seats, winner: -1}
		if r.winner >= 0 {
			g.winner = r.seats[r.winner]
		}
		games[i] = g
	}, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	took := time.Since(began)
	table, steps := standings(labels, games, *f.seed)
	if *f.json {
		return json.NewEncoder(stdout).Encode(map[string]any{
			"game": start.Game().ID(), "options": start.Options().Settings(), "gamesPerGroup": *f.games, "neighbourGames": *neighbours,
			"games": len(games), "seed": *f.seed, "standings": table, "steps": steps, "seconds": took.Seconds(),
		})
	}
	fmt.Fprintf(stdout, "%s tournament: %d agents, %d games (%d per group of %d, %d more per group of neighbours), seed %d, %.1fs\n",
		start.Game().ID(), len(specs), len(games), *f.games, n, *neighbours, *f.seed, took.Seconds())
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "rank\tagent\tElo\t95% interval\tgames\twins\tdraws\tlosses\tscore\t")
	for i, s := range table {
		fmt.Fprintf(tw, "%d\t%s\t%.0f\t%.0f..%.0f\t%d\t%d\t%d\t%d\t%.1f%%\t\n",
			i+1, s.Agent, s.Elo, s.Low, s.High, s.Games, s.Wins, s.Draws, s.Losses, 100*s.Score)
	}
	tw.Flush()
	fmt.Fprintln(stdout, "\nscore of the row against the column (a win 1, a draw 1/2):")
	printCrossTable(stdout, labels, table, games)
	fmt.Fprintln(stdout, "\nsteps: each agent against the one before it in --agents (difference of the ratings):")
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, st := range steps {
		verdict := "not significant"
		switch {
		case st.Low > 0:
			verdict = "stronger"
		case st.High < 0:
			verdict = "weaker"
		}
		fmt.Fprintf(tw, "%s\tover %s\t%+.0f\t%+.0f..%+.0f\t%s\t\n", st.Agent, st.Below, st.Elo, st.Low, st.High, verdict)
	}
	tw.Flush()
	fmt.Fprintln(stdout, "Elo: Bradley-Terry fit of the head-to-head results, mean 1500; in games of more than two, the winner beats each other player. Intervals: 95%, bootstrap over games.")
	return nil
}

// combinations lists the k-element subsets of 0..n-1 in order.
func combinations(n, k int) [][]int {
	var out [][]int
	cur := make([]int, 0, k)
	var rec func(from int)
	rec = func(from int) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := from; i < n; i++ {
			cur = append(cur, i)
			rec(i + 1)
			cur = cur[:len(cur)-1]
		}
	}
	rec(0)
	return out
}

// headToHead turns games into points[i][j] (i's points against j) and
// count[i][j] (their encounters): the winner beats each other player, a
// draw is half a point each way, and losers of the same game do not meet.
func headToHead(nAgents int, games []tournamentGame) (points, count [][]float64) {
	points = make([][]float64, nAgents)
	count = make([][]float64, nAgents)
	for i := range points {
		points[i] = make([]float64, nAgents)
		count[i] = make([]float64, nAgents)
	}
	for _, g := range games {
		for a, i := range g.players {
			for _, j := range g.players[a+1:] {
				if i == j {
					continue
				}
				switch g.winner {
				case -1:
					points[i][j] += 0.5
					points[j][i] += 0.5
				case i:
					points[i][j]++
				case j:
					points[j][i]++
				default:
					continue
				}
				count[i][j]++
				count[j][i]++
			}
		}
	}
	return points, count
}

// eloFit returns Bradley-Terry ratings on the Elo scale (mean 1500) by
// the MM algorithm, with one virtual draw between every two agents so that
// an agent that won every game still has a finite rating.
func eloFit(points, count [][]float64) []float64 {
	n := len(points)
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	next := make([]float64, n)
	for iter := 0; iter < 2000; iter++ {
		change := 0.0
		for i := 0; i < n; i++ {
			w, den := 0.0, 0.0
			for j := 0; j < n; j++ {
				if i == j {
					continue
				}
				w += points[i][j] + 0.5
				den += (count[i][j] + 1) / (gamma[i] + gamma[j])
			}
			next[i] = w / den
		}
		// Normalise to geometric mean 1.
		logMean := 0.0
		for _, g := range next {
			logMean += math.Log(g)
		}
		logMean /= float64(n)
		for i := range next {
			g := next[i] / math.Exp(logMean)
			change = max(change, math.Abs(math.Log(g/gamma[i])))
			gamma[i] = g
		}
		if change < 1e-10 {
			break
		}
	}
	elo := make([]float64, n)
	for i, g := range gamma {
		elo[i] = 1500 + 400*math.Log10(g)
	}
	return elo
}

// standings rates the agents and sorts them best first; steps compares
// each agent with the one before it in labels.
func standings(labels []string, games []tournamentGame, seed uint64) ([]standing, []step) {
	n := len(labels)
	points, count := headToHead(n, games)
	elo := eloFit(points, count)
	// Bootstrap: resample the games and refit.
	const samples = 200
	rng := rand.New(rand.NewPCG(seed, 0x656c6f))
	boot := make([][]float64, samples)
	resampled := make([]tournamentGame, len(games))
	for b := range boot {
		for k := range resampled {
			resampled[k] = games[rng.IntN(len(games))]
		}
		p, c := headToHead(n, resampled)
		boot[b] = eloFit(p, c)
	}
	interval := func(f func(fit []float64) float64) (low, high float64) {
		v := make([]float64, samples)
		for b, fit := range boot {
			v[b] = f(fit)
		}
		sort.Float64s(v)
		return v[samples*25/1000], v[samples*975/1000-1]
	}
	out := make([]standing, n)
	for i := range out {
		low, high := interval(func(fit []float64) float64 { return fit[i] })
		out[i] = standing{Agent: labels[i], Elo: elo[i], Low: low, High: high, index: i}
	}
	steps := make([]step, 0, max(n-1, 0))
	for i := 1; i < n; i++ {
		low, high := interval(func(fit []float64) float64 { return fit[i] - fit[i-1] })
		steps = append(steps, step{Agent: labels[i], Below: labels[i-1], Elo: elo[i] - elo[i-1], Low: low, High: high})
	}
	for _, g := range games {
		for _, i := range g.players {
			s := &out[i]
			s.Games++
			switch g.winner {
			case -1:
				s.Draws++
			case i:
				s.Wins++
			default:
				s.Losses++
			}
		}
	}
	for i := range out {
		if out[i].Games > 0 {
			out[i].Score = (float64(out[i].Wins) + float64(out[i].Draws)/2) / float64(out[i].Games)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Elo > out[b].Elo })
	return out, steps
}

func printCrossTable(w io.Writer, labels []string, table []standing, games []tournamentGame) {
	points, count := headToHead(len(labels), games)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{""}
	for _, s := range table {
		head = append(head, s.Agent)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	for _, r := range table {
		row := []string{r.Agent}
		for _, c := range table {
			switch {
			case r.index == c.index:
				row = append(row, "-")
			case count[r.index][c.index] == 0:
				row = append(row, "")
			default:
				row = append(row, fmt.Sprintf("%g/%g", points[r.index][c.index], count[r.index][c.index]))
			}
		}
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	tw.Flush()
}
