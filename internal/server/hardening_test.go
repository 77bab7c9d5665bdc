package server

// Tests for issue #14: no request can knock the server over. Each test
// names the defect of the issue it covers.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/compute"
	"tabula/web"
)

func quietServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	s := New(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return s, ts
}

// Defect 1: only the agents the server offers may sit.
func TestOnlyOfferedAgentsSit(t *testing.T) {
	ts := newTestServer(t)
	for _, spec := range []string{"mcts:87600h", "alphabeta:1000000", "mcts:2000000000", "mcts:0", "hard", " random"} {
		var e errorBody
		body := fmt.Sprintf(`{"game":"adji-boto","seats":["human",%q]}`, spec)
		if code := call(t, ts, "POST", "/api/matches", body, &e); code != 400 || !strings.Contains(e.Error, "not offered") {
			t.Errorf("seat %q: %d %q, want 400 not offered", spec, code, e.Error)
		}
	}
	rec := `{"record":{"game":"adji-boto","options":[],"moves":[],"players":["human","mcts:87600h"]}}`
	var m matchJSON
	if code := call(t, ts, "POST", "/api/matches", rec, &m); code != 201 || m.Seats[1] != Human {
		t.Errorf("record with an agent not offered: %d seats %v, want people in every seat", code, m.Seats)
	}
}

// endlessAgents makes every computer seat an MCTS with a budget of ten
// years, and reports on started each time one is asked for a move.
func endlessAgents(started chan<- struct{}) AgentFunc {
	return func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
		if seed != 1 { // seed 1 is the seat check at creation
			select {
			case started <- struct{}{}:
			default:
			}
		}
		return ai.NewMCTS("endless", ai.Budget{Time: 87600 * time.Hour}, ai.Config{Seed: seed}), nil
	}
}

// Defect 1: a search stops when the request's time budget is spent, and
// the match answers with the computer's best move so far.
func TestSearchStopsAtTheRequestBudget(t *testing.T) {
	_, ts := quietServer(t, Config{Agents: endlessAgents(nil), RequestTimeout: 50 * time.Millisecond})
	var m matchJSON
	if code := call(t, ts, "POST", "/api/matches", `{"game":"adji-boto","seats":["mcts:hard","human"]}`, &m); code != 201 {
		t.Fatalf("new: %d", code)
	}
	if len(m.Turns) != 1 || m.Turns[0].Actors[0] != 0 {
		t.Errorf("turns %+v, want the computer's first move", m.Turns)
	}
}

// Defect 1: closing the server (shutdown) stops a running search, and
// later searches get 503.
func TestCloseStopsSearches(t *testing.T) {
	started := make(chan struct{}, 1)
	s, ts := quietServer(t, Config{Agents: endlessAgents(started)})
	done := make(chan int)
	go func() {
		res, err := http.Post(ts.URL+"/api/matches", "application/json", strings.NewReader(`{"game":"adji-boto","seats":["mcts:hard","human"]}`))
		if err != nil {
			done <- 0
			return
		}
		res.Body.Close()
		done <- res.StatusCode
	}()
	<-started
	s.Close()
	if code := <-done; code != 201 {
		t.Errorf("search stopped by Close: %d, want 201 with the best move so far", code)
	}
	var e errorBody
	if code := call(t, ts, "POST", "/api/matches", `{"game":"adji-boto","seats":["mcts:easy","human"]}`, &e); code != 503 {
		t.Errorf("after Close: %d %q, want 503", code, e.Error)
	}
}

