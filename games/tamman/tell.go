package tamman

import (
	"strconv"
	"strings"

	"tabula/engine"
)

// Tell says in words what the last throw or move did and what comes: the
// throw and its name, the men a move sent back (whose, from where), the
// throws lost (or 8, 8, 8), and who throws next and why. It is the one
// narration of the game: the terminal, the browser and the server say it.
func (s *State) Tell() []engine.Message {
	var out []engine.Message
	if s.thrown > 0 {
		out = append(out, engine.Message{Key: "ev_thrown", Args: map[string]any{"player": int(s.thrower),
			"value": int(s.thrown), "name": engine.Message{Key: "chance_t" + strconv.Itoa(int(s.thrown))}}})
	}
	if s.captured > 0 && s.thrown == 0 { // said by the move, not by the throws after it
		for e := 0; e < int(s.r.players); e++ {
			if s.caughtOf&(1<<e) == 0 {
				continue
			}
			var from []string
			for q := Square(0); q < Squares; q++ {
				if s.caughtOn[e]&(1<<q) != 0 {
					from = append(from, q.String())
				}
			}
			// the mover throws again for them, so the turn is still hers
			out = append(out, engine.Message{Key: "ev_sentback", Args: map[string]any{"player": s.Turn(),
				"men": engine.Count{Noun: "men", N: int(s.caughtN[e])}, "playerOf": e, "from": strings.Join(from, ", ")}})
		}
	}
	switch {
	case s.phase != ThrowPhase || s.seq > 0 || s.capDue > 0:
		// said only by the move that ended the turn: the next turn has begun
	case s.zeroed && s.r.reset:
		out = append(out, engine.Message{Key: "ev_zeroed_reset", Args: map[string]any{"player": int(s.thrower)}})
	case s.zeroed:
		out = append(out, engine.Message{Key: "ev_zeroed"})
	case s.lost > 0:
		out = append(out, engine.Message{Key: "ev_lost", Args: map[string]any{"n": int(s.lost)}})
	}
	if s.phase == ThrowPhase {
		out = append(out, engine.Message{Key: "ev_throws", Args: map[string]any{"player": int(s.turn), "why": s.throwReason()}})
	}
	return out
}

// throwReason says why the throw now due is made: the turn's throw, an
// extra throw the turn's first throw earned (one for a 4, two for an 8),
// or a capture throw for each man sent back.
func (s *State) throwReason() engine.Message {
	switch {
	case s.capDue > 1:
		return engine.Message{Key: "why_captures", Args: map[string]any{"n": int(s.capDue)}}
	case s.capDue == 1:
		return engine.Message{Key: "why_capture"}
	case s.seq == 0:
		return engine.Message{Key: "why_turn"}
	case s.seq == 1 && s.due == 1:
		return engine.Message{Key: "why_extra4"}
	case s.seq == 1:
		return engine.Message{Key: "why_extra8_1"}
	}
	return engine.Message{Key: "why_extra8_2"}
}
