//go:build !js

package server

import (
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"runtime"
	"time"

	"tabula/internal/loadkit"
)

// getStats answers GET /api/debug/stats to a client on this machine only
// (a request forwarded by a proxy is not, whatever its peer): the
// goroutines, open files and memory of the process, which a load test
// reads at its start and end to see that the server gave back what the
// load took.
func (s *Server) getStats(w http.ResponseWriter, r *http.Request) error {
	if !fromThisMachine(r) {
		return notFound("server.no_endpoint", "method", r.Method, "path", r.URL.Path)
	}
	// The live heap, not what the next collection would free: a load test
	// compares these figures, and garbage would read as a leak.
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	st := loadkit.Stats{Goroutines: runtime.NumGoroutine(), HeapBytes: int64(ms.HeapInuse)}
	if s.cfg.Rooms != nil {
		st.Rooms = s.cfg.Rooms.InMemory()
	}
	st.LevelsLowered = s.cfg.Pool.Stats().Lowered
	st.OpenFiles, _ = loadkit.OpenFiles(os.Getpid())
	if kb, err := loadkit.ProcStatusKB(os.Getpid(), "VmRSS"); err == nil {
		st.RSSBytes = kb << 10
	}
	writeJSON(httpResponse{w}, http.StatusOK, st)
	return nil
}

// fromThisMachine reports whether r comes from a client on this machine
// and was not forwarded by a proxy (whatever its peer).
func fromThisMachine(r *http.Request) bool {
	forwarded := r.Header.Get("X-Forwarded-For") != "" || r.Header.Get("Forwarded") != ""
	ip := net.ParseIP(clientIP(r))
	return ip != nil && ip.IsLoopback() && !forwarded
}

// getProfile answers GET /api/debug/pprof/... to a client on this machine
// only, with the runtime's profiles (net/http/pprof): how the tails of a
// load test are found (docs/server-load.md).
func (s *Server) getProfile(w http.ResponseWriter, r *http.Request) error {
	if !fromThisMachine(r) {
		return notFound("server.no_endpoint", "method", r.Method, "path", r.URL.Path)
	}
	switch name := r.PathValue("name"); name {
	case "":
		pprof.Index(w, r)
	case "profile":
		pprof.Profile(w, r)
	case "trace":
		pprof.Trace(w, r)
	case "block", "mutex":
		// Sampled only while asked for (?seconds=N gives the difference
		// over N seconds): the sampling costs every lock and channel.
		runtime.SetBlockProfileRate(int(time.Millisecond / 10))
		runtime.SetMutexProfileFraction(10)
		defer runtime.SetBlockProfileRate(0)
		defer runtime.SetMutexProfileFraction(0)
		pprof.Handler(name).ServeHTTP(w, r)
	default:
		pprof.Handler(name).ServeHTTP(w, r)
	}
	return nil
}
