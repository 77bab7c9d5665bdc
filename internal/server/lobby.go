//go:build !js

package server

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"

	"tabula/engine"
	"tabula/internal/lobby"
	"tabula/internal/wire"
	"tabula/view"
)

// lobbyRoutes registers "Find a game" (docs/api.md, "Lobby"); without
// cfg.Lobby they answer 404.
func (s *Server) lobbyRoutes() {
	s.route("POST /api/players", s.postPlayer)
	s.route("GET /api/players/me", s.getMe)
	s.route("GET /api/players/me/games", s.getMyGames)
	s.route("GET /api/players/{id}", s.getPlayer)
	s.route("POST /api/seeks", s.postSeek)
	s.route("GET /api/seeks", s.listSeeks)
	s.route("GET /api/seeks/{id}", s.getSeek)
	s.route("POST /api/seeks/{id}/accept", s.acceptSeek)
	s.route("DELETE /api/seeks/{id}", s.withdrawSeek)
	s.route("GET /api/ratings/{game}", s.getRatings)
	s.route("GET /api/lobby/games", s.liveGames)
	s.httpRoute("GET /api/lobby/ws", s.lobbySocket)
}

// lobbyState is the lobby a server runs (SetLobby) and its limits.
type lobbyState struct {
	lobbyOf          *lobby.Lobby
	seeks            perMinute // seeks made per address
	players          perMinute // identities made per address
	seeksPerMinute   int
	playersPerMinute int
}

// LobbyLimits are the lobby's limits per address.
type LobbyLimits struct {
	// SeeksPerMinute limits the seeks one address makes a minute
	// (default 20), PlayersPerMinute the identities (default 10).
	SeeksPerMinute   int
	PlayersPerMinute int
}

// SetLobby serves l's lobby; call it before serving.
func (s *Server) SetLobby(l *lobby.Lobby, lim LobbyLimits) {
	s.lobbyOf = l
	s.seeksPerMinute, s.playersPerMinute = cmp.Or(lim.SeeksPerMinute, 20), cmp.Or(lim.PlayersPerMinute, 10)
}

func (s *Server) lobby() (*lobby.Lobby, error) {
	if s.lobbyOf == nil {
		return nil, notFound("server.no_lobby")
	}
	return s.lobbyOf, nil
}

// lobbyErr is err as the server answers it.
func lobbyErr(err error) error {
	var le *lobby.Error
	if errors.As(err, &le) {
		return &httpError{le.Status, le.Err}
	}
	return err
}

// bearer is the key of "Authorization: Bearer KEY", "" for none.
func bearer(r *request) string {
	h := r.Authorization
	if k, ok := strings.CutPrefix(h, "Bearer "); ok {
		return strings.TrimSpace(k)
	}
	return ""
}

// me is the caller by its key (401 without a good one).
func (s *Server) me(r *request) (*lobby.Lobby, lobby.Me, error) {
	l, err := s.lobby()
	if err != nil {
		return nil, lobby.Me{}, err
	}
	key := bearer(r)
	p, err := l.Auth(r.Context(), key)
	if err != nil {
		return nil, lobby.Me{}, lobbyErr(err)
	}
	return l, lobby.Me{Player: p, Key: key}, nil
}

type playerRequest struct {
	Name string `json:"name"`
}

type playerResponse struct {
	ID   string `json:"id"`
	Key  string `json:"key"`
	Name string `json:"name"`
	// Identity is the page that moves the identity to another device
	// (as a link or its QR code, /api/qr).
	Identity string `json:"identity"`
}

func (s *Server) postPlayer(w response, r *request) error {
	l, err := s.lobby()
	if err != nil {
		return err
	}
	ip, now := r.Addr, time.Now()
	if ok, wait := s.players.allow(ip, s.playersPerMinute, now); !ok {
		return retryIn(wait, &httpError{statusTooManyRequests, engine.NewError("lobby.players_rate")})
	}
	var req playerRequest
	if err := decode(r, &req); err != nil {
		s.players.forget(ip, now)
		return err
	}
	p, key, err := l.Register(r.Context(), req.Name)
	if err != nil {
		s.players.forget(ip, now)
		return lobbyErr(err)
	}
	writeJSON(w, statusCreated, playerResponse{ID: p.ID, Key: key, Name: p.Name, Identity: "/#/identity/" + key})
	return nil
}

