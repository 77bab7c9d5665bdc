package agsinnoninka

// Standing gives each player's seeds, in her store and her row: the
// game's own measure of who leads, for the research workbench.
func (s *State) Standing(dst []float64) []float64 { return s.Scores(dst) }

// Safeguard names the safeguard, not in the source, that ended the match
// ("max-rounds"), the last round ("repetition", "max-turns") or cut a move
// of the last turn ("max-steps"); "" when none did.
func (s *State) Safeguard() string {
	switch {
	case s.end == RoundLimit:
		return s.end.String()
	case s.last.Capped:
		return "max-steps"
	case s.lastRound.Why == Repetition || s.lastRound.Why == TurnLimit:
		return s.lastRound.Why.String()
	}
	return ""
}
