package tammanlab

import (
	"sync"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
)

// The one play loop and the one worker loop of the measurements that play
// games (Match, SharedThrows, MatchMulti, DualBound, DualFit and the
// studies of lost games).

// gamePlay is how a measurement plays one game.
type gamePlay struct {
	agents []ai.Agent  // in seat order
	dice   throwSource // the game's throws
	// reseed, when set, reseeds the agent of seat p before each of its
	// moves (the keyed draws of pairs.go).
	reseed func(p int, a ai.Agent)
	// chose, when set, hears each move before it is played, with the wall
	// time its choice took.
	chose func(s *tamman.State, p int, m engine.Move, d time.Duration)
	// threw, when set, hears each throw before it is thrown.
	threw func(s *tamman.State, m engine.Move)
}

// play plays s to its end and returns it.
func (g gamePlay) play(s *tamman.State) *tamman.State {
	for !s.Terminal() {
		p := s.Actors(nil)[0]
		if p == engine.ChancePlayer {
			m := g.dice.draw(s)
			if g.threw != nil {
				g.threw(s, m)
			}
			s.Apply(m)
			continue
		}
		if g.reseed != nil {
			g.reseed(p, g.agents[p])
		}
		if g.chose == nil {
			s.Apply(g.agents[p].Choose(s, p))
			continue
		}
		t0 := time.Now()
		m := g.agents[p].Choose(s, p)
		g.chose(s, p, m, time.Since(t0))
		s.Apply(m)
	}
	return s
}

// playGames hands out the games first to first+n-1 to procs goroutines,
// in order: play plays game i outside the lock, and record hears it in
// the lock as it ends, so that a long run stopped early still counts
// every game it finished. When play reports false no game starts after
// it (and record does not hear it), and playGames reports false.
func playGames[R any](procs, first, n int, play func(i int) (R, bool), record func(i int, r R)) (finished bool) {
	var (
		mu      sync.Mutex
		wg      sync.WaitGroup
		next    = first
		stopped bool
	)
	for range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				stop := stopped || i >= first+n
				mu.Unlock()
				if stop {
					return
				}
				r, ok := play(i)
				mu.Lock()
				if ok {
					record(i, r)
				} else {
					stopped = true
				}
				mu.Unlock()
				if !ok {
					return
				}
			}
		}()
	}
	wg.Wait()
	return !stopped
}
