package server

import (
	"context"
	"net/http"
	"time"
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
				w.WriteHeader(http.StatusServiceUnavailable)
				w.Write([]byte(err.Error() + "\n"))
				return
			}
			w.Write([]byte("ok\n"))
		}
	}
	liveH, readyH := check(live), check(ready)
	liveness := check(func(context.Context) error { return nil })
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/healthz":
			liveH(w, r)
		case "/readyz":
			readyH(w, r)
		case "/livez":
			liveness(w, r)
		default:
			h.ServeHTTP(w, r)
		}
	})
}
