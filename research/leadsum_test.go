package research

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// Whole-number curves summed in any order give the bits of the sum in
// unit order that the reports take of curves read back (a skill game's or
// a draw's curve, which they do not read, is dropped).
func TestLeadSumsInAnyOrderAreTheOrderedSum(t *testing.T) {
	for seed := range uint64(50) {
		rng := rand.New(rand.NewPCG(seed, 3))
		rs := make([]Result, 1+rng.IntN(400))
		span := float64(1 + rng.IntN(1<<20))
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
		if got := l.sum[0]; got != nil && [leadPoints]float64(got) != want {
			t.Fatalf("seed %d: sums %v, want %v", seed, got, want)
		}
	}
}

// A run keeps a game of a fixed size without pointers for each game and
// the sums of the lead curves, a curve a reading, however many games it
// plays; its report is the report of the same games read back with their
// curves (LoadRun), in every game and with threads 1 and 2.
func TestRunKeepsNoCurveAGame(t *testing.T) {
	typ := reflect.TypeFor[game]()
	for i := range typ.NumField() {
		switch typ.Field(i).Type.Kind() {
		case reflect.Int16, reflect.Int32, reflect.Int64, reflect.Float64, reflect.Bool:
		default:
			t.Errorf("game.%s is a %s: the collector would scan every game", typ.Field(i).Name, typ.Field(i).Type)
		}
	}
	if typ.Size() > 72 {
		t.Errorf("a game takes %d bytes, more than 72", typ.Size())
	}
	cfgs := []Config{
		{Game: "tamman", Agents: []string{"random"}, Vary: []Vary{{Name: "players", Values: []string{"2", "3", "4"}}}, Skill: "greedy"},
		{Game: "adji-boto", Agents: []string{"random"}, Vary: []Vary{{Name: "opening", Values: []string{"free", "none"}}}, Options: []string{"max-plies=40"}},
		{Game: "tamman", Agents: []string{"greedy", "random"}, Chance: ChanceStream},
		{Game: "agsinnoninka", Agents: []string{"random"}, Options: []string{"match=false"}},
		{Game: "adji-boto", Agents: []string{"random"}, Evaluate: 20, EvaluateGames: 3},
	}
	for ci, cfg := range cfgs {
		for _, games := range []int{6, 60} {
			cfg.Games, cfg.Seed = games, uint64(ci*100+games)
			p := mustPlan(t, cfg)
			for _, threads := range []int{1, 2} {
				dir := t.TempDir()
				pl := mustRun(t, p, Whole, dir, threads)
				sums := 0
				for _, s := range pl.leads.sum {
					sums += len(s)
				}
				if pl.Len() != p.Units() || sums > len(p.Readings)*leadPoints {
					t.Errorf("%s, %d games, %d threads: %d games kept of %d, %d lead points (at most %d)",
						cfg.Game, games, threads, pl.Len(), p.Units(), sums, len(p.Readings)*leadPoints)
				}
				_, _, loaded, err := LoadRun(dir)
				if err != nil {
					t.Fatal(err)
				}
				// (an evaluation read back lacks what its search knew of the
				// game's end: the reports, compared below, read both alike)
				if !reflect.DeepEqual(noEvals(pl.Results()), noEvals(noLeads(loaded))) {
					t.Errorf("%s, %d games, %d threads: the kept games differ from the games read back", cfg.Game, games, threads)
				}
				if reportJSON(t, pl.Analyze(p)) != reportJSON(t, Analyze(p, loaded)) {
					t.Errorf("%s, %d games, %d threads: the report of the kept games differs from the games read back", cfg.Game, games, threads)
				}
			}
		}
	}
}

// noEvals gives results without their evaluations.
func noEvals(rs []Result) []Result {
	for i := range rs {
		rs[i].Eval = nil
	}
	return rs
}
