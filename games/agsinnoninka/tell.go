package agsinnoninka

import (
	"strconv"
	"strings"

	"tabula/engine"
)

// Tell says in words what the last turn did: who sowed first (in a
// sequential reading), each player's sowing (its hole, seeds, relays and
// where it ended), her capture, a conflict, a cut relay; the end of a
// round once, when the next one starts or the match ends (engine.RoundOver:
// the terminal draws the board as it ended before it); the holes burnt in
// the round that starts. It is the one narration of the game: the
// terminal, the browser and the server say it.
func (s *State) Tell() []engine.Message {
	var out []engine.Message
	if s.last.P[0].Hole != noHole && s.pending[0] < 0 {
		if s.last.First >= 0 {
			out = append(out, engine.Message{Key: "ev_first", Args: map[string]any{"player": int(s.last.First)}})
		}
		for i, p := range s.last.P {
			end := engine.Message{Key: "ev_at", Args: map[string]any{"hole": int(p.End)}}
			if p.End == storePos {
				end = engine.Message{Key: "ev_inStore"}
			}
			out = append(out, engine.Message{Key: "ev_sow", Args: map[string]any{
				"player": i, "hole": int(p.Hole), "end": end,
				"seeds": engine.Count{Noun: "seeds", N: int(p.Steps)}, "relays": engine.Count{Noun: "relays", N: int(p.Lifts)},
			}})
			if p.Captured > 0 {
				out = append(out, engine.Message{Key: "ev_capture", Args: map[string]any{"player": i, "seeds": engine.Count{Noun: "seeds", N: int(p.Captured)}}})
			}
			if p.Conflict {
				out = append(out, engine.Message{Key: "ev_conflict"})
			}
			if p.Cut {
				out = append(out, engine.Message{Key: "ev_cut"})
			}
		}
	}
	if s.roundEnded() {
		r := s.lastRound
		out = append(out, engine.Message{Key: engine.RoundOver, Args: map[string]any{"n": int(r.Round), "player0": 0, "player1": 1,
			"why": engine.Message{Key: "why_" + r.Why.String()}, "taken0": int(r.Taken[0]), "taken1": int(r.Taken[1]),
			"seeds0": int(r.Seeds[0]), "seeds1": int(r.Seeds[1])}})
		if !s.Terminal() && s.burnt != 0 {
			var burnt []string
			for h := range Holes {
				if s.isBurnt(h) {
					burnt = append(burnt, strconv.Itoa(h))
				}
			}
			out = append(out, engine.Message{Key: "ev_burnt", Args: map[string]any{"holes": strings.Join(burnt, ", ")}})
		}
	}
	return out
}
