package research

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Whole-number curves summed in any order give the bits of the sum in
// unit order that the reports took of the kept curves (a skill game's or
// a draw's curve, which they do not read, is dropped); a curve with a
// fraction (or beyond maxFoldedLead) stays with its result.
func TestLeadSumsInAnyOrderAreTheOrderedSum(t *testing.T) {
	for seed := range uint64(50) {
		rng := rand.New(rand.NewPCG(seed, 3))
		rs := make([]Result, 1+rng.IntN(400))
		span := float64(1 + rng.IntN(maxFoldedLead))
		for i := range rs {
			rs[i] = Result{Game: i, Winner: rng.IntN(3) - 1, Skill: rng.IntN(8) == 0, Lead: make([]float64, leadPoints)}
			for k := range rs[i].Lead {
				rs[i].Lead[k] = math.Round((2*rng.Float64() - 1) * span)
			}
		}
		var want [leadPoints]float64
		for _, r := range rs {
			if r.Winner >= 0 && !r.Skill {
				for k, v := range r.Lead {
					want[k] += v
				}
			}
		}
		l := newLeadSums(1)
		for _, i := range rng.Perm(len(rs)) {
			r := rs[i]
			l.fold(&r)
			if r.Lead != nil {
				t.Fatalf("seed %d, game %d (winner %d, skill %v): curve kept %v", seed, i, rs[i].Winner, rs[i].Skill, r.Lead != nil)
			}
		}
		if got := l.of(0); got != nil && [leadPoints]float64(got) != want {
			t.Fatalf("seed %d: sums %v, want %v", seed, got, want)
		}
	}
	for _, v := range []float64{0.5, -1.25, maxFoldedLead + 1, math.Inf(1), math.NaN()} {
		r := Result{Lead: make([]float64, leadPoints)}
		r.Lead[4] = v
		l := newLeadSums(1)
		if l.fold(&r); r.Lead == nil || l.of(0) != nil {
			t.Errorf("a curve with %v was folded", v)
		}
	}
}

// A run keeps no lead curve a game: what it keeps of them is the sums, a
// curve a reading, however many games it plays; its report is the report
// of the same games read back with their curves (LoadRun), in every game
// and with threads 1 and 2.
func TestRunKeepsNoCurveAGame(t *testing.T) {
	cfgs := []Config{
		{Game: "tamman", Agents: []string{"random"}, Vary: []Vary{{Name: "players", Values: []string{"2", "3", "4"}}}, Skill: "greedy"},
		{Game: "adji-boto", Agents: []string{"random"}, Vary: []Vary{{Name: "opening", Values: []string{"free", "none"}}}},
		{Game: "tamman", Agents: []string{"greedy", "random"}, Chance: ChanceStream},
		{Game: "agsinnoninka", Agents: []string{"random"}, Options: []string{"match=false"}},
	}
	for ci, cfg := range cfgs {
		for _, games := range []int{6, 60} {
			cfg.Games, cfg.Seed = games, uint64(ci*100+games)
			p := mustPlan(t, cfg)
			for _, threads := range []int{1, 2} {
				dir := t.TempDir()
				pl := mustRun(t, p, Whole, dir, threads)
				kept := 0
				for _, r := range pl.Results {
					kept += len(r.Lead)
				}
				sums := 0
				for i := range p.Readings {
					sums += len(pl.leads.of(i))
				}
				if kept != 0 || sums > len(p.Readings)*leadPoints {
					t.Errorf("%s, %d games, %d threads: %d lead points kept in results, %d in sums (at most %d)",
						cfg.Game, games, threads, kept, sums, len(p.Readings)*leadPoints)
				}
				_, _, loaded, err := LoadRun(dir)
				if err != nil {
					t.Fatal(err)
				}
				if reportJSON(t, pl.Analyze(p)) != reportJSON(t, Analyze(p, loaded)) {
					t.Errorf("%s, %d games, %d threads: the report of the summed curves differs from the kept curves'", cfg.Game, games, threads)
				}
			}
		}
	}
}
