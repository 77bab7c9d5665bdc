package adjiboto

import "tabula/engine"

// Tell says in words what the last move did: the seeds it captured (the
// app names the player who made the move).
func (s *State) Tell() []engine.Message {
	if s.Ply() == 0 || s.captured == 0 {
		return nil
	}
	return []engine.Message{{Key: "ev_capture_last", Args: map[string]any{"seeds": engine.Count{Noun: "seeds", N: int(s.captured)}}}}
}
