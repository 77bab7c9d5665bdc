package ai

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"tabula/engine"
)

// AlphaBeta is minimax search with alpha-beta pruning for two-player
// games: iterative deepening, a transposition table keyed by the state's
// Hash, and move ordering (the table's best move first, then the others by
// their immediate evaluation). Chance events are searched by expectation
// (expectiminimax): the value of a throw is the probability-weighted mean
// of its outcomes; a throw costs no depth unless it follows another throw.
// A player may move twice in a row (a forced pass of the other): each node
// maximises or minimises by who acts there, not by depth parity.
//
// Leaves are judged by Config.Eval, else the game's evaluation
// (engine.Evaluator, else the scores): the root player's value minus the
// opponent's.
type AlphaBeta struct {
	name   string
	budget Budget
	src    *rand.PCG
	rng    *rand.Rand
	tt     []ttEntry
	leaves []leafEntry
	// The tables' lendings (tables.go) and the generation of their
	// entries that this agent wrote: others are empty to it.
	ttLent         *table[ttEntry]
	leafLent       *table[leafEntry]
	ttGen, leafGen uint32
	plies          []abPly
	root           int
	// Nodes is the number of positions the last search visited.
	Nodes int64
	// Depth is the deepest iteration the last search completed.
	Depth int

	deadline   time.Time
	done       <-chan struct{} // stops the search when closed (ChooseContext)
	yield      func()          // called every 1,024 nodes (ChooseContext)
	stopped    bool
	exhaustive bool
	vals       []float64
	actors     []int
	rootMoves  []engine.Move
	// salt changes the tables' keys at every Forget (0 before the first).
	salt, forgot uint64
	fallback     *MCTS
	cfg          Config
	// helpers search root moves in parallel when cfg.Threads > 1.
	helpers []*AlphaBeta
}

type abPly struct {
	moves  []engine.Move
	order  []float64
	outs   []engine.ChanceOutcome
	child  engine.State
	actors []int
}

type ttFlag uint8

const (
	ttEmpty ttFlag = iota
	ttExact
	ttLower
	ttUpper
)

type ttEntry struct {
	key     uint64
	value   float64
	best    engine.Move
	gen     uint32 // the lending it was written in (tables.go)
	depth   int16
	hasBest bool
	flag    ttFlag
	player  int8
}

// leafEntry keeps a leaf's value for the root player. A learned
// evaluation (Config.Eval) is most of a deep search's time, and the same
// position comes back as a leaf through other orders of the same moves, in
// each iteration of the deepening and in the move ordering: in Tamman at
// depth 6 half the evaluations were of positions judged before.
type leafEntry struct {
	key    uint64
	value  float64
	gen    uint32 // the lending it was written in (tables.go)
	player int8
	ok     bool
}

// NewAlphaBeta returns an alpha-beta searcher with the given budget; name is
// its spec. With no bound at all, the budget is depth 4.
func NewAlphaBeta(name string, b Budget, cfg Config) *AlphaBeta {
	if b.Depth == 0 && b.Time == 0 {
		b.Depth = 4
	}
	if b.Depth == 0 {
		b.Depth = 64
	}
	a := &AlphaBeta{name: name, budget: b, cfg: cfg}
	a.rng, a.src = newRand(cfg.Seed, 0x61626574)
	return a
}

// Name returns the agent's spec.
func (a *AlphaBeta) Name() string { return a.name }

// Reseed restarts the agent's tie-breaking from seed.
func (a *AlphaBeta) Reseed(seed uint64) {
	a.src.Seed(seed, 0x61626574)
	if a.fallback != nil {
		a.fallback.Reseed(seed)
	}
}

// ErrAlphaBetaGame is wrapped by the errors of CheckAlphaBeta.
var ErrAlphaBetaGame = engine.NewError("ai.alphabeta")

// CheckAlphaBeta reports, from the facts g declares for opts (the defaults
// when opts is the zero value), whether alpha-beta can search g: the game
// must have two players and no simultaneous turns.
func CheckAlphaBeta(g engine.Game, opts engine.Options) error {
	info, err := engine.GameInfo(g, opts)
	if err != nil {
		return err
	}
	if info.Players != 2 {
		return engine.NewError("ai.alphabeta_players", "why", ErrAlphaBetaGame, "game", g.ID(), "n", info.Players)
	}
	if info.Simultaneous {
		return engine.NewError("ai.alphabeta_simultaneous", "why", ErrAlphaBetaGame, "game", g.ID())
	}
	return nil
}