// Defect 1: when every worker is busy and the wait passes the request's
// budget, the answer is 503 with Retry-After, and nothing is played.
func TestBusyPoolAnswers503(t *testing.T) {
	pool := compute.NewPool(1, 4)
	_, ts := quietServer(t, Config{Pool: pool, RequestTimeout: 20 * time.Millisecond})
	var m matchJSON
	if code := call(t, ts, "POST", "/api/matches", `{"game":"adji-boto","options":{"seeds":3},"seats":["human","mcts:easy"]}`, &m); code != 201 {
		t.Fatalf("new: %d", code)
	}
	release, started := make(chan struct{}), make(chan struct{})
	go pool.Do(context.Background(), func(context.Context) { close(started); <-release })
	<-started
	defer close(release)
	res, err := http.Post(ts.URL+"/api/matches/"+m.ID+"/moves", "application/json", strings.NewReader(`{"move":"9"}`))
	if err != nil {
		t.Fatal(err)
	}
	var e errorBody
	json.NewDecoder(res.Body).Decode(&e)
	res.Body.Close()
	if res.StatusCode != 503 || res.Header.Get("Retry-After") == "" || !strings.Contains(e.Error, "busy") {
		t.Errorf("move while busy: %d Retry-After %q %q", res.StatusCode, res.Header.Get("Retry-After"), e.Error)
	}
	// A match of people, or against players that do not search, needs
	// no worker.
	var h matchJSON
	if code := call(t, ts, "POST", "/api/matches", `{"game":"adji-boto","options":{"seeds":3},"seats":["human","random"]}`, &h); code != 201 {
		t.Errorf("against random while busy: %d", code)
	}
	if code := call(t, ts, "POST", "/api/matches/"+h.ID+"/moves", `{"move":"9"}`, &h); code != 200 {
		t.Errorf("move against random while busy: %d", code)
	}
	var after matchJSON
	call(t, ts, "GET", "/api/matches/"+m.ID, "", &after)
	if len(after.Turns) != 0 {
		t.Errorf("turns %v after a refused move", after.Turns)
	}
}

// Defect 1: a reader of a match does not wait for its computer player.
func TestGetDoesNotWaitForASearch(t *testing.T) {
	started := make(chan struct{}, 1)
	s, ts := quietServer(t, Config{Agents: endlessAgents(started)})
	var m matchJSON
	if code := call(t, ts, "POST", "/api/matches", `{"game":"test-coins","seats":["human","mcts:hard"]}`, &m); code != 201 {
		t.Fatalf("new: %d", code)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		res, err := http.Post(ts.URL+"/api/matches/"+m.ID+"/moves", "application/json", strings.NewReader(`{"move":"1"}`))
		if err == nil {
			res.Body.Close()
		}
	}()
	<-started
	var got matchJSON
	if code := call(t, ts, "GET", "/api/matches/"+m.ID, "", &got); code != 200 || len(got.Turns) != 0 {
		t.Errorf("GET during a search: %d turns %v", code, got.Turns)
	}
	var rec engine.Record
	if code := call(t, ts, "GET", "/api/matches/"+m.ID+"/record", "", &rec); code != 200 {
		t.Errorf("record during a search: %d", code)
	}
	s.Close()
	<-done
}

// Defect 2: options that can make one move run for minutes are refused.
func TestSlowOptionsAreRefused(t *testing.T) {
	ts := newTestServer(t)
	var e errorBody
	if code := call(t, ts, "POST", "/api/matches", `{"game":"agsinnoninka","options":{"seeds":25,"max-steps":0},"seats":["human","human"]}`, &e); code != 400 || !strings.Contains(e.Error, "max-steps") {
		t.Errorf("max-steps=0: %d %q", code, e.Error)
	}
	if code := call(t, ts, "POST", "/api/matches", `{"game":"agsinnoninka","options":{"max-steps":20000000}}`, &e); code != 400 || !strings.Contains(e.Error, "20000000 is out of range") {
		t.Errorf("max-steps=20000000: %d %q", code, e.Error)
	}
	rec := `{"game":"agsinnoninka","options":["max-steps=0"],"moves":[]}`
	if code := call(t, ts, "POST", "/api/replay", rec, &e); code != 400 || !strings.Contains(e.Error, "max-steps") {
		t.Errorf("replay with max-steps=0: %d %q", code, e.Error)
	}
	var g gameView
	call(t, ts, "GET", "/api/games/agsinnoninka", "", &g)
	for _, o := range g.Options {
		if o.Name == "max-steps" && (o.Min == nil || *o.Min != 1 || *o.Max != 10000000) {
			t.Errorf("max-steps shown as %v..%v, want the server's 1..10000000", *o.Min, *o.Max)
		}
	}
}

