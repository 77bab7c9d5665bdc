package ai

import (
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"tabula/engine"
)

// MCTS is Monte Carlo tree search (UCT) for every kind of game the engine
// models:
//
//   - a sequential turn picks the child by UCB1 on the mover's own reward,
//     so with 3 or 4 players each player maximises her own share of a
//     reward vector (1 for the winner, 1/n each for a draw);
//   - a chance event draws its outcome by the game's probabilities, each
//     outcome its own child;
//   - a simultaneous turn is decoupled: each actor keeps statistics over her
//     own moves only and picks by UCB1 on them (decoupled UCT; Lanctot,
//     Lisý and Winands 2013, "Monte Carlo Tree Search in Simultaneous Move
//     Games"), the joint move leads to the child, and the most visited
//     move is played. Measured in Agsinnoninka, decoupled UCT won clearly
//     against regret matching and EXP3, the paper's other two, and far
//     more often against greedy (docs/lab/agsinnoninka-search.md).
//
// Playouts are uniformly random; in a game with an evaluation they stop
// after Budget.PlayoutTurns turns (by default the game's PlayoutTurns, else
// DefaultPlayoutTurns) and the leader by
// the evaluation takes the reward. Each search works in preallocated arenas
// and copies positions with CopyFrom, so iterations do not allocate once
// the arenas have grown. With several threads, independent trees are
// searched from the root (root parallelism) and their root statistics
// summed.
//
// A game's PlayoutPolicy, if it has one, picks the playout moves instead
// of a uniform draw (unless Budget.RandomPlayouts).
type MCTS struct {
	name    string
	budget  Budget
	threads int
	seed    uint64
	src     *rand.PCG
	rng     *rand.Rand
	trees   []*tree
	mixed   bool  // Config.Mixed
	actors  []int // scratch of Choose
	// Iterations is the number of iterations of the last search, all
	// threads together.
	Iterations int
}

// Exploration constant of UCB1 for rewards in [0, 1].
const uctC = 0.7

// maxNodes bounds a tree's size; past it the search goes on without
// expanding.
const maxNodes = 1 << 20

// maxCached bounds the positions a tree keeps (the nodes made first,
// which are nearest the root).
const maxCached = 1 << 14

// NewMCTS returns an MCTS agent with the given budget; name is its spec.
// With no bound at all, the budget is 1000 iterations.
func NewMCTS(name string, b Budget, cfg Config) *MCTS {
	if b.Iterations == 0 && b.Time == 0 {
		b.Iterations = 1000
	}
	m := &MCTS{name: name, budget: b, threads: max(cfg.Threads, 1), seed: cfg.Seed, mixed: cfg.Mixed}
	m.rng, m.src = newRand(cfg.Seed, 0x6d637473)
	for i := 0; i < m.threads; i++ {
		t := newTree(treeSeed(cfg.Seed, i))
		t.horizon = b.PlayoutTurns
		t.randomPlayouts = b.RandomPlayouts
		t.eval = cfg.Eval
		m.trees = append(m.trees, t)
	}
	return m
}

func treeSeed(seed uint64, i int) uint64 {
	return seed*0x9e3779b97f4a7c15 + uint64(i)*0xbf58476d1ce4e5b9 + 1
}

// Name returns the agent's spec.
func (m *MCTS) Name() string { return m.name }

// Reseed restarts the agent's random choices from seed.
func (m *MCTS) Reseed(seed uint64) {
	m.seed = seed
	m.src.Seed(seed, 0x6d637473)
	for i, t := range m.trees {
		t.src.Seed(treeSeed(seed, i), 0x74726565)
	}
}

// Choose searches and returns player's most visited move; with
// Config.Mixed, at a simultaneous turn, a move drawn by the root visit
// shares (the average policy of decoupled UCT); a move drawn at random
// when the deadline came before the first iteration ended.
func (m *MCTS) Choose(s engine.State, player int) engine.Move {
	if player == engine.ChancePlayer {
		return chanceMove(s, m.rng)
	}
	moves, weights := m.Policy(s, player)
	if m.actors = s.Actors(m.actors[:0]); m.mixed && len(m.actors) > 1 || len(moves) > 1 && m.Iterations == 0 {
		return moves[drawWeighted(weights, m.rng.Float64())]
	}
	best := 0
	for i, w := range weights {
		if w > weights[best] {
			best = i
		}
	}
	return moves[best]
}

