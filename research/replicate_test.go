package research

import (
	"math"
	"math/rand/v2"
	"testing"
)

// By hand: 60 of 100 against 1/2 is z = 0.1 / sqrt(0.25/100) = 2, p =
// 0.0455; 700 of 2000 against 1/3 is z = 1.5811, p = 0.11385, and over 3
// seats 1 - (1 - 0.11385)^3 = 0.30417.
func TestSeatEdgeP(t *testing.T) {
	z, p := SeatEdgeP([]int{60, 40}, 0)
	near(t, "z", z, 2, 1e-12)
	near(t, "p", p, 0.0455, 1e-4)
	z, p = SeatEdgeP([]int{700, 650, 650}, 0)
	near(t, "z 3 seats", z, 1.5811, 1e-4)
	near(t, "p 3 seats", p, 0.30417, 1e-4)
}

// synthetic makes the results of a two-reading design by hand: reading 1
// is `plant` turns longer than the base, has `fluke` more choice, and
// seat 0 wins with probability win0 in both.
func synthetic(p *Plan, seed uint64, plant, fluke, win0 float64) []Result {
	rng := rand.New(rand.NewPCG(seed, 9))
	var rs []Result
	for g := range p.Config.Games {
		turns := 40 + rng.IntN(40)
		for r := range 2 {
			w := 1
			if rng.Float64() < win0 {
				w = 0
			}
			res := Result{Reading: r, Game: g, Winner: w, Agent: -1, Turns: turns + rng.IntN(5), Decisions: 100,
				Choices: 50 + rng.IntN(20), Lead: make([]float64, leadPoints)}
			if r == 1 {
				res.Turns += int(plant)
				res.Choices += int(fluke)
			}
			res.Plies = res.Turns
			rs = append(rs, res)
		}
	}
	return rs
}

// A planted difference (10 more turns) and a planted seat edge (seat 0
// wins 60%) replicate; a fluke of the first run only (10 more choices of
// 100 in reading 1) does not.
func TestPlantedDifferenceReplicatesAndNoiseDoesNot(t *testing.T) {
	p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Games: 400,
		Vary: []Vary{{Name: "skip-origin", Values: []string{"all"}}}})
	rep := Analyze(p, synthetic(p, 1, 10, 10, 0.6))
	reps := []*Report{Analyze(p, synthetic(p, 2, 10, 0, 0.6)), Analyze(p, synthetic(p, 3, 10, 0, 0.6))}
	reps[0].Config.Seed, reps[1].Config.Seed = 2, 3
	r := Replicate(rep, reps)
	got := map[string]bool{}
	for _, f := range r.Findings {
		got[f.String()] = f.Replicated
		if len(f.Replicas) != 2 {
			t.Errorf("%s: %d replicas, want 2", f, len(f.Replicas))
		}
	}
	for name, want := range map[string]bool{
		"skip-origin=true: turns": true, "skip-origin=true: choice": false,
		"skip-origin=false: seat 0 edge": true, "skip-origin=true: seat 0 edge": true,
	} {
		if v, ok := got[name]; !ok || v != want {
			t.Errorf("%s: found %v, replicated %v; want found and replicated %v (findings %v)", name, ok, v, want, got)
		}
	}
	if rep.Replication != r || len(r.Seeds) != 2 || r.Seeds[1] != 3 {
		t.Errorf("replication not kept in the report, or seeds %v", r.Seeds)
	}
}

// A finding whose sign flips in the replication is not replicated, even
// when the replication finds it significant.
func TestFlippedSignDoesNotReplicate(t *testing.T) {
	p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Games: 400,
		Vary: []Vary{{Name: "skip-origin", Values: []string{"all"}}}})
	rep := Analyze(p, synthetic(p, 1, 10, 0, 0.5))
	flipped := Analyze(p, synthetic(p, 2, -10, 0, 0.5))
	for _, f := range Replicate(rep, []*Report{flipped}).Findings {
		if f.Metric == "turns" && (f.Replicated || f.Replicas[0].SameSign || f.Replicas[0].Holm >= 0.05) {
			t.Errorf("flipped difference: %+v", f.Replicas[0])
		}
	}
}

// A seat edge far in the tail keeps its p-value: 1,300 of 2,000 decided
// games against 1/2 is z = 0.15 / sqrt(0.25/2000) = 13.416, p =
// erfc(13.416/√2) = 4.9e-41 (by hand from the series of erfc), where
// 1 - erf rounds to 0.
func TestSeatEdgePInTheTail(t *testing.T) {
	z, p := SeatEdgeP([]int{1300, 700}, 0)
	near(t, "z", z, 0.15/math.Sqrt(0.25/2000), 1e-12)
	want := math.Erfc(z / math.Sqrt2)
	if p <= 0 || math.Abs(p-want) > 1e-12*want {
		t.Errorf("p = %g, want %g", p, want)
	}
	if p < 4.8e-41 || p > 5.0e-41 {
		t.Errorf("p = %g, want about 4.9e-41", p)
	}
	// 1,700 of 2,000: z = 31.3, p about 3e-215; still not 0.
	if _, p := SeatEdgeP([]int{1700, 300}, 0); p <= 0 || p > 1e-200 {
		t.Errorf("p at z 31 = %g, want a tiny positive number", p)
	}
}
