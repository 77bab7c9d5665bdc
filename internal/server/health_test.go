package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestHealthAndReadiness(t *testing.T) {
	var liveErr, readyErr error
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "app "+r.URL.Path) })
	h := Health(inner, func(context.Context) error { return liveErr }, func(context.Context) error { return readyErr })
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if path != "/other" && rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Cache-Control %q", path, rec.Header().Get("Cache-Control"))
		}
		return rec.Code, rec.Body.String()
	}
	for _, c := range []struct {
		live, ready error
		path        string
		code        int
		body        string
	}{
		{nil, nil, "/healthz", 200, "ok\n"},
		{nil, nil, "/readyz", 200, "ok\n"},
		{nil, errors.New("not yet listening"), "/readyz", 503, "not yet listening\n"},
		{nil, errors.New("not yet listening"), "/healthz", 200, "ok\n"},
		{errors.New("database down"), errors.New("database down"), "/healthz", 503, "database down\n"},
		{errors.New("database down"), errors.New("database down"), "/livez", 200, "ok\n"},
		{nil, errors.New("stopping"), "/other", 200, "app /other"},
	} {
		liveErr, readyErr = c.live, c.ready
		if code, body := get(c.path); code != c.code || body != c.body {
			t.Errorf("%s with live=%v ready=%v: %d %q, want %d %q", c.path, c.live, c.ready, code, body, c.code, c.body)
		}
	}
}
