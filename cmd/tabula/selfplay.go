package main

import (
	"fmt"
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
				b := batch{first: first, results: make([]gameResult, 0, last-first)}
				for i := first; i < last; i++ {
					r, err := p.play(i, matches[i])
					if err != nil {
						b.err = err
						break
					}
					b.results = append(b.results, r)
					started()
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
	agents  research.Agents[[2]int] // by agent index and seat
	loop    research.SelfPlay
	seatAgt []ai.Agent
	w       simWatcher
}

func newPlayer(sp *selfPlay) *player {
	return &player{sp: sp, s: sp.start.Clone(), agents: research.Agents[[2]int]{}, loop: research.SelfPlay{Moves: sp.records, Tally: reportsCaptures(sp.start)}}
}

// maxTurns stops a game that does not end.
const maxTurns = 10_000_000

// play plays game number i.
func (p *player) play(i int, m match) (gameResult, error) {
	sp := p.sp
	s := p.s
	s.CopyFrom(sp.start)
	p.seatAgt = p.seatAgt[:0]
	for seat, idx := range m.seats {
		a, err := p.agents.Get([2]int{idx, seat}, sp.start.Game(), sp.specs[idx],
			ai.Config{Seed: research.Seed(sp.seed, i, seat), Threads: 1, Options: sp.start.Options()})
		if err != nil {
			return gameResult{}, err
		}
		p.seatAgt = append(p.seatAgt, a)
	}
	w := &p.w
	w.start(s, i)
	w.r = gameResult{seats: m.seats, winner: -1}
	if sp.records {
		rec := view.NewRecord(s.Game(), s.Options())
		for _, idx := range m.seats {
			rec.Players = append(rec.Players, sp.specs[idx])
		}
		w.r.record = &rec
	}
	p.loop.Play(s, p.seatAgt, research.Draw{Mode: research.ChanceStream, Seed: research.Seed(sp.seed, i, -1)}, w)
	r := w.r
	if w.err != nil {
		return r, w.err
	}
	o, _ := s.Outcome()
	r.winner = o.Winner
	r.plies = s.Ply()
	w.after = s.Scores(w.after[:0])
	copy(r.scores[:], w.after)
	if r.record != nil {
		res := view.ResultOf(o)
		r.record.Result = &res
	}
	return r, nil
}

// simWatcher watches a game for sim's result (a research.Watcher): its
// record and its captures.
type simWatcher struct {
	r      gameResult
	game   int
	turns  int
	err    error
	capt   capturer // nil: captures are rises of the scores
	chance bool
	before []float64
	after  []float64
}

func (w *simWatcher) start(s engine.State, game int) {
	w.game, w.turns, w.err = game, 0, nil
	w.capt, _ = s.(capturer)
	if w.capt == nil {
		w.before = s.Scores(w.before[:0])
	}
}

func (w *simWatcher) Decision(int) {}

func (w *simWatcher) Turn(s engine.State, actors []int, moves []engine.Move) {
	if w.r.record != nil {
		w.r.record.Moves = append(w.r.record.Moves, engine.TurnText(s, actors, moves))
	}
}

func (w *simWatcher) Applied(s engine.State, chance, over bool) bool {
	r := &w.r
	switch {
	case chance:
	case w.capt != nil:
		if c := w.capt.Captured(); c > 0 {
			r.captureMoves++
			r.captured += float64(c)
		}
	case !over:
		// Without the game's word, a capture is a rise of a score
		// during play, over a player's turn and the throws before it
		// (the settlement at the end does not count).
		w.after = s.Scores(w.after[:0])
		gain := 0.0
		for k := range w.after {
			gain += max(0, w.after[k]-w.before[k])
		}
		if gain > 0 {
			r.captureMoves++
			r.captured += gain
		}
		w.before, w.after = w.after, w.before
	}
	w.turns++
	if w.turns >= maxTurns && !over {
		w.err = fmt.Errorf("game %d has not ended after %d turns", w.game, maxTurns)
		return true
	}
	return false
}

func (w *simWatcher) TurnEnded(engine.State) {}

// TallyTurns and Tallied take a game as a tally (research.Tallier, when
// the game says what each move captured): the same counts as Applied.
func (w *simWatcher) TallyTurns() int { return maxTurns - w.turns }

func (w *simWatcher) Tallied(turns int, t engine.TurnTally, over bool) bool {
	w.r.captureMoves += t.Captures
	w.r.captured += float64(t.Captured)
	w.turns += turns
	if w.turns >= maxTurns && !over {
		w.err = fmt.Errorf("game %d has not ended after %d turns", w.game, maxTurns)
		return true
	}
	return false
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
