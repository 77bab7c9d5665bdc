package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"tabula/engine"
	"tabula/internal/roomclient"
)

const goodRoom = `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`

// postRoom posts body to /api/rooms and returns the status and
// Retry-After.
func postRoom(t *testing.T, url, body string) (int, string) {
	t.Helper()
	res, err := http.Post(url+"/api/rooms", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode, res.Header.Get("Retry-After")
}

// Refused requests do not count against --rooms-per-minute: only rooms
// made do.
func TestOnlyCreatedRoomsCountPerMinute(t *testing.T) {
	ts, s, _ := newOnlineServer(t)
	s.cfg.RoomsPerMinute = 2
	for range 10 {
		if code, _ := postRoom(t, ts.URL, `{"game":"nope","seats":[]}`); code != 400 {
			t.Fatalf("a bad room: %d, want 400", code)
		}
	}
	for i := range 2 {
		if code, _ := postRoom(t, ts.URL, goodRoom); code != 201 {
			t.Errorf("room %d after ten refused: %d, want 201", i+1, code)
		}
	}
}

// A 429 for too many rooms says when the next one may be made.
func TestTooManyRoomsSaysWhenToRetry(t *testing.T) {
	ts, s, _ := newOnlineServer(t)
	s.cfg.RoomsPerMinute = 1
	postRoom(t, ts.URL, goodRoom)
	code, after := postRoom(t, ts.URL, goodRoom)
	secs, err := strconv.Atoi(after)
	if code != 429 || err != nil || secs < 1 || secs > 60 {
		t.Errorf("second room: %d Retry-After %q, want 429 and 1 to 60 s", code, after)
	}
}

// The sliding minute tells how long until its oldest event drops out.
func TestPerMinuteWaitsForTheOldest(t *testing.T) {
	var p perMinute
	t0 := time.Unix(1000, 0)
	p.allow("a", 2, t0)
	p.allow("a", 2, t0.Add(10*time.Second))
	ok, wait := p.allow("a", 2, t0.Add(20*time.Second))
	if ok || wait != 40*time.Second {
		t.Errorf("third in a minute: %v, wait %v; want refused, 40s", ok, wait)
	}
	p.forget("a", t0)
	if ok, _ := p.allow("a", 2, t0.Add(20*time.Second)); !ok {
		t.Error("refused after one event was forgotten")
	}
}

// Every 429 and 503 has Retry-After, whatever refused the request.
func TestEvery429And503HasRetryAfter(t *testing.T) {
	s := New(Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	for _, err := range []error{
		&httpError{http.StatusTooManyRequests, engine.NewError("server.conns_ip")},
		&httpError{http.StatusServiceUnavailable, engine.NewError("server.shutdown")},
		retryIn(1500*time.Millisecond, &httpError{http.StatusTooManyRequests, engine.NewError("server.rooms_rate")}),
	} {
		w := httptest.NewRecorder()
		s.writeError(httpResponse{w}, requestOf(httptest.NewRequest("GET", "/api/games", nil)), err)
		if w.Header().Get("Retry-After") == "" {
			t.Errorf("%v: %d without Retry-After", err, w.Code)
		}
	}
}

// A health check that fails says when to ask again.
func TestFailedHealthCheckHasRetryAfter(t *testing.T) {
	h := Health(http.NotFoundHandler(), func(context.Context) error { return errors.New("database down") }, nil)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/healthz", nil))
	if w.Code != 503 || w.Header().Get("Retry-After") == "" {
		t.Errorf("/healthz with the database down: %d Retry-After %q", w.Code, w.Header().Get("Retry-After"))
	}
}

// /healthz and /readyz answer only GET and HEAD, and on a loopback server
// only loopback names, as the rest of the server does.
func TestHealthChecksAnswerAsTheServer(t *testing.T) {
	ok := func(context.Context) error { return nil }
	h := Health(New(Config{LoopbackOnly: true}), ok, ok)
	for _, c := range []struct {
		method, host string
		code         int
	}{
		{"GET", "127.0.0.1:8080", 200},
		{"HEAD", "localhost", 200},
		{"PATCH", "127.0.0.1:8080", 405},
		{"POST", "127.0.0.1:8080", 405},
		{"GET", "evil.example", 421},
	} {
		for _, path := range []string{"/healthz", "/readyz"} {
			r := httptest.NewRequest(c.method, path, nil)
			r.Host = c.host
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != c.code {
				t.Errorf("%s %s Host %s: %d, want %d", c.method, path, c.host, w.Code, c.code)
			}
		}
	}
}

// An option out of the server's range is refused with that range, and
// its value as written, whichever side it falls.
func TestOptionOutOfRangeNamesTheServersRange(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	for _, v := range []string{"10000001", "-5", "100000000000", "0"} {
		var e errorBody
		body := `{"game":"agsinnoninka","options":{"max-steps":` + v + `},"seats":[{"kind":"person"},{"kind":"person"}]}`
		code := call(t, ts, "POST", "/api/rooms", body, &e)
		want := "max-steps: " + v + " is out of range 1..10000000 on this server"
		if code != 400 || !strings.Contains(e.Error, want) {
			t.Errorf("max-steps %s: %d %q, want 400 with %q", v, code, e.Error, want)
		}
	}
}

// The server holds at most MaxConns live connections in all, whatever
// their addresses: the next gets 503 (with Retry-After), and a place
// freed is taken again.
func TestLiveConnectionsAreCappedInAll(t *testing.T) {
	ts, s, _ := newOnlineServer(t)
	s.wsLimits.Total = 2
	r := newRoom(t, ts, goodRoom)
	ctx := context.Background()
	a, _, err := roomclient.Dial(ctx, ts.URL, r.ID, "", -1, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := roomclient.Dial(ctx, ts.URL, r.ID, "", -1, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.CloseNow()
	if c, _, err := roomclient.Dial(ctx, ts.URL, r.ID, "", -1, nil); err == nil || !strings.Contains(err.Error(), "503") {
		if c != nil {
			c.CloseNow()
		}
		t.Fatalf("a third connection of two allowed: %v, want 503", err)
	}
	a.Close()
	for {
		c, _, err := roomclient.Dial(ctx, ts.URL, r.ID, "", -1, nil)
		if err == nil {
			c.CloseNow()
			break
		}
		if !strings.Contains(err.Error(), "503") {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond) // the server has yet to see the close
	}
}

// Analyses are heavy requests: one address gets HeavyPerMinute of them a
// minute, then 429 with the code and Retry-After; rooms are not counted.
func TestHeavyRequestsHaveTheirOwnRate(t *testing.T) {
	shortAnalyses(t)
	ts, _ := newTestServerWith(t, Config{HeavyPerMinute: 2})
	rec, _ := json.Marshal(map[string]any{"record": randomRecord(t, "adji-boto", nil, 4)})
	for i := range 2 {
		if code := call(t, ts, "POST", "/api/analysis", string(rec), nil); code != 200 {
			t.Fatalf("analysis %d: %d, want 200", i+1, code)
		}
	}
	res, err := http.Post(ts.URL+"/api/analysis/graph", "application/json", strings.NewReader(string(rec)))
	if err != nil {
		t.Fatal(err)
	}
	var body struct{ Code string }
	json.NewDecoder(res.Body).Decode(&body)
	res.Body.Close()
	secs, _ := strconv.Atoi(res.Header.Get("Retry-After"))
	if res.StatusCode != 429 || body.Code != "server.heavy_rate" || secs < 1 || secs > 60 {
		t.Errorf("third heavy request: %d %q Retry-After %q, want 429 server.heavy_rate and 1 to 60 s", res.StatusCode, body.Code, res.Header.Get("Retry-After"))
	}
	if code, _ := postRoom(t, ts.URL, goodRoom); code != 201 {
		t.Errorf("a room after the heavy limit: %d, want 201", code)
	}
}
