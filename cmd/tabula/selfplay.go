package main

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"tabula/ai"
	"tabula/engine"
	"tabula/research"
	"tabula/view"
)

// selfPlay plays games between agents on several goroutines. Every game's
// randomness (its throws and each agent's seed) comes from the run's seed
// and the game's number alone, and results are delivered in game order,
// so a run gives the same results whatever the number of threads.
type selfPlay struct {
	start   engine.State
	specs   []string // agents, as given
	seed    uint64
	threads int
	records bool
}

// match is one game to play: the agent (index in specs) in each seat.
type match struct {
	seats []int
}

// gameResult is what one game produced.
type gameResult struct {
	seats  []int // agent index in each seat
	winner int   // winning seat, -1 for a draw
	plies  int
	// captureMoves counts the turns that captured; captured is what they
	// took (in the game's scoring unit). See countCaptures.
	captureMoves int
	captured     float64
	scores       [4]float64 // final score of each seat (2 to 4 players)
	record       *view.Record
}

// capturer is implemented by states that say what their last move
// captured (Adji-Boto's seeds taken). For other games sim counts the rises
// of the scores during play instead.
type capturer interface {
	Captured() int
}

// reportsCaptures reports whether the game says what each move captured.
func reportsCaptures(s engine.State) bool {
	_, ok := s.(capturer)
	return ok
}

// checkAgents makes each agent once, to turn a bad spec into a usage
// error before any game starts.
func (sp *selfPlay) checkAgents(flag string) error {
	for _, spec := range sp.specs {
		if _, err := ai.New(sp.start.Game(), spec, ai.Config{Options: sp.start.Options()}); err != nil {
			return usagef("%s: %v", flag, err)
		}
	}
	return nil
}

// maxChunk is the most games a goroutine takes at once; runs of few
// games take fewer, so that the threads stay busy to the end.
const maxChunk = 32

// run plays the matches and calls emit for each result in order, and
// progress (if not nil) from time to time with the number of games done.
func (sp *selfPlay) run(matches []match, emit func(i int, r gameResult), progress func(done int)) error {
	type batch struct {
		first   int
		results []gameResult
		err     error
	}
	chunk := max(1, min(maxChunk, len(matches)/(8*max(1, sp.threads))))
	threads := max(1, min(sp.threads, (len(matches)+chunk-1)/chunk))
	var next atomic.Int64
	out := make(chan batch, threads*2)
	var wg sync.WaitGroup
	for w := 0; w < threads; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := newPlayer(sp)
			for {
				first := int(next.Add(int64(chunk))) - chunk
				if first >= len(matches) {
					return
				}
				last := min(first+chunk, len(matches))
				b := batch{first: first}
				for i := first; i < last; i++ {
					r, err := p.play(i, matches[i])
					if err != nil {
						b.err = err
						break
					}
					b.results = append(b.results, r)
				}
				out <- b
			}
		}()
	}
	go func() { wg.Wait(); close(out) }()
	pending := map[int]batch{}
	done := 0
	var firstErr error
	for b := range out {
		if b.err != nil && firstErr == nil {
			firstErr = b.err
		}
		pending[b.first] = b
		for {
			nb, ok := pending[done]
			if !ok || len(nb.results) == 0 {
				break
			}
			delete(pending, done)
			for k, r := range nb.results {
				emit(nb.first+k, r)
			}
			done += len(nb.results)
			if progress != nil {
				progress(done)
			}
		}
	}
	return firstErr
}

// player is one goroutine's agents and buffers.
type player struct {
	sp      *selfPlay
	s       engine.State
	agents  map[[2]int]ai.Agent // by agent index and seat
	chance  *rand.Rand
	pcg     *rand.PCG
	actors  []int
	moves   []engine.Move
	outs    []engine.ChanceOutcome
	before  []float64
	after   []float64
	seatAgt []ai.Agent
}

func newPlayer(sp *selfPlay) *player {
	p := &player{sp: sp, s: sp.start.Clone(), agents: map[[2]int]ai.Agent{}}
	p.pcg = rand.NewPCG(0, 0)
	p.chance = rand.New(p.pcg)
	return p
}

