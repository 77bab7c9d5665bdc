package research

import "math"

// leadSums are the winner's lead curves of a run's decided games (skill
// games aside) summed by reading as the games are played, for the
// reports' mean curve (Stats.LeadCurve), instead of every game's curve
// kept until the end.
//
// The sums must give the bits the reports gave when they added the kept
// curves in unit order. A curve is folded in only when every point is a
// whole number of magnitude at most maxFoldedLead: then every partial sum
// of a run of fewer than 2^33 games is a whole number below 2^53, exact in
// float64 whatever the order of addition. The leads of the games here (men
// ahead in Tamman, seeds in the mancalas) are always whole; a curve that
// is not stays with its result and is added at the end.
type leadSums struct {
	sum [][]float64 // by reading: leadPoints sums, nil before a fold
	n   []int       // by reading: the curves folded in
}

// maxFoldedLead bounds the points of a curve that is folded in.
const maxFoldedLead = 1 << 20

func newLeadSums(readings int) *leadSums {
	return &leadSums{sum: make([][]float64, readings), n: make([]int, readings)}
}

// fold adds r's lead curve to its reading's sum and drops it from r, if r
// is a decided game (not a skill game) whose curve is whole. The curve of
// a skill game or a draw, which the reports do not read, is dropped.
func (l *leadSums) fold(r *Result) {
	if r.Skill || r.Winner < 0 {
		r.Lead = nil
		return
	}
	if len(r.Lead) != leadPoints {
		return
	}
	for _, v := range r.Lead {
		if v != math.Trunc(v) || math.Abs(v) > maxFoldedLead {
			return
		}
	}
	s := l.sum[r.Reading]
	if s == nil {
		s = make([]float64, leadPoints)
		l.sum[r.Reading] = s
	}
	for k, v := range r.Lead {
		s[k] += v
	}
	l.n[r.Reading]++
	r.Lead = nil
}

// of gives reading i's sums, nil when none was folded (or l is nil).
func (l *leadSums) of(i int) []float64 {
	if l == nil {
		return nil
	}
	return l.sum[i]
}
