package server

import (
	"net"
	"net/http"
	"os"
	"runtime"

	"tabula/internal/loadkit"
)

// getStats answers GET /api/debug/stats to a client on this machine only
// (a request forwarded by a proxy is not, whatever its peer): the
// goroutines, open files and memory of the process, which a load test
// reads at its start and end to see that the server gave back what the
// load took.
func (s *Server) getStats(w http.ResponseWriter, r *http.Request) error {
	forwarded := r.Header.Get("X-Forwarded-For") != "" || r.Header.Get("Forwarded") != ""
	if ip := net.ParseIP(clientIP(r)); ip == nil || !ip.IsLoopback() || forwarded {
		return notFound("server.no_endpoint", "method", r.Method, "path", r.URL.Path)
	}
	// The live heap, not what the next collection would free: a load test
	// compares these figures, and garbage would read as a leak.
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	st := loadkit.Stats{Goroutines: runtime.NumGoroutine(), HeapBytes: int64(ms.HeapInuse)}
	st.OpenFiles, _ = loadkit.OpenFiles(os.Getpid())
	if kb, err := loadkit.ProcStatusKB(os.Getpid(), "VmRSS"); err == nil {
		st.RSSBytes = kb << 10
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}
