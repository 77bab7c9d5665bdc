package server

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// FuzzStart sends GET /api/games/{id}/start with any game and query: the
// answer is 200 with a state and a board, or 400/404 with an error, always
// JSON (or the mux's redirect of an unclean path), never a panic.
func FuzzStart(f *testing.F) {
	for _, c := range [][2]string{
		{"tamman", "players=3"}, {"tamman", "players=9"}, {"adji-boto", "seeds=2&opening=none"},
		{"agsinnoninka", "max-steps=0"}, {"agsinnoninka", "seeds=x"}, {"chess", ""}, {"tamman", "%zz"},
	} {
		f.Add(c[0], c[1])
	}
	s := New(Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	f.Fuzz(func(t *testing.T, id, query string) {
		req := httptest.NewRequest(http.MethodGet, "http://127.0.0.1/", nil)
		req.URL.Path = "/api/games/" + url.PathEscape(id) + "/start"
		req.URL.RawQuery = query
		req.Host = "127.0.0.1"
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code == http.StatusTemporaryRedirect || rec.Code == http.StatusMovedPermanently {
			return // the mux cleans paths such as /api/games/./start
		}
		var body map[string]json.RawMessage
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("%s?%s: %d, not JSON: %q", id, query, rec.Code, rec.Body.String())
		}
		switch rec.Code {
		case http.StatusOK:
			if body["state"] == nil || body["board"] == nil {
				t.Fatalf("%s?%s: 200 without state or board: %s", id, query, rec.Body.String())
			}
		case http.StatusBadRequest, http.StatusNotFound:
			if body["error"] == nil {
				t.Fatalf("%s?%s: %d without an error: %s", id, query, rec.Code, rec.Body.String())
			}
		default:
			if rec.Code != http.StatusMethodNotAllowed {
				t.Fatalf("%s?%s: status %d: %s", id, query, rec.Code, rec.Body.String())
			}
		}
	})
}
