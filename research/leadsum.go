package research

// leadSums are the winner's lead curves of a run's decided games (skill
// games aside) summed by reading as the games are played, for the
// reports' mean curve (Stats.LeadCurve), instead of every game's curve
// kept until the end.
//
// The reports of the same games read back (LoadRun, Analyze) add the
// curves in unit order; a run adds them as they come, in another order on
// two threads or when it resumes. The sums are the same bits when the
// curves are whole numbers, as the leads of the games here are (men's
// steps in Tamman, seeds in the mancalas): every partial sum of whole
// numbers below 2^53 is exact in float64, whatever the order
// (TestLeadSumsInAnyOrderAreTheOrderedSum). A game whose leads had
// fractions could differ there in the last bits.
type leadSums struct {
	sum [][]float64 // by reading: leadPoints sums, nil before a fold
	n   []int       // by reading: the curves folded in
}

func newLeadSums(readings int) *leadSums {
	return &leadSums{sum: make([][]float64, readings), n: make([]int, readings)}
}

// fold adds r's lead curve to its reading's sum if r is a decided game
// (not a skill game), and drops it from r: the curve of a skill game or a
// draw the reports do not read.
func (l *leadSums) fold(r *Result) {
	lead := r.Lead
	r.Lead = nil
	if r.Skill || r.Winner < 0 || len(lead) == 0 {
		return
	}
	s := l.sum[r.Reading]
	if s == nil {
		s = make([]float64, leadPoints)
		l.sum[r.Reading] = s
	}
	for k, v := range lead[:min(len(lead), leadPoints)] {
		s[k] += v
	}
	l.n[r.Reading]++
}
