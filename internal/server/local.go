package server

import (
	"slices"
	"strings"

	"tabula/internal/rooms"
	"tabula/view"
)

// The Play page plays rooms whose person seats are all at one device
// (docs/api.md, "Playing at one device"): it creates them with POST
// /api/rooms, keeps every person seat's token, and plays them over one
// WebSocket. This file holds what such rooms need beyond online ones: a
// room that goes on from a saved record, and the states of a room for its
// replay.

// fromRecord fills a room request that gives a record: its game and
// options are the record's, and without seats each of the record's
// players that this server offers as a computer player is one, the others
// are people (all people when none is).
func fromRecord(req *createRoomRequest) error {
	rec := req.Record
	if req.Game != "" || req.Options != nil {
		return badRequest("server.record_or_game")
	}
	if rec.Game == "" {
		return badRequest("server.record_no_game")
	}
	if err := checkTurns(len(rec.Moves)); err != nil {
		return err
	}
	g, opts, err := recordGame(*rec)
	if err != nil {
		return err
	}
	req.Game = rec.Game
	req.Options = map[string]any{}
	for _, kv := range opts.Settings() {
		if name, value, ok := strings.Cut(kv, "="); ok {
			req.Options[name] = value
		}
	}
	if req.Seats != nil {
		return nil
	}
	offered := offeredAgents(g, opts)
	people := 0
	for _, p := range rec.Players {
		if slices.Contains(offered, p) {
			req.Seats = append(req.Seats, rooms.SeatSpec{Kind: rooms.Computer, Agent: p})
		} else {
			req.Seats = append(req.Seats, rooms.SeatSpec{Kind: rooms.Person})
			people++
		}
	}
	if people == 0 {
		for i := range req.Seats {
			req.Seats[i] = rooms.SeatSpec{Kind: rooms.Person}
		}
	}
	if len(req.Seats) == 0 {
		// A record without players: people in every seat.
		st, err := g.NewState(opts)
		if err != nil {
			return badRequestErr(err)
		}
		for range st.NumPlayers() {
			req.Seats = append(req.Seats, rooms.SeatSpec{Kind: rooms.Person})
		}
	}
	return nil
}

// getRoomStates answers GET /api/rooms/{id}/states?from=N&count=M: a page
// of the states of the room's game (states.go), for its replay.
func (s *Server) getRoomStates(w response, r *request) error {
	room, err := s.roomOf(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	from, count, err := page(r)
	if err != nil {
		return err
	}
	return s.writeStates(w, r, room.Record().Record, from, count)
}

// roomRecord is the record of a room, for an analysis.
func (s *Server) roomRecord(r *request, id string) (view.Record, error) {
	room, err := s.roomOf(r, id)
	if err != nil {
		return view.Record{}, err
	}
	return room.Record().Record, nil
}