// Policy searches s and returns player's legal moves with their weights,
// the root visit counts: all alike when a timed search's deadline came
// before its first iteration ended.
func (m *MCTS) Policy(s engine.State, player int) (moves []engine.Move, weights []float64) {
	var deadline time.Time // from the first thing the move does
	if m.budget.Time > 0 {
		deadline = time.Now().Add(m.budget.Time)
	}
	moves = s.Legal(player, nil)
	weights = make([]float64, len(moves))
	if len(moves) <= 1 {
		for i := range weights {
			weights[i] = 1
		}
		return moves, weights
	}
	if len(m.trees) == 1 {
		m.trees[0].search(s, m.budget.Iterations, deadline)
	} else {
		var wg sync.WaitGroup
		for _, t := range m.trees {
			wg.Add(1)
			go func() {
				defer wg.Done()
				t.search(s, m.budget.Iterations, deadline)
			}()
		}
		wg.Wait()
	}
	m.Iterations = 0
	for _, t := range m.trees {
		m.Iterations += t.iterations
		t.addRootPolicy(player, weights)
	}
	if m.Iterations == 0 {
		for i := range weights {
			weights[i] = 1
		}
	}
	return moves, weights
}

type nodeKind uint8

const (
	turnNode nodeKind = iota
	chanceNode
	terminalNode
)

// node is one position of the tree. Its actors are slots[slot :
// slot+numSlots]; its children, one for each joint move (mixed radix over
// the actors' moves) or chance outcome, are children[child : child+n],
// -1 until expanded.
type node struct {
	kind      nodeKind
	visits    int32
	slot      int32
	numSlots  int32
	child     int32
	numChild  int32
	terminalR int32 // index in terminal rewards, for terminal nodes
	state     int32 // index of the node's position in tree.cached, or -1
}

// slot is one actor of a node with its moves edges[edge : edge+n].
type slot struct {
	player int32
	edge   int32
	n      int32
}

// edge is one move of one actor (or one chance outcome) with its
// statistics.
type edge struct {
	move   engine.Move
	visits int32
	reward float64 // sum of the actor's rewards
	prob   float64 // of a chance outcome
}

// step is one node on the path of an iteration and its chosen edges,
// choices[choice : choice+numSlots]; choice is -1 at the leaf.
type step struct {
	node   int32
	choice int32
}

// choice is the edge one actor took.
type choice struct {
	edge int32
}

// tree is one search tree with all its working memory.
type tree struct {
	src      *rand.PCG
	rng      *rand.Rand
	nodes    []node
	slots    []slot
	edges    []edge
	children []int32
	termR    []float64
	path     []step
	choices  []choice
	scratch  scratchStates
	// cached holds the positions of the first maxCached nodes, so an iteration starts from the deepest cached node on its
	// path instead of replaying every turn from the root (an Agsinnoninka
	// turn can hold long relays). The results are the same either way.
	cached    scratchStates
	nCached   int32
	maxCached int32
	actors    []int
	moves     []engine.Move
	joint     []engine.Move
	outs      []engine.ChanceOutcome
	reward    []float64
	nPlayers  int
	// scale maps the game's returns to rewards.
	scale rewardScale
	// evals, leadSum and leadN serve evalRewards.
	evals   []float64
	leadSum float64
	leadN   int
	// eval replaces the game's evaluation when set (Config.Eval).
	eval func(engine.State, []float64) []float64
	// horizon is the playout length in turns for games with an
	// evaluation; negative plays to the end, 0 leaves it to the game
	// (PlayoutLengther, else DefaultPlayoutTurns). turns is the length
	// the current search uses.
	horizon   int
	turns     int
	evaluated bool
	// randomPlayouts ignores the game's PlayoutPolicy.
	randomPlayouts bool
	// iterations done by the last search.
	iterations int
	// done, if not nil, stops the search when closed (ChooseContext).
	done <-chan struct{}
	// deadline ends a search when timed, by clock (time.Now but in
	// tests).
	deadline time.Time
	timed    bool
	clock    func() time.Time
	// yield, if not nil, is called before every iteration (ChooseContext).
	yield func()
	// applier plays turns for a game that offers one (TurnApplierMaker),
	// made for the game applierGame; noApplier turns it off (to measure
	// what it saves).
	applier     func(engine.State, []engine.Move) bool
	applierGame string
	noApplier   bool
	// noFast plays playouts through the State interface even where the
	// game plays them itself (engine.RandomPlayouter), to compare the two.
	noFast bool
}