// Choose returns the best move found by the deepest completed iteration.
func (a *AlphaBeta) Choose(s engine.State, player int) engine.Move {
	if player == engine.ChancePlayer {
		return chanceMove(s, a.rng)
	}
	a.actors = s.Actors(a.actors[:0])
	if s.NumPlayers() != 2 || len(a.actors) != 1 {
		// Not a position alpha-beta can search: let MCTS with the same
		// time play it rather than fail.
		if a.fallback == nil {
			b := a.budget
			b.Depth = 0
			if b.Time == 0 {
				b.Iterations = 2000
			}
			a.fallback = NewMCTS(a.name, b, a.cfg)
		}
		a.fallback.setDone(a.done, a.yield)
		return a.fallback.Choose(s, player)
	}
	m, _ := a.Search(s, player)
	return m
}

// Search returns player's best move in s and its value for her (the
// evaluation difference, or about ±1e6 for a won or lost game).
func (a *AlphaBeta) Search(s engine.State, player int) (engine.Move, float64) {
	p := a.begin(s, player)
	p.moves = s.Legal(player, p.moves[:0])
	// A copy the deepening reorders, kept between searches: a search
	// allocates nothing once its buffers have grown.
	a.rootMoves = append(a.rootMoves[:0], p.moves...)
	rootMoves := a.rootMoves
	if len(rootMoves) == 1 {
		return rootMoves[0], 0
	}
	// Shuffle so that equal moves are chosen at random, then keep the
	// order between iterations with the last best move first.
	a.rng.Shuffle(len(rootMoves), func(i, j int) { rootMoves[i], rootMoves[j] = rootMoves[j], rootMoves[i] })
	best, bestVal := rootMoves[0], math.Inf(-1)
	for depth := 1; depth <= a.budget.Depth; depth++ {
		a.exhaustive = true
		var m engine.Move
		var v float64
		var ok bool
		if a.cfg.Threads > 1 && depth >= 3 {
			m, v, ok = a.searchRootParallel(s, rootMoves, depth)
		} else {
			m, v, ok = a.searchRoot(s, rootMoves, depth)
		}
		if !ok {
			break
		}
		best, bestVal, a.Depth = m, v, depth
		i := slices.Index(rootMoves, m)
		copy(rootMoves[1:i+1], rootMoves[:i])
		rootMoves[0] = m
		// Stop when the whole tree was searched, or the game is won or
		// lost for certain (a mean over throws can be near but not at
		// the bound).
		if a.exhaustive || math.Abs(v) >= winValue*0.999 {
			break
		}
	}
	return best, bestVal
}

// begin readies a search of s for player (its tables, counters and
// deadline) and returns the root's ply.
func (a *AlphaBeta) begin(s engine.State, player int) *abPly {
	if a.tt == nil {
		// 32 bytes an entry: 2 MB for shallow searches, 32 MB for deep.
		size := 1 << 20
		if a.budget.Depth <= 5 {
			size = 1 << 16
		}
		// Only a given evaluation pays for the table of leaves: the
		// games' own (the scores, the race) cost less than a hash.
		a.lendTables(size, a.cfg.Eval != nil)
	}
	a.root = player
	a.Nodes = 0
	a.Depth = 0
	a.stopped = false
	a.deadline = time.Time{}
	if a.budget.Time > 0 {
		a.deadline = time.Now().Add(a.budget.Time)
	}
	p := a.ply(0, s)
	p.actors = append(p.actors[:0], player)
	return p
}

// MoveValues appends to dst the value for player of each of moves in s,
// where player alone is to move, each searched to the budget's depth (at
// least 1) with a full window: Search keeps only bounds of the moves
// worse than the best, these are the values themselves, for judging the
// move another player chose. Values are Search's; ok is false when the
// time ran out first.
func (a *AlphaBeta) MoveValues(s engine.State, player int, moves []engine.Move, dst []float64) (_ []float64, ok bool) {
	p := a.begin(s, player)
	a.Depth = max(a.budget.Depth, 1)
	for _, m := range moves {
		p.child.CopyFrom(s)
		p.child.Apply(m)
		dst = append(dst, a.search(p.child, a.Depth-1, math.Inf(-1), math.Inf(1), 1))
		if a.stopped {
			return dst, false
		}
	}
	return dst, true
}

// searchRoot searches every root move to depth and reports false when the
// time ran out first.
func (a *AlphaBeta) searchRoot(s engine.State, moves []engine.Move, depth int) (engine.Move, float64, bool) {
	alpha := math.Inf(-1)
	best := moves[0]
	p := a.ply(0, s)
	for _, m := range moves {
		p.child.CopyFrom(s)
		p.child.Apply(m)
		v := a.search(p.child, depth-1, alpha, math.Inf(1), 1)
		if a.stopped {
			return 0, 0, false
		}
		if v > alpha {
			alpha, best = v, m
		}
	}
	return best, alpha, true
}

