//go:build !js

package server

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"tabula/engine"
	"tabula/internal/compute"
)

// transport is how a server takes requests: HTTP, routed by a ServeMux.
type transport struct {
	mux *http.ServeMux
	// api holds the API's routes as the engine in the browser routes
	// them, for TestRouterAgreesWithServeMux.
	api     router
	csrf    *http.CrossOriginProtection
	proxies proxies // which address a request comes from
}

func newTransport(cfg Config) transport {
	t := transport{mux: http.NewServeMux(), csrf: http.NewCrossOriginProtection()}
	t.proxies = proxies{trusted: cfg.TrustedProxies, header: HeaderXForwardedFor}
	if cfg.ProxyHeader != "" {
		t.proxies.header = http.CanonicalHeaderKey(cfg.ProxyHeader)
	}
	return t
}

// route serves pattern (a ServeMux pattern) with an API handler.
func (s *Server) route(pattern string, h handlerFunc) {
	s.api.add(pattern, h)
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		rq, rw := requestOf(r), httpResponse{w}
		if err := h(rw, rq); err != nil {
			s.writeError(rw, rq, err)
		}
	})
}

// httpRoute serves pattern with a handler that needs HTTP itself (a
// WebSocket's upgrade, the static files, the profiles).
func (s *Server) httpRoute(pattern string, h func(w http.ResponseWriter, r *http.Request) error) {
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.writeError(httpResponse{w}, requestOf(r), err)
		}
	})
}

// requestOf is the API's request of an HTTP request.
func requestOf(r *http.Request) *request {
	return &request{ctx: r.Context(), Method: r.Method, Path: r.URL.Path, RawQuery: r.URL.RawQuery,
		Lang: r.Header.Get("Accept-Language"), Addr: clientIP(r), Host: r.Host, Authorization: r.Header.Get("Authorization"), Body: r.Body, param: r.PathValue}
}

// httpResponse is the API's response over HTTP.
type httpResponse struct{ http.ResponseWriter }

func (w httpResponse) SetHeader(name, value string) { w.Header().Set(name, value) }

// routed reports whether a route other than the catch-all takes r's path
// with method.
func (s *Server) routed(method string, r *request) bool {
	probe := &http.Request{Method: method, URL: &url.URL{Path: r.Path, RawQuery: r.RawQuery}, Host: r.Host, Header: http.Header{}}
	_, pattern := s.mux.Handler(probe)
	return pattern != "/api/" && pattern != ""
}

// bodyTooLarge reports whether err is the body's limit (maxBody) reached.
func bodyTooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
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

// Unwrap lets http.ResponseController and the WebSocket upgrade reach the
// connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ServeHTTP logs each request, recovers from panics with a 500, refuses
// the requests admit refuses and gives each API request its time budget.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	r = s.proxies.fromClient(r)
	sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	h := sw.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	// 'wasm-unsafe-eval' lets the engine in the browser (engine-worker.js) compile.
	h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:")
	defer func() {
		if p := recover(); p != nil {
			s.cfg.Log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(p))
			writeJSON(httpResponse{sw}, http.StatusInternalServerError, bodyOf(requestOf(r), engine.NewError("server.internal")))
		}
		s.cfg.Log.Info("request", "client", clientIP(r), "method", r.Method, "path", r.URL.Path, "status", sw.status,
			"ms", time.Since(start).Milliseconds())
	}()
	if err := s.admit(r); err != nil {
		s.writeError(httpResponse{sw}, requestOf(r), err)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		ctx, cancel := context.WithTimeout(compute.WithAddr(r.Context(), clientIP(r)), s.cfg.RequestTimeout)
		defer cancel()
		r = r.WithContext(ctx)
	}
	r.Body = http.MaxBytesReader(sw, r.Body, maxBody)
	s.mux.ServeHTTP(sw, r)
}

// admit refuses requests the server does not answer at all: a path that is
// not UTF-8, a Host that is not loopback on a loopback server (DNS
// rebinding), a cross-site request that changes something (CSRF), and a
// body that is not JSON.
func (s *Server) admit(r *http.Request) error {
	if !utf8.ValidString(r.URL.Path) {
		return badRequest("server.path_utf8")
	}
	if s.cfg.LoopbackOnly && !loopbackHost(r.Host) {
		return &httpError{http.StatusMisdirectedRequest, engine.NewError("server.host", "host", strconv.Quote(r.Host))}
	}
	if err := s.csrf.Check(r); err != nil {
		return &httpError{http.StatusForbidden, engine.NewError("server.cross_origin", "err", err)}
	}
	if r.Method == http.MethodPost && r.ContentLength != 0 {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			return &httpError{http.StatusUnsupportedMediaType, engine.NewError("server.content_type", "type", strconv.Quote(r.Header.Get("Content-Type")))}
		}
	}
	return nil
}

// loopbackHost reports whether a Host header names the loopback interface.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
