package research

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestMidRanks(t *testing.T) {
	got := midRanks([]float64{3, 1, 3, 2})
	if want := []float64{3.5, 1, 3.5, 2}; !slices.Equal(got, want) {
		t.Errorf("midRanks = %v, want %v", got, want)
	}
}

// Spearman by hand: ranks (1,2,3,4) against (2,1,4,3): d² = 1+1+1+1 = 4,
// rho = 1 - 6*4/(4*15) = 0.6.
func TestSpearman(t *testing.T) {
	near(t, "rho", Spearman([]float64{10, 20, 30, 40}, []float64{2, 1, 4, 3}), 0.6, 1e-12)
	near(t, "reversed", Spearman([]float64{1, 2, 3}, []float64{3, 2, 1}), -1, 1e-12)
}

// Three readings made by hand: R1 is fair, decisive and dramatic, R0 has
// a 20-point first-seat edge, R2 draws half its games. R1 ranks first
// overall with a rank interval of 1 to 1; R0 is last on balance.
func TestRankingByHand(t *testing.T) {
	p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Games: 600,
		Vary: []Vary{{Name: "opening", Values: []string{"all"}}}})
	rng := rand.New(rand.NewPCG(1, 2))
	var rs []Result
	for g := range p.Config.Games {
		for r := range 3 {
			w := rng.IntN(2)
			switch {
			case r == 0 && rng.Float64() < 0.4:
				w = 0 // 70% for seat 0
			case r == 2 && rng.Float64() < 0.5:
				w = -1
			}
			rs = append(rs, Result{Reading: r, Game: g, Winner: w, Agent: -1, Turns: 30 + 10*r, Plies: 30 + 10*r,
				Trailed: w >= 0 && r == 1 && rng.Float64() < 0.5, Lead: make([]float64, leadPoints)})
		}
	}
	rk := Analyze(p, rs).Ranking
	if rk == nil || !slices.Equal(rk.Measures, []string{RankBalance, RankDecisive, RankDrama, RankLength}) {
		t.Fatalf("ranking %+v", rk)
	}
	best := rk.ByOverall()[0]
	if best.Reading != 1 || best.Overall.Rank != 1 || best.Overall.Low != 1 || best.Overall.High != 1 {
		t.Errorf("best reading %d, overall %+v; want R1 first, interval 1 to 1", best.Reading, best.Overall)
	}
	if r := rk.Readings[0].Rank[0]; r.Rank != 3 {
		t.Errorf("R0's balance rank %+v, want 3", r)
	}
	if r := rk.Readings[2].Rank[1]; r.Rank != 3 || r.Low != 3 {
		t.Errorf("R2's decisiveness rank %+v, want 3 always", r)
	}
	// Groups: R0's 20-point edge and R2's draws set them apart; R1 is
	// in group 1 on everything and alone in dominance layer 1.
	if r := rk.Readings[0]; r.Tier[0] != 3 && r.Tier[0] != 2 {
		t.Errorf("R0's balance group %d, want below group 1", r.Tier[0])
	}
	if r := rk.Readings[2]; r.Tier[1] == 1 {
		t.Errorf("R2's decisiveness group %d, want below group 1", r.Tier[1])
	}
	if r := rk.Readings[1]; r.Layer != 1 || r.Tier[0] != 1 || r.Tier[1] != 1 || r.Tier[2] != 1 {
		t.Errorf("R1: layer %d, groups %v; want layer 1, group 1 on all", r.Layer, r.Tier)
	}
	if rk.Readings[0].Layer == 1 || rk.Readings[2].Layer == 1 {
		t.Errorf("layers %d, %d; R1 dominates R0 and R2", rk.Readings[0].Layer, rk.Readings[2].Layer)
	}
	// Length: shorter first.
	if rk.Readings[0].Rank[3].Rank != 1 || rk.Readings[2].Rank[3].Rank != 3 {
		t.Errorf("length ranks %v, %v", rk.Readings[0].Rank[3], rk.Readings[2].Rank[3])
	}
}

