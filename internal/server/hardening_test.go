package server

// Tests that no request can knock the server over: searches end, work is
// bounded, bad requests are refused. Each is named after what it checks.

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
	"tabula/internal/wire"
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/compute"
	"tabula/internal/roomclient"
	"tabula/internal/rooms"
	"tabula/view"
	"tabula/web"
)

// Only the agents the server offers may sit.
func TestOnlyOfferedAgentsSit(t *testing.T) {
	ts := newTestServer(t)
	for _, spec := range []string{"mcts:87600h", "alphabeta:1000000", "mcts:2000000000", "mcts:0", "hard", " random"} {
		var e errorBody
		body := fmt.Sprintf(`{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":%q}]}`, spec)
		if code := call(t, ts, "POST", "/api/rooms", body, &e); code != 400 || !strings.Contains(e.Error, "not offered") {
			t.Errorf("seat %q: %d %q, want 400 not offered", spec, code, e.Error)
		}
	}
	rec := `{"record":{"game":"adji-boto","options":[],"moves":[],"players":["human","mcts:87600h"]}}`
	var r roomJSON
	if code := call(t, ts, "POST", "/api/rooms", rec, &r); code != 201 || r.Seats[1].Token == "" {
		t.Errorf("record with an agent not offered: %d seats %+v, want people in every seat", code, r.Seats)
	}
}

// searchWatch counts the computer moves of rooms that have started and
// ended their search on the compute pool.
type searchWatch struct {
	started, ended chan struct{}
}

func newSearchWatch() *searchWatch {
	return &searchWatch{started: make(chan struct{}, 100), ended: make(chan struct{}, 100)}
}

// watched is a pool whose jobs w watches.
type watched struct {
	*compute.Pool
	w *searchWatch
}

func (p watched) Do(ctx context.Context, j compute.Job, f func(context.Context)) error {
	return p.Pool.Do(ctx, j, func(ctx context.Context) {
		p.w.started <- struct{}{}
		defer func() { p.w.ended <- struct{}{} }()
		f(ctx)
	})
}

// think wraps pool: the rooms' computer moves run on the server's pool.
func (w *searchWatch) think(pool *compute.Pool) rooms.Thinker { return watched{pool, w} }

// endless makes every computer seat an MCTS with a budget of ten years.
func endless(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
	return ai.NewMCTS("endless", ai.Budget{Time: 87600 * time.Hour}, ai.Config{Seed: seed}), nil
}

// endlessServer is a test server whose computer players search for ever
// on the server's pool, watched by w; moveDeadline bounds each move (0:
// the default of 20 s).
func endlessServer(t *testing.T, cfg Config, moveDeadline time.Duration) (*httptest.Server, *Server, *searchWatch) {
	t.Helper()
	if cfg.Pool == nil {
		cfg.Pool = compute.NewPool(compute.Config{})
	}
	w := newSearchWatch()
	ts, s := newTestServerWith(t, cfg, func(rc *rooms.Config) {
		rc.Agents, rc.Think, rc.MoveDeadline = endless, w.think(cfg.Pool), moveDeadline
	})
	return ts, s, w
}

// A computer's search stops at its move's deadline, and the
// room goes on with its best move so far.
func TestSearchStopsAtTheMoveDeadline(t *testing.T) {
	ts, _, _ := endlessServer(t, Config{}, 50*time.Millisecond)
	d := playAt(t, ts, `{"game":"adji-boto","seats":[{"kind":"computer","agent":"mcts:hard"},{"kind":"person"}]}`)
	if v := d.view(); len(v.Turns) != 1 || v.Turns[0].Actors[0] != 0 || d.mover() != 1 {
		t.Errorf("turns %+v, want the computer's first move", v.Turns)
	}
}

