//go:build !js

package server

import (
	"net/http"

	"tabula/internal/connlimit"
	"tabula/internal/metrics"
)

// Metrics is the handler of /metrics, the Prometheus figures of this
// server: served on a listener of its own ("tabula serve
// --metrics-addr"), never on the public one, since the figures tell an
// outsider how loaded the server is.
// conns, if not nil, gives the figures of the listener's connection
// limiter.
func (s *Server) Metrics(conns func() connlimit.Stats) http.Handler {
	src := metrics.Source{
		Events:     s.metrics,
		WebSockets: func() int { return int(s.liveSockets.Load()) },
		Search:     s.cfg.Pool.Stats,
		Conns:      conns,
	}
	if m := s.cfg.Rooms; m != nil {
		src.RoomsInMemory, src.RoomsOpen = m.InMemory, m.Open
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics.Handler(src))
	return mux
}
