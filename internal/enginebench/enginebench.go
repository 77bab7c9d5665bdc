// Package enginebench is one measurement of the engine that runs the same
// natively and in the browser (cmd/tabula-wasm exposes it as
// tabulaEngine.bench), so that the two are compared on the same work:
// random playouts of Adji-Boto from its start, and an MCTS search of a
// fixed number of iterations from there (docs/browser.md).
package enginebench

import (
	"math/rand/v2"
	"strconv"
	"time"

	"tabula/ai"
	"tabula/engine"
)

// Result is what one run measured.
type Result struct {
	Playouts       int     `json:"playouts"`
	PlayoutsPerSec float64 `json:"playoutsPerSec"`
	Iterations     int     `json:"iterations"`
	SearchMs       float64 `json:"searchMs"`
	Move           string  `json:"move"` // the search's choice: the same on both
}

// Run plays playouts random games of Adji-Boto and then times one MCTS
// search of iterations iterations (seeded: the same choice everywhere).
func Run(playouts, iterations int) (Result, error) {
	g, err := engine.Lookup("adji-boto")
	if err != nil {
		return Result{}, err
	}
	opts := engine.DefaultOptions(g)
	root, err := g.NewState(opts)
	if err != nil {
		return Result{}, err
	}
	res := Result{Playouts: playouts, Iterations: iterations}
	r := engine.Rand{Src: rand.NewPCG(1, 2)}
	start := time.Now()
	for range playouts {
		s := root.Clone()
		if p, ok := s.(engine.RandomPlayouter); ok {
			p.RandomPlayout(r, 1<<30)
		}
	}
	res.PlayoutsPerSec = float64(playouts) / time.Since(start).Seconds()
	agent, err := ai.New(g, "mcts:"+strconv.Itoa(iterations), ai.Config{Seed: 7, Threads: 1, Options: opts})
	if err != nil {
		return Result{}, err
	}
	start = time.Now()
	m := agent.Choose(root, 0)
	res.SearchMs = float64(time.Since(start).Microseconds()) / 1000
	res.Move = root.MoveText(0, m)
	return res, nil
}