// Shutting down (the rooms closed, then the server) stops a
// running search, and later work on the pool gets 503.
func TestShutdownStopsSearches(t *testing.T) {
	ts, s, w := endlessServer(t, Config{}, 0)
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"computer","agent":"mcts:hard"},{"kind":"person"}]}`)
	dial(t, ts, r.ID, "") // loads the room: the computer starts
	<-w.started
	s.cfg.Rooms.Close()
	<-w.ended // the search stopped long before its ten years
	s.Close()
	var e errorBody
	body := `{"record":{"game":"adji-boto","options":["seeds=3"],"moves":["9"]}}`
	if code := call(t, ts, "POST", "/api/analysis", body, &e); code != 503 {
		t.Errorf("analysis after Close: %d %q, want 503", code, e.Error)
	}
}

// When every worker is busy and the wait passes the request's
// budget, the answer is 503 with Retry-After; rooms of people play on.
func TestBusyPoolAnswers503(t *testing.T) {
	pool := compute.NewPool(compute.Config{Workers: 1, Queue: 4})
	ts, _ := newTestServerWith(t, Config{Pool: pool, RequestTimeout: 20 * time.Millisecond})
	release, started := make(chan struct{}), make(chan struct{})
	go pool.Do(context.Background(), compute.Job{Addr: "192.0.2.1"}, func(context.Context) { close(started); <-release })
	<-started
	defer close(release)
	rec := randomRecord(t, "agsinnoninka", nil, longReplay+1)
	if len(rec.Moves) <= longReplay {
		t.Fatalf("a record of %d moves is not a long replay", len(rec.Moves))
	}
	long := string(mustJSON(rec))
	for _, req := range [][2]string{
		{"/api/analysis", `{"record":{"game":"adji-boto","options":["seeds=3"],"moves":["9"]}}`},
		{"/api/replay", long},
		{"/api/rooms", `{"record":` + long + `}`},
	} {
		res, err := http.Post(ts.URL+req[0], "application/json", strings.NewReader(req[1]))
		if err != nil {
			t.Fatal(err)
		}
		var e errorBody
		json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != 503 || res.Header.Get("Retry-After") == "" || !strings.Contains(e.Error, "busy") {
			t.Errorf("%s while busy: %d Retry-After %q %q", req[0], res.StatusCode, res.Header.Get("Retry-After"), e.Error)
		}
	}
	// A room of people needs no worker.
	d := playAt(t, ts, `{"game":"adji-boto","options":{"seeds":3},"seats":[{"kind":"person"},{"kind":"person"}]}`)
	d.move(0, "9")
	if v := d.view(); len(v.Turns) != 1 {
		t.Errorf("a move of people while busy: %d turns", len(v.Turns))
	}
}

// A reader of a room does not wait for its computer player.
func TestGetDoesNotWaitForASearch(t *testing.T) {
	ts, s, w := endlessServer(t, Config{}, 0)
	d := playAt(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"mcts:hard"}]}`)
	d.push(0, d.legal()[0])
	<-w.started
	var got wire.View
	if code := call(t, ts, "GET", "/api/rooms/"+d.id, "", &got); code != 200 || len(got.Turns) != 1 {
		t.Errorf("GET during a search: %d turns %v", code, got.Turns)
	}
	var rec rooms.Record
	if code := call(t, ts, "GET", "/api/rooms/"+d.id+"/record", "", &rec); code != 200 || len(rec.Moves) != 1 {
		t.Errorf("record during a search: %d %v", code, rec.Moves)
	}
	s.cfg.Rooms.Close()
	<-w.ended
}

