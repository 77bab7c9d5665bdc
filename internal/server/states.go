package server

import (
	"context"
	"encoding/json"
	"strconv"

	"tabula/engine"
	"tabula/view"
)

// turn is one applied turn: who acted and its text.
type turn struct {
	Actors []int  `json:"actors"`
	Move   string `json:"move"`
}

// nonNil gives an empty trace rather than null (a game without traces).
func nonNil(trace []view.EventView) []view.EventView {
	if trace == nil {
		return []view.EventView{}
	}
	return trace
}

// statesView is one page of a replay: States[i] is the state after
// Turns[From+i-1] (States[0] is the start when From is 0), and Traces[i]
// shows that turn step by step ([] for the start). Next is the From of the
// next page, or null after the last. Board is the board's geometry.
type statesView struct {
	Game   string             `json:"game"`
	Board  any                `json:"board"`
	Turns  []turn             `json:"turns"`
	Traces [][]view.EventView `json:"traces"`
	From   int                `json:"from"`
	Next   *int               `json:"next"`
	States []json.RawMessage  `json:"states"`
}

// page reads ?from=N&count=M: the first state and the number of states
// (MaxStatesPage at most, and by default).
func page(r *request) (from, count int, err error) {
	q := r.Query()
	count = MaxStatesPage
	if v := q.Get("from"); v != "" {
		if from, err = strconv.Atoi(v); err != nil || from < 0 || from > MaxTurns {
			return 0, 0, badRequest("server.from", "value", strconv.Quote(v), "max", MaxTurns)
		}
	}
	if v := q.Get("count"); v != "" {
		if count, err = strconv.Atoi(v); err != nil || count < 1 || count > MaxStatesPage {
			return 0, 0, badRequest("server.count", "value", strconv.Quote(v), "max", MaxStatesPage)
		}
	}
	return from, count, nil
}

// longReplay is the length of a record from which a replay is heavy work
// and runs on the compute pool, like a search.
const longReplay = 500

// errReplayTime answers a replay that outlasts the request's budget.
var errReplayTime = &httpError{statusServiceUnavailable, engine.NewError("server.replay_slow")}

// replay plays moves from the start of g under opts, calling each (if not
// nil) with the state before any move (i = 0, an empty turn) and after
// each move i (1-based) with its turn. It stops with 503 when ctx is done.
//
// When traced(i) is true, each gets the trace of turn i (nil otherwise).
func replay(ctx context.Context, g engine.Game, opts engine.Options, moves []string, traced func(i int) bool,
	each func(i int, s engine.State, t turn, trace []view.EventView) error) (engine.State, error) {
	s, err := g.NewState(opts)
	if err != nil {
		return nil, badRequestErr(err)
	}
	if each != nil {
		if err := each(0, s, turn{}, nil); err != nil {
			return nil, err
		}
	}
	for i, text := range moves {
		if budgetSpent(ctx) {
			return nil, errReplayTime
		}
		actors := s.Actors(nil)
		ms, err := engine.ParseTurn(s, text)
		if err != nil {
			return nil, badRequestErr(&engine.MoveError{Index: i + 1, Text: text, Err: err})
		}
		var trace []view.EventView
		if traced != nil && traced(i+1) {
			trace, _ = view.ApplyTraced(s, ms)
		} else {
			engine.ApplyTurn(s, ms)
		}
		if each != nil {
			if err := each(i+1, s, turn{Actors: actors, Move: text}, trace); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// recordGame is the game of a record and its options (404 for an unknown
// game, 400 for bad options).
func recordGame(r view.Record) (engine.Game, engine.Options, error) {
	g, err := engine.Lookup(r.Game)
	if err != nil {
		return nil, engine.Options{}, notFoundErr(err)
	}
	opts, err := parseOptions(g, r.Options)
	return g, opts, err
}

// replayStates replays r and returns the states from..from+count-1 (state
// i is after i turns) with all its turns. Only the page's states are kept,
// so memory is bounded whatever the record's length.
func replayStates(ctx context.Context, r view.Record, from, count int) (statesView, error) {
	if err := checkTurns(len(r.Moves)); err != nil {
		return statesView{}, err
	}
	g, opts, err := recordGame(r)
	if err != nil {
		return statesView{}, err
	}
	v := statesView{Game: g.ID(), Turns: make([]turn, 0, len(r.Moves)), Traces: [][]view.EventView{},
		From: from, States: []json.RawMessage{}}
	inPage := func(i int) bool { return i >= from && i < from+count }
	_, err = replay(ctx, g, opts, r.Moves, inPage, func(i int, s engine.State, t turn, trace []view.EventView) error {
		if i == 0 {
			v.Board = view.Board(s)
		} else {
			v.Turns = append(v.Turns, t)
		}
		if !inPage(i) {
			return nil
		}
		js, err := view.StateTold(s)
		v.States = append(v.States, js)
		v.Traces = append(v.Traces, nonNil(trace))
		return err
	})
	if err != nil {
		return v, err
	}
	if next := from + count; next <= len(r.Moves) {
		v.Next = &next
	}
	return v, nil
}

func (s *Server) postReplay(w response, r *request) error {
	from, count, err := page(r)
	if err != nil {
		return err
	}
	var rec view.Record
	if err := decode(r, &rec); err != nil {
		return err
	}
	if rec.Game == "" {
		return badRequest("server.record_no_game")
	}
	return s.writeStates(w, r, rec, from, count)
}

// writeStates answers a page of rec's states, replaying a long record on
// the compute pool.
func (s *Server) writeStates(w response, r *request, rec view.Record, from, count int) error {
	var v statesView
	var err error
	perr := s.compute(r, len(rec.Moves) > longReplay, func(ctx context.Context) {
		v, err = replayStates(ctx, rec, from, count)
	})
	if perr != nil {
		return perr
	}
	if err != nil {
		return err
	}
	writeJSON(w, statusOK, v)
	return nil
}
