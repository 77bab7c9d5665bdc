package tamman

// Standing gives each player's race distance covered: the steps her four
// men have made along their paths (a man home has made Steps). This is the
// game's own measure of who leads, for the research workbench. Tamman has
// no safeguard: every game ends with a winner.
func (s *State) Standing(dst []float64) []float64 {
	for p := 0; p < int(s.r.players); p++ {
		dst = append(dst, float64(menSum(&s.men[p])))
	}
	return dst
}
