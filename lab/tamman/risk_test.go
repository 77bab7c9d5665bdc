package tammanlab

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// The calibrated reading raises the searcher's chance by the shift in
// log-odds, leaves the other's its complement, whichever seat searches,
// keeps a finished game's 1 and 0, and with shift 0 is the network itself.
func TestCalibratedEvalShiftsTheSearchersLogOdds(t *testing.T) {
	net := netEval()
	root := new(int)
	cal, same := calibratedEval(net, 1.5, root), calibratedEval(net, 0, root)
	judged := 0
	s := randomGame(t, 5, func(s *tamman.State, _ int) {
		for *root = range 2 {
			want := net(s, nil)
			got := cal(s, nil)
			logit := func(x float64) float64 { return math.Log(x / (1 - x)) }
			if d := logit(got[*root]) - logit(want[*root]); math.Abs(d-1.5) > 1e-9 {
				t.Fatalf("seat %d searching: %v read as %v, %v in log-odds, want 1.5", *root, want, got, d)
			}
			if got[0]+got[1] != 1 {
				t.Fatalf("seat %d searching: %v does not sum to 1", *root, got)
			}
			if z := same(s, nil); z[0] != want[0] || z[1] != want[1] {
				t.Fatalf("shift 0 gave %v, the network %v", z, want)
			}
		}
		judged++
	})
	for *root = range 2 {
		if got, want := cal(s, nil), net(s, nil); got[0] != want[0] || got[1] != want[1] {
			t.Errorf("the finished game read as %v, the network says %v", got, want)
		}
	}
	if judged < 10 {
		t.Errorf("only %d positions judged", judged)
	}
}

// The calibrated variant judges for the seat it searches for: Choose
// tells its evaluation the seat before the search.
func TestCalibratedVariantSearchesForItsSeat(t *testing.T) {
	a, ok := variant(t, "alphabeta:2/net/cal1.74", 1).(rootedSearch)
	if !ok {
		t.Fatal("alphabeta:2/net/cal1.74 is not a rooted search")
	}
	s := start(t)
	for s.Actors(nil)[0] == engine.ChancePlayer {
		s.Apply(s.ChanceOutcomes(nil)[0].Move)
	}
	p := s.Actors(nil)[0]
	*a.root = 1 - p
	m := a.Choose(s, p)
	if *a.root != p {
		t.Errorf("searched for seat %d, the evaluation read for %d", p, *a.root)
	}
	if !slices.Contains(s.Legal(p, nil), m) {
		t.Errorf("chose %v, not a legal move", m)
	}
}

// randomGame plays a game of random moves and throws drawn from seed,
// calling visit at each position where a player moves, before her move,
// and returns its end.
func randomGame(t *testing.T, seed uint64, visit func(s *tamman.State, p int)) *tamman.State {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	s := start(t)
	for !s.Terminal() {
		p := s.Actors(nil)[0]
		if p == engine.ChancePlayer {
			outs := s.ChanceOutcomes(nil)
			s.Apply(outs[rng.IntN(len(outs))].Move)
			continue
		}
		visit(s, p)
		legal := s.Legal(p, nil)
		s.Apply(legal[rng.IntN(len(legal))])
	}
	return s
}
