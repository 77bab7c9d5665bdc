package agsinnoninka

// Captured returns the seeds both players took from facing holes in the
// last turn (self-play statistics count captures with it).
func (s *State) Captured() int {
	return int(s.last.P[0].Captured) + int(s.last.P[1].Captured)
}
