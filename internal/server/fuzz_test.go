package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"tabula/internal/wire"
	"testing"

	"tabula/ai"
	"tabula/docs"
	"tabula/engine"
	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/web"
)

// fuzzServer is a server with rooms on a fresh SQLite file whose
// computer players all play at random, so that fuzzing spends its time on
// parsing, not on searches.
func fuzzServer(t testing.TB) *Server {
	t.Helper()
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "fuzz.db"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	mgr := rooms.NewManager(rooms.Config{Store: db, Offered: OfferedAgents, Log: log,
		Agents: func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
			return ai.NewRandom(seed), nil
		}})
	s := New(Config{Log: log, Static: web.Static(), Rules: docs.RulesFS(), Rooms: mgr, RoomsPerMinute: 1 << 30})
	t.Cleanup(func() {
		mgr.Close()
		s.Close()
		db.Close()
	})
	return s
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

// FuzzRoomMessage sends any message of a room's WebSocket to a new room
// of each game, as the seat of its first token: it is refused with a
// clear error or done, never a panic or an internal error. (POST
// /api/rooms is fuzzed by FuzzRoomRequests.)
func FuzzRoomMessage(f *testing.F) {
	for _, seed := range []string{`{"type":"move","version":0,"move":"9"}`, `{"type":"move","version":1,"move":"7"}`,
		`{"type":"move","version":0,"move":"c1+3"}`, `{"type":"move","version":0,"move":"t1"}`, `{"type":"move","version":0,"move":""}`,
		`{"type":"move","version":0,"move":9}`, `{"type":"move","version":-1,"move":"3"}`, `{"type":"move","version":0,"move":"\u0000"}`,
		`{"type":"resign"}`, `{"type":"give-up"}`, `{"type":"undo","version":0,"tokens":["x"]}`, `{"type":"name","name":"Ana"}`,
		`{"type":"draw"}`, `{"type":"rematch"}`, `{"type":"replace","seat":1}`, `{"type":"new-link"}`, `{"type":"hello","last":0}`} {
		f.Add(uint8(0), seed)
	}
	s := fuzzServer(f)
	games := []string{
		`{"game":"adji-boto","options":{"seeds":3},"seats":[{"kind":"person"},{"kind":"computer","agent":"random"}]}`,
		`{"game":"tamman","seats":[{"kind":"person"},{"kind":"person"}]}`,
		`{"game":"agsinnoninka","options":{"seeds":2},"seats":[{"kind":"person"},{"kind":"computer","agent":"mcts:easy"}]}`,
	}
	f.Fuzz(func(t *testing.T, game uint8, msg string) {
		w := serve(t, s, post("/api/rooms", games[int(game)%len(games)]))
		var c createRoomResponse
		if err := json.Unmarshal(w.Body.Bytes(), &c); err != nil || w.Code != 201 {
			t.Fatalf("new room: %d %s", w.Code, w.Body)
		}
		ctx := context.Background()
		room, err := s.cfg.Rooms.Room(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := room.Join(c.Seats[0].Token, -1)
		if err != nil {
			t.Fatal(err)
		}
		defer room.Leave(sub)
		m, err := wire.DecodeClient([]byte(msg))
		if err != nil {
			if _, ok := engine.Coded(err); !ok {
				t.Fatalf("%q: refused without a code: %v", msg, err)
			}
			return
		}
		var re *rooms.Error
		if err := s.dispatch(ctx, room, sub, m); err != nil && (!errors.As(err, &re) || !hasCode(re.Err)) {
			t.Fatalf("%q: %v", msg, err)
		}
	})
}

// FuzzReplay sends any body and query to POST /api/replay.
func FuzzReplay(f *testing.F) {
	f.Add("", `{"game":"adji-boto","options":["seeds=3"],"moves":["9","3"]}`)
	f.Add("from=1&count=1", `{"game":"tamman","moves":["t4","t2","c1+4"]}`)
	f.Add("count=0", `{"game":"agsinnoninka","options":["max-steps=0"],"moves":["7,2"]}`)
	f.Add("from=99999999999", `{"game":"go"}`)
	s := fuzzServer(f)
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
		"count=1001", "download=1", "seeds=%ff", "a=b&a=c", "players", ";", "%", "paper=a3&lang=de&sheet=board", "lang=%00"} {
		f.Add(q)
	}
	s := fuzzServer(f)
	w := serve(f, s, post("/api/rooms", `{"game":"adji-boto","options":{"seeds":3},"seats":[{"kind":"person"},{"kind":"person"}]}`))
	var c createRoomResponse
	json.Unmarshal(w.Body.Bytes(), &c)
	f.Fuzz(func(t *testing.T, query string) {
		for _, path := range []string{"/api/games/agsinnoninka/agents", "/api/games/tamman/agents", "/api/rooms/" + c.ID,
			"/api/rooms/" + c.ID + "/states", "/api/rooms/" + c.ID + "/record", "/api/games", "/api/archive", "/api/games/adji-boto/print.pdf"} {
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
	for _, p := range []string{"/", "/%ff", "/api/games/%ff", "/../../etc/passwd", "/api/rooms/x/states", "/api/rooms/x/ws",
		"/api/", "/app.js", "//api//games", "/api/games/adji-boto/rules", "/index.html/"} {
		f.Add("GET", p)
	}
	f.Add("POST", "/api/rooms")
	f.Add("DELETE", "/api/games")
	s := fuzzServer(f)
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
