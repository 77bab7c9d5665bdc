package tamman

import "math"

// ThreatEval judges each player by her expected progress: the steps her men
// have made (a man on habarti a bonus step), plus the throws she holds or
// is owed, minus what her men in danger stand to lose (a man passed over
// goes back to his 'ayn and loses every step he made), plus what her men
// threaten to take; in shares of the way, her value minus the best
// opponent's, and +1/-1 once the game is won. Measured against Eval as
// the evaluation of MCTS playouts at equal time it won no more games
// (docs/ai.md), so Eval stays the game's evaluation; ThreatEval is kept
// for that measurement and for further work.
func (s *State) ThreatEval(dst []float64) []float64 {
	n := int(s.r.players)
	var val [4]float64
	for p := 0; p < n; p++ {
		for _, k := range s.men[p] {
			val[p] += float64(k)
			if k == Home {
				val[p]++
			}
		}
	}
	if s.phase != Over {
		// The player whose turn it is will move by the throws she holds
		// and those still due (each worth a mean throw), if her men can
		// use them.
		owed := float64(s.due) + float64(s.capDue)
		if s.phase == MovePhase {
			owed = 0
		}
		held := 0.0
		for _, v := range s.pool[:s.nPool] {
			held += float64(v)
		}
		val[s.turn] += usableShare * (held + owed*s.r.meanThrow())
		for p := 0; p < n; p++ {
			for e := 0; e < n; e++ {
				if e == p {
					continue
				}
				// Expected loss of p's men to e's next moves; e gains
				// the same in the race.
				loss := s.danger(p, e)
				val[p] -= loss
				val[e] += threatShare * loss
			}
		}
	}
	for p := 0; p < n; p++ {
		val[p] /= float64(4 * (Steps + 1))
	}
	for p := 0; p < n; p++ {
		best := math.Inf(-1)
		for q := 0; q < n; q++ {
			if q != p {
				best = max(best, val[q])
			}
		}
		switch {
		case s.phase != Over:
			dst = append(dst, val[p]-best)
		case int(s.winner) == p:
			dst = append(dst, 1)
		default:
			dst = append(dst, -1)
		}
	}
	return dst
}

// usableShare discounts the throws a player holds or is owed: under exact
// finish some of them cannot be used. threatShare is the part of an
// enemy man's expected loss that counts as a gain for the man threatening
// him (the loss is sure to hurt, the capture is one choice among others).
const (
	usableShare = 0.8
	threatShare = 0.5
)

// meanThrow is the mean value of a throw.
func (r *rules) meanThrow() float64 {
	m := 0.0
	for i, v := range throwValues {
		m += float64(v) * r.probs[i]
	}
	return m
}

// beyond returns the chance that one throw is more than d (so a man d
// steps behind a square passes over it).
func (r *rules) beyond(d int) float64 {
	c := 0.0
	for i, v := range throwValues {
		if int(v) > d {
			c += r.probs[i]
		}
	}
	return c
}

// danger is the expected number of steps player p's men lose to player
// e's men, each of whom passes over one of them in one throw with the
// chance of a throw longer than the distance between them: a man is lost
// when any enemy man passes over him.
func (s *State) danger(p, e int) float64 {
	r := s.r
	loss := 0.0
	prev := uint8(255)
	for _, k := range s.men[p] {
		if k == 0 || k == Home || k == prev {
			continue
		}
		prev = k
		q := r.path[p][k]
		if r.safe&(1<<q) != 0 {
			continue
		}
		at := int(r.step[e][q]) // the square's step on e's path
		safe := 1.0
		for _, a := range s.men[e] {
			if d := at - int(a); a != Home && d > 0 && d < 8 {
				safe *= r.miss[d]
			}
		}
		// Every man of p on this square goes back.
		men := 0
		for _, j := range s.men[p] {
			if j == k {
				men++
			}
		}
		loss += float64(men) * float64(k) * (1 - safe)
	}
	return loss
}