// Defect 3: a record longer than MaxTurns is refused before it is
// replayed.
func TestLongRecordsAreRefused(t *testing.T) {
	ts := newTestServer(t)
	moves := make([]string, MaxTurns+1)
	for i := range moves {
		moves[i] = "t1"
	}
	body := string(mustJSON(engine.Record{Game: "tamman", Moves: moves}))
	for _, req := range []string{body, `{"record":` + body + `}`} {
		path := "/api/replay"
		if strings.HasPrefix(req, `{"record"`) {
			path = "/api/matches"
		}
		var e errorBody
		if code := call(t, ts, "POST", path, req, &e); code != 400 || !strings.Contains(e.Error, fmt.Sprint(MaxTurns)) {
			t.Errorf("%s with %d moves: %d %q", path, len(moves), code, e.Error)
		}
	}
}

// Defect 3: /states answers in pages.
func TestStatesArePaged(t *testing.T) {
	ts := newTestServer(t)
	m := playOut(t, ts, newAdji(t, ts))
	n := len(m.Turns)
	var all, p statesView
	if code := call(t, ts, "GET", "/api/matches/"+m.ID+"/states", "", &all); code != 200 || len(all.States) != n+1 || all.Next != nil {
		t.Fatalf("all states: %d, %d states for %d turns, next %v", code, len(all.States), n, all.Next)
	}
	var got []json.RawMessage
	for from := 0; ; {
		if code := call(t, ts, "GET", fmt.Sprintf("/api/matches/%s/states?from=%d&count=3", m.ID, from), "", &p); code != 200 || p.From != from || len(p.Turns) != n {
			t.Fatalf("page from %d: %d from %d, %d turns", from, code, p.From, len(p.Turns))
		}
		got = append(got, p.States...)
		if p.Next == nil {
			break
		}
		if len(p.States) != 3 || *p.Next != from+3 {
			t.Fatalf("page from %d: %d states, next %d", from, len(p.States), *p.Next)
		}
		from = *p.Next
	}
	if len(got) != len(all.States) || string(got[n]) != string(all.States[n]) {
		t.Errorf("pages give %d states, want %d the same", len(got), len(all.States))
	}
	for _, q := range []string{"from=-1", "count=0", "count=1001", "from=x", "count=1e3"} {
		var e errorBody
		if code := call(t, ts, "GET", "/api/matches/"+m.ID+"/states?"+q, "", &e); code != 400 {
			t.Errorf("%s: %d %q", q, code, e.Error)
		}
	}
}

// heapAfterGC is the live heap in bytes.
func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// Defect 4: a match keeps no search memory between moves: twenty matches
// against alpha-beta (a table of 2 MB each when kept) and MCTS hold less
// than a few megabytes together.
func TestMatchesKeepNoSearchMemory(t *testing.T) {
	ts := newTestServer(t)
	before := heapAfterGC()
	for i := range 20 {
		spec := []string{"alphabeta:easy", "mcts:easy"}[i%2]
		var m matchJSON
		body := fmt.Sprintf(`{"game":"adji-boto","seats":[%q,"human"]}`, spec)
		if code := call(t, ts, "POST", "/api/matches", body, &m); code != 201 {
			t.Fatalf("new: %d", code)
		}
	}
	grown := int64(heapAfterGC()) - int64(before)
	if grown > 8<<20 {
		t.Errorf("20 matches against the computer keep %d MB", grown>>20)
	}
}

