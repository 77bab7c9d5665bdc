// Package server is the HTTP side of "tabula serve": a JSON API over the
// engine and the embedded browser app. The server is the only judge of the
// rules: the browser shows the states and legal moves it sends and sends
// back moves as text. docs/api.md documents the API.
package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"tabula/engine"
	"tabula/view"
)

// maxBody is the largest request body accepted (a record of a long game
// fits many times).
const maxBody = 4 << 20

// Config sets up a Server; the zero value works.
type Config struct {
	// Store keeps the matches (default: 1000 in memory).
	Store Store
	// Log receives one line per request (default: slog.Default()).
	Log *slog.Logger
	// Agents makes computer players (default: DefaultAgents).
	Agents AgentFunc
	// Static is the browser app (nil: no app, only the API).
	Static fs.FS
	// Rules holds the rules pages, ID.md for each game (nil: none).
	Rules fs.FS
}

// Server serves the API and the app.
type Server struct {
	cfg    Config
	mux    *http.ServeMux
	agents sync.Map // game ID and option settings -> []string, the specs offered
}

// New returns a server for cfg.
func New(cfg Config) *Server {
	if cfg.Store == nil {
		cfg.Store = NewMemStore(1000)
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Agents == nil {
		cfg.Agents = DefaultAgents
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux()}
	s.route("GET /api/games", s.listGames)
	s.route("GET /api/games/{id}", s.getGame)
	s.route("GET /api/games/{id}/rules", s.getRules)
	s.route("GET /api/games/{id}/agents", s.getAgents)
	s.route("GET /api/games/{id}/start", s.getStart)
	s.route("POST /api/matches", s.createMatch)
	s.route("GET /api/matches/{id}", s.getMatch)
	s.route("POST /api/matches/{id}/moves", s.postMove)
	s.route("POST /api/matches/{id}/undo", s.postUndo)
	s.route("GET /api/matches/{id}/record", s.getRecord)
	s.route("GET /api/matches/{id}/states", s.getStates)
	s.route("POST /api/replay", s.postReplay)
	s.route("/api/", func(w http.ResponseWriter, r *http.Request) error {
		return notFound("no such API endpoint: %s %s", r.Method, r.URL.Path)
	})
	if cfg.Static != nil {
		files := http.FileServerFS(cfg.Static)
		s.route("/", func(w http.ResponseWriter, r *http.Request) error {
			if r.Method != http.MethodGet && r.Method != http.MethodHead {
				w.Header().Set("Allow", "GET, HEAD")
				return &httpError{http.StatusMethodNotAllowed, "method not allowed"}
			}
			w.Header().Set("Cache-Control", "no-cache")
			files.ServeHTTP(w, r)
			return nil
		})
	}
	return s
}

// handlerFunc is a handler that returns its error to one mapper.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

func (s *Server) route(pattern string, h handlerFunc) {
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			writeError(w, r, s.cfg.Log, err)
		}
	})
}

// statusWriter remembers the status of a response for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// ServeHTTP logs each request and recovers from panics with a 500.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	h := sw.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:")
	defer func() {
		if p := recover(); p != nil {
			s.cfg.Log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(p))
			writeJSON(sw, http.StatusInternalServerError, errorBody{"internal error"})
		}
		s.cfg.Log.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status,
			"ms", time.Since(start).Milliseconds())
	}()
	r.Body = http.MaxBytesReader(sw, r.Body, maxBody)
	s.mux.ServeHTTP(sw, r)
}

// decode reads one JSON value from the body into v, refusing unknown
// fields and trailing data.
func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return err
		}
		if errors.Is(err, io.EOF) {
			return badRequest("empty request body: want a JSON object")
		}
		return badRequest("malformed JSON: %v", err)
	}
	if dec.More() {
		return badRequest("malformed JSON: more than one value in the body")
	}
	return nil
}

// gameView is the JSON of a game: its catalogue entry, facts and options
// (from the game's package, through view.Game) and the computer players
// offered for it.
type gameView struct {
	view.GameView
	Playable bool     `json:"playable"`
	Agents   []string `json:"agents"`
	HasRules bool     `json:"hasRules"`
}

func (s *Server) gameView(g engine.Game) (gameView, error) {
	gv, err := view.Game(g, engine.Options{})
	if err != nil {
		return gameView{}, err
	}
	v := gameView{GameView: gv, Playable: true}
	v.Agents = s.agentsFor(g, engine.DefaultOptions(g))
	if s.cfg.Rules != nil {
		if _, err := fs.Stat(s.cfg.Rules, g.ID()+".md"); err == nil {
			v.HasRules = true
		}
	}
	return v, nil
}

// agentsFor lists the agent specs offered for g under opts, once per
// game and settings.
func (s *Server) agentsFor(g engine.Game, opts engine.Options) []string {
	key := g.ID() + "\x00" + strings.Join(opts.Settings(), "\x00")
	if a, ok := s.agents.Load(key); ok {
		return a.([]string)
	}
	a := availableAgents(s.cfg.Agents, g, opts)
	s.agents.Store(key, a)
	return a
}

