// Package server is the HTTP side of "tabula serve": a JSON API over the
// engine and the embedded browser app; built with GOOS=js, the same API
// without HTTP for the engine in the browser (call.go). The server is the only judge of the
// rules: the browser shows the states and legal moves it sends and sends
// back moves as text. docs/api.md documents the API.
package server

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tabula/engine"
	"tabula/internal/compute"
	"tabula/internal/metrics"
	"tabula/internal/policy"
	"tabula/internal/rooms"
	"tabula/view"
)

// maxBody is the largest request body accepted (a record of a long game
// fits many times).
const maxBody = 4 << 20

// Config sets up a Server; the zero value works.
type Config struct {
	// Log receives one line per request (default: slog.Default(); a
	// *slog.Logger, or in the browser none).
	Log rooms.Logger
	// Static is the browser app (nil: no app, only the API).
	Static fs.FS
	// Rules holds the rules pages, ID.md for each game (nil: none).
	Rules fs.FS
	// Pool runs the computer players' searches (default: one worker per
	// core and compute.DefaultQueue waiting per worker).
	Pool *compute.Pool
	// RequestTimeout is the time budget of an API request (default
	// DefaultRequestTimeout).
	RequestTimeout time.Duration
	// LoopbackOnly makes the server answer only requests whose Host is a
	// loopback name (localhost, 127.0.0.1, [::1]), against DNS rebinding.
	// Set it when listening on loopback.
	LoopbackOnly bool
	// Rooms runs every game, online or at one device (nil: no rooms;
	// the catalogue, replays and analyses of records still answer).
	Rooms *rooms.Manager
	// Classes keeps the teachers' classes (nil: no classes; only a
	// server with a database has them, with Rooms): a classes.Store
	// (the engine in the browser has none, and leaves that package out).
	Classes ClassStore
	// JoinsPerMinute limits the joins of a class from one address a
	// minute (default 60: a school's pupils may share one address).
	JoinsPerMinute int
	// Origins are the host patterns of other sites whose pages may open a
	// room's WebSocket (the server's own host always may).
	Origins []string
	// RoomsPerMinute limits the rooms one address creates a minute
	// (default 10).
	RoomsPerMinute int
	// HeavyPerMinute limits the heavy requests of one address a minute:
	// analyses, analysis graphs and replays of long records, which run on
	// the pool (default DefaultHeavyPerMinute).
	HeavyPerMinute int
	// MessageRate limits the messages of one live connection per second,
	// on average (default 10, with bursts of three times as many).
	MessageRate float64
	// ConnsPerIP caps the live connections of one address (default 32).
	ConnsPerIP int
	// MaxConns caps the live connections in all (default
	// DefaultMaxConns), so that the server stays under its process's
	// limit of open files and goes on answering.
	MaxConns int
	// TrustedProxies are the reverse proxies whose forwarding header
	// names the client (ParseTrustedProxies); without any, the header is
	// ignored and the client is the connection's peer.
	TrustedProxies []netip.Prefix
	// ProxyHeader is the header the trusted proxies append the client's
	// address to: HeaderXForwardedFor (the default) or HeaderForwarded.
	ProxyHeader string
}

// Server serves the API and the app.
type Server struct {
	cfg        Config
	transport      // how requests come: HTTP (server_http.go) or the browser's worker (server_browser.go)
	lab        lab // the Research page's studies (research.go)
	lobbyState     // the lobby's (lobby.go), only a server's

	wsLimits wsLimits
	conns    ipCounter      // live connections per address
	created  perMinute      // rooms created per address
	heavy    perMinute      // heavy requests per address
	class    classState     // the teachers' classes (classes.go)
	sockets  sync.WaitGroup // live connections, for a graceful stop
	// liveSockets counts the room WebSockets being served, for the leak
	// test and the health details.
	liveSockets atomic.Int64
	// metrics are the counters /metrics exports: the rooms' own, or,
	// without rooms, the server's.
	metrics *metrics.Events
}