// agent returns the agent for an agent index in a seat, reseeded for the
// game.
func (p *player) agent(game, idx, seat int) (ai.Agent, error) {
	seed := research.Seed(p.sp.seed, game, seat)
	key := [2]int{idx, seat}
	if a, ok := p.agents[key]; ok {
		if r, ok := a.(ai.Reseeder); ok {
			r.Reseed(seed)
			return a, nil
		}
	}
	a, err := ai.New(p.sp.start.Game(), p.sp.specs[idx], ai.Config{Seed: seed, Threads: 1, Options: p.sp.start.Options()})
	if err != nil {
		return nil, err
	}
	p.agents[key] = a
	return a, nil
}

// maxTurns stops a game that does not end.
const maxTurns = 10_000_000

// play plays game number i.
func (p *player) play(i int, m match) (gameResult, error) {
	sp := p.sp
	s := p.s
	s.CopyFrom(sp.start)
	p.pcg.Seed(research.Seed(sp.seed, i, -1), 0x63686e63) // -1: chance
	p.seatAgt = p.seatAgt[:0]
	for seat, idx := range m.seats {
		a, err := p.agent(i, idx, seat)
		if err != nil {
			return gameResult{}, err
		}
		p.seatAgt = append(p.seatAgt, a)
	}
	r := gameResult{seats: m.seats, winner: -1}
	if sp.records {
		rec := view.NewRecord(s.Game(), s.Options())
		for _, idx := range m.seats {
			rec.Players = append(rec.Players, sp.specs[idx])
		}
		r.record = &rec
	}
	capt, hasCapt := s.(capturer)
	if !hasCapt {
		p.before = s.Scores(p.before[:0])
	}
	for turn := 0; !s.Terminal(); turn++ {
		if turn >= maxTurns {
			return r, fmt.Errorf("game %d has not ended after %d turns", i, maxTurns)
		}
		p.actors = s.Actors(p.actors[:0])
		p.moves = p.moves[:0]
		chance := p.actors[0] == engine.ChancePlayer
		if chance {
			p.outs = s.ChanceOutcomes(p.outs[:0])
			p.moves = append(p.moves, ai.SampleChance(p.outs, p.chance.Float64()))
		} else {
			for _, a := range p.actors {
				p.moves = append(p.moves, p.seatAgt[a].Choose(s, a))
			}
		}
		if r.record != nil {
			r.record.Moves = append(r.record.Moves, engine.TurnText(s, p.actors, p.moves))
		}
		engine.ApplyTurn(s, p.moves)
		switch {
		case hasCapt:
			if c := capt.Captured(); !chance && c > 0 {
				r.captureMoves++
				r.captured += float64(c)
			}
		case !chance && !s.Terminal():
			// Without the game's word, a capture is a rise of a score
			// during play, over a player's turn and the throws before it
			// (the settlement at the end does not count).
			p.after = s.Scores(p.after[:0])
			gain := 0.0
			for k := range p.after {
				gain += max(0, p.after[k]-p.before[k])
			}
			if gain > 0 {
				r.captureMoves++
				r.captured += gain
			}
			p.before, p.after = p.after, p.before
		}
	}
	o, _ := s.Outcome()
	r.winner = o.Winner
	r.plies = s.Ply()
	p.after = s.Scores(p.after[:0])
	copy(r.scores[:], p.after)
	if r.record != nil {
		res := view.ResultOf(o)
		r.record.Result = &res
	}
	return r, nil
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	iv := research.Wilson(k, n)
	return iv.Low, iv.High
}

// agentLabels returns the agents as given, with "#2", "#3" added to
// repeats so that each seat's agent has its own name.
func agentLabels(specs []string) []string {
	out := make([]string, len(specs))
	seen := map[string]int{}
	for i, s := range specs {
		seen[s]++
		out[i] = s
		if seen[s] > 1 {
			out[i] = fmt.Sprintf("%s#%d", s, seen[s])
		}
	}
	return out
}
