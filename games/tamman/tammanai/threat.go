package tammanai

import (
	"math"

	"tabula/games/tamman"
)

// ThreatEval judges each player by her expected progress: the steps her men
// have made (a man on habarti a bonus step), plus the throws she holds or
// is owed, minus what her men in danger stand to lose (a man passed over
// goes back to his 'ayn and loses every step he made), plus what her men
// threaten to take; in shares of the way, her value minus the best
// opponent's, and +1/-1 once the game is won. Measured against Eval as
// the evaluation of MCTS playouts at equal time it won no more games
// (docs/lab/tamman-strength.md), so Eval stays the game's evaluation; ThreatEval is kept
// for that measurement and for further work.
func ThreatEval(s *tamman.State, dst []float64) []float64 {
	n := s.NumPlayers()
	var val [4]float64
	for p := 0; p < n; p++ {
		for _, k := range s.Steps(p) {
			val[p] += float64(k)
			if k == tamman.Home {
				val[p]++
			}
		}
	}
	if s.Phase() != tamman.Over {
		// The player whose turn it is will move by the throws she holds
		// and those still due (each worth a mean throw), if her men can
		// use them.
		owed := float64(s.ThrowsOwed())
		if s.Phase() == tamman.MovePhase {
			owed = 0
		}
		held := 0.0
		var pool [maxPool]int
		for _, v := range s.AppendThrows(pool[:0]) {
			held += float64(v)
		}
		val[s.Turn()] += usableShare * (held + owed*s.MeanThrow())
		for p := 0; p < n; p++ {
			for e := 0; e < n; e++ {
				if e == p {
					continue
				}
				// Expected loss of p's men to e's next moves; e gains
				// the same in the race.
				loss := danger(s, p, e)
				val[p] -= loss
				val[e] += threatShare * loss
			}
		}
	}
	for p := 0; p < n; p++ {
		val[p] /= float64(4 * (tamman.Steps + 1))
	}
	for p := 0; p < n; p++ {
		best := math.Inf(-1)
		for q := 0; q < n; q++ {
			if q != p {
				best = max(best, val[q])
			}
		}
		switch {
		case s.Phase() != tamman.Over:
			dst = append(dst, val[p]-best)
		case s.Winner() == p:
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

// maxPool bounds the throws a player holds at once (tamman's pool).
const maxPool = 16

// danger is the expected number of steps player p's men lose to player
// e's men, each of whom passes over one of them in one throw with the
// chance of a throw longer than the distance between them: a man is lost
// when any enemy man passes over him.
func danger(s *tamman.State, p, e int) float64 {
	loss := 0.0
	prev := -1
	men, enemy := s.Steps(p), s.Steps(e)
	for _, k := range men {
		if k == 0 || k == tamman.Home || k == prev {
			continue
		}
		prev = k
		q := s.SquareOn(p, k)
		if s.IsSafe(q) {
			continue
		}
		at := s.StepOf(e, q) // the square's step on e's path
		safe := 1.0
		for _, a := range enemy {
			if d := at - a; a != tamman.Home && d > 0 && d < 8 {
				safe *= s.ThrowAtMost(d)
			}
		}
		// Every man of p on this square goes back.
		n := 0
		for _, j := range men {
			if j == k {
				n++
			}
		}
		loss += float64(n) * float64(k) * (1 - safe)
	}
	return loss
}

// threat gives the steps player p's men stand to lose to player e's next
// throw (each man passed over goes back to his 'ayn) and how many of them
// are passed over, each counted by his chance.
func threat(s *tamman.State, p, e int) (loss, exposed float64) {
	enemy := s.Steps(e)
	for _, k := range s.Steps(p) {
		if k == 0 || k == tamman.Home {
			continue
		}
		q := s.SquareOn(p, k)
		if s.IsSafe(q) {
			continue
		}
		at := s.StepOf(e, q)
		safe := 1.0
		for _, a := range enemy {
			if d := at - a; a != tamman.Home && d > 0 && d < 8 {
				safe *= s.ThrowAtMost(d)
			}
		}
		loss += float64(k) * (1 - safe)
		exposed += 1 - safe
	}
	return loss, exposed
}

// bestCatch gives the most steps of player e's men that one move of
// player p, with one of the throws she holds, sends back.
func bestCatch(s *tamman.State, p, e int) int {
	best := 0
	men, enemy := s.Steps(p), s.Steps(e)
	inPlay := false
	for _, a := range enemy {
		inPlay = inPlay || a != 0 && a != tamman.Home
	}
	if !inPlay {
		return 0
	}
	var buf [maxPool]int
	pool := s.AppendThrows(buf[:0])
	for i, v := range pool {
		if i > 0 && v == pool[i-1] {
			continue
		}
		for j, k := range men {
			to := k + v
			if k == tamman.Home || j > 0 && k == men[j-1] || to > tamman.Home && s.ExactFinish() {
				continue
			}
			hit := s.CaptureSquares(p, k, min(to, tamman.Home))
			lost := 0
			for _, a := range enemy {
				if a != 0 && a != tamman.Home && hit&(1<<s.SquareOn(e, a)) != 0 {
					lost += a
				}
			}
			best = max(best, lost)
		}
	}
	return best
}
