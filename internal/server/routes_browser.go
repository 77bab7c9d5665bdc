//go:build js

package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"tabula/engine"
	"tabula/internal/compute"
)

// serverRoutes: the engine in the browser answers no WebSocket (its rooms
// are played over a message port, Live), static file, study, QR code,
// profile or PDF to print (routes_server.go); those requests get the
// API's 404.
func (s *Server) serverRoutes() {}

// ClassStore is where a server keeps the teachers' classes: the engine
// in the browser keeps none.
type ClassStore = any

// classState is the teachers' classes, which only a server keeps.
type classState struct{}

// lab is the Research page's studies, which only a server runs.
type lab struct{}

func (lab) close() {}

// lobbyState is the lobby's, which only a server runs (lobby.go).
type lobbyState struct{}

// transport is how the engine in the browser takes requests: the
// worker's messages, routed by the routes' patterns (Serve).
type transport struct{ router router }

func newTransport(Config) transport { return transport{} }

// route serves pattern with h.
func (s *Server) route(pattern string, h handlerFunc) { s.router.add(pattern, h) }

// routed reports whether a route other than a prefix route takes r's
// path with method.
func (s *Server) routed(method string, r *request) bool {
	h, params, _ := s.router.match(method, r.Path)
	return h != nil && params != nil
}

// errBodyLarge is the body's limit (maxBody) reached.
var errBodyLarge = errors.New("request body too large")

func bodyTooLarge(err error) bool { return errors.Is(err, errBodyLarge) }

// limitedBody reads at most maxBody bytes, then fails with errBodyLarge.
type limitedBody struct {
	r    io.Reader
	left int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errBodyLarge
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

// Answer is a response of the engine in the browser.
type Answer struct {
	Status int
	Header map[string]string
	Body   strings.Builder
}

func (a *Answer) SetHeader(name, value string) { a.Header[name] = value }
func (a *Answer) WriteHeader(status int) {
	if a.Status == 0 {
		a.Status = status
	}
}
func (a *Answer) Write(b []byte) (int, error) {
	if a.Status == 0 {
		a.Status = statusOK
	}
	return a.Body.Write(b)
}

// Serve answers one API request of the page in the browser, as a server
// answers it over HTTP: target is the path and query ("/api/games?x=1"),
// lang the page's Accept-Language, body the JSON sent ("" for none).
func (s *Server) Serve(ctx context.Context, method, target, lang, body string) (a *Answer) {
	a = &Answer{Header: map[string]string{}}
	path, query, _ := strings.Cut(target, "?")
	const addr = "browser"
	r := &request{Method: method, Path: path, RawQuery: query, Lang: lang, Addr: addr, Host: "localhost",
		Body: &limitedBody{strings.NewReader(body), maxBody}}
	ctx, cancel := context.WithTimeout(compute.WithAddr(ctx, addr), s.cfg.RequestTimeout)
	defer cancel()
	r.ctx = ctx
	defer func() {
		if p := recover(); p != nil {
			s.cfg.Log.Error("panic", "method", method, "path", path, "panic", fmt.Sprint(p))
			a = &Answer{Header: map[string]string{}}
			writeJSON(a, statusInternalServerError, bodyOf(r, engine.NewError("server.internal")))
		}
	}()
	h, params, _ := s.router.match(method, path)
	if h == nil {
		h = s.noRoute
	}
	r.param = func(name string) string { return params[name] }
	if err := h(a, r); err != nil {
		s.writeError(a, r, err)
	}
	if a.Status == 0 {
		a.Status = statusOK
	}
	return a
}
