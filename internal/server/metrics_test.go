package server

import (
	"context"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"tabula/internal/roomclient"
)

// scrape reads the metrics of s in the Prometheus text format: each
// sample's line (name and labels) to its value.
func scrape(t *testing.T, s *Server) map[string]float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	s.Metrics().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
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
		"tabula_search_queue_length", "tabula_store_commit_seconds_count", "tabula_move_seconds_count",
		"tabula_levels_lowered_total", "tabula_lease_takeovers_total", "tabula_searches_refused_total",
		"tabula_search_wait_seconds_count", "tabula_process_open_fds", "go_goroutines"} {
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
	for _, name := range []string{`tabula_moves_total{by="person"}`, `tabula_moves_total{by="computer"}`, "tabula_move_seconds_count",
		"tabula_store_commit_seconds_count", `tabula_errors_total{channel="ws",code="server.json_twice"}`,
		`tabula_errors_total{channel="http",code="server.json_case"}`} {
		if after[name] <= before[name] {
			t.Errorf("%s: %v before the game, %v after, want more", name, before[name], after[name])
		}
	}
	if after[`tabula_moves_total{by="person"}`]-before[`tabula_moves_total{by="person"}`] != after["tabula_move_seconds_count"]-before["tabula_move_seconds_count"] {
		t.Error("a person's move counted without its latency, or the other way round")
	}
}
