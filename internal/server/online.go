package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"

	"tabula/engine"
	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/messages"
	"tabula/view"
)

// onlineRoutes registers the API of online rooms (docs/api.md, "Online
// rooms"); without cfg.Rooms they answer 404.
func (s *Server) onlineRoutes() {
	s.route("POST /api/rooms", s.createRoom)
	s.route("GET /api/rooms/{id}", s.getRoom)
	s.route("GET /api/rooms/{id}/record", s.getRoomRecord)
	s.route("GET /api/rooms/{id}/states", s.getRoomStates)
	s.route("GET /api/archive", s.listArchive)
	s.route("GET /api/archive/{id}", s.getArchived)
	s.route("POST /api/archive", s.importArchive)
}

// perMinute limits events per key (an address) in a sliding minute.
type perMinute struct {
	mu   sync.Mutex
	seen map[string][]time.Time
}

// allow counts an event of key at now, unless max were counted in the
// minute before now; then it returns how long until one is not.
func (p *perMinute) allow(key string, max int, now time.Time) (bool, time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.seen == nil {
		p.seen = map[string][]time.Time{}
	}
	if len(p.seen) > 10000 { // forget everyone rather than grow without bound
		clear(p.seen)
	}
	keep := p.seen[key][:0]
	for _, t := range p.seen[key] {
		if now.Sub(t) < time.Minute {
			keep = append(keep, t)
		}
	}
	p.seen[key] = keep
	if len(keep) >= max {
		return false, keep[len(keep)-max].Add(time.Minute).Sub(now)
	}
	p.seen[key] = append(keep, now)
	return true, 0
}

// forget uncounts the event of key at t (one that did not happen after
// all: a room refused).
func (p *perMinute) forget(key string, t time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if i := slices.Index(p.seen[key], t); i >= 0 {
		p.seen[key] = slices.Delete(p.seen[key], i, i+1)
	}
}

type createRoomRequest struct {
	Game    string           `json:"game"`
	Options map[string]any   `json:"options"`
	Seats   []rooms.SeatSpec `json:"seats"`
	// Clock, in seconds, for two-player games; or days per move, for a
	// game by correspondence.
	Clock *clockRequest `json:"clock"`
	// Record, instead of game and options, starts the room from a saved
	// game's moves (local.go).
	Record *view.Record `json:"record"`
}

// clockRequest is a game clock as requests give it, in seconds; or, by
// correspondence, in whole days per move.
type clockRequest struct {
	Initial   float64 `json:"initial"`
	Increment float64 `json:"increment"`
	Days      float64 `json:"days"`
}

// clock is c as rooms keep it (none for nil).
func (c *clockRequest) clock() (rooms.Clock, error) {
	if c == nil {
		return rooms.Clock{}, nil
	}
	maxDays := float64(rooms.MaxPerMove / (24 * time.Hour))
	switch {
	case c.Days != 0 && (c.Initial != 0 || c.Increment != 0 || c.Days < 1 || c.Days > maxDays || c.Days != math.Trunc(c.Days)):
		return rooms.Clock{}, badRequest("server.clock_form")
	case c.Days != 0:
		return rooms.Clock{PerMove: time.Duration(c.Days) * 24 * time.Hour}, nil
	case c.Initial <= 0 || c.Initial > 1e5 || c.Increment < 0 || c.Increment > 1e5:
		return rooms.Clock{}, badRequest("server.clock_form")
	}
	return rooms.Clock{Initial: time.Duration(c.Initial * float64(time.Second)), Increment: time.Duration(c.Increment * float64(time.Second))}, nil
}

// countMade counts one more thing made by r's address in the last
// minute (a room, a class), or refuses it with 429 and key, and decodes
// the request into req. The caller calls done with whether the thing
// was made after all: a refused one gives its place back.
func (s *Server) countMade(r *request, req any, key string) (done func(made bool), err error) {
	ip, now := r.Addr, time.Now()
	if ok, wait := s.created.allow(ip, s.cfg.RoomsPerMinute, now); !ok {
		return nil, retryIn(wait, &httpError{statusTooManyRequests, engine.NewError(key)})
	}
	done = func(made bool) {
		if !made {
			s.created.forget(ip, now)
		}
	}
	if err := decode(r, req); err != nil {
		done(false)
		return nil, err
	}
	return done, nil
}

type seatLink struct {
	Seat int           `json:"seat"`
	Kind wire.SeatKind `json:"kind"`
	Name string        `json:"name,omitempty"`
	// Link is the invite: the page at "/" with the room and the seat's
	// token in the fragment, which browsers never send to a server.
	Link string `json:"link,omitempty"`
	// Token is the seat's secret, for a page that plays the seat itself
	// (the Play page keeps every person seat's token).
	Token string `json:"token,omitempty"`
}