func (s *Server) getMe(w response, r *request) error {
	l, me, err := s.me(r)
	if err != nil {
		return err
	}
	v, err := l.Player(r.Context(), me.ID)
	if err != nil {
		return lobbyErr(err)
	}
	writeJSON(w, statusOK, v)
	return nil
}

func (s *Server) getPlayer(w response, r *request) error {
	l, err := s.lobby()
	if err != nil {
		return err
	}
	v, err := l.Player(r.Context(), r.PathValue("id"))
	if err != nil {
		return lobbyErr(err)
	}
	writeJSON(w, statusOK, v)
	return nil
}

func (s *Server) getMyGames(w response, r *request) error {
	l, me, err := s.me(r)
	if err != nil {
		return err
	}
	games, err := l.MyGames(r.Context(), me)
	if err != nil {
		return lobbyErr(err)
	}
	writeJSON(w, statusOK, games)
	return nil
}

type seekRequest struct {
	Game     string         `json:"game"`
	Options  map[string]any `json:"options"`
	Clock    *clockRequest  `json:"clock"`
	Rated    bool           `json:"rated"`
	Pair     bool           `json:"pair"`
	Computer string         `json:"computer"`
}

// seekMade answers POST /api/seeks with the seek made.
type seekMade struct {
	*lobby.SeekView
	Matched bool `json:"matched"`
}

// gameMade answers POST /api/seeks with the room made: Play now found an
// opponent, or a game against the computer began.
type gameMade struct {
	*lobby.Match
	Matched bool `json:"matched"`
}

func (s *Server) postSeek(w response, r *request) error {
	l, err := s.lobby()
	if err != nil {
		return err
	}
	ip, now := r.Addr, time.Now()
	if ok, wait := s.seeks.allow(ip, s.seeksPerMinute, now); !ok {
		return retryIn(wait, &httpError{statusTooManyRequests, engine.NewError("lobby.seeks_rate", "max", s.seeksPerMinute)})
	}
	made := false
	defer func() {
		if !made {
			s.seeks.forget(ip, now)
		}
	}()
	l, me, err := s.me(r)
	if err != nil {
		return err
	}
	var req seekRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	sets, err := view.Settings(req.Options)
	if err != nil {
		return badRequestErr(err)
	}
	clock, err := req.Clock.clock()
	if err != nil {
		return err
	}
	sv, m, err := l.Seek(r.Context(), me, lobby.SeekRequest{Game: req.Game, Settings: sets, Clock: clock, Rated: req.Rated, Pair: req.Pair, Computer: req.Computer})
	if err != nil {
		return lobbyErr(err)
	}
	made = true
	if m != nil {
		writeJSON(w, statusCreated, gameMade{m, true})
	} else {
		writeJSON(w, statusCreated, seekMade{sv, false})
	}
	return nil
}

func (s *Server) listSeeks(w response, r *request) error {
	l, err := s.lobby()
	if err != nil {
		return err
	}
	game := r.Query().Get("game")
	if game != "" {
		if _, err := engine.Lookup(game); err != nil {
			return badRequestErr(err)
		}
	}
	list, err := l.Open(r.Context(), game)
	if err != nil {
		return err
	}
	writeJSON(w, statusOK, list)
	return nil
}

func (s *Server) getSeek(w response, r *request) error {
	l, err := s.lobby()
	if err != nil {
		return err
	}
	var me *lobby.Me
	if bearer(r) != "" {
		_, m, err := s.me(r)
		if err != nil {
			return err
		}
		me = &m
	}
	v, err := l.SeekOf(r.Context(), me, r.PathValue("id"))
	if err != nil {
		return lobbyErr(err)
	}
	writeJSON(w, statusOK, v)
	return nil
}

func (s *Server) acceptSeek(w response, r *request) error {
	l, me, err := s.me(r)
	if err != nil {
		return err
	}
	m, err := l.Accept(r.Context(), me, r.PathValue("id"))
	if err != nil {
		return lobbyErr(err)
	}
	writeJSON(w, statusCreated, m)
	return nil
}

