package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabula/internal/rooms"
	"tabula/internal/server"
	"tabula/internal/store"
)

// The load generator is bounded in count and time and sends traffic to
// loopback only: anything else is refused before a byte is sent.
func TestLoadtestRefusesWhatIsNotBounded(t *testing.T) {
	for _, args := range [][]string{
		{"--rooms", "0"}, {"--rooms", "5001"},
		{"--duration", "61m"}, {"--duration", "0s"}, {"--think", "-1s"},
		{"--think-spread", "-0.1"}, {"--think-spread", "1.5"}, {"--think-spread", "NaN"},
		{"--server", "http://192.0.2.1:80"}, {"--server", "http://example.com:80"},
		{"--server", "http://127.0.0.1:1,http://example.com:80"},
		{"--scenario", "nope"}, {"--heavy-from", "0"}, {"--heavy-from", "9"},
	} {
		if err := runLoadtest(args, nil, io.Discard, io.Discard); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// TestLoadtestShortRun plays a few rooms of bots against a server in this
// process for a moment and checks the report: moves played and
// acknowledged, no error, no reconnection.
func TestLoadtestShortRun(t *testing.T) {
	ts := loadServer(t)
	var out bytes.Buffer
	if err := runLoadtest([]string{"--server", ts.URL, "--rooms", "4", "--duration", "2s", "--think", "0", "--json"}, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Rooms, RoomsPlayed, Moves, Reconnects, Errors int
		StoredRooms, StoredProblems                   int
		P99ms                                         float64
		ServerEnd                                     struct{ Goroutines, OpenFiles, Rooms int }
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("report %q: %v", out.String(), err)
	}
	if res.Rooms != 4 || res.RoomsPlayed < 4 || res.Moves == 0 || res.P99ms <= 0 || res.Errors != 0 || res.Reconnects != 0 {
		t.Errorf("report %s", out.String())
	}
	if res.StoredRooms != res.RoomsPlayed || res.StoredProblems != 0 || res.ServerEnd.Goroutines == 0 || res.ServerEnd.OpenFiles == 0 || res.ServerEnd.Rooms == 0 {
		t.Errorf("stored rooms %d of %d, %d problems, server at the end %+v", res.StoredRooms, res.RoomsPlayed, res.StoredProblems, res.ServerEnd)
	}
}

// loadServer is a server in this process for a load test.
func loadServer(t *testing.T) *httptest.Server {
	t.Helper()
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "load.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	mgr := rooms.NewManager(rooms.Config{Store: db, Agents: server.DefaultAgents, Offered: server.OfferedAgents, Log: log})
	t.Cleanup(mgr.Close)
	ts := httptest.NewServer(server.New(server.Config{Log: log, Rooms: mgr, RoomsPerMinute: 1 << 20, MessageRate: 1000}))
	t.Cleanup(ts.Close)
	return ts
}

// Rooms against the computer report its replies, and heavy rooms from
// two other addresses play meanwhile.
func TestLoadtestAgainstTheComputer(t *testing.T) {
	ts := loadServer(t)
	var out bytes.Buffer
	args := []string{"--server", ts.URL, "--rooms", "2", "--duration", "2s", "--think", "0", "--vs", "random", "--heavy", "1", "--heavy-from", "2", "--heavy-agent", "greedy", "--json"}
	if err := runLoadtest(args, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var res struct{ Replies, HeavyReplies, HeavyFrom, RoomsPlayed, StoredRooms, StoredProblems int }
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("report %q: %v", out.String(), err)
	}
	if res.Replies == 0 || res.HeavyReplies == 0 || res.HeavyFrom != 2 || res.RoomsPlayed < 4 || res.StoredProblems != 0 {
		t.Errorf("report %s", out.String())
	}
}

// The round trips reported after the start are those of the moves sent
// from then on, whenever their acknowledgement came.
func TestRoundTripsAfterTheStart(t *testing.T) {
	t0 := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	sent := []time.Time{t0.Add(4 * time.Second), t0.Add(5 * time.Second), t0.Add(4999 * time.Millisecond), t0.Add(9 * time.Second)}
	rtts := []time.Duration{300 * time.Millisecond, 2 * time.Millisecond, 900 * time.Millisecond, 7 * time.Millisecond}
	got := sentSince(rtts, sent, t0.Add(startup))
	if len(got) != 2 || got[0] != 2*time.Millisecond || got[1] != 7*time.Millisecond {
		t.Fatalf("round trips after %v: %v, want [2ms 7ms]", startup, got)
	}
}

// One room is "1 room", and with --heavy rooms searching the memory line
// gives no figure per room, which their searches would inflate (issue
// #37: "1 rooms", and a per-room memory of the search).
func TestLoadtestCountsRoomsAndChargesNoSearchToThem(t *testing.T) {
	if got := roomCount(1); got != "1 room" {
		t.Errorf("roomCount(1) = %q", got)
	}
	if got := roomCount(20); got != "20 rooms" {
		t.Errorf("roomCount(20) = %q", got)
	}
	const mib = 1 << 20
	if got, want := memoryLine(10*mib, 20*mib, 100, 0), "server memory: 10.0 MiB idle, 20.0 MiB with 100 rooms: 102.4 KiB per room"; got != want {
		t.Errorf("memoryLine = %q, want %q", got, want)
	}
	got := memoryLine(10*mib, 200*mib, 100, 1)
	if strings.Contains(got, "KiB per room") || !strings.Contains(got, "1 room searching") {
		t.Errorf("with a heavy room: %q", got)
	}
}
