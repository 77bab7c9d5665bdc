package server

import (
	"context"
	"math/rand/v2"
	"time"

	"tabula/coach"
	"tabula/engine"
	"tabula/messages"
	"tabula/view"
)

// The bounds of a game's review by the coach (variables, so that tests can
// shorten them): each move's searches, the whole review, and the moves
// reviewed (the last ones of a longer game).
var (
	CoachIterations = 1500
	CoachMoveTime   = 1500 * time.Millisecond
	CoachTime       = 20 * time.Second
	MaxCoachMoves   = 200
)

// coachRequest names a game: a room (with the tokens of every person
// seat while it is played at one device) or a finished record; Ply, when
// given, asks for the review of the move played there alone.
type coachRequest struct {
	Room   string       `json:"room"`
	Tokens []string     `json:"tokens"`
	Record *view.Record `json:"record"`
	Ply    *int         `json:"ply"`
}

// coachView is a game's review: the moves reviewed, in order; Complete is
// false when CoachTime ran out first.
type coachView struct {
	Reviews  []coachReview `json:"reviews"`
	Complete bool          `json:"complete"`
	Ms       int64         `json:"ms"`
}

// coachReview is a review with its words in the reader's language: the
// mark's (MarkWords) and why's (Words), rendered by the server from the
// one catalogue.
type coachReview struct {
	coach.Review
	MarkWords string `json:"markWords"`
	Words     string `json:"words,omitempty"`
}

// postCoach reviews the moves of a game (POST /api/coach) as one job on
// the compute pool, queued fairly with the other searches. It never
// reviews an online game in progress: a room's game must be over, or
// played at one device (the tokens of all its person seats), and a record
// finished.
func (s *Server) postCoach(w response, r *request) error {
	start := time.Now()
	ctx, cancel := context.WithDeadline(r.Context(), start.Add(CoachTime))
	defer cancel()
	r = r.WithContext(ctx)
	var req coachRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	var rec view.Record
	inPlay := false
	switch {
	case req.Room != "" && req.Record != nil:
		return badRequest("server.room_or_record")
	case req.Room != "":
		room, err := s.roomOf(r, req.Room)
		if err != nil {
			return err
		}
		rr := room.Record()
		rec = rr.Record
		inPlay = rr.Result == nil && !room.AtOneDevice(req.Tokens)
	case req.Record != nil:
		if err := checkTurns(len(req.Record.Moves)); err != nil {
			return err
		}
		rec = *req.Record
	default:
		return badRequest("server.no_position")
	}
	if req.Ply != nil && (*req.Ply < 0 || *req.Ply >= len(rec.Moves)) {
		return badRequest("server.ply_range", "ply", *req.Ply, "max", len(rec.Moves)-1)
	}
	var startState, end engine.State
	var turns [][]engine.Move
	err := positions(ctx, rec, func(int) bool { return true }, func(i int, st engine.State) error {
		if i == 0 {
			startState = st.Clone()
		} else {
			ms, err := engine.ParseTurn(end, rec.Moves[i-1])
			if err != nil {
				return badRequestErr(err)
			}
			turns = append(turns, ms)
		}
		end = st.Clone()
		return nil
	})
	if err != nil {
		return err
	}
	if req.Record != nil && !end.Terminal() {
		inPlay = true // a record proves no device: only a finished game
	}
	if inPlay {
		return &httpError{statusConflict, engine.NewError("server.coach_in_play")}
	}
	first := max(0, len(turns)-MaxCoachMoves)
	if req.Ply != nil {
		first = *req.Ply
		turns = turns[:first+1]
	}
	v := coachView{Reviews: []coachReview{}}
	lang, words := langOf(r), messages.GameWords(startState.Game())
	perr := s.cfg.Pool.Do(ctx, s.job(r, "coach", CoachTime), func(ctx context.Context) {
		b := coach.Budget{Iterations: CoachIterations, Time: CoachMoveTime}
		st := startState.Clone()
		seed := rand.Uint64()
		for i, ms := range turns {
			if ctx.Err() != nil {
				return
			}
			if actors := st.Actors(nil); i >= first && len(actors) == 1 && actors[0] != engine.ChancePlayer {
				cr := coachReview{Review: coach.Move(ctx, st, actors[0], ms[0], b, seed+uint64(i))}
				cr.MarkWords = messages.Render(lang, engine.Message{Key: "coach_" + string(cr.Mark)}, words)
				if cr.Why != nil {
					cr.Words = messages.Render(lang, *cr.Why, words)
				}
				v.Reviews = append(v.Reviews, cr)
			}
			engine.ApplyTurn(st, ms)
		}
		v.Complete = ctx.Err() == nil
	})
	if perr != nil {
		return perr
	}
	v.Ms = time.Since(start).Milliseconds()
	writeJSON(w, statusOK, v)
	return nil
}