// New returns a server for cfg.
func New(cfg Config) *Server {
	if cfg.Log == nil {
		cfg.Log = rooms.DefaultLog()
	}
	if cfg.Pool == nil {
		cfg.Pool = compute.NewPool(compute.Config{})
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	if cfg.JoinsPerMinute == 0 {
		cfg.JoinsPerMinute = 60
	}
	if cfg.RoomsPerMinute == 0 {
		cfg.RoomsPerMinute = 10
	}
	if cfg.HeavyPerMinute == 0 {
		cfg.HeavyPerMinute = DefaultHeavyPerMinute
	}
	s := &Server{cfg: cfg, wsLimits: defaultWSLimits, metrics: metrics.NewEvents()}
	if cfg.Rooms != nil {
		s.metrics = cfg.Rooms.Metrics()
	}
	s.transport = newTransport(cfg)
	if cfg.MessageRate > 0 {
		s.wsLimits.Rate, s.wsLimits.Burst = cfg.MessageRate, int(3*cfg.MessageRate)+1
	}
	if cfg.ConnsPerIP > 0 {
		s.wsLimits.PerIP = cfg.ConnsPerIP
	}
	if cfg.MaxConns > 0 {
		s.wsLimits.Total = cfg.MaxConns
	}
	s.onlineRoutes()
	s.route("GET /api/games", s.listGames)
	s.route("GET /api/games/{id}", s.getGame)
	s.route("GET /api/games/{id}/rules", s.getRules)
	s.route("GET /api/games/{id}/agents", s.getAgents)
	s.route("GET /api/games/{id}/start", s.getStart)
	s.route("POST /api/replay", s.postReplay)
	s.route("POST /api/analysis", s.postAnalysis)
	s.route("POST /api/analysis/graph", s.postAnalysisGraph)
	s.route("POST /api/coach", s.postCoach)
	s.serverRoutes()
	s.route("/api/", s.noRoute)
	return s
}

// Close stops the computer players' searches and refuses new ones (503);
// call it when shutting down.
func (s *Server) Close() {
	s.cfg.Pool.Close()
	s.lab.close()
}

// compute runs f for r on the compute pool when work is true (a long
// replay), else at once. A full pool gives an error wrapping
// compute.ErrBusy (503).
func (s *Server) compute(r *request, work bool, f func(ctx context.Context)) error {
	if !work {
		f(r.Context())
		return nil
	}
	if err := s.allowHeavy(r); err != nil {
		return err
	}
	return s.cfg.Pool.Do(r.Context(), s.job(r, "replay", 0), f)
}

// allowHeavy counts a heavy request of r's address, or refuses it with
// 429 when the address made HeavyPerMinute in the last minute.
func (s *Server) allowHeavy(r *request) error {
	if ok, wait := s.heavy.allow(r.Addr, s.cfg.HeavyPerMinute, time.Now()); !ok {
		return retryIn(wait, &httpError{statusTooManyRequests, engine.NewError("server.heavy_rate", "max", s.cfg.HeavyPerMinute)})
	}
	return nil
}

// job is the compute pool's job of kind for r, charged to r's address.
func (s *Server) job(r *request, kind string, cost time.Duration) compute.Job {
	return compute.Job{Addr: r.Addr, Room: kind, Cost: cost}
}

// gameView is the JSON of a game: its catalogue entry, facts and options
// (from the game's package, through view.Game, with the server's bounds on
// the options) and the computer players offered for it.
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
	for i, sp := range g.Specs() {
		if sp.Kind == engine.Int || sp.Kind == engine.Float {
			lo, hi := policy.Range(sp)
			gv.Options[i].Min, gv.Options[i].Max = &lo, &hi
		}
	}
	v := gameView{GameView: gv, Playable: true, Agents: offeredAgents(g, engine.DefaultOptions(g))}
	if s.cfg.Rules != nil {
		if _, err := fs.Stat(s.cfg.Rules, g.ID()+".md"); err == nil {
			v.HasRules = true
		}
	}
	return v, nil
}

