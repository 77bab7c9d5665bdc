package server

import (
	"net/http"
	"net/url"
	"path"
	"strings"
	"testing"
)

// agree checks that the engine in the browser's router (router.go) picks
// the route that the server's ServeMux picks for method and p, among the
// API's routes (those route registers; the server's own, by httpRoute,
// are not in the browser).
func agree(t *testing.T, s *Server, method, p string) {
	t.Helper()
	if path.Clean(p) != p || !strings.HasPrefix(p, "/") {
		return // the ServeMux redirects it to its clean form first
	}
	_, muxPattern := s.mux.Handler(&http.Request{Method: method, URL: &url.URL{Path: p}, Host: "localhost", Header: http.Header{}})
	api := false
	for _, rt := range s.api.routes {
		api = api || rt.pattern == muxPattern
	}
	if !api {
		return
	}
	prefix := muxPattern
	if _, after, ok := strings.Cut(muxPattern, " "); ok {
		prefix = after
	}
	if strings.HasSuffix(prefix, "/") && !strings.HasPrefix(p, prefix) {
		return // the ServeMux redirects "/api" to "/api/"
	}
	if _, _, got := s.api.match(method, p); got != muxPattern {
		t.Errorf("%s %s: the browser's router takes %q, the ServeMux %q", method, p, got, muxPattern)
	}
}

var methods = []string{"GET", "HEAD", "POST", "PUT", "DELETE"}

// TestRouterAgreesWithServeMux: for every API route, a path of its own
// and its neighbours go to the same route in the browser as on a server.
func TestRouterAgreesWithServeMux(t *testing.T) {
	s := New(Config{})
	defer s.Close()
	if len(s.api.routes) < 15 {
		t.Fatalf("%d API routes", len(s.api.routes))
	}
	for _, rt := range s.api.routes {
		_, p, ok := strings.Cut(rt.pattern, " ")
		if !ok {
			p = rt.pattern
		}
		p = strings.NewReplacer("{id}", "b.x1", "{name...}", "n").Replace(p)
		for _, q := range []string{p, p + "x", p + "/extra", strings.TrimSuffix(p, "/b.x1"), p + "/"} {
			for _, m := range methods {
				agree(t, s, m, q)
			}
		}
	}
}

func FuzzRouterAgreesWithServeMux(f *testing.F) {
	for _, p := range []string{"/api/games", "/api/games/tamman/rules", "/api/rooms/b.1/states", "/api/archive/x", "/api/nothing", "/api/rooms/", "/api/games/a/b/c"} {
		f.Add("GET", p)
	}
	f.Add("POST", "/api/analysis/graph")
	s := New(Config{})
	defer s.Close()
	f.Fuzz(func(t *testing.T, method, p string) {
		for _, m := range methods {
			if m == method {
				agree(t, s, method, p)
			}
		}
	})
}