// Taking back a move stops the computer's search of the reply.
func TestUndoStopsTheSearch(t *testing.T) {
	ts, _, w := endlessServer(t, Config{}, 0)
	d := playAt(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"mcts:hard"}]}`)
	d.push(0, d.legal()[0])
	<-w.started
	d.undo()
	<-w.ended
	if v := d.view(); len(v.Turns) != 0 {
		t.Errorf("after the undo: %d turns", len(v.Turns))
	}
}

// Options that can make one move run for minutes are refused.
func TestSlowOptionsAreRefused(t *testing.T) {
	ts := newTestServer(t)
	var e errorBody
	people := `"seats":[{"kind":"person"},{"kind":"person"}]`
	if code := call(t, ts, "POST", "/api/rooms", `{"game":"agsinnoninka","options":{"seeds":25,"max-steps":0},`+people+`}`, &e); code != 400 || !strings.Contains(e.Error, "max-steps") {
		t.Errorf("max-steps=0: %d %q", code, e.Error)
	}
	if code := call(t, ts, "POST", "/api/rooms", `{"game":"agsinnoninka","options":{"max-steps":20000000},`+people+`}`, &e); code != 400 || !strings.Contains(e.Error, "max-steps") {
		t.Errorf("max-steps=20000000: %d %q", code, e.Error)
	}
	rec := `{"game":"agsinnoninka","options":["max-steps=0"],"moves":[]}`
	if code := call(t, ts, "POST", "/api/replay", rec, &e); code != 400 || !strings.Contains(e.Error, "max-steps") {
		t.Errorf("replay with max-steps=0: %d %q", code, e.Error)
	}
	if code := call(t, ts, "POST", "/api/rooms", `{"record":`+rec+`}`, &e); code != 400 || !strings.Contains(e.Error, "max-steps") {
		t.Errorf("a room from a record with max-steps=0: %d %q", code, e.Error)
	}
	var g gameView
	call(t, ts, "GET", "/api/games/agsinnoninka", "", &g)
	for _, o := range g.Options {
		if o.Name == "max-steps" && (o.Min == nil || *o.Min != 1 || *o.Max != 10000000) {
			t.Errorf("max-steps shown as %v..%v, want the server's 1..10000000", *o.Min, *o.Max)
		}
	}
}

// A record longer than MaxTurns is refused before it is
// replayed.
func TestLongRecordsAreRefused(t *testing.T) {
	ts := newTestServer(t)
	moves := make([]string, MaxTurns+1)
	for i := range moves {
		moves[i] = "t1"
	}
	body := string(mustJSON(view.Record{Game: "tamman", Moves: moves}))
	for path, req := range map[string]string{"/api/replay": body, "/api/rooms": `{"record":` + body + `}`,
		"/api/analysis": `{"record":` + body + `}`} {
		var e errorBody
		if code := call(t, ts, "POST", path, req, &e); code != 400 || !strings.Contains(e.Error, fmt.Sprint(MaxTurns)) {
			t.Errorf("%s with %d moves: %d %q", path, len(moves), code, e.Error)
		}
	}
}

// A room's states come in pages.
func TestStatesArePaged(t *testing.T) {
	ts := newTestServer(t)
	rec := finishedRecord(t, "adji-boto", 4)
	r := newRoom(t, ts, `{"record":`+string(mustJSON(rec))+`}`)
	n := len(rec.Moves)
	path := "/api/rooms/" + r.ID + "/states"
	var all, p statesView
	if code := call(t, ts, "GET", path, "", &all); code != 200 || len(all.States) != n+1 || all.Next != nil {
		t.Fatalf("all states: %d, %d states for %d turns, next %v", code, len(all.States), n, all.Next)
	}
	var got []json.RawMessage
	for from := 0; ; {
		if code := call(t, ts, "GET", fmt.Sprintf("%s?from=%d&count=3", path, from), "", &p); code != 200 || p.From != from || len(p.Turns) != n {
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
		if code := call(t, ts, "GET", path+"?"+q, "", &e); code != 400 {
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

// A room keeps no search memory between moves: twenty rooms
// against alpha-beta (a table of 2 MB each when kept) and MCTS hold less
// than a few megabytes together once their computers have moved.
func TestRoomsKeepNoSearchMemory(t *testing.T) {
	ts := newTestServer(t)
	before := heapAfterGC()
	for i := range 20 {
		spec := []string{"alphabeta:easy", "mcts:easy"}[i%2]
		d := playAt(t, ts, fmt.Sprintf(`{"game":"adji-boto","seats":[{"kind":"computer","agent":%q},{"kind":"person"}]}`, spec))
		if len(d.view().Turns) != 1 {
			t.Fatalf("room against %s: no computer move", spec)
		}
	}
	grown := int64(heapAfterGC()) - int64(before)
	if grown > 8<<20 {
		t.Errorf("20 rooms against the computer keep %d MB", grown>>20)
	}
}

// Asking for agents under many option combinations keeps
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

// Cross-site requests, other content types and (on loopback)
// other host names are refused.
func TestCrossSiteAndRebinding(t *testing.T) {
	ts, _ := newTestServerWith(t, Config{LoopbackOnly: true})
	send := func(host, ctype, origin, site string) int {
		req, _ := http.NewRequest("POST", ts.URL+"/api/rooms", strings.NewReader(`{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`))
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

// A path that is not UTF-8 is a 400, not a 500.
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

// A wrong method on an API route is 405 with Allow.
func TestWrongMethodIs405(t *testing.T) {
	ts := newTestServer(t)
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	cases := map[string]string{
		"GET /api/rooms":                      "POST",
		"DELETE /api/rooms/" + r.ID:           "GET, HEAD",
		"POST /api/rooms/" + r.ID + "/states": "GET, HEAD",
		"PUT /api/games":                      "GET, HEAD",
		"POST /api/replay/":                   "",
		"GET /api/matches":                    "",
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

// The computer's hidden choice in a simultaneous turn is not
// the same in every room: its player is seeded from the room's secret.
// Taken back and played again, it is drawn again.
func TestHiddenChoiceIsNotRepeatable(t *testing.T) {
	ts := newTestServer(t)
	seen := map[string]bool{}
	for range 24 {
		d := playAt(t, ts, `{"game":"test-coins","seats":[{"kind":"computer","agent":"random"},{"kind":"person"}]}`)
		seen[jointTurn(t, d.move(1, "1")).Moves[0]] = true
		d.undo()
		seen[jointTurn(t, d.move(1, "1")).Moves[0]+" again"] = true
	}
	if len(seen) != 4 {
		t.Errorf("the computer's choices: %v, want both 0 and 1 each time", seen)
	}
}

// Large whole numbers sent as JSON numbers keep their digits.
func TestLargeNumberOptions(t *testing.T) {
	ts := newTestServer(t)
	people := `"seats":[{"kind":"person"},{"kind":"person"}]`
	for _, body := range []string{
		`{"game":"agsinnoninka","options":{"max-steps":10000000},` + people + `}`,
		`{"game":"adji-boto","options":{"max-plies":1000000},` + people + `}`,
	} {
		var r roomJSON
		if code := call(t, ts, "POST", "/api/rooms", body, &r); code != 201 {
			t.Errorf("%s: %d", body, code)
		}
	}
	var e errorBody
	if code := call(t, ts, "POST", "/api/rooms", `{"game":"adji-boto","options":{"seeds":3.5},`+people+`}`, &e); code != 400 || !strings.Contains(e.Error, "3.5") {
		t.Errorf("seeds 3.5: %d %q", code, e.Error)
	}
}

// A replay stops at the first move after the request's budget is spent,
// with 503, instead of running on.
func TestReplayStopsAtTheRequestBudget(t *testing.T) {
	rec := finishedRecord(t, "adji-boto", 5)
	g, opts, err := recordGame(rec)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const spentAt = 3
	last := 0
	_, err = replay(ctx, g, opts, rec.Moves, nil, func(i int, _ engine.State, _ turn, _ []view.EventView) error {
		last = i
		if i == spentAt {
			cancel() // the budget runs out while move 3 is applied
		}
		return nil
	})
	if err != errReplayTime || last != spentAt || len(rec.Moves) <= spentAt {
		t.Errorf("replay of %d moves with the budget spent at move %d: went on to move %d, error %v", len(rec.Moves), spentAt, last, err)
	}
}

// A replay or a room made from a record past the request's budget is a
// 503, not an internal error.
func TestReplayPastTheBudgetIs503(t *testing.T) {
	rec := finishedRecord(t, "adji-boto", 5)
	spent, _ := newTestServerWith(t, Config{RequestTimeout: time.Nanosecond})
	var e errorBody
	if code := call(t, spent, "POST", "/api/replay", string(mustJSON(rec)), &e); code != 503 || !strings.Contains(e.Error, "longer") {
		t.Errorf("replay past the budget: %d %q", code, e.Error)
	}
	var e2 errorBody // its own: the first answer's text must not pass for it
	if code := call(t, spent, "POST", "/api/rooms", `{"record":`+string(mustJSON(rec))+`}`, &e2); code != 503 || !strings.Contains(e2.Error, "longer") {
		t.Errorf("a room from a record past the budget: %d %q", code, e2.Error)
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

// Twelve rooms whose computer players must move at once get
// them one per worker at a time, the others queued.
func TestSearchesQueueForWorkers(t *testing.T) {
	var running, most atomic.Int32
	agents := func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
		return countingAgent{ai.NewRandom(seed), &running, &most}, nil
	}
	pool := compute.NewPool(compute.Config{Workers: 2, Queue: 100})
	ts, _ := newTestServerWith(t, Config{Pool: pool}, func(rc *rooms.Config) { rc.Agents = agents })
	var ids []string
	for range 12 {
		ids = append(ids, newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"computer","agent":"mcts:max"},{"kind":"person"}]}`).ID)
	}
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			c, w, err := roomclient.Dial(ctx, ts.URL, id, "", -1, nil)
			if err != nil {
				t.Error(err)
				return
			}
			defer c.CloseNow()
			for w.View.Version == 0 { // the computer's move, if not seen at the hello
				m, err := c.Recv(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				if m.Type == "event" {
					return
				}
			}
		}()
	}
	wg.Wait()
	if m := most.Load(); m < 1 || m > 2 {
		t.Errorf("%d searches ran at once on 2 workers", m)
	}
}