// Defect 5: a full store answers 503 rather than throw away games in
// progress.
func TestFullStoreKeepsActiveGames(t *testing.T) {
	_, ts := quietServer(t, Config{Store: NewMemStore(2)})
	a, b := newAdji(t, ts), newAdji(t, ts)
	var e errorBody
	if code := call(t, ts, "POST", "/api/matches", `{"game":"adji-boto"}`, &e); code != 503 {
		t.Errorf("third match in a store of two: %d %q, want 503", code, e.Error)
	}
	for _, m := range []matchJSON{a, b} {
		var got matchJSON
		if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"9"}`, &got); code != 200 {
			t.Errorf("move in a kept match: %d", code)
		}
	}
}

// Defect 5: finished matches go first, then matches idle for Active;
// matches idle for Idle expire.
func TestMemStoreEvictionOrder(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := NewMemStore(2)
	s.Now = func() time.Time { return now }
	a, b, c, d := &Match{}, &Match{}, &Match{}, &Match{}
	s.Add(a)
	now = now.Add(time.Minute)
	s.Add(b)
	if err := s.Add(c); err != errStoreFull {
		t.Fatalf("full store of active matches: %v", err)
	}
	now = now.Add(s.Active)
	s.Get(b.ID) // b is active again, a has been idle for Active
	if err := s.Add(c); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(a.ID); err != errNoMatch {
		t.Errorf("idle match kept over an active one: %v", err)
	}
	now = now.Add(s.Idle + time.Second)
	if _, err := s.Get(b.ID); err != errNoMatch {
		t.Errorf("match idle for a day kept: %v", err)
	}
	if err := s.Add(d); err != nil || s.Len() != 1 {
		t.Errorf("add after expiry: %v, %d kept, want only the new one", err, s.Len())
	}
}

// Defect 5: the store is bounded by memory too.
func TestMemStoreBoundedByBytes(t *testing.T) {
	s := NewMemStore(1000)
	s.MaxBytes = 3 * 1024
	ms := []*Match{{}, {}, {}, {}}
	ms[0].snap.Store(&snapshot{over: true, bytes: 1024})
	for _, m := range ms[:3] {
		if err := s.Add(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Add(ms[3]); err != nil || s.Len() != 3 {
		t.Errorf("add over the byte bound: %v, %d kept", err, s.Len())
	}
	if _, err := s.Get(ms[0].ID); err != errNoMatch {
		t.Errorf("finished match kept past the byte bound")
	}
}

// Defect 6: asking for agents under many option combinations keeps
// nothing.
func TestAgentQueriesKeepNothing(t *testing.T) {
	s := New(Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ask := func(i int) {
		r := httptest.NewRequest("GET", fmt.Sprintf("/api/games/agsinnoninka/agents?max-steps=%d&max-turns=%d", 1+i, i), nil)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != 200 {
			t.Fatalf("agents: %d %s", w.Code, w.Body)
		}
	}
	ask(0)
	before := heapAfterGC()
	for i := range 10000 {
		ask(i)
	}
	grown := int64(heapAfterGC()) - int64(before)
	runtime.KeepAlive(s)
	if grown > 2<<20 {
		t.Errorf("10000 agent queries keep %d MB", grown>>20)
	}
}

// Defect 8: cross-site requests, other content types and (on loopback)
// other host names are refused.
func TestCrossSiteAndRebinding(t *testing.T) {
	_, ts := quietServer(t, Config{LoopbackOnly: true})
	send := func(host, ctype, origin, site string) int {
		req, _ := http.NewRequest("POST", ts.URL+"/api/matches", strings.NewReader(`{"game":"adji-boto"}`))
		if host != "" {
			req.Host = host
		}
		req.Header.Set("Content-Type", ctype)
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		if site != "" {
			req.Header.Set("Sec-Fetch-Site", site)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	cases := []struct {
		name, host, ctype, origin, site string
		want                            int
	}{
		{"same origin", "", "application/json", "", "same-origin", 201},
		{"localhost", "localhost:8080", "application/json; charset=utf-8", "", "", 201},
		{"text/plain", "", "text/plain", "", "", 415},
		{"form", "", "application/x-www-form-urlencoded", "", "", 415},
		{"cross-site", "", "application/json", "http://evil.example", "cross-site", 403},
		{"cross origin", "", "text/plain", "http://evil.example", "", 403},
		{"rebinding", "evil.example", "application/json", "", "", 421},
		{"rebinding with port", "evil.example:8080", "application/json", "", "", 421},
	}
	for _, c := range cases {
		if got := send(c.host, c.ctype, c.origin, c.site); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// Defect 9: a path that is not UTF-8 is a 400, not a 500.
func TestBadUTF8Path(t *testing.T) {
	s := New(Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Static: web.Static()})
	for _, p := range []string{"/%ff", "/api/games/%ff", "/a/%c3%28"} {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest("GET", p, nil))
		if w.Code != 400 && w.Code != 404 {
			t.Errorf("GET %s: %d %s", p, w.Code, w.Body)
		}
	}
}

// Defect 10: a wrong method on an API route is 405 with Allow.
func TestWrongMethodIs405(t *testing.T) {
	ts := newTestServer(t)
	m := newAdji(t, ts)
	cases := map[string]string{
		"GET /api/matches":                    "POST",
		"DELETE /api/matches/" + m.ID:         "GET, HEAD",
		"GET /api/matches/" + m.ID + "/moves": "POST",
		"PUT /api/games":                      "GET, HEAD",
		"POST /api/replay/":                   "",
	}
	for req, allow := range cases {
		method, path, _ := strings.Cut(req, " ")
		r, _ := http.NewRequest(method, ts.URL+path, nil)
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		want := 405
		if allow == "" {
			want = 404
		}
		if res.StatusCode != want || res.Header.Get("Allow") != allow {
			t.Errorf("%s: %d Allow %q, want %d %q", req, res.StatusCode, res.Header.Get("Allow"), want, allow)
		}
	}
}

// Defect 11: with the same seed and record, the computer's hidden choice
// in a simultaneous turn is not always the same: it is seeded from a
// secret.
func TestHiddenChoiceIsNotRepeatable(t *testing.T) {
	ts := newTestServer(t)
	seen := map[string]bool{}
	for range 24 {
		var m matchJSON
		if code := call(t, ts, "POST", "/api/matches", `{"game":"test-coins","seats":["random","human"],"seed":5}`, &m); code != 201 {
			t.Fatalf("new: %d", code)
		}
		call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"1"}`, &m)
		seen[m.Steps[0].Move] = true
		// Undo and play again: the choice is drawn again, too.
		call(t, ts, "POST", "/api/matches/"+m.ID+"/undo", "", &m)
		call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"1"}`, &m)
		seen[m.Steps[0].Move+" again"] = true
	}
	if len(seen) != 4 {
		t.Errorf("the computer's choices with one seed: %v, want both 0 and 1 each time", seen)
	}
}

// Defect 12: large whole numbers sent as JSON numbers keep their digits.
func TestLargeNumberOptions(t *testing.T) {
	ts := newTestServer(t)
	for _, body := range []string{
		`{"game":"agsinnoninka","options":{"max-steps":10000000},"seats":["human","human"]}`,
		`{"game":"adji-boto","options":{"max-plies":1000000},"seats":["human","human"]}`,
	} {
		var m matchJSON
		if code := call(t, ts, "POST", "/api/matches", body, &m); code != 201 {
			t.Errorf("%s: %d", body, code)
		}
	}
	var e errorBody
	if code := call(t, ts, "POST", "/api/matches", `{"game":"adji-boto","options":{"seeds":3.5}}`, &e); code != 400 || !strings.Contains(e.Error, "3.5") {
		t.Errorf("seeds 3.5: %d %q", code, e.Error)
	}
}

// Defect 2: a replay (undo, states, a loaded record) stops when the
// request's budget is spent, with 503, instead of running on.
func TestReplayStopsAtTheRequestBudget(t *testing.T) {
	ts := newTestServer(t)
	var m matchJSON
	call(t, ts, "POST", "/api/matches", `{"game":"adji-boto","seats":["human","human"]}`, &m)
	for len(m.Turns) < 10 && !m.State.Terminal {
		mv := m.State.Legal[fmt.Sprint(m.State.ToMove[0])][0]
		if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"`+mv+`"}`, &m); code != 200 {
			t.Fatalf("move %s: %d", mv, code)
		}
	}
	var rec engine.Record
	call(t, ts, "GET", "/api/matches/"+m.ID+"/record", "", &rec)
	if len(rec.Moves) < 10 {
		t.Fatalf("record of %d moves: too short for the test", len(rec.Moves))
	}
	_, spent := quietServer(t, Config{RequestTimeout: time.Nanosecond})
	var e errorBody
	if code := call(t, spent, "POST", "/api/replay", string(mustJSON(rec)), &e); code != 503 || !strings.Contains(e.Error, "longer") {
		t.Errorf("replay past the budget: %d %q", code, e.Error)
	}
	rec.Players = []string{"human", "human"}
	if code := call(t, spent, "POST", "/api/matches", `{"record":`+string(mustJSON(rec))+`}`, &e); code != 503 {
		t.Errorf("loading past the budget: %d %q", code, e.Error)
	}
}