func (s *Server) withdrawSeek(w response, r *request) error {
	l, me, err := s.me(r)
	if err != nil {
		return err
	}
	if err := l.Withdraw(r.Context(), me, r.PathValue("id")); err != nil {
		return lobbyErr(err)
	}
	w.WriteHeader(statusNoContent)
	return nil
}

func (s *Server) getRatings(w response, r *request) error {
	l, err := s.lobby()
	if err != nil {
		return err
	}
	list, err := l.Ratings(r.Context(), r.PathValue("game"))
	if err != nil {
		return lobbyErr(err)
	}
	writeJSON(w, statusOK, list)
	return nil
}

func (s *Server) liveGames(w response, r *request) error {
	l, err := s.lobby()
	if err != nil {
		return err
	}
	list, err := l.Live(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, statusOK, list)
	return nil
}

// lobbyClientMsg is a message of a lobby connection: {"type":"hello",
// "key":KEY} (the key optional: it asks to be told when the player's
// seeks are accepted) or {"type":"ping"}.
type lobbyClientMsg struct {
	Type string  `json:"type"`
	Key  *string `json:"key"`
}

// decodeLobbyMsg reads a lobby connection's message.
func decodeLobbyMsg(data []byte) (lobbyClientMsg, error) {
	var m lobbyClientMsg
	if err := wire.DecodeStrict(data, &m); err != nil {
		return m, err
	}
	if m.Type != "hello" && m.Type != "ping" || m.Type == "ping" && m.Key != nil {
		return m, engine.NewError("server.lobby_msg", "type", m.Type)
	}
	return m, nil
}

// lobbySocket serves GET /api/lobby/ws: the seeks as they appear and go,
// and to a seeker that said hello with its key, its rooms as its seeks
// are accepted.
func (s *Server) lobbySocket(w http.ResponseWriter, r *http.Request) error {
	l, err := s.lobby()
	if err != nil {
		return err
	}
	release, err := s.countSocket(clientIP(r))
	if err != nil {
		return err
	}
	defer release()
	sub, err := l.Subscribe(r.Context())
	if err != nil {
		return err
	}
	defer l.Leave(sub)
	c, done := s.acceptSocket(w, r)
	if c == nil {
		return nil
	}
	defer done()
	c.SetReadLimit(4096)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := make(chan []byte, 4) // the read loop's answers (pongs)
	go s.lobbyReads(ctx, cancel, c, l, sub, out)
	ping := time.NewTicker(s.wsLimits.Ping)
	defer ping.Stop()
	write := func(msg []byte) bool {
		wctx, wcancel := context.WithTimeout(ctx, s.wsLimits.WriteWait)
		defer wcancel()
		return c.Write(wctx, websocket.MessageText, msg) == nil
	}
	for {
		select {
		case msg, ok := <-sub.C:
			if !ok {
				c.Close(wire.CloseSlow, "too slow")
				return nil
			}
			if !write(msg) {
				return nil
			}
		case msg := <-out:
			if !write(msg) {
				return nil
			}
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, s.wsLimits.WriteWait)
			err := c.Ping(pctx)
			pcancel()
			if err != nil {
				return nil
			}
		case <-ctx.Done():
			return nil
		}
	}
}

// lobbyReads reads a lobby connection's messages until it ends.
func (s *Server) lobbyReads(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn, l *lobby.Lobby, sub *lobby.Sub, out chan<- []byte) {
	defer cancel()
	var b bucket
	for {
		typ, data, err := c.Read(ctx)
		if err != nil {
			return
		}
		if !b.take(time.Now(), s.wsLimits.Rate, s.wsLimits.Burst) {
			c.Close(wire.CloseTooFast, "too many messages; slow down")
			return
		}
		m, err := decodeLobbyMsg(data)
		if typ != websocket.MessageText || err != nil {
			c.Close(wire.CloseNoHello, "want {\"type\":\"hello\",\"key\":KEY} or {\"type\":\"ping\"}")
			return
		}
		switch {
		case m.Type == "ping":
			select {
			case out <- wire.Pong():
			default:
			}
		case m.Key != nil:
			p, err := l.Auth(ctx, *m.Key)
			if err != nil {
				c.Close(wire.CloseBadToken, "no player has this key")
				return
			}
			l.Identify(sub, lobby.Me{Player: p, Key: *m.Key})
		}
	}
}