// getAgents answers GET /api/games/{id}/agents?name=value...: the agents
// offered for the game under those options.
func (s *Server) getAgents(w response, r *request) error {
	g, opts, err := queryOptions(r)
	if err != nil {
		return err
	}
	writeJSON(w, statusOK, map[string]any{"game": g.ID(), "options": opts.Settings(), "agents": offeredAgents(g, opts)})
	return nil
}

// queryOptions reads the game of the path and its options from the query
// (name=value...; the others at their defaults), within the server's
// bounds; the parameters named in not are the route's own, not options.
func queryOptions(r *request, not ...string) (engine.Game, engine.Options, error) {
	g, err := engine.Lookup(r.PathValue("id"))
	if err != nil {
		return nil, engine.Options{}, notFoundErr(err)
	}
	var sets []string
	for name, vals := range r.Query() {
		if slices.Contains(not, name) {
			continue
		}
		for _, v := range vals {
			sets = append(sets, name+"="+v)
		}
	}
	opts, err := parseOptions(g, sets)
	if err != nil {
		return nil, engine.Options{}, err
	}
	return g, opts, nil
}

// getStart answers GET /api/games/{id}/start?name=value...: the start state
// of the game under those options and its board's geometry, for the
// previews of the home and setup pages.
func (s *Server) getStart(w response, r *request) error {
	g, opts, err := queryOptions(r)
	if err != nil {
		return err
	}
	st, err := g.NewState(opts)
	if err != nil {
		return badRequestErr(err)
	}
	js, err := view.Start(st)
	if err != nil {
		return err
	}
	writeJSON(w, statusOK, json.RawMessage(js))
	return nil
}

func (s *Server) listGames(w response, r *request) error {
	out := []gameView{}
	for _, g := range engine.Games() {
		v, err := s.gameView(g)
		if err != nil {
			return err
		}
		out = append(out, v)
	}
	writeJSON(w, statusOK, map[string]any{"games": out})
	return nil
}

func (s *Server) getGame(w response, r *request) error {
	g, err := engine.Lookup(r.PathValue("id"))
	if err != nil {
		return notFoundErr(err)
	}
	v, err := s.gameView(g)
	if err != nil {
		return err
	}
	writeJSON(w, statusOK, v)
	return nil
}

// validLang reports whether lang is a language code (two small letters),
// so that it cannot name another file.
func validLang(lang string) bool {
	return len(lang) == 2 && lang[0] >= 'a' && lang[0] <= 'z' && lang[1] >= 'a' && lang[1] <= 'z'
}

func (s *Server) getRules(w response, r *request) error {
	id := r.PathValue("id")
	if s.cfg.Rules == nil {
		return notFound("server.no_rules", "game", strconv.Quote(id))
	}
	// ?lang=de gives the German page, ID.de.md, where there is one; the
	// answer says which language it has.
	lang := r.Query().Get("lang")
	if lang != "en" && validLang(lang) {
		if data, err := fs.ReadFile(s.cfg.Rules, id+"."+lang+".md"); err == nil {
			writeJSON(w, statusOK, map[string]string{"game": id, "lang": lang, "markdown": string(data)})
			return nil
		}
	}
	data, err := fs.ReadFile(s.cfg.Rules, id+".md")
	if err != nil {
		return notFound("server.no_rules", "game", strconv.Quote(id))
	}
	writeJSON(w, statusOK, map[string]string{"game": id, "lang": "en", "markdown": string(data)})
	return nil
}

// noRoute answers API paths that no route takes: 405 with Allow when the
// path exists for other methods, else 404.
func (s *Server) noRoute(w response, r *request) error {
	var allow []string
	for _, method := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
		if s.routed(method, r) {
			allow = append(allow, method)
			if method == "GET" {
				allow = append(allow, "HEAD")
			}
		}
	}
	if len(allow) > 0 {
		w.SetHeader("Allow", strings.Join(allow, ", "))
		return &httpError{statusMethodNotAllowed, engine.NewError("server.method", "method", r.Method, "path", r.Path, "allowed", strings.Join(allow, ", "))}
	}
	return notFound("server.no_endpoint", "method", r.Method, "path", r.Path)
}
