package server

import (
	"net/http/httptest"
	"testing"
)

// The debug stats answer a client on this machine, and nobody else: not
// another address, nor a request a proxy on this machine forwarded.
func TestDebugStatsOnlyForThisMachine(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct {
		remote, header string
		code           int
	}{
		{"127.0.0.1:5000", "", 200},
		{"[::1]:5000", "", 200},
		{"192.0.2.7:5000", "", 404},
		{"127.0.0.1:5000", "X-Forwarded-For", 404},
		{"127.0.0.1:5000", "Forwarded", 404},
	} {
		r := httptest.NewRequest("GET", "/api/debug/stats", nil)
		r.RemoteAddr = c.remote
		if c.header != "" {
			r.Header.Set(c.header, "for=192.0.2.8")
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != c.code {
			t.Errorf("from %s with %q: %d, want %d", c.remote, c.header, w.Code, c.code)
		}
	}
}

// The runtime's profiles answer a client on this machine only.
func TestProfilesOnlyForThisMachine(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct {
		remote, header string
		code           int
	}{
		{"127.0.0.1:5000", "", 200},
		{"192.0.2.7:5000", "", 404},
		{"127.0.0.1:5000", "X-Forwarded-For", 404},
	} {
		for _, path := range []string{"/api/debug/pprof/", "/api/debug/pprof/heap", "/api/debug/pprof/goroutine?debug=1"} {
			r := httptest.NewRequest("GET", path, nil)
			r.RemoteAddr = c.remote
			if c.header != "" {
				r.Header.Set(c.header, "192.0.2.8")
			}
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if w.Code != c.code {
				t.Errorf("%s from %s with %q: %d, want %d", path, c.remote, c.header, w.Code, c.code)
			}
		}
	}
}
