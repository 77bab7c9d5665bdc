package ai

import (
	"flag"
	"math"
	"sync"
	"testing"
	"time"

	"tabula/engine"
)

var (
	simGames = flag.Int("sim-games", 0, "games per pairing of TestMeasureSimMethods (0: skip)")
	simIters = flag.Int("sim-iterations", 500, "MCTS iterations a move in TestMeasureSimMethods")
)

// TestMeasureSimMethods compares, in Agsinnoninka, the three ways MCTS can
// choose at a simultaneous turn (decoupled UCT, EXP3, regret matching) at
// an equal number of iterations a move: each against the others and
// against greedy, seats alternating, two games at a time:
//
//	go test ./ai -run MeasureSimMethods -count=1 -sim-games 68 -sim-iterations 500 -v
func TestMeasureSimMethods(t *testing.T) {
	if *simGames == 0 {
		t.Skip("a measurement: run with -sim-games N")
	}
	g, err := engine.Lookup("agsinnoninka")
	if err != nil {
		t.Fatal(err)
	}
	methods := map[string]simMethod{"duct": simDUCT, "exp3": simEXP3, "rm": simRM}
	pairs := [][2]string{{"duct", "exp3"}, {"duct", "rm"}, {"exp3", "rm"}, {"duct", "greedy"}, {"exp3", "greedy"}, {"rm", "greedy"}}
	type job struct{ pair, game int }
	type result struct {
		pair   int
		points float64
		iters  map[string]int
		spent  map[string]time.Duration
	}
	jobs := make(chan job)
	results := make(chan result)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				seed := uint64(1000*j.pair + j.game + 1)
				res := result{pair: j.pair, iters: map[string]int{}, spent: map[string]time.Duration{}}
				names := pairs[j.pair]
				var agents [2]Agent
				for k, name := range names {
					if name == "greedy" {
						agents[k] = NewGreedy(seed + uint64(k))
						continue
					}
					m := NewMCTS(name, Budget{Iterations: *simIters}, Config{Seed: seed + uint64(k)})
					m.setSimMethod(methods[name])
					agents[k] = m
				}
				me := j.game % 2 // the seat of names[0]
				seats := [2]Agent{agents[0], agents[1]}
				if me == 1 {
					seats[0], seats[1] = seats[1], seats[0]
				}
				s, err := g.NewState(engine.DefaultOptions(g))
				if err != nil {
					t.Error(err)
					continue
				}
				for !s.Terminal() {
					var joint [2]engine.Move
					for _, a := range s.Actors(nil) {
						start := time.Now()
						joint[a] = seats[a].Choose(s, a)
						if m, ok := seats[a].(*MCTS); ok {
							res.iters[m.Name()] += m.Iterations
							res.spent[m.Name()] += time.Since(start)
						}
					}
					engine.ApplyTurn(s, joint[:])
				}
				switch o, _ := s.Outcome(); {
				case o.Draw():
					res.points = 0.5
				case o.Winner == me:
					res.points = 1
				}
				results <- res
			}
		}()
	}
	go func() {
		for i := 0; i < *simGames; i++ {
			for p := range pairs {
				jobs <- job{p, i}
			}
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	points := make([]float64, len(pairs))
	iters, spent := map[string]int{}, map[string]time.Duration{}
	done := make([]int, len(pairs))
	for r := range results {
		points[r.pair] += r.points
		done[r.pair]++
		t.Logf("%s v %s: %.1f of %d", pairs[r.pair][0], pairs[r.pair][1], points[r.pair], done[r.pair])
		for k, v := range r.iters {
			iters[k] += v
			spent[k] += r.spent[k]
		}
	}
	n := float64(*simGames)
	for p, pair := range pairs {
		lo, hi := wilson(points[p], n)
		t.Logf("%s v %s, %d iterations a move: %.1f of %d points, %.1f%% (95%%: %.1f%%..%.1f%%)",
			pair[0], pair[1], *simIters, points[p], *simGames, 100*points[p]/n, 100*lo, 100*hi)
	}
	for k, v := range iters {
		t.Logf("%s: %.1f µs an iteration (wall, two games at a time)", k, float64(spent[k].Microseconds())/float64(v))
	}
}

// wilson is the 95% Wilson score interval of a share of points out of n.
func wilson(points, n float64) (lo, hi float64) {
	const z = 1.96
	p := points / n
	c := (p + z*z/(2*n)) / (1 + z*z/n)
	h := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return max(0, c-h), min(1, c+h)
}