type createRoomResponse struct {
	ID        string     `json:"id"`
	Seats     []seatLink `json:"seats"`
	Spectator string     `json:"spectator"`
}

func (s *Server) online() (*rooms.Manager, error) {
	if s.cfg.Rooms == nil {
		return nil, notFound("server.no_online")
	}
	return s.cfg.Rooms, nil
}

func roomErr(err error) error {
	var re *rooms.Error
	switch {
	case errors.As(err, &re):
		return &httpError{statusBadRequest, re.Err}
	case errors.Is(err, rooms.ErrNoRoom), errors.Is(err, store.ErrNotFound):
		return notFound("server.no_room")
	}
	return err
}

func (s *Server) createRoom(w response, r *request) error {
	m, err := s.online()
	if err != nil {
		return err
	}
	// A room counts once made: a refused request gives its place back.
	var req createRoomRequest
	done, err := s.countMade(r, &req, "server.rooms_rate")
	if err != nil {
		return err
	}
	made := false
	defer func() { done(made) }()
	var moves []string
	if req.Record != nil {
		if err := fromRecord(&req); err != nil {
			return err
		}
		moves = req.Record.Moves
	}
	if len(req.Seats) > wire.MaxSeats {
		return badRequest("server.seats_max", "max", wire.MaxSeats)
	}
	sets, err := view.Settings(req.Options)
	if err != nil {
		return badRequestErr(err)
	}
	clock, err := req.Clock.clock()
	if err != nil {
		return err
	}
	var c rooms.Created
	// A long record is heavy work, run on the compute pool like a replay.
	perr := s.compute(r, len(moves) > longReplay, func(ctx context.Context) {
		if len(moves) > 0 && budgetSpent(ctx) {
			err = errReplayTime // spent waiting: the record is not replayed
			return
		}
		c, err = m.CreateFrom(ctx, req.Game, sets, req.Seats, clock, moves)
	})
	if perr != nil {
		return perr
	}
	if err != nil {
		return roomErr(err)
	}
	out := createRoomResponse{ID: c.ID, Spectator: "/#/room/" + c.ID}
	for i, sp := range req.Seats {
		l := seatLink{Seat: i, Kind: sp.Kind, Name: sp.Name}
		if c.Tokens[i] != "" {
			l.Link = "/#/room/" + c.ID + "/" + c.Tokens[i]
			l.Token = c.Tokens[i]
		}
		out.Seats = append(out.Seats, l)
	}
	made = true
	s.cfg.Log.Info("room created", "room", c.ID, "game", req.Game)
	writeJSON(w, statusCreated, out)
	return nil
}

// roomOf is the room a request names by its id (in the path, or given),
// for reading: a finished one is read from the store and not kept.
func (s *Server) roomOf(r *request, id string) (*rooms.Room, error) {
	m, err := s.online()
	if err != nil {
		return nil, err
	}
	room, err := m.Read(r.Context(), id)
	if err != nil {
		return nil, roomErr(err)
	}
	return room, nil
}

func (s *Server) getRoom(w response, r *request) error {
	room, err := s.roomOf(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, statusOK, room.View(rooms.Spectator))
	return nil
}

func (s *Server) getRoomRecord(w response, r *request) error {
	room, err := s.roomOf(r, r.PathValue("id"))
	if err != nil {
		return err
	}
	rec := room.Record()
	if r.Query().Get("download") != "" {
		name := fmt.Sprintf("tabula-%s-%s.json", rec.Game, time.Now().UTC().Format("20060102-150405"))
		w.SetHeader("Content-Disposition", `attachment; filename="`+name+`"`)
	}
	writeJSON(w, statusOK, rec)
	return nil
}

// archiveEntry is a finished game in a list: its result as data and in
// words, the players named as the archive names them.
type archiveEntry struct {
	Room       string       `json:"room"`
	Game       string       `json:"game"`
	Players    []string     `json:"players"`
	Result     *view.Result `json:"result"`
	ResultText engine.Text  `json:"resultText"`
	Finished   time.Time    `json:"finished"`
}

// archivedResult is the result of an archived game and its words, the
// players named as the archive names them (a person without a name as
// "Player N").
func archivedResult(g store.Game) (view.Result, engine.Text, error) {
	res, err := view.ParseResult(g.Result)
	if err != nil {
		return res, nil, err
	}
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		if p != string(rooms.Person) {
			names[i] = p
		}
	}
	return res, messages.Texts(view.ResultMessage(res), messages.AppWords, messages.Names(names...)), nil
}

// resultChoice is a filter of the archive's results, by code, with its
// words.
type resultChoice struct {
	Code string      `json:"code"`
	Text engine.Text `json:"text"`
}

// resultChoices are the filters a page offers: a draw, or a win of each
// of the first four seats.
var resultChoices = func() []resultChoice {
	out := []resultChoice{{"draw", messages.Texts(view.ResultMessage(view.Drawn(view.EndRules)), messages.AppWords, nil)}}
	for p := range 4 {
		out = append(out, resultChoice{"win:" + strconv.Itoa(p), messages.Texts(view.ResultMessage(view.Won(p, view.EndRules)), messages.AppWords, nil)})
	}
	return out
}()

