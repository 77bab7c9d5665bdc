//go:build !js

package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"tabula/engine"
)

// healthTimeout bounds one check of the database.
const healthTimeout = 2 * time.Second

// Health answers /healthz (the process serves and its database answers)
// and /readyz (ready for traffic: ready returns nil) in front of h, for a
// load balancer that routes around a sick instance. Both answer 200 "ok"
// or 503 with the reason, and are never cached. /livez answers 200 "ok"
// whenever the process serves at all, whatever its database: for a
// liveness probe, so that a database outage does not restart every
// instance at once.
func Health(h http.Handler, live, ready func(context.Context) error) http.Handler {
	check := func(f func(context.Context) error) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
			defer cancel()
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			if err := f(ctx); err != nil {
				w.Header().Set("Retry-After", strconv.Itoa(int(retryAfter/time.Second)))
				w.WriteHeader(http.StatusServiceUnavailable)
				w.Write([]byte(err.Error() + "\n"))
				return
			}
			w.Write([]byte("ok\n"))
		}
	}
	liveH, readyH := check(live), check(ready)
	liveness := check(func(context.Context) error { return nil })
	srv, _ := h.(*Server)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var f http.HandlerFunc
		switch r.URL.Path {
		case "/healthz":
			f = liveH
		case "/readyz":
			f = readyH
		case "/livez":
			f = liveness
		default:
			h.ServeHTTP(w, r)
			return
		}
		// The checks answer what the server answers: GET and HEAD only,
		// and a loopback server only loopback names.
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeJSON(httpResponse{w}, http.StatusMethodNotAllowed, bodyOf(requestOf(r), engine.NewError("server.method", "method", r.Method, "path", r.URL.Path, "allowed", "GET, HEAD")))
			return
		}
		if srv != nil {
			if err := srv.admit(r); err != nil {
				srv.writeError(httpResponse{w}, requestOf(r), err)
				return
			}
		}
		f(w, r)
	})
}