func newTree(seed uint64) *tree {
	t := &tree{maxCached: maxCached, clock: time.Now}
	t.rng, t.src = newRand(seed, 0x74726565)
	return t
}

// search runs iterations from root until the budget is spent.
func (t *tree) search(root engine.State, iterations int, deadline time.Time) {
	t.nodes = t.nodes[:0]
	t.slots = t.slots[:0]
	t.edges = t.edges[:0]
	t.children = t.children[:0]
	t.termR = t.termR[:0]
	t.nPlayers = root.NumPlayers()
	t.scale.update(root)
	t.nCached = 0
	t.leadSum, t.leadN = 0, 0
	_, t.evaluated = root.(engine.Evaluator)
	t.turns = playoutLength(root, t.horizon)
	t.useApplier(root)
	t.newNode(root)
	t.deadline, t.timed = deadline, !deadline.IsZero()
	t.iterations = 0
	for iterations == 0 || t.iterations < iterations {
		if t.yield != nil && t.iterations > 0 {
			t.yield()
		}
		if t.stopped() || !t.iterate(root) {
			break
		}
		t.iterations++
	}
}

// newNode adds the node for position s and returns its index.
func (t *tree) newNode(s engine.State) int32 {
	idx := int32(len(t.nodes))
	n := node{slot: int32(len(t.slots)), child: int32(len(t.children)), state: -1}
	if idx > 0 && t.nCached < t.maxCached {
		n.state = t.nCached
		t.cached.at(int(n.state), s).CopyFrom(s)
		t.nCached++
	}

	t.actors = s.Actors(t.actors[:0])
	switch {
	case len(t.actors) == 0:
		n.kind = terminalNode
		n.terminalR = int32(len(t.termR))
		t.reward = t.scale.rewards(s, t.reward)
		t.termR = append(t.termR, t.reward...)
	case t.actors[0] == engine.ChancePlayer:
		n.kind = chanceNode
		t.outs = s.ChanceOutcomes(t.outs[:0])
		t.slots = append(t.slots, slot{player: engine.ChancePlayer, edge: int32(len(t.edges)), n: int32(len(t.outs))})
		for _, o := range t.outs {
			t.edges = append(t.edges, edge{move: o.Move, prob: o.Prob})
		}
		n.numSlots = 1
		n.numChild = int32(len(t.outs))
	default:
		n.kind = turnNode
		n.numSlots = int32(len(t.actors))
		n.numChild = 1
		for _, a := range t.actors {
			t.moves = s.Legal(a, t.moves[:0])
			t.slots = append(t.slots, slot{player: int32(a), edge: int32(len(t.edges)), n: int32(len(t.moves))})
			for _, m := range t.moves {
				t.edges = append(t.edges, edge{move: m})
			}
			n.numChild *= int32(len(t.moves))
		}
	}
	for i := int32(0); i < n.numChild; i++ {
		t.children = append(t.children, -1)
	}
	t.nodes = append(t.nodes, n)
	return idx
}