// listArchive answers GET /api/archive?game=&player=&result=&since=&until=&limit=
// (dates as YYYY-MM-DD or RFC 3339; result a code or its leading parts,
// view.IsResultFilter); with format=jsonl it exports the records, one JSON
// object a line. The list comes with the result filters a page offers.
func (s *Server) listArchive(w response, r *request) error {
	m, err := s.online()
	if err != nil {
		return err
	}
	q := r.Query()
	f := store.Filter{Game: q.Get("game"), Player: q.Get("player"), Result: q.Get("result")}
	if f.Result != "" && !view.IsResultFilter(f.Result) {
		return badRequest("server.result_filter", "value", strconv.Quote(f.Result))
	}
	for name, dst := range map[string]*time.Time{"since": &f.Since, "until": &f.Until} {
		if v := q.Get(name); v != "" {
			if *dst, err = parseDate(v); err != nil {
				return badRequest("server.date", "name", name, "value", strconv.Quote(v))
			}
			if name == "until" && len(v) == len("2006-01-02") {
				*dst = dst.AddDate(0, 0, 1) // a date is its whole day
			}
		}
	}
	if v := q.Get("limit"); v != "" {
		if f.Limit, err = strconv.Atoi(v); err != nil || f.Limit < 1 || f.Limit > 1000 {
			return badRequest("server.limit", "value", strconv.Quote(v))
		}
	}
	games, err := m.FinishedGames(r.Context(), f)
	if err != nil {
		return err
	}
	if q.Get("format") == "jsonl" {
		w.SetHeader("Content-Type", "application/jsonl; charset=utf-8")
		w.SetHeader("Content-Disposition", `attachment; filename="tabula-games.jsonl"`)
		var buf bytes.Buffer
		for _, g := range games {
			buf.Write(bytes.TrimSpace(g.Record))
			buf.WriteByte('\n')
		}
		_, err := w.Write(buf.Bytes())
		return err
	}
	out := []archiveEntry{}
	for _, g := range games {
		res, text, err := archivedResult(g)
		if err != nil {
			return err
		}
		out = append(out, archiveEntry{Room: g.Room, Game: g.Game, Players: g.Players, Result: &res, ResultText: text, Finished: g.Finished.UTC()})
	}
	writeJSON(w, statusOK, map[string]any{"games": out, "results": resultChoices})
	return nil
}

func parseDate(v string) (time.Time, error) {
	if t, err := time.Parse("2006-01-02", v); err == nil {
		return t, nil
	}
	return time.Parse(time.RFC3339, v)
}

// maxImport bounds the records of one import.
const maxImport = 1000

// importArchive answers POST /api/archive {"records": [RECORD...]}: it
// archives finished games played elsewhere.
func (s *Server) importArchive(w response, r *request) error {
	m, err := s.online()
	if err != nil {
		return err
	}
	var req struct {
		Records []rooms.Record `json:"records"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	if len(req.Records) == 0 || len(req.Records) > maxImport {
		return badRequest("server.records_count", "max", maxImport)
	}
	n, known, err := m.Import(r.Context(), req.Records)
	if err != nil {
		return roomErr(err)
	}
	writeJSON(w, statusCreated, map[string]int{"imported": n, "known": known})
	return nil
}

// getArchived answers GET /api/archive/{id}: the record of a finished game,
// with its result's words ("resultText"),
// with its published chance secret.
func (s *Server) getArchived(w response, r *request) error {
	m, err := s.online()
	if err != nil {
		return err
	}
	g, err := m.FinishedGame(r.Context(), r.PathValue("id"))
	if err != nil {
		return roomErr(err)
	}
	_, text, err := archivedResult(g)
	if err != nil {
		return err
	}
	words, _ := json.Marshal(text)
	rec := bytes.TrimSpace(g.Record)
	if len(rec) < 2 || rec[len(rec)-1] != '}' {
		return fmt.Errorf("server: archived game %s: its record is not a JSON object", g.Room)
	}
	out := bytes.TrimSpace(slices.Clip(rec[:len(rec)-1]))
	if len(out) > 1 {
		out = append(out, ',')
	}
	out = append(append(append(out, `"resultText":`...), words...), '}')
	writeJSON(w, statusOK, json.RawMessage(out))
	return nil
}

// OfferedAgents lists the agent specs a room may seat for g under opts.
func OfferedAgents(g engine.Game, opts engine.Options) []string {
	return offeredAgents(g, opts)
}

// WaitSockets waits until every live connection has ended (after
// rooms.Manager.Close asked them to), or ctx is done.
func (s *Server) WaitSockets(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		s.sockets.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
