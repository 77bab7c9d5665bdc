package tamman

import "tabula/engine"

// Tell says in words what the last turn did and what comes: the men the
// last move sent back, the throws lost (or 8, 8, 8), who throws next.
func (s *State) Tell() []engine.Message {
	d := s.Details().(Details)
	var out []engine.Message
	if d.Captured > 0 {
		// the mover throws again for them, so the turn is still hers
		out = append(out, engine.Message{Key: "ev_sentback", Args: map[string]any{"player": s.Turn(), "men": engine.Count{Noun: "men", N: d.Captured}}})
	}
	switch {
	case d.Zeroed:
		out = append(out, engine.Message{Key: "ev_zeroed"})
	case d.Lost > 0:
		out = append(out, engine.Message{Key: "ev_lost", Args: map[string]any{"n": d.Lost}})
	}
	if !s.Terminal() && d.Thrower != nil {
		out = append(out, engine.Message{Key: "ev_throws", Args: map[string]any{"player": *d.Thrower}})
	}
	return out
}
