package research

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
)

// A finding is what a run says with significance: a difference between a
// reading and the base (Holm-adjusted p below 0.05), or a seat whose
// simultaneous edge interval excludes 0. It is replicated when every
// replication, a run of the same design on another seed, finds it again:
// the same sign, and significant after Holm's correction over the
// findings the replication tests.

// replicaSalt sets the replications' seeds apart.
const replicaSalt = 0x7265706c6963

// ReplicaSeed is the seed of replication j (1-based) of a run with seed:
// a splitmix of both, independent of every game seed of the run.
func ReplicaSeed(seed uint64, j int) uint64 {
	return Seed(seed^replicaSalt, j, -3)
}

// Finding is one finding of a run and what its replications said.
type Finding struct {
	Reading int    `json:"reading"`
	Label   string `json:"label"`
	// Kind is "difference" (Metric against the base) or "seat" (the
	// edge of Seat).
	Kind   string `json:"kind"`
	Metric string `json:"metric,omitempty"`
	Seat   int    `json:"seat"`
	// Original is the run's estimate with its interval; P its adjusted
	// p-value there.
	Original Interval  `json:"original"`
	P        float64   `json:"p"`
	Replicas []Replica `json:"replicas"`
	// Replicated: every replication has the same sign and a Holm p
	// below 0.05.
	Replicated bool `json:"replicated"`
}

// Replica is a finding in one replication.
type Replica struct {
	Seed     uint64   `json:"seed"`
	Estimate Interval `json:"estimate"`
	P        float64  `json:"p"`    // the test's p-value in the replication
	Holm     float64  `json:"holm"` // over the findings it tests
	SameSign bool     `json:"sameSign"`
	// Found: the same sign and Holm below 0.05.
	Found bool `json:"found"`
}

// Replication is the findings of a run checked on further seeds.
type Replication struct {
	Seeds    []uint64  `json:"seeds"`
	Findings []Finding `json:"findings"`
	// Unfinished are the replications still being played: the verdicts
	// rest on the complete ones only and are provisional until these end.
	Unfinished []Unfinished `json:"unfinished,omitempty"`
}

// Unfinished is a replication kept beside a run but not complete.
type Unfinished struct {
	Index int    `json:"index"` // j of replicate-j
	Seed  uint64 `json:"seed"`
	Games int    `json:"games"` // work units played
	Of    int    `json:"of"`    // of this many
}

// Replicate checks the findings of rep on the replications reps (reports
// of the same design on other seeds). rep.Replication is set too.
func Replicate(rep *Report, reps []*Report) *Replication {
	out := &Replication{Findings: rep.findings()}
	for _, r := range reps {
		out.Seeds = append(out.Seeds, r.Config.Seed)
	}
	for j, r := range reps {
		ps := make([]float64, len(out.Findings))
		for i := range out.Findings {
			f := &out.Findings[i]
			est, p := r.estimate(*f)
			ps[i] = p
			f.Replicas = append(f.Replicas, Replica{Seed: r.Config.Seed, Estimate: est, P: p,
				SameSign: est.N > 0 && math.Signbit(est.Value) == math.Signbit(f.Original.Value) && est.Value != 0})
		}
		for i, h := range Holm(ps) {
			rp := &out.Findings[i].Replicas[j]
			rp.Holm = h
			rp.Found = rp.SameSign && h < 0.05
		}
	}
	for i := range out.Findings {
		f := &out.Findings[i]
		f.Replicated = len(f.Replicas) > 0
		for _, rp := range f.Replicas {
			f.Replicated = f.Replicated && rp.Found
		}
	}
	if rk := rep.Ranking; rk != nil {
		rk.Stability, rk.SameBest = nil, nil
		for _, r := range reps {
			if r.Ranking == nil || len(r.Ranking.Readings) != len(rk.Readings) {
				continue
			}
			a, b := rk.overall(), r.Ranking.overall()
			rk.Stability = append(rk.Stability, Spearman(a, b))
			rk.SameBest = append(rk.SameBest, slices.Index(a, slices.Min(a)) == slices.Index(b, slices.Min(b)))
		}
	}
	rep.Replication = out
	return out
}

