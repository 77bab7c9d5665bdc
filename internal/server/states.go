package server

import (
	"encoding/json"
	"net/http"
	"strconv"

	"tabula/engine"
	"tabula/view"
)

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
func page(r *http.Request) (from, count int, err error) {
	q := r.URL.Query()
	count = MaxStatesPage
	if v := q.Get("from"); v != "" {
		if from, err = strconv.Atoi(v); err != nil || from < 0 || from > MaxTurns {
			return 0, 0, badRequest("from=%q: want a whole number from 0 to %d", v, MaxTurns)
		}
	}
	if v := q.Get("count"); v != "" {
		if count, err = strconv.Atoi(v); err != nil || count < 1 || count > MaxStatesPage {
			return 0, 0, badRequest("count=%q: want a whole number from 1 to %d", v, MaxStatesPage)
		}
	}
	return from, count, nil
}

// replayStates replays r and returns the states from..from+count-1 (state
// i is after i turns) with all its turns. Only the page's states are kept,
// so memory is bounded whatever the record's length.
func replayStates(r engine.Record, from, count int) (statesView, error) {
	if err := checkTurns(len(r.Moves)); err != nil {
		return statesView{}, err
	}
	g, err := engine.Lookup(r.Game)
	if err != nil {
		return statesView{}, notFound("%v", err)
	}
	opts, err := parseOptions(g, r.Options)
	if err != nil {
		return statesView{}, err
	}
	s, err := g.NewState(opts)
	if err != nil {
		return statesView{}, badRequest("%v", err)
	}
	v := statesView{Game: g.ID(), Board: view.Board(s), Turns: make([]turn, 0, len(r.Moves)),
		Traces: [][]view.EventView{}, From: from, States: []json.RawMessage{}}
	inPage := func(i int) bool { return i >= from && i < from+count }
	keep := func(i int, trace []view.EventView) error {
		if !inPage(i) {
			return nil
		}
		js, err := view.State(s)
		v.States = append(v.States, js)
		v.Traces = append(v.Traces, nonNil(trace))
		return err
	}
	if err := keep(0, nil); err != nil {
		return v, err
	}
	for i, text := range r.Moves {
		actors := s.Actors(nil)
		moves, err := engine.ParseTurn(s, text)
		if err != nil {
			return v, badRequest("%v", &engine.MoveError{Index: i + 1, Text: text, Err: err})
		}
		var trace []view.EventView
		if inPage(i + 1) {
			trace, _ = view.ApplyTraced(s, moves)
		} else {
			engine.ApplyTurn(s, moves)
		}
		v.Turns = append(v.Turns, turn{Actors: actors, Move: text})
		if err := keep(i+1, trace); err != nil {
			return v, err
		}
	}
	if next := from + count; next <= len(r.Moves) {
		v.Next = &next
	}
	return v, nil
}

func (s *Server) getStates(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r)
	if err != nil {
		return err
	}
	from, count, err := page(r)
	if err != nil {
		return err
	}
	v, err := replayStates(m.record(), from, count)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) postReplay(w http.ResponseWriter, r *http.Request) error {
	from, count, err := page(r)
	if err != nil {
		return err
	}
	var rec engine.Record
	if err := decode(r, &rec); err != nil {
		return err
	}
	if rec.Game == "" {
		return badRequest("record: no game")
	}
	v, err := replayStates(rec, from, count)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}