// iterate runs one iteration: select and expand down the tree, play out,
// back up the reward vector. It reports false, and backs nothing up (a
// node it added keeps no visit), when the search's deadline came inside
// a turn or a playout.
func (t *tree) iterate(root engine.State) bool {
	s := t.scratch.at(0, root)
	t.path = t.path[:0]
	t.choices = t.choices[:0]
	cur := int32(0)
	// s holds the position of node cur only when synced; until then cur
	// is the root or a node with a cached position.
	synced := false
	sync := func() {
		switch {
		case synced:
		case cur == 0:
			s.CopyFrom(root)
		default:
			s.CopyFrom(t.cached.states[t.nodes[cur].state])
		}
		synced = true
	}
	for {
		n := &t.nodes[cur]
		if n.kind == terminalNode {
			t.reward = append(t.reward[:0], t.termR[n.terminalR:n.terminalR+int32(t.nPlayers)]...)
			t.path = append(t.path, step{node: cur, choice: -1})
			break
		}
		st := step{node: cur, choice: int32(len(t.choices))}
		childIdx := t.selectJoint(cur)
		t.path = append(t.path, st)
		slotChild := t.nodes[cur].child + childIdx
		next := t.children[slotChild]
		if next >= 0 && t.nodes[next].state >= 0 {
			cur, synced = next, false
			continue
		}
		sync()
		t.joint = t.joint[:0]
		for _, c := range t.choices[st.choice:] {
			t.joint = append(t.joint, t.edges[c.edge].move)
		}
		if !t.apply(s, t.joint) {
			return false
		}
		if next >= 0 {
			cur = next
			continue
		}
		if len(t.nodes) >= maxNodes {
			if !t.playout(s) {
				return false
			}
			break
		}
		next = t.newNode(s)
		t.children[slotChild] = next
		if t.nodes[next].kind == terminalNode {
			cur = next
			continue
		}
		t.path = append(t.path, step{node: next, choice: -1})
		if !t.playout(s) {
			return false
		}
		break
	}
	t.backup()
	return true
}

// selectJoint chooses an edge for each actor of node idx, appends them to
// choices and returns the index of the joint child.
func (t *tree) selectJoint(idx int32) int32 {
	n := t.nodes[idx]
	if n.kind == chanceNode {
		sl := t.slots[n.slot]
		u := t.rng.Float64()
		k := sl.n - 1
		for i := int32(0); i < sl.n; i++ {
			p := t.edges[sl.edge+i].prob
			if u < p {
				k = i
				break
			}
			u -= p
		}
		t.choices = append(t.choices, choice{edge: sl.edge + k})
		return k
	}
	if n.numSlots == 1 {
		sl := t.slots[n.slot]
		k := t.selectUCB(sl, n.visits)
		t.choices = append(t.choices, choice{edge: sl.edge + k})
		return k
	}
	joint, radix := int32(0), int32(1)
	for j := n.slot; j < n.slot+n.numSlots; j++ {
		sl := t.slots[j]
		k := t.selectDecoupledUCB(sl, n.visits)
		t.choices = append(t.choices, choice{edge: sl.edge + k})
		joint += k * radix
		radix *= sl.n
	}
	return joint
}

// selectUCB picks by UCB1 (untried moves first, in order).
func (t *tree) selectUCB(sl slot, parentVisits int32) int32 {
	es := t.edges[sl.edge : sl.edge+sl.n]
	logN := math.Log(float64(parentVisits))
	best, bestV := int32(0), math.Inf(-1)
	for i := range es {
		e := &es[i]
		if e.visits == 0 {
			return int32(i)
		}
		v := e.reward/float64(e.visits) + uctC*math.Sqrt(logN/float64(e.visits))
		if v > bestV {
			best, bestV = int32(i), v
		}
	}
	return best
}

// backup adds the reward vector to every node and chosen edge of the path.
func (t *tree) backup() {
	for _, st := range t.path {
		n := &t.nodes[st.node]
		n.visits++
		if n.kind != turnNode || st.choice < 0 {
			continue
		}
		for j := int32(0); j < n.numSlots; j++ {
			sl := t.slots[n.slot+j]
			c := t.choices[st.choice+j]
			r := t.reward[sl.player]
			e := &t.edges[c.edge]
			e.visits++
			e.reward += r
		}
	}
}

// addRootPolicy adds player's root visit counts to weights.
func (t *tree) addRootPolicy(player int, weights []float64) {
	root := t.nodes[0]
	for j := root.slot; j < root.slot+root.numSlots; j++ {
		sl := t.slots[j]
		if int(sl.player) != player {
			continue
		}
		for i, e := range t.edges[sl.edge : sl.edge+sl.n] {
			weights[i] += float64(e.visits)
		}
	}
}
