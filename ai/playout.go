package ai

import (
	"math"

	"tabula/engine"
)

// This file holds the playouts of MCTS: how long they are, how the game
// can play their turns faster, and how a playout cut short is judged.

// maxPlayoutTurns ends a playout that goes on too long; the position is
// then judged by the evaluation.
const maxPlayoutTurns = 20000

// DefaultPlayoutTurns is the length of a playout, in turns after the tree,
// in a game with an evaluation (engine.Evaluator): then the evaluation
// judges the position, its leader taking the reward. Short playouts are
// both faster and more telling in long games (a random 50-round
// Agsinnoninka match, or a Tamman race decided by luck); measured, they
// won more games at Tamman and Agsinnoninka and no fewer at Adji-Boto.
const DefaultPlayoutTurns = 40

// playoutLength is the playout length a search from root uses for the
// configured horizon (0: the game's choice).
func playoutLength(root engine.State, horizon int) int {
	if horizon != 0 {
		return horizon
	}
	if p, ok := root.(PlayoutLengther); ok {
		return p.PlayoutTurns()
	}
	return DefaultPlayoutTurns
}

// PlayoutLengther is implemented by states whose game knows a better
// playout length than DefaultPlayoutTurns for searches that leave it to
// the game (Budget.PlayoutTurns 0): a game whose turns are costly and
// whose evaluation is sharp gains from short ones.
type PlayoutLengther interface {
	PlayoutTurns() int
}

// PlayoutPolicy is implemented by states whose game can pick playout moves
// better than uniformly at random, and cheaply. MCTS uses it unless
// Budget.RandomPlayouts is set.
type PlayoutPolicy interface {
	// PlayoutMove returns one of moves, the legal moves of the one player
	// to move, using u (uniform in [0, 1)) for its random choices.
	PlayoutMove(moves []engine.Move, u float64) engine.Move
}

// PolicyPlayouter is implemented by states that play the playouts of
// their own PlayoutPolicy themselves: the turns playTurns plays with the
// policy, from the same draws, faster. PolicyPlayout plays at most
// maxTurns turns and returns the turns played.
type PolicyPlayouter interface {
	PolicyPlayout(r engine.Rand, maxTurns int) int
}

// TurnApplierMaker is implemented by states whose turns are costly and
// recur in a search (Agsinnoninka's relays): NewTurnApplier returns a
// function that plays a turn as engine.ApplyTurn does, from a bounded
// memory of the turns it has resolved. A tree makes one and keeps it from
// one search to the next, whose turns are often those of the last; only
// its own goroutine uses it.
//
// A long turn calls stop now and then (every few thousand steps); when
// stop reports true the applier gives the turn up and returns false,
// leaving the state no position of the game, which the search then
// discards: so a timed search ends near its deadline even inside a turn
// of millions of steps. Otherwise it returns true.
type TurnApplierMaker interface {
	NewTurnApplier(stop func() bool) func(engine.State, []engine.Move) bool
}

// useApplier makes the tree play turns with the applier of root's game,
// if it has one; a tree keeps its applier while the game stays the same.
func (t *tree) useApplier(root engine.State) {
	id := root.Game().ID()
	m, ok := root.(TurnApplierMaker)
	switch {
	case !ok || t.noApplier:
		t.applier = nil
	case t.applier == nil || t.applierGame != id:
		t.applier, t.applierGame = m.NewTurnApplier(t.stopped), id
	}
}

// apply plays a turn (one move or a joint move) on s. It reports false
// when the search's deadline cut the turn short (TurnApplierMaker): s is
// then to be discarded.
func (t *tree) apply(s engine.State, moves []engine.Move) bool {
	if t.applier != nil {
		return t.applier(s, moves)
	}
	engine.ApplyTurn(s, moves)
	return true
}

// stopEvery is how many playout turns pass between two looks at the
// clock in a search that may stop (a look costs a call to the clock, in
// the browser a call out of WebAssembly).
const stopEvery = 16

// stopped reports whether the search must stop: its deadline passed or
// its context is done. A done context lets the first iteration complete,
// so that an interrupted search has a move to return; a deadline cuts
// even that one, which the setup of a cold search (the browser's
// WebAssembly, its code not yet optimised) can make longer than a level's
// time: the move is then drawn at random (MCTS.Choose).
func (t *tree) stopped() bool {
	if t.timed && t.clock().After(t.deadline) {
		return true
	}
	return t.iterations > 0 && closed(t.done)
}

// interruptible reports whether the search may stop before its budget
// of iterations: then playouts look at the clock as they go.
func (t *tree) interruptible() bool { return t.timed || t.done != nil }

