package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"time"

	"tabula/engine"
)

// createRequest starts a match: a new game, or a saved record to go on
// with (or replay).
type createRequest struct {
	Game    string         `json:"game"`
	Options map[string]any `json:"options"`
	Seats   []string       `json:"seats"`
	Seed    *uint64        `json:"seed"`
	Record  *engine.Record `json:"record"`
}

// settings turns {"seeds": 4, "exact-finish": true} into name=value texts.
// Numbers come as json.Number (decode uses UseNumber), so that a large
// whole number keeps its digits.
func settings(opts map[string]any) ([]string, error) {
	var out []string
	for name, v := range opts {
		switch x := v.(type) {
		case string:
			out = append(out, name+"="+x)
		case bool:
			out = append(out, name+"="+strconv.FormatBool(x))
		case json.Number:
			out = append(out, name+"="+x.String())
		default:
			return nil, badRequest("option %s: want a string, number or boolean", name)
		}
	}
	return out, nil
}

// compute runs f on the compute pool when work is true (a computer player
// may search), else at once. A full pool gives an error wrapping
// compute.ErrBusy (503).
func (s *Server) compute(ctx context.Context, work bool, f func(ctx context.Context)) error {
	if !work {
		f(ctx)
		return nil
	}
	return s.cfg.Pool.Do(ctx, f)
}

func (s *Server) createMatch(w http.ResponseWriter, r *http.Request) error {
	var req createRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	var (
		gameID     string
		sets       []string
		moves      []string
		fromRecord bool // the seats are the record's players
		err        error
	)
	if req.Record != nil {
		if req.Game != "" || req.Options != nil {
			return badRequest("give either a record or game and options, not both")
		}
		gameID, sets, moves = req.Record.Game, req.Record.Options, req.Record.Moves
		if req.Seats == nil && len(req.Record.Players) > 0 {
			req.Seats, fromRecord = req.Record.Players, true
		}
	} else {
		gameID = req.Game
		if sets, err = settings(req.Options); err != nil {
			return err
		}
	}
	if gameID == "" {
		return badRequest("no game given")
	}
	if err := checkTurns(len(moves)); err != nil {
		return err
	}
	g, err := engine.Lookup(gameID)
	if err != nil {
		return notFound("%v", err)
	}
	opts, err := parseOptions(g, sets)
	if err != nil {
		return err
	}
	seed := rand.Uint64()
	if req.Seed != nil {
		seed = *req.Seed
	}
	seats := req.Seats
	if fromRecord {
		// The record's players may not suit this server (an agent it does
		// not offer): load it with people in every seat.
		if _, err := checkSeats(g, opts, len(seats), seats); err != nil {
			seats = make([]string, len(seats))
			for i := range seats {
				seats[i] = Human
			}
		}
	}
	// The pool is needed when the computer may move before the first
	// person: a loaded record, or a computer in the first seat to act.
	computer := len(moves) > longReplay ||
		slices.ContainsFunc(seats, searches) && (len(moves) > 0 || !firstHuman(g, opts, seats))
	var (
		m     *Match
		steps []step
	)
	perr := s.compute(r.Context(), computer || len(moves) > longReplay, func(ctx context.Context) {
		m, steps, err = newMatch(ctx, g, opts, seats, moves, seed, s.cfg.Agents)
	})
	if perr != nil {
		return perr
	}
	if err != nil {
		return err
	}
	if err := s.cfg.Store.Add(m); err != nil {
		return err
	}
	s.cfg.Log.Info("match started", "id", m.ID, "game", g.ID(), "seats", m.seats, "loaded", len(moves))
	writeJSON(w, http.StatusCreated, m.view(steps))
	return nil
}

// firstHuman reports whether the first to act in a new game of g is a
// person of seats (or seats are not given: then seat 0 is a person).
func firstHuman(g engine.Game, opts engine.Options, seats []string) bool {
	st, err := g.NewState(opts)
	if err != nil {
		return true // newMatch reports the error
	}
	actors := st.Actors(nil)
	return len(seats) == 0 || len(actors) > 0 && actors[0] >= 0 && actors[0] < len(seats) && seats[actors[0]] == Human && len(actors) == 1
}

func (s *Server) match(r *http.Request) (*Match, error) {
	return s.cfg.Store.Get(r.PathValue("id"))
}

func (s *Server) getMatch(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, m.view(nil))
	return nil
}

// moveRequest is a person's turn in the game's notation.
type moveRequest struct {
	Move string `json:"move"`
	// Ply, if given, must be the ply of the state the move was chosen in;
	// a stale move (sent twice, or from an old tab) is refused.
	Ply *int `json:"ply"`
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r)
	if err != nil {
		return err
	}
	var req moveRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Move == "" {
		return badRequest("no move given: want {\"move\": \"TEXT\"}")
	}
	var steps []step
	perr := s.compute(r.Context(), m.searches, func(ctx context.Context) {
		steps, err = m.play(ctx, req.Move, req.Ply)
	})
	if perr != nil {
		return perr
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, m.view(steps))
	return nil
}

func (s *Server) postUndo(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r)
	if err != nil {
		return err
	}
	perr := s.compute(r.Context(), m.turnCount() > longReplay, func(ctx context.Context) {
		err = m.undo(ctx)
	})
	if perr != nil {
		return perr
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, m.view(nil))
	return nil
}

func (s *Server) getRecord(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r)
	if err != nil {
		return err
	}
	rec := m.record()
	if r.URL.Query().Get("download") != "" {
		name := fmt.Sprintf("tabula-%s-%s.json", rec.Game, time.Now().UTC().Format("20060102-150405"))
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	}
	writeJSON(w, http.StatusOK, rec)
	return nil
}
