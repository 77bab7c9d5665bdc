package server

import (
	"fmt"
	"net/http"
)

// Resigning is no rule of a game: a person ends the match she is playing,
// and the match's record says so in its result. The state stays as the
// game left it.

// resignedResult is the result of a match that player p resigned.
func resignedResult(p int) string { return fmt.Sprintf("player %d resigned", p) }

// resign ends the match: player p, a person, gives it up.
func (m *Match) resign(p int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.isHuman(p) {
		return badRequest("player %d is not a person at this device", p)
	}
	if m.state.Terminal() || m.resigned > 0 {
		return badRequest("the game is over")
	}
	m.resigned = p + 1
	return m.publish()
}

// resignRequest names the person who resigns.
type resignRequest struct {
	Player *int `json:"player"`
}

func (s *Server) postResign(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r)
	if err != nil {
		return err
	}
	var req resignRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Player == nil {
		return badRequest(`no player given: want {"player": N}`)
	}
	if err := m.resign(*req.Player); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, m.view(nil))
	return nil
}