// countingAgent plays at random and counts how many of its kind choose at
// once.
type countingAgent struct {
	ai.Agent
	running, most *atomic.Int32
}

func (c countingAgent) Choose(s engine.State, p int) engine.Move {
	n := c.running.Add(1)
	for m := c.most.Load(); n > m && !c.most.CompareAndSwap(m, n); m = c.most.Load() {
	}
	for range 200 {
		runtime.Gosched() // stay a while, so that overlaps show
	}
	c.running.Add(-1)
	return c.Agent.Choose(s, p)
}

// Defect 1: twelve clients asking for computer moves at once get them
// one per worker at a time, the others queued.
func TestSearchesQueueForWorkers(t *testing.T) {
	var running, most atomic.Int32
	agents := func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
		return countingAgent{ai.NewRandom(seed), &running, &most}, nil
	}
	_, ts := quietServer(t, Config{Agents: agents, Pool: compute.NewPool(2, 100)})
	var wg sync.WaitGroup
	for range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := http.Post(ts.URL+"/api/matches", "application/json", strings.NewReader(`{"game":"adji-boto","seats":["mcts:max","human"]}`))
			if err != nil {
				t.Error(err)
				return
			}
			res.Body.Close()
			if res.StatusCode != 201 {
				t.Errorf("status %d", res.StatusCode)
			}
		}()
	}
	wg.Wait()
	if m := most.Load(); m < 1 || m > 2 {
		t.Errorf("%d searches ran at once on 2 workers", m)
	}
}

// Defect 1: a search stops when its client goes away: the computer plays
// its best move so far and the match is free for the next request.
func TestSearchStopsWhenTheClientLeaves(t *testing.T) {
	started := make(chan struct{}, 1)
	_, ts := quietServer(t, Config{Agents: endlessAgents(started)})
	var m matchJSON
	if code := call(t, ts, "POST", "/api/matches", `{"game":"adji-boto","seats":["human","mcts:hard"]}`, &m); code != 201 {
		t.Fatalf("new: %d", code)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/matches/"+m.ID+"/moves", strings.NewReader(`{"move":"9"}`))
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			res.Body.Close()
		}
		done <- err
	}()
	<-started
	cancel()
	if err := <-done; err == nil {
		t.Fatal("the request was answered before the client left")
	}
	// The undo waits for the match, so it returns only once the search
	// has stopped.
	var u matchJSON
	if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/undo", "", &u); code != 200 || len(u.Turns) != 0 {
		t.Errorf("undo after the client left: %d turns %v", code, u.Turns)
	}
}
