package adjiboto

// Standing gives each player's seeds in store: the game's own measure of
// who leads, for the research workbench (stores only grow, so the player
// with more has taken more).
func (s *State) Standing(dst []float64) []float64 { return s.Scores(dst) }

// Safeguard names the safeguard that ended the game ("repetition",
// "max-plies"), or "" when the game goes on or ended as the source says
// (a blockade).
func (s *State) Safeguard() string {
	if s.end == Repetition || s.end == PlyLimit {
		return s.end.String()
	}
	return ""
}