// findings lists the run's significant differences and marked seats.
func (rep *Report) findings() []Finding {
	var out []Finding
	for _, c := range rep.Comparisons {
		if c.Significant {
			out = append(out, Finding{Reading: c.Reading, Label: c.Label, Kind: "difference", Metric: c.Metric,
				Original: c.Diff, P: c.Holm})
		}
	}
	for i, s := range rep.Stats {
		for k, e := range s.SeatEdges {
			// Two seats' edges are one number and its negative: the
			// favoured seat is the finding.
			if e.Low > 0 || (e.High < 0 && len(s.SeatEdges) > 2) {
				_, p := SeatEdgeP(s.SeatWins, k)
				out = append(out, Finding{Reading: i, Label: s.Reading.Label(), Kind: "seat", Seat: k, Original: e, P: p})
			}
		}
	}
	return out
}

// estimate gives the finding f as rep measures it, with its unadjusted
// p-value (1 when rep cannot test it).
func (rep *Report) estimate(f Finding) (Interval, float64) {
	if f.Reading >= len(rep.Stats) {
		return Interval{}, 1
	}
	if f.Kind == "seat" {
		s := rep.Stats[f.Reading]
		if f.Seat >= len(s.SeatEdges) {
			return Interval{}, 1
		}
		_, p := SeatEdgeP(s.SeatWins, f.Seat)
		return s.SeatEdges[f.Seat], p
	}
	for _, c := range rep.Comparisons {
		if c.Reading == f.Reading && c.Metric == f.Metric {
			return c.Diff, c.P
		}
	}
	// Not tested: every difference was 0.
	return Interval{N: 1}, 1
}

// SeatEdgeP is the two-sided p-value of seat k's share of the decided
// games against 1/n (normal approximation of the binomial), Šidák-adjusted
// over the seats as SeatEdges' intervals are (n = 2: one test).
func SeatEdgeP(wins []int, k int) (z, p float64) {
	n, decided := len(wins), 0
	for _, w := range wins {
		decided += w
	}
	if n < 2 || decided == 0 {
		return 0, 1
	}
	p0 := 1 / float64(n)
	z = (float64(wins[k])/float64(decided) - p0) / math.Sqrt(p0*(1-p0)/float64(decided))
	p = normalTwoSided(z)
	if n > 2 {
		p = -math.Expm1(float64(n) * math.Log1p(-p)) // 1 - (1-p)^n, exact for small p
	}
	return z, p
}

// String names the finding: "reading: measure".
func (f Finding) String() string {
	what := f.Metric
	if f.Kind == "seat" {
		what = fmt.Sprintf("seat %d edge", f.Seat)
	}
	return fmt.Sprintf("%s: %s", f.Label, what)
}

// ReplicaDir is where replication j (1-based) of the run in dir is kept.
func ReplicaDir(dir string, j int) string {
	return filepath.Join(dir, fmt.Sprintf("replicate-%d", j))
}

// ReplicaConfig is the config of replication j of cfg: the same design on
// ReplicaSeed.
func ReplicaConfig(cfg Config, j int) Config {
	cfg.Seed = ReplicaSeed(cfg.Seed, j)
	return cfg
}

// LoadReplications reads the replications kept beside the run of p in
// dir (replicate-1, replicate-2, ... up to the first missing one) and
// analyses the complete ones; those still being played are returned as
// unfinished, so that the main run reports while they go on.
func LoadReplications(dir string, p *Plan) ([]*Report, []Unfinished, error) {
	var reps []*Report
	var open []Unfinished
	for j := 1; ; j++ {
		d := ReplicaDir(dir, j)
		if _, err := os.Stat(filepath.Join(d, runFile)); errors.Is(err, os.ErrNotExist) {
			return reps, open, nil
		}
		rp, sh, rs, err := LoadRun(d)
		if err != nil {
			return nil, nil, err
		}
		if want := ReplicaConfig(p.Config, j); sh != Whole || !sameConfig(rp.Config, want) {
			return nil, nil, fmt.Errorf("%s is not replication %d of the run in %s (seed %d expected)", d, j, dir, want.Seed)
		}
		if len(rs) != rp.Units() {
			open = append(open, Unfinished{Index: j, Seed: rp.Config.Seed, Games: len(rs), Of: rp.Units()})
			continue
		}
		reps = append(reps, Analyze(rp, rs))
	}
}
