package tammanlab

import (
	"math/rand/v2"
	"strings"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
	"tabula/lab"
)

// The cost of expectiminimax variants, for fixing a level's depth by its
// positions visited rather than by a clock that other programs on the
// machine slow down:
//
//	tabula lab tamman-search-cost --cost-variants 'alphabeta:5/net,alphabeta:5/net/r0.1' --cost-positions 60
//
// Each variant (alphabeta:D/net and its modifiers, match.go) searches the
// same positions of random two-player games (a player to choose among
// several moves); the report gives each one's positions visited and CPU
// time a search, and in how many positions its move differs from the
// first variant's.
var (
	costVariants  = flags.String("cost-variants", "", "alphabeta variants, comma-separated, for SearchCost")
	costPositions = flags.Int("cost-positions", 60, "positions SearchCost searches")
)

// SearchCost reports the cost of the -cost-variants on -cost-positions
// positions of random games, and how often each chooses another move than
// the first.
func SearchCost(t TB) {
	if *costVariants == "" {
		t.Skip("give --cost-variants A,B")
	}
	specs := strings.Split(*costVariants, ",")
	searchers := alphaBetaVariants(t, specs, true)
	nodes := make([]int64, len(specs))
	cpu := make([]time.Duration, len(specs))
	differ := make([]int, len(specs))
	positions := costPositionsOf(t, *costPositions)
	if len(positions) > 0 {
		// A first search outside the count: it lends the tables.
		for _, a := range searchers {
			a.Search(positions[0], positions[0].Actors(nil)[0])
		}
	}
	for _, s := range positions {
		p := s.Actors(nil)[0]
		var first engine.Move
		for i, a := range searchers {
			c0 := lab.CPUTime()
			m, _ := a.Search(s, p)
			cpu[i] += lab.CPUTime() - c0
			nodes[i] += a.Nodes
			if i == 0 {
				first = m
			} else if m != first {
				differ[i]++
			}
		}
	}
	n := max(len(positions), 1)
	for i, spec := range specs {
		t.Logf("%s: %d positions visited a search (%d in all), %v of CPU a search; another move than %s in %d of %d positions",
			spec, nodes[i]/int64(n), nodes[i], (cpu[i] / time.Duration(n)).Round(10*time.Microsecond), specs[0], differ[i], len(positions))
	}
}

// costPositionsOf returns count positions of random two-player games, the
// same for every run: each game played at random for 10 to 80 moves and
// throws, then its throws to the next choice of several moves.
func costPositionsOf(tb TB, count int) []*tamman.State {
	rng := rand.New(rand.NewPCG(5, 6))
	var out []*tamman.State
	for k := 0; len(out) < count && k < 20*count; k++ {
		s := start(tb)
		for i := 0; i < 10+k%71 && !s.Terminal(); i++ {
			p := s.Actors(nil)[0]
			if p == engine.ChancePlayer {
				outs := s.ChanceOutcomes(nil)
				s.Apply(outs[rng.IntN(len(outs))].Move)
				continue
			}
			legal := s.Legal(p, nil)
			s.Apply(legal[rng.IntN(len(legal))])
		}
		for !s.Terminal() && s.Actors(nil)[0] == engine.ChancePlayer {
			outs := s.ChanceOutcomes(nil)
			s.Apply(outs[rng.IntN(len(outs))].Move)
		}
		if s.Terminal() || len(s.Legal(s.Actors(nil)[0], nil)) < 2 {
			continue
		}
		out = append(out, s)
	}
	return out
}

// alphaBetaVariants returns the searches of specs, alphabeta:D/net
// variants (those read through /calA too when rooted: their calibration
// then holds for the root of the last move chosen).
func alphaBetaVariants(t TB, specs []string, rooted bool) []*ai.AlphaBeta {
	searchers := make([]*ai.AlphaBeta, len(specs))
	for i, spec := range specs {
		switch a := variant(t, spec, 1).(type) {
		case *ai.AlphaBeta:
			searchers[i] = a
		case rootedSearch:
			if rooted {
				searchers[i] = a.AlphaBeta
				continue
			}
			t.Fatalf("variant %q: want an alphabeta:D/net variant without /cal", spec)
		default:
			t.Fatalf("variant %q: want an alphabeta:D/net variant", spec)
		}
	}
	return searchers
}
