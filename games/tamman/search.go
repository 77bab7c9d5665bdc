package tamman

import "tabula/engine"

// This file helps the searches: the playout policy of MCTS
// (ai.PlayoutPolicy).

// playoutRandom is the share of playout moves drawn uniformly at random;
// the rest take the move of best immediate gain, so that the playouts
// still see the moves a greedy reading overlooks.
const playoutRandom = 0.1

// captureThrow is what a capture is worth besides the steps the enemy man
// loses: the extra throw it earns, in steps (a mean throw is 2.5).
const captureThrow = 2.5

// maxPolicyMoves bounds the moves PlayoutMove scores (a player holds at
// most a few distinct throws for at most four men, and perhaps a pass).
const maxPolicyMoves = 32

// PlayoutMove picks a playout move among moves, the legal moves of the
// player to move: mostly the move of best immediate gain (the steps of
// the enemy men it sends back and the throws they earn, less the steps
// its man puts in danger of being passed over by an enemy throw, plus
// those he takes out of it), ties and a share of playoutRandom drawn at
// random with u.
func (s *State) PlayoutMove(moves []engine.Move, u float64) engine.Move {
	var ms [maxPolicyMoves]stepMove
	n := min(len(moves), maxPolicyMoves)
	for i, m := range moves[:n] {
		if m != Pass {
			ms[i] = stepMove{s.r.step[s.turn][Square(m>>8)], uint8(m)}
		}
	}
	return moves[s.policyPick(ms[:n], u)]
}

// policyPick is PlayoutMove on the moves as steps and throws (v 0: the
// pass), at most maxPolicyMoves of them; it returns the index of the move.
// The policy playouts (PolicyPlayout) pick their moves with it too.
func (s *State) policyPick(ms []stepMove, u float64) int {
	n := len(ms)
	if u < playoutRandom {
		return min(int(u/playoutRandom*float64(n)), n-1)
	}
	u = (u - playoutRandom) / (1 - playoutRandom)
	var gains [maxPolicyMoves]float64
	best, ties := -1e9, 0
	for i, m := range ms {
		g := -1e9 // pass: only when nothing else is legal
		if m.v != 0 {
			g = s.moveGain(m.from, m.v)
		}
		gains[i] = g
		switch {
		case g > best+1e-9:
			best, ties = g, 1
		case g > best-1e-9:
			ties++
		}
	}
	k := min(int(u*float64(ties)), ties-1)
	for i, g := range gains[:n] {
		if g > best-1e-9 {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return 0
}

// moveGain is the immediate gain, in steps, of the move of the man on
// step from by throw v for the player to move: the steps of the enemy men
// he sends back (and a throw for each), less the change in the steps he
// himself risks to the enemies' next throws.
func (s *State) moveGain(step, v uint8) float64 {
	p := int(s.turn)
	r := s.r
	from := int(step)
	to := min(from+int(v), Home)
	hit := r.hit(p, from, to)
	gain := 0.0
	for e := 0; e < int(r.players); e++ {
		if e == p || hit&s.occ[e] == 0 {
			continue
		}
		for _, k := range s.men[e] {
			if k != 0 && k != Home && hit&(1<<r.path[e][k]) != 0 {
				gain += float64(k) + captureThrow
			}
		}
	}
	return gain - float64(to)*s.exposure(p, to) + float64(from)*s.exposure(p, from)
}

// exposure is the chance that a man of player p on step k of his path is
// passed over by one throw of some enemy man behind him.
func (s *State) exposure(p, k int) float64 {
	r := s.r
	if k == 0 || k >= Home {
		return 0
	}
	q := r.path[p][k]
	if r.safe&(1<<q) != 0 {
		return 0
	}
	safe := 1.0
	for e := 0; e < int(r.players); e++ {
		if e == p {
			continue
		}
		at := int(r.step[e][q])
		for _, a := range s.men[e] {
			if d := at - int(a); a != Home && d > 0 && d < 8 {
				safe *= r.miss[d]
			}
		}
	}
	return 1 - safe
}

// MCTSLevel gives the MCTS budgets of the levels in Tamman (ai.MCTSLeveller):
// the iterations, and whether playouts follow PlayoutMove. In a race
// decided much by the throws, ten times the iterations of plain MCTS buy
// little past a few thousand (docs/ai.md), so the levels are set apart by
// the iterations below that and by the playout policy above it. In games of
// two, MCTSJudge gives medium the learned evaluation, and hard and max
// search by AlphaBetaLevel instead.
func (Game) MCTSLevel(level string) (iterations int, policy, ok bool) {
	switch level {
	case "easy":
		return 30, false, true
	case "medium":
		return 300, false, true
	case "hard":
		return 5000, true, true
	case "max":
		return 100000, true, true
	}
	return 0, false, false
}

// learnedPlayoutTurns is the playout length of the levels that judge by
// LearnedEval: the evaluation sees what a long playout would play out, and
// short playouts leave time for more iterations (docs/ai.md).
const learnedPlayoutTurns = 4

// MCTSJudge gives the level medium in games of two players the learned
// evaluation (LearnedEval), after playouts of learnedPlayoutTurns turns
// (ai.MCTSJudge): it won 56% of 400 games against medium by the race
// after 40 turns, in half the time (docs/ai.md). It was trained on games
// of two; hard and max search by AlphaBetaLevel there.
func (Game) MCTSJudge(level string, opts engine.Options) (func(engine.State, []float64) []float64, int, int, bool) {
	if opts.Int(OptPlayers) != 2 || level != "medium" {
		return nil, 0, 0, false
	}
	return learnedEval, learnedPlayoutTurns, 0, true
}

// The depths of hard and max in games of two (AlphaBetaLevel): a move
// costs a ply, a throw after a throw another; depth 4 sees the rest of
// the turn and the enemy's throws and replies, at about 5 ms of CPU a
// move, depth 5 about 30 ms (docs/ai.md).
const (
	hardDepth = 4
	maxDepth  = 5
)

// AlphaBetaLevel gives hard and max, in games of two, expectiminimax
// judged by the learned network (NetEval) instead of MCTS
// (ai.AlphaBetaLeveller): averaging every throw exactly a few plies deep
// with a sharp evaluation beat MCTS's sampled throws (docs/ai.md). The
// network was trained on games of two; with more players the levels stay
// MCTS.
func (Game) AlphaBetaLevel(level string, opts engine.Options) (int, func(engine.State, []float64) []float64, bool) {
	if opts.Int(OptPlayers) != 2 {
		return 0, nil, false
	}
	switch level {
	case "hard":
		return hardDepth, netEval, true
	case "max":
		return maxDepth, netEval, true
	}
	return 0, nil, false
}

// AlphaBetaBound is 1 (ai.AlphaBetaBounder): NetEval gives chances of
// winning, so a player's value minus the other's lies within ±1, and
// hard and max cut off throws by Star1 (docs/tamman-hard.md).
func (Game) AlphaBetaBound(string, engine.Options) float64 { return 1 }

// netEval is NetEval for a search's Config.
func netEval(s engine.State, dst []float64) []float64 { return s.(*State).NetEval(dst) }

// learnedEval is LearnedEval for a search's Config.
func learnedEval(s engine.State, dst []float64) []float64 { return s.(*State).LearnedEval(dst) }