// searchRootParallel is searchRoot with the root moves shared among
// Threads searchers, each with its own table: the first (best so far)
// move is searched alone to set the bound, the others in parallel against
// the best bound found so far. The value found is the same as with one
// thread; among equal moves the one kept may depend on timing.
func (a *AlphaBeta) searchRootParallel(s engine.State, moves []engine.Move, depth int) (engine.Move, float64, bool) {
	p := a.ply(0, s)
	p.child.CopyFrom(s)
	p.child.Apply(moves[0])
	bestVal := a.search(p.child, depth-1, math.Inf(-1), math.Inf(1), 1)
	if a.stopped {
		return 0, 0, false
	}
	best := moves[0]
	for len(a.helpers) < a.cfg.Threads-1 {
		cfg := a.cfg // the evaluation and its bound (Star1) too
		cfg.Seed += uint64(len(a.helpers)) + 1
		h := NewAlphaBeta(a.name, a.budget, cfg)
		h.lendTables(len(a.tt), a.leaves != nil)
		a.helpers = append(a.helpers, h)
	}
	var mu sync.Mutex
	next := 1
	var wg sync.WaitGroup
	searchers := append([]*AlphaBeta{a}, a.helpers...)
	for _, h := range searchers {
		if h != a {
			h.root, h.deadline, h.stopped, h.exhaustive, h.Nodes = a.root, a.deadline, false, true, 0
			h.done, h.yield = a.done, a.yield
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			child := h.ply(0, s).child
			for {
				mu.Lock()
				i, alpha := next, bestVal
				next++
				mu.Unlock()
				if i >= len(moves) {
					return
				}
				child.CopyFrom(s)
				child.Apply(moves[i])
				v := h.search(child, depth-1, alpha, math.Inf(1), 1)
				if h.stopped {
					return
				}
				mu.Lock()
				if v > bestVal {
					bestVal, best = v, moves[i]
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for _, h := range a.helpers {
		a.Nodes += h.Nodes
		a.stopped = a.stopped || h.stopped
		a.exhaustive = a.exhaustive && h.exhaustive
	}
	if a.stopped {
		return 0, 0, false
	}
	return best, bestVal, true
}

// clearTable forgets every stored position.
func (a *AlphaBeta) clearTable() { clear(a.tt) }

// Forget makes the positions stored so far unknown to the searches after
// it, for a caller whose evaluation changes between searches (a network
// learning from them): their values were judged by the evaluation
// before. The tables are not cleared, which would cost more than a
// shallow search: the keys of the searches after it are salted anew
// (the salt of the next generation, so that an old key matches a new
// one only as two positions' hashes do by chance).
func (a *AlphaBeta) Forget() {
	a.forgot++
	a.salt = engine.Mix64(a.forgot)
	for _, h := range a.helpers {
		h.Forget()
	}
}

// ply returns the scratch space for a ply of the search.
func (a *AlphaBeta) ply(i int, like engine.State) *abPly {
	for len(a.plies) <= i {
		a.plies = append(a.plies, abPly{})
	}
	p := &a.plies[i]
	if p.child == nil || p.child.Game().ID() != like.Game().ID() {
		p.child = like.Clone()
	}
	return p
}

// leafValue judges s for the root player, from the table of leaves when
// s was judged before. Like the transposition table it takes the state's
// Hash for the position.
func (a *AlphaBeta) leafValue(s engine.State) float64 {
	if a.leaves == nil {
		a.vals = heuristic(s, a.root, a.cfg.Eval, a.vals)
		return a.vals[0]
	}
	key := s.Hash() ^ a.salt
	e := &a.leaves[key&uint64(len(a.leaves)-1)]
	if e.ok && e.key == key && e.gen == a.leafGen && int(e.player) == a.root {
		return e.value
	}
	a.vals = heuristic(s, a.root, a.cfg.Eval, a.vals)
	*e = leafEntry{key: key, value: a.vals[0], gen: a.leafGen, player: int8(a.root), ok: true}
	return a.vals[0]
}

// search returns the value of s for the root player, exact when it lies
// strictly between alpha and beta, else a bound on the side it fell.
func (a *AlphaBeta) search(s engine.State, depth int, alpha, beta float64, ply int) float64 {
	a.Nodes++
	if a.Nodes&1023 == 0 {
		if a.yield != nil {
			a.yield()
		}
		if !a.deadline.IsZero() && time.Now().After(a.deadline) || closed(a.done) {
			a.stopped = true
		}
	}
	if a.stopped {
		return 0
	}
	p := a.ply(ply, s)
	p.actors = s.Actors(p.actors[:0])
	if len(p.actors) == 0 {
		return a.leafValue(s)
	}
	if depth <= 0 && !a.settles(depth, p.actors) || len(p.actors) > 1 {
		a.exhaustive = false
		return a.leafValue(s)
	}
	key := s.Hash() ^ a.salt
	e := &a.tt[key&uint64(len(a.tt)-1)]
	hasBest, ttBest := false, engine.Move(0)
	if e.flag != ttEmpty && e.key == key && e.gen == a.ttGen {
		hasBest, ttBest = e.hasBest, e.best
		if int(e.player) == a.root && int(e.depth) >= depth {
			// The stored search may have been cut by depth.
			a.exhaustive = false
			switch {
			case e.flag == ttExact:
				return e.value
			case e.flag == ttLower && e.value >= beta:
				return e.value
			case e.flag == ttUpper && e.value <= alpha:
				return e.value
			}
		}
	}
	if p.actors[0] == engine.ChancePlayer {
		// A throw right after a move costs no depth; a throw after a
		// throw (a game may throw again and again) costs one, so chains
		// of throws end.
		childDepth := depth
		if ply > 0 && len(a.plies[ply-1].actors) > 0 && a.plies[ply-1].actors[0] == engine.ChancePlayer {
			childDepth--
		}
		if a.cfg.EvalBound > 0 {
			return a.chanceBounded(s, e, key, depth, childDepth, alpha, beta, ply)
		}
		p.outs = s.ChanceOutcomes(p.outs[:0])
		v := 0.0
		for i := range p.outs {
			o := p.outs[i]
			p.child.CopyFrom(s)
			p.child.Apply(o.Move)
			v += o.Prob * a.search(p.child, a.outcomeDepth(o, childDepth), math.Inf(-1), math.Inf(1), ply+1)
			p = &a.plies[ply]
		}
		if !a.stopped {
			*e = ttEntry{key: key, value: v, gen: a.ttGen, depth: int16(depth), flag: ttExact, player: int8(a.root)}
		}
		return v
	}
	mover := p.actors[0]
	maximizing := mover == a.root
	p.moves = s.Legal(mover, p.moves[:0])
	a.orderMoves(s, ply, hasBest, ttBest, maximizing, depth)
	p = &a.plies[ply]
	alpha0, beta0 := alpha, beta
	best, bestIdx := math.Inf(1), -1
	if maximizing {
		best = math.Inf(-1)
	}
	for i := range p.moves {
		m := p.moves[i]
		p.child.CopyFrom(s)
		p.child.Apply(m)
		v := a.search(p.child, depth-1, alpha, beta, ply+1)
		p = &a.plies[ply]
		if a.stopped {
			return 0
		}
		if maximizing {
			if v > best {
				best, bestIdx = v, i
			}
			alpha = max(alpha, v)
		} else {
			if v < best {
				best, bestIdx = v, i
			}
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	flag := ttExact
	switch {
	case best <= alpha0:
		flag = ttUpper
	case best >= beta0:
		flag = ttLower
	}
	*e = ttEntry{key: key, value: best, gen: a.ttGen, depth: int16(depth), best: p.moves[bestIdx], hasBest: true, flag: flag, player: int8(a.root)}
	return best
}

// orderMoves sorts the moves of ply: the transposition table's best first,
// then (when deep enough to pay) by the evaluation after the move, best for
// the mover first.
func (a *AlphaBeta) orderMoves(s engine.State, ply int, hasBest bool, first engine.Move, maximizing bool, depth int) {
	p := &a.plies[ply]
	p.order = p.order[:0]
	for _, m := range p.moves {
		score := 0.0
		if depth >= 2 {
			p.child.CopyFrom(s)
			p.child.Apply(m)
			score = a.leafValue(p.child)
			if !maximizing {
				score = -score
			}
		}
		if hasBest && m == first {
			score = math.Inf(1)
		}
		p.order = append(p.order, score)
	}
	// Insertion sort: move lists are short.
	for i := 1; i < len(p.moves); i++ {
		for j := i; j > 0 && p.order[j] > p.order[j-1]; j-- {
			p.order[j], p.order[j-1] = p.order[j-1], p.order[j]
			p.moves[j], p.moves[j-1] = p.moves[j-1], p.moves[j]
		}
	}
}
