//go:build !js

package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"slices"
	"time"

	"github.com/coder/websocket"

	"tabula/engine"
	"tabula/internal/compute"
	"tabula/internal/rooms"
	"tabula/internal/wire"
)

// roomSocket serves GET /api/rooms/{id}/ws: the live connection of one
// viewer. The first message must be a hello with the viewer's token
// (none for a spectator) and the last version it has seen.
func (s *Server) roomSocket(w http.ResponseWriter, r *http.Request) error {
	if s.cfg.Rooms == nil {
		return notFound("server.no_online")
	}
	ip := clientIP(r)
	release, err := s.countSocket(ip)
	if err != nil {
		return err
	}
	defer release()
	// Refusals come in the page's language: ?lang=de, else the request's.
	lang := langOf(requestOf(r))
	if q := r.URL.Query().Get("lang"); slices.Contains(engine.Languages, q) {
		lang = q
	}
	room, err := s.cfg.Rooms.Room(r.Context(), r.PathValue("id"))
	if errors.Is(err, rooms.ErrNoRoom) {
		return notFound("server.no_room")
	}
	if err != nil {
		return err
	}
	c, done := s.acceptSocket(w, r)
	if c == nil {
		return nil
	}
	defer done()
	c.SetReadLimit(wire.MaxFrame)
	ctx := compute.WithAddr(context.Background(), ip) // the moves' searches are charged to ip
	s.Live(ctx, room, wsSocket{c}, lang)
	return nil
}

// countSocket counts a live connection of ip, or refuses it when ip or
// the server holds as many as they may; release uncounts it.
func (s *Server) countSocket(ip string) (release func(), err error) {
	lim := s.wsLimits
	if ok, full := s.conns.acquire(ip, lim.PerIP, lim.Total); full {
		return nil, &httpError{http.StatusServiceUnavailable, engine.NewError("server.conns_full")}
	} else if !ok {
		return nil, &httpError{http.StatusTooManyRequests, engine.NewError("server.conns_ip")}
	}
	return func() { s.conns.release(ip) }, nil
}

// acceptSocket upgrades r to a WebSocket, counted among the live ones
// until done; nil if Accept refused it (and answered: 403 for a foreign
// Origin).
func (s *Server) acceptSocket(w http.ResponseWriter, r *http.Request) (c *websocket.Conn, done func()) {
	// The HTTP server's read and write timeouts would end a live
	// connection; it has its own keepalive and write deadlines instead.
	rc := http.NewResponseController(w)
	if err := errors.Join(rc.SetReadDeadline(time.Time{}), rc.SetWriteDeadline(time.Time{})); err != nil {
		s.cfg.Log.Warn("websocket deadlines", "err", err)
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.Origins})
	if err != nil {
		s.cfg.Log.Info("websocket refused", "ip", clientIP(r), "err", err)
		return nil, nil
	}
	s.sockets.Add(1)
	s.liveSockets.Add(1)
	// The connection is hijacked: nothing closes it unless we do. Every
	// way out of the handler (a close handshake, a broken peer, a slow
	// reader, a cancelled read) calls done, so the socket never outlives
	// it.
	return c, func() {
		c.CloseNow()
		s.liveSockets.Add(-1)
		s.sockets.Done()
	}
}

// wsSocket is a Socket over a WebSocket.
type wsSocket struct{ c *websocket.Conn }

func (w wsSocket) Read(ctx context.Context) (bool, []byte, error) {
	typ, data, err := w.c.Read(ctx)
	return typ == websocket.MessageText, data, err
}

func (w wsSocket) Write(ctx context.Context, msg []byte) error {
	return w.c.Write(ctx, websocket.MessageText, msg)
}

func (w wsSocket) Ping(ctx context.Context) error { return w.c.Ping(ctx) }
func (w wsSocket) Close(code int, reason string)  { w.c.Close(websocket.StatusCode(code), reason) }
func (w wsSocket) CloseNow()                      { w.c.CloseNow() }

// clientIP is the address a request comes from (proxies.fromClient puts
// the client's there when a trusted proxy forwarded it).
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
