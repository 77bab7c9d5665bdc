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
