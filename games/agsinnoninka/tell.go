package agsinnoninka

import (
	"strconv"
	"strings"

	"tabula/engine"
)

// Tell says in words what the last turn did: each player's sowing (its
// hole, seeds and relays), her capture, a conflict, a cut relay; the end
// of a round once, when the next one starts or the match ends; the holes
// burnt this round.
func (s *State) Tell() []engine.Message {
	d := s.Details().(Details)
	var out []engine.Message
	if t := d.LastTurn; t != nil {
		for i, p := range t.Players {
			out = append(out, engine.Message{Key: "ev_sow", Args: map[string]any{
				"player": i, "hole": p.Hole,
				"seeds": engine.Count{Noun: "seeds", N: p.Seeds}, "relays": engine.Count{Noun: "relays", N: p.Relays},
			}})
			if p.Captured > 0 {
				out = append(out, engine.Message{Key: "ev_capture", Args: map[string]any{"n": p.Captured}})
			}
			if p.Conflict {
				out = append(out, engine.Message{Key: "ev_conflict"})
			}
			if p.Cut {
				out = append(out, engine.Message{Key: "ev_cut"})
			}
		}
	}
	if r := d.LastRound; r != nil && r.Round > 0 && (d.RoundTurns == 0 || s.Terminal()) {
		out = append(out, engine.Message{Key: "ev_round", Args: map[string]any{"n": r.Round, "why": engine.Message{Key: "why_" + r.Why}}})
	}
	var burnt []string
	for h, b := range d.Burnt {
		if b {
			burnt = append(burnt, strconv.Itoa(h))
		}
	}
	if len(burnt) > 0 {
		out = append(out, engine.Message{Key: "ev_burnt", Args: map[string]any{"holes": strings.Join(burnt, ", ")}})
	}
	return out
}
