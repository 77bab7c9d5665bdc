package agsinnoninka

import "tabula/engine"

// This file holds the end of a round, the refilling with burnt holes and
// the end of the match.

// settle runs at the start of every turn: it ends the round when a row is
// empty, when option max-turns is reached, or when the position has
// occurred option-repetition times in the round.
func (s *State) settle(tr *tracer) {
	if s.end != NotOver {
		return
	}
	if s.rowSeeds(0) == 0 || s.rowSeeds(1) == 0 {
		s.endRound(RowEmpty, tr)
		return
	}
	if s.r.maxTurns > 0 && int(s.roundTurns) >= s.r.maxTurns {
		s.endRound(TurnLimit, tr)
		return
	}
	k := s.key()
	seen := 1
	for _, x := range s.hist {
		if x == k {
			seen++
		}
	}
	s.hist = append(s.hist, k)
	if s.r.repetition > 0 && seen >= s.r.repetition {
		s.endRound(Repetition, tr)
	}
}

// endRound ends the round: each player takes the seeds left in her own row.
// Then the match ends (one round only, or max-rounds reached, or a player
// cannot fill a hole), or the next round starts.
func (s *State) endRound(why RoundEnd, tr *tracer) {
	var taken [2]uint8
	board, burnt := s.holes, s.burnt
	t := tr.next()
	for h := range s.holes {
		tr.transfer(Owner(h), h, Holes+Owner(h), int(s.holes[h]), t)
		taken[Owner(h)] += s.holes[h]
		s.holes[h] = 0
	}
	s.stores[0] += taken[0]
	s.stores[1] += taken[1]
	s.lastRound = RoundRecord{Why: why, Round: s.round, Taken: taken, Seeds: s.stores, Holes: board, Burnt: burnt}
	switch {
	case !s.r.match:
		s.end = RoundOver
	case s.stores[0] < s.r.seeds || s.stores[1] < s.r.seeds:
		// She cannot fill a single hole. Both cannot: the seeds in play
		// are conserved, and 10×seeds ≥ 2×seeds (except on a smaller
		// NewPosition board, where Outcome gives the match to more seeds).
		s.end = Lost
	case int(s.round) >= s.r.maxRounds:
		s.end = RoundLimit
	default:
		s.round++
		s.refill(tr)
		s.startRound()
		s.settle(tr)
	}
}

// refill fills each player's holes with seeds seeds each from her store,
// from her left-most hole as she sits (or the right-most with
// refill-order=right); the holes she cannot fill are burnt for the round.
func (s *State) refill(tr *tracer) {
	s.burnt = 0
	n := s.r.seeds
	t := tr.next()
	for p := 0; p < 2; p++ {
		for k := 0; k < 5; k++ {
			h := rowStart(p) - k
			if s.r.refillRight {
				h = rowEnd(p) + k
			}
			if s.stores[p] >= n {
				s.stores[p] -= n
				s.holes[h] = n
				tr.transfer(p, Holes+p, h, int(n), t)
			} else {
				s.burnt |= 1 << h
				tr.add(engine.Event{Kind: engine.Burn, Player: p, Time: t, From: h, To: -1})
			}
		}
	}
}

// startRound forgets the positions of the last round.
func (s *State) startRound() {
	s.hist = s.hist[:0]
	s.roundTurns = 0
}
