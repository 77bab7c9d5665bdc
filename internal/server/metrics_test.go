package server

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"tabula/internal/connlimit"
	"tabula/internal/roomclient"
)

// scrape reads the metrics of s in the Prometheus text format: each
// sample's line (name and labels) to its value.
func scrape(t *testing.T, s *Server) map[string]float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	s.Metrics(connlimit.New(connlimit.Config{Total: 10, PerAddr: 2}).Stats).ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("GET /metrics: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	body, _ := io.ReadAll(rec.Body)
	out := map[string]float64{}
	for line := range strings.Lines(string(body)) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(strings.TrimSpace(line[i+1:]), 64)
		if err != nil {
			t.Fatalf("sample %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// The metrics name what docs/deploy.md says, and their counters move:
// a game against the computer played to its end counts the moves of both,
// their latencies and the store's commits; a refused message and a
// refused body count under their codes; the room and its connection are
// in the gauges while the game is open.
func TestMetricsNameTheirFiguresAndCountersMove(t *testing.T) {
	ts, s, _ := newOnlineServer(t)
	before := scrape(t, s)
	for _, name := range []string{"tabula_rooms_in_memory", "tabula_rooms_open", "tabula_websockets", "tabula_search_workers",
		"tabula_search_queue_length", "tabula_search_running", "tabula_store_commit_seconds_count", "tabula_move_seconds_count",
		"tabula_levels_lowered_total", "tabula_lease_takeovers_total", "tabula_searches_started_total",
		"tabula_search_wait_seconds_total", "tabula_http_connections", "tabula_http_connections_evicted_total",
		"tabula_http_connections_refused_total", "tabula_process_open_fds", "go_goroutines"} {
		if _, ok := before[name]; !ok {
			t.Errorf("no metric %s", name)
		}
	}
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"random"}]}`)
	c, _ := dial(t, ts, r.ID, token(r.Seats[0].Link))
	c.SendRaw(context.Background(), []byte(`{"type":"move","version":0,"move":"1","move":"2"}`))
	recv(t, c, "reject")
	call(t, ts, "POST", "/api/rooms", `{"Game":"adji-boto"}`, nil)
	during := scrape(t, s)
	if during["tabula_rooms_in_memory"] < 1 || during["tabula_rooms_open"] < 1 || during["tabula_websockets"] < 1 {
		t.Errorf("an open room with a connection: rooms %v, open %v, websockets %v",
			during["tabula_rooms_in_memory"], during["tabula_rooms_open"], during["tabula_websockets"])
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	bot := &roomclient.Bot{Base: ts.URL, Room: r.ID, Token: token(r.Seats[0].Link), Rand: rand.New(rand.NewPCG(1, 2))}
	if err := bot.Run(ctx); err != nil {
		t.Fatal(err)
	}
	after := scrape(t, s)
	for _, name := range []string{`tabula_moves_total{by="person"}`, `tabula_moves_total{by="computer"}`, "tabula_move_seconds_count", "tabula_searches_started_total",
		"tabula_store_commit_seconds_count"} {
		if after[name] <= before[name] {
			t.Errorf("%s: %v before the game, %v after, want more", name, before[name], after[name])
		}
	}
	// The counters are this server's alone: each refusal counted once,
	// and a person's move counted with its latency.
	for _, name := range []string{`tabula_errors_total{channel="ws",code="server.json_twice"}`, `tabula_errors_total{channel="http",code="server.json_case"}`} {
		if after[name] != 1 {
			t.Errorf("%s: %v, want 1 (one refusal)", name, after[name])
		}
	}
	if after[`tabula_moves_total{by="person"}`] != after["tabula_move_seconds_count"] {
		t.Errorf("%v person's moves counted, %v latencies", after[`tabula_moves_total{by="person"}`], after["tabula_move_seconds_count"])
	}
}

// Two servers in one process count apart: what one refuses and plays is
// not in the other's figures (the tests of this package run servers side
// by side).
func TestMetricsAreEachServersOwn(t *testing.T) {
	ts1, s1, _ := newOnlineServer(t)
	_, s2, _ := newOnlineServer(t)
	call(t, ts1, "POST", "/api/rooms", `{"Game":"adji-boto"}`, nil)
	r := newRoom(t, ts1, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	c, _ := dial(t, ts1, r.ID, token(r.Seats[0].Link))
	c.SendRaw(context.Background(), []byte(`{"type":"move","version":0,"move":"1","move":"2"}`))
	recv(t, c, "reject")
	if got := scrape(t, s1)[`tabula_errors_total{channel="http",code="server.json_case"}`]; got != 1 {
		t.Errorf("the refusing server counted %v refusals, want 1", got)
	}
	other := scrape(t, s2)
	for _, name := range []string{`tabula_errors_total{channel="http",code="server.json_case"}`, `tabula_errors_total{channel="ws",code="server.json_twice"}`,
		"tabula_store_commit_seconds_count"} {
		if other[name] != 0 {
			t.Errorf("%s: %v in the other server's figures, want 0", name, other[name])
		}
	}
}

// The request log names the client: the peer, or the address a trusted
// proxy forwarded.
func TestRequestLogNamesTheClient(t *testing.T) {
	var buf strings.Builder
	s := New(Config{Log: slog.New(slog.NewTextHandler(&buf, nil)), TrustedProxies: []netip.Prefix{netip.MustParsePrefix("192.0.2.1/32")}})
	r := httptest.NewRequest("GET", "/api/games", nil) // from 192.0.2.1, a trusted proxy
	r.Header.Set("X-Forwarded-For", "198.51.100.7")
	s.ServeHTTP(httptest.NewRecorder(), r)
	if !strings.Contains(buf.String(), "client=198.51.100.7") {
		t.Errorf("request log without the client's address: %s", buf.String())
	}
}
