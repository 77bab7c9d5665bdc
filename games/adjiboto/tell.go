package adjiboto

import "tabula/engine"

// Tell says in words what the last move did: the seeds it captured.
func (s *State) Tell() []engine.Message {
	if s.Ply() == 0 || s.captured == 0 {
		return nil
	}
	return []engine.Message{{Key: "ev_capture_last", Args: map[string]any{"n": int(s.captured)}}}
}
