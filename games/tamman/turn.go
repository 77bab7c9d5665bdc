package tamman

import "tabula/engine"

// This file applies throws and moves: the flow of a turn from its first
// throw to the next player.

// ApplyJoint applies ms[0]; Tamman has no simultaneous turns.
func (s *State) ApplyJoint(ms []engine.Move) { s.Apply(ms[0]) }

// Apply plays a throw (at a throw) or a move (at a move). It assumes the
// move is legal.
func (s *State) Apply(m engine.Move) { s.apply(m, nil) }

// apply is Apply; with tr it also records the events of the move.
func (s *State) apply(m engine.Move, tr *tracer) {
	switch {
	case s.phase == ThrowPhase:
		if tr != nil {
			tr.add(engine.Event{Kind: engine.Throw, Player: int(s.turn), From: -1, To: -1, N: int(m)})
		}
		s.applyThrow(uint8(m), tr)
	case m == Pass:
		s.applyStep(stepMove{}, tr)
	default:
		s.applyStep(stepMove{s.r.step[s.turn][Square(m>>8)], uint8(m)}, tr)
	}
}

// applyThrow plays a throw of value v; Apply and the fast playouts play
// every throw through it.
func (s *State) applyThrow(v uint8, tr *tracer) {
	s.ply++
	s.thrown, s.thrower = v, s.turn
	s.throw(v, tr)
}

// applyStep plays a move given by the step of its man and its throw (v 0:
// the pass); Apply and the fast playouts play every move through it.
func (s *State) applyStep(m stepMove, tr *tracer) {
	s.ply++
	s.thrown = 0
	if m.v == 0 {
		s.captured = 0
		s.endTurn(tr)
		return
	}
	s.moveFrom(m.from, m.v, tr)
}

// throw adds a throw of value v to the pool and decides what follows.
func (s *State) throw(v uint8, tr *tracer) {
	s.push(v)
	if s.capDue > 0 {
		// A capture throw: it earns no extra throw, whatever it shows.
		s.capDue--
		if s.capDue == 0 {
			s.startMoves(tr)
		}
		return
	}
	s.seq++
	if s.seq == 1 {
		// Only the turn's first throw earns extra throws.
		switch v {
		case 4:
			s.due = 1
		case 8:
			s.due = 2
		default:
			s.due = 0
		}
	} else {
		s.due--
	}
	if s.due > 0 {
		return
	}
	if s.seq == 3 && s.pool[0] == 8 {
		// 8, then two more 8s (the pool is ascending, 8 is the largest
		// value): the turn scores 0.
		s.zeroTurn(tr)
		return
	}
	s.startMoves(tr)
}

// zeroTurn ends a turn of three 8s: its throws are lost, and under
// triple-tamman=reset the thrower's men in play go back to the 'ayn.
func (s *State) zeroTurn(tr *tracer) {
	if s.r.reset {
		men := &s.men[s.turn]
		tr.sendBack(s, int(s.turn), *men)
		for i, k := range men {
			if k != Home {
				men[i] = 0
			}
		}
		sortMen(men)
		s.occ[s.turn] = 0
	}
	s.endTurn(tr)
	s.zeroed = true
}

// push inserts v into the ascending pool.
func (s *State) push(v uint8) {
	i := s.nPool
	for i > 0 && s.pool[i-1] > v {
		s.pool[i] = s.pool[i-1]
		i--
	}
	s.pool[i] = v
	s.nPool++
}

// remove takes one throw of value v out of the pool.
func (s *State) remove(v uint8) {
	n := s.nPool
	i := uint8(0)
	for i < n && s.pool[i] != v {
		i++
	}
	for ; i+1 < n; i++ { // a loop: the pool is too short for memmove to pay
		s.pool[i] = s.pool[i+1]
	}
	s.nPool--
	s.pool[s.nPool] = 0
}

// startMoves begins (or goes on with) the moves once no throw is due. Under
// throw-use=total the waiting throws are first added up into one. When no
// man can use any waiting throw, they are lost and the turn ends.
func (s *State) startMoves(tr *tracer) {
	s.seq, s.due = 0, 0 // the opening throws are done
	if s.r.total && s.nPool > 1 {
		sum := 0
		for i := uint8(0); i < s.nPool; i++ {
			sum += int(s.pool[i])
			s.pool[i] = 0
		}
		s.pool[0] = uint8(min(sum, 255))
		s.nPool = 1
	}
	if !s.canMove() {
		s.endTurn(tr)
		return
	}
	s.phase = MovePhase
}

// canMove reports whether the player to move can use one of her throws.
// Her least advanced man is not on habarti (else she would have won), and
// the smallest throw is the easiest to use.
func (s *State) canMove() bool {
	if s.nPool == 0 {
		return false
	}
	return !s.r.exact || int(s.men[s.turn][0])+int(s.pool[0]) <= Home
}

// endTurn loses the throws left and passes the turn to the next player.
func (s *State) endTurn(tr *tracer) {
	if tr != nil && s.nPool > 0 {
		tr.add(engine.Event{Kind: engine.Pass, Player: int(s.turn), From: -1, To: -1, N: int(s.nPool)})
	}
	s.lost, s.zeroed = s.nPool, false
	s.pool = [maxPool]uint8{}
	s.nPool = 0
	// The next player, wrapping without a branch (with two players it
	// would alternate).
	t := s.turn + 1
	s.turn = t * b2u(t != s.r.players)
	s.phase = ThrowPhase
	s.seq = 0
	s.due = 1
}