// getAgents answers GET /api/games/{id}/agents?name=value...: the agents
// offered for the game under those options.
func (s *Server) getAgents(w http.ResponseWriter, r *http.Request) error {
	g, opts, err := queryOptions(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"game": g.ID(), "options": opts.Settings(), "agents": s.agentsFor(g, opts)})
	return nil
}

// queryOptions reads the game of the path and its options from the query
// (name=value...; the others at their defaults).
func queryOptions(r *http.Request) (engine.Game, engine.Options, error) {
	g, err := engine.Lookup(r.PathValue("id"))
	if err != nil {
		return nil, engine.Options{}, notFound("%v", err)
	}
	var sets []string
	for name, vals := range r.URL.Query() {
		for _, v := range vals {
			sets = append(sets, name+"="+v)
		}
	}
	opts, err := engine.ParseOptions(g, sets)
	if err != nil {
		return nil, engine.Options{}, badRequest("%v", err)
	}
	return g, opts, nil
}

// getStart answers GET /api/games/{id}/start?name=value...: the start state
// of the game under those options and its board's geometry, for the
// previews of the home and setup pages.
func (s *Server) getStart(w http.ResponseWriter, r *http.Request) error {
	g, opts, err := queryOptions(r)
	if err != nil {
		return err
	}
	st, err := g.NewState(opts)
	if err != nil {
		return badRequest("%v", err)
	}
	js, err := view.State(st)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"game": g.ID(), "state": json.RawMessage(js), "board": view.Board(st)})
	return nil
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) error {
	out := []gameView{}
	for _, g := range engine.Games() {
		v, err := s.gameView(g)
		if err != nil {
			return err
		}
		out = append(out, v)
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
	return nil
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) error {
	g, err := engine.Lookup(r.PathValue("id"))
	if err != nil {
		return notFound("%v", err)
	}
	v, err := s.gameView(g)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) getRules(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if s.cfg.Rules == nil {
		return notFound("no rules page for %q", id)
	}
	data, err := fs.ReadFile(s.cfg.Rules, id+".md")
	if err != nil {
		return notFound("no rules page for %q", id)
	}
	writeJSON(w, http.StatusOK, map[string]string{"game": id, "markdown": string(data)})
	return nil
}

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
func settings(opts map[string]any) ([]string, error) {
	var out []string
	for name, v := range opts {
		switch x := v.(type) {
		case string:
			out = append(out, name+"="+x)
		case bool:
			out = append(out, name+"="+strconv.FormatBool(x))
		case float64:
			out = append(out, name+"="+strconv.FormatFloat(x, 'g', -1, 64))
		default:
			return nil, badRequest("option %s: want a string, number or boolean", name)
		}
	}
	return out, nil
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
	g, err := engine.Lookup(gameID)
	if err != nil {
		return notFound("%v", err)
	}
	opts, err := engine.ParseOptions(g, sets)
	if err != nil {
		return badRequest("%v", err)
	}
	seed := rand.Uint64()
	if req.Seed != nil {
		seed = *req.Seed
	}
	m, steps, err := newMatch(g, opts, req.Seats, moves, seed, s.cfg.Agents)
	if err != nil && fromRecord {
		// The record's players may not suit this server (an agent it does
		// not have): load it with people in every seat.
		seats := make([]string, len(req.Seats))
		for i := range seats {
			seats[i] = Human
		}
		m, steps, err = newMatch(g, opts, seats, moves, seed, s.cfg.Agents)
	}
	if err != nil {
		return err
	}
	if err := s.cfg.Store.Add(m); err != nil {
		return err
	}
	s.cfg.Log.Info("match started", "id", m.ID, "game", g.ID(), "seats", m.seats, "loaded", len(moves))
	v, err := m.view(steps)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, v)
	return nil
}

func (s *Server) match(r *http.Request) (*Match, error) {
	return s.cfg.Store.Get(r.PathValue("id"))
}

func (s *Server) getMatch(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r)
	if err != nil {
		return err
	}
	v, err := m.view(nil)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
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
	steps, err := m.play(req.Move, req.Ply)
	if err != nil {
		return err
	}
	v, err := m.view(steps)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) postUndo(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r)
	if err != nil {
		return err
	}
	if err := m.undo(); err != nil {
		return err
	}
	v, err := m.view(nil)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
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

func (s *Server) getStates(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r)
	if err != nil {
		return err
	}
	v, err := replayStates(m.record())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) postReplay(w http.ResponseWriter, r *http.Request) error {
	var rec engine.Record
	if err := decode(r, &rec); err != nil {
		return err
	}
	if rec.Game == "" {
		return badRequest("record: no game")
	}
	v, err := replayStates(rec)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}
