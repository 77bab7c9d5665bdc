package adjiboto

import "tabula/engine"

// Tell says in words what the last move did: the seeds it captured, and
// the other player's pass when she cannot move. It is the one narration
// of the game: the terminal, the browser and the server say it.
func (s *State) Tell() []engine.Message {
	if s.ply == 0 {
		return nil
	}
	var out []engine.Message
	if s.captured > 0 {
		out = append(out, engine.Message{Key: "ev_capture_last", Args: map[string]any{"player": int(s.mover),
			"seeds": engine.Count{Noun: "seeds", N: int(s.captured)}}})
	}
	if s.passed {
		out = append(out, engine.Message{Key: "ev_pass", Args: map[string]any{"player": int(s.mover ^ 1)}})
	}
	return out
}
