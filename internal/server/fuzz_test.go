package server

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"tabula/ai"
	"tabula/engine"
	"tabula/web"
)

// fuzzServer is a server whose computer players all play at random, so
// that fuzzing spends its time on parsing, not on searches.
func fuzzServer() *Server {
	store := NewMemStore(100)
	store.Active = -1 // every match may go when the store is full
	return New(Config{
		Store:  store,
		Log:    slog.New(slog.NewTextHandler(io.Discard, nil)),
		Static: web.Static(),
		Agents: func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
			return ai.NewRandom(seed), nil
		},
	})
}

// serve sends one request to s in process and checks the answer: never a
// 500, and JSON with an error message for every API error.
func serve(t testing.TB, s *Server, r *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code >= 500 && w.Code != http.StatusServiceUnavailable {
		t.Fatalf("%s %s: %d %s", r.Method, r.URL, w.Code, w.Body)
	}
	if strings.HasPrefix(r.URL.Path, "/api/") && w.Code >= 400 {
		var e errorBody
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" {
			t.Fatalf("%s %s: %d without a JSON error: %q", r.Method, r.URL, w.Code, w.Body)
		}
	}
	return w
}

func post(path, body string) *http.Request {
	r := httptest.NewRequest("POST", path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return r
}

// FuzzCreateMatch sends any body to POST /api/matches.
func FuzzCreateMatch(f *testing.F) {
	for _, seed := range []string{
		`{"game":"adji-boto","options":{"seeds":3},"seats":["human","random"],"seed":7}`,
		`{"game":"tamman","options":{"players":4},"seats":["human","mcts:easy","greedy","human"]}`,
		`{"game":"agsinnoninka","options":{"seeds":2,"max-steps":10000000},"seats":["human","mcts:easy"]}`,
		`{"record":{"game":"adji-boto","options":["seeds=3"],"moves":["9","3"],"players":["human","random"]}}`,
		`{"record":{"game":"tamman","moves":["t4","t2","c1+4"]}}`,
		`{"game":"adji-boto","seats":["human","mcts:87600h"]}`,
		`{"game":"adji-boto","options":{"max-plies":1e300}}`, `{"game":1}`, `[]`, `{`, ``, `null`,
	} {
		f.Add(seed)
	}
	s := fuzzServer()
	f.Fuzz(func(t *testing.T, body string) {
		w := serve(t, s, post("/api/matches", body))
		switch w.Code {
		case 201, 400, 404, 413, 503:
		default:
			t.Fatalf("%q: %d %s", body, w.Code, w.Body)
		}
	})
}

// FuzzMove sends any body to the moves of a new match of each game.
func FuzzMove(f *testing.F) {
	for _, seed := range []string{`{"move":"9"}`, `{"move":"9","ply":0}`, `{"move":"7,2"}`, `{"move":"3"}`,
		`{"move":"c1+3"}`, `{"move":"t1"}`, `{"move":""}`, `{"move":9}`, `{"ply":-1}`, `{"move":"\u0000"}`} {
		f.Add(uint8(0), seed)
	}
	s := fuzzServer()
	games := []string{
		`{"game":"adji-boto","options":{"seeds":3},"seats":["human","random"],"seed":1}`,
		`{"game":"tamman","seats":["human","human"],"seed":1}`,
		`{"game":"agsinnoninka","options":{"seeds":2},"seats":["human","mcts:easy"],"seed":1}`,
	}
	f.Fuzz(func(t *testing.T, game uint8, body string) {
		w := serve(t, s, post("/api/matches", games[int(game)%len(games)]))
		var m matchView
		if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil || w.Code != 201 {
			t.Fatalf("new match: %d %s", w.Code, w.Body)
		}
		w = serve(t, s, post("/api/matches/"+m.ID+"/moves", body))
		switch w.Code {
		case 200, 400, 409, 413, 503:
		default:
			t.Fatalf("%q: %d %s", body, w.Code, w.Body)
		}
		serve(t, s, post("/api/matches/"+m.ID+"/undo", ""))
	})
}

// FuzzReplay sends any body and query to POST /api/replay.
func FuzzReplay(f *testing.F) {
	f.Add("", `{"game":"adji-boto","options":["seeds=3"],"moves":["9","3"]}`)
	f.Add("from=1&count=1", `{"game":"tamman","moves":["t4","t2","c1+4"]}`)
	f.Add("count=0", `{"game":"agsinnoninka","options":["max-steps=0"],"moves":["7,2"]}`)
	f.Add("from=99999999999", `{"game":"go"}`)
	s := fuzzServer()
	f.Fuzz(func(t *testing.T, query, body string) {
		r := post("/api/replay", body)
		r.URL.RawQuery = query
		w := serve(t, s, r)
		switch w.Code {
		case 200, 400, 404, 413:
		default:
			t.Fatalf("%q %q: %d %s", query, body, w.Code, w.Body)
		}
	})
}

// FuzzQuery sends any query string to the GET routes that read one.
func FuzzQuery(f *testing.F) {
	for _, q := range []string{"players=3", "seeds=25&max-steps=0", "max-steps=10000000", "from=2&count=1",
		"count=1001", "download=1", "seeds=%ff", "a=b&a=c", "players", ";", "%"} {
		f.Add(q)
	}
	s := fuzzServer()
	w := serve(f, s, post("/api/matches", `{"game":"adji-boto","options":{"seeds":3},"seats":["human","human"]}`))
	var m matchView
	json.Unmarshal(w.Body.Bytes(), &m)
	f.Fuzz(func(t *testing.T, query string) {
		for _, path := range []string{"/api/games/agsinnoninka/agents", "/api/games/tamman/agents",
			"/api/matches/" + m.ID + "/states", "/api/matches/" + m.ID + "/record", "/api/games"} {
			r := httptest.NewRequest("GET", "/", nil)
			r.URL = &url.URL{Path: path, RawQuery: query}
			w := serve(t, s, r)
			if w.Code != 200 && w.Code != 400 {
				t.Fatalf("%s?%s: %d %s", path, query, w.Code, w.Body)
			}
		}
	})
}

// FuzzPath sends any method and path.
func FuzzPath(f *testing.F) {
	for _, p := range []string{"/", "/%ff", "/api/games/%ff", "/../../etc/passwd", "/api/matches/x/moves",
		"/api/", "/app.js", "//api//games", "/api/games/adji-boto/rules", "/index.html/"} {
		f.Add("GET", p)
	}
	f.Add("POST", "/api/matches")
	f.Add("DELETE", "/api/games")
	s := fuzzServer()
	f.Fuzz(func(t *testing.T, method, path string) {
		u, err := url.Parse(path)
		if err != nil || !strings.HasPrefix(u.Path, "/") || method == "" || strings.ContainsAny(method, " \t\r\n()<>@,;:\\\"/[]?={}") {
			return
		}
		r := httptest.NewRequest("GET", "/", nil)
		r.Method, r.URL = method, u
		serve(t, s, r)
	})
}