// Readings with 2, 3 and 4 players, every game won (no draw, no stall)
// and every seat winning equally often: each reading is fully decisive
// and perfectly balanced against its own fair share 1/players, the
// first seat's wins are not compared across player counts, and the
// skill games are compared by the gap over each reading's fair share.
func TestPlayersPerReading(t *testing.T) {
	p := mustPlan(t, Config{Game: "tamman", Agents: []string{"random"}, Skill: "greedy", Games: 120,
		Vary: []Vary{{Name: "players", Values: []string{"2", "3", "4"}}}})
	var rs []Result
	for g := range p.Config.Games {
		for r, rd := range p.Readings {
			n := rd.Players
			w := g % n
			rs = append(rs, Result{Reading: r, Game: g, Winner: w, Agent: w, Turns: 50 + g%7, Plies: 50, Lead: make([]float64, leadPoints)})
			// The strong agent wins half its games whatever the players:
			// a gap of 1/2 - 1/n.
			a := (g / n) % 2
			rs = append(rs, Result{Reading: r, Game: g, Skill: true, Winner: a, Agent: a, Turns: 50, Plies: 50, Lead: make([]float64, leadPoints)})
		}
	}
	rep := Analyze(p, rs)
	rk := rep.Ranking
	for r, row := range rk.Readings {
		if row.Score[0] != 0 || row.Score[1] != 1 {
			t.Errorf("R%d (%d players): balance %g, decisiveness %g; want 0 and 1", r, p.Readings[r].Players, row.Score[0], row.Score[1])
		}
		if want := 0.5 - 1/float64(p.Readings[r].Players); math.Abs(row.Score[2]-want) > 1e-12 {
			t.Errorf("R%d: skill score %g, want %g", r, row.Score[2], want)
		}
	}
	for _, c := range rep.Comparisons {
		switch c.Metric {
		case "first seat wins", "skill win":
			t.Errorf("%s compared across player counts: %+v", c.Metric, c)
		case skillGapMetric:
			want := (0.5 - 1/float64(p.Readings[c.Reading].Players)) - (0.5 - 0.5)
			if math.Abs(c.Diff.Value-want) > 1e-12 {
				t.Errorf("R%d skill gap difference %g, want %g", c.Reading, c.Diff.Value, want)
			}
		}
	}
	for _, s := range rep.Stats {
		if len(s.Favoured()) > 0 || s.SeatP != 1 {
			t.Errorf("%s: favoured %v, p %g; every seat won equally often", s.Reading.Label(), s.Favoured(), s.SeatP)
		}
	}
}

// A whole run's results are their own layout by game slot (sameGames):
// the same layout as the map of every result gives, which a run with
// missing games still takes.
func TestRankGamesOfAWholeRun(t *testing.T) {
	p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Games: 12, Seed: 3, Skill: "greedy",
		Vary: []Vary{{Name: "opening", Values: []string{"free", "none"}}}})
	pl, err := Run(context.Background(), p, Whole, t.TempDir(), Options{Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	rs := pl.Results()
	for _, results := range [][]Result{rs, rs[:len(rs)-3]} { // whole, then with games missing
		rep := Analyze(p, results)
		fast := rep.rankGames()
		rep.mainBy, rep.skillBy = nil, nil // the map of every result
		slow := rep.rankGames()
		for _, c := range []struct{ a, b [][]game }{{fast.main, slow.main}, {fast.skill, slow.skill}} {
			if len(c.a) != len(c.b) {
				t.Fatalf("%d readings laid out, want %d", len(c.a), len(c.b))
			}
			for i := range c.a {
				if len(c.a[i]) != len(c.b[i]) || len(c.a[i]) == 0 {
					t.Fatalf("%d results: reading %d has %d games laid out, the map %d", len(results), i, len(c.a[i]), len(c.b[i]))
				}
				for k := range c.a[i] {
					if c.a[i][k].Game != c.b[i][k].Game || c.a[i][k].Winner != c.b[i][k].Winner || c.a[i][k].Turns != c.b[i][k].Turns {
						t.Fatalf("reading %d slot %d: game %d, the map's %d", i, k, c.a[i][k].Game, c.b[i][k].Game)
					}
				}
			}
		}
	}
}

// A resample's median turns, found by counting places, is the value at
// the middle of its turns sorted, as the ranking took it before.
func TestMedianTurnsIsTheSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 200; trial++ {
		n := 1 + rng.IntN(60)
		games := make([]game, n)
		for i := range games {
			games[i].Turns = int32(rng.IntN(1 + rng.IntN(40))) // ties, many or few
		}
		g := rankGames{main: [][]game{games}}
		g.orderTurns()
		idx := make([]int, n)
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		var sorted []float64
		for _, i := range idx {
			sorted = append(sorted, float64(games[i].Turns))
		}
		slices.Sort(sorted)
		if got, want := g.medianTurns(0, idx), sorted[len(sorted)/2]; got != want {
			t.Fatalf("trial %d: median turns %v, sorted %v", trial, got, want)
		}
	}
}