// playout plays s to the end at random (by the game's PlayoutPolicy, if
// any), or for at most t.turns turns in a game with an evaluation, and
// leaves the rewards in t.reward. It reports false when the search's
// deadline came first (the iteration is then given up).
func (t *tree) playout(s engine.State) bool {
	policy, _ := s.(PlayoutPolicy)
	if t.randomPlayouts {
		policy = nil
	}
	limit := maxPlayoutTurns
	if t.evaluated && t.turns > 0 {
		limit = min(limit, t.turns)
	}
	if !t.playTurns(s, policy, limit) {
		return false
	}
	if t.actors = s.Actors(t.actors[:0]); len(t.actors) == 0 {
		t.reward = t.scale.rewards(s, t.reward)
		return true
	}
	t.evalRewards(s)
	return true
}

// playTurns plays up to limit turns of s, or to the end: chance by its
// probabilities, a player by policy (uniformly at random when nil). A game
// that plays random turns itself (engine.RandomPlayouter) plays them,
// unless t.noFast: the same turns from the same draws, faster; so does a
// game that plays its policy's turns (PolicyPlayouter). A search that may
// stop looks at its clock every stopEvery turns, and plays the turns of a
// game with a turn applier through it, which looks inside long turns; it
// reports false when it stopped.
func (t *tree) playTurns(s engine.State, policy PlayoutPolicy, limit int) bool {
	interruptible := t.interruptible()
	switch {
	case t.noFast:
	case !interruptible:
		if _, ok := t.playFast(s, policy, limit); ok {
			return true
		}
	case t.applier == nil:
		for limit > 0 {
			n := min(limit, stopEvery)
			played, ok := t.playFast(s, policy, n)
			if !ok {
				break
			}
			if played < n {
				return true // the end of the game
			}
			if limit -= n; limit > 0 && t.stopped() {
				return false
			}
		}
		if limit == 0 {
			return true
		}
	}
	for turns := 0; turns < limit; turns++ {
		if interruptible && turns%stopEvery == stopEvery-1 && t.stopped() {
			return false
		}
		t.actors = s.Actors(t.actors[:0])
		if len(t.actors) == 0 {
			return true
		}
		if t.actors[0] == engine.ChancePlayer {
			t.outs = s.ChanceOutcomes(t.outs[:0])
			t.joint = append(t.joint[:0], SampleChance(t.outs, t.rng.Float64()))
			if !t.apply(s, t.joint) {
				return false
			}
			continue
		}
		if len(t.actors) == 1 {
			t.moves = s.Legal(t.actors[0], t.moves[:0])
			if policy != nil && len(t.moves) > 1 {
				s.Apply(policy.PlayoutMove(t.moves, t.rng.Float64()))
				continue
			}
			s.Apply(t.moves[t.rng.IntN(len(t.moves))])
			continue
		}
		t.joint = t.joint[:0]
		for _, a := range t.actors {
			t.moves = s.Legal(a, t.moves[:0])
			t.joint = append(t.joint, t.moves[t.rng.IntN(len(t.moves))])
		}
		if !t.apply(s, t.joint) {
			return false
		}
	}
	return true
}

// playFast plays up to n playout turns by the game's own way of playing
// them with policy (nil: uniformly at random) and returns the turns
// played; ok is false when the game has none.
func (t *tree) playFast(s engine.State, policy PlayoutPolicy, n int) (played int, ok bool) {
	if f, ok := s.(engine.RandomPlayouter); ok && policy == nil {
		return f.RandomPlayout(engine.Rand{Src: t.src}, n), true
	}
	if f, ok := s.(PolicyPlayouter); ok && policy != nil {
		return f.PolicyPlayout(engine.Rand{Src: t.src}, n), true
	}
	return 0, false
}

// evalRewards judges an unfinished position by the evaluation (the
// scores when the game has none): player p's lead d over the best of the
// others becomes the reward 1/(1+exp(-d/scale)), where scale is the mean
// size of the leads met so far in this search. So a player far behind
// still prefers to lose less, and no game has to say what its units are.
func (t *tree) evalRewards(s engine.State) {
	if t.eval != nil {
		t.evals = t.eval(s, t.evals[:0])
	} else if e, ok := s.(engine.Evaluator); ok {
		t.evals = e.Eval(t.evals[:0])
	} else {
		t.evals = s.Scores(t.evals[:0])
	}
	t.reward = t.reward[:0]
	for p, v := range t.evals {
		best := math.Inf(-1)
		for q, w := range t.evals {
			if q != p {
				best = max(best, w)
			}
		}
		d := v - best
		t.leadSum += math.Abs(d)
		t.leadN++
		t.reward = append(t.reward, d)
	}
	scale := t.leadSum / float64(t.leadN)
	for p, d := range t.reward {
		switch {
		case scale > 0:
			t.reward[p] = 1 / (1 + math.Exp(-d/scale))
		default:
			t.reward[p] = 0.5
		}
	}
}
