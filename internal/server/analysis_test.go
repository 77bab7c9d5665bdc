package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/compute"
	"tabula/view"
)

// randomRecord plays n random turns (or to the end) of a game.
func randomRecord(t testing.TB, game string, sets []string, n int) view.Record {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.ParseOptions(g, sets)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := g.NewState(opts)
	rec := view.NewRecord(g, opts)
	rnd := ai.NewRandom(3)
	for len(rec.Moves) < n && !s.Terminal() {
		actors := s.Actors(nil)
		moves := make([]engine.Move, len(actors))
		texts := make([]string, len(actors))
		for i, a := range actors {
			moves[i] = rnd.Choose(s, a)
			texts[i] = s.MoveText(a, moves[i])
		}
		engine.ApplyTurn(s, moves)
		rec.Moves = append(rec.Moves, strings.Join(texts, ","))
	}
	return rec
}

type analysisJSON struct {
	Ply    int       `json:"ply"`
	ToMove []int     `json:"toMove"`
	Values []float64 `json:"values"`
	Moves  []struct {
		Player int     `json:"player"`
		Move   string  `json:"move"`
		Value  float64 `json:"value"`
		Share  float64 `json:"share"`
	} `json:"moves"`
	Iterations int `json:"iterations"`
}

func shortAnalyses(t *testing.T) {
	t.Helper()
	old := []any{AnalysisTime, AnalysisIterations, GraphIterations}
	AnalysisTime, AnalysisIterations, GraphIterations = 500*time.Millisecond, 300, 30
	t.Cleanup(func() {
		AnalysisTime, AnalysisIterations, GraphIterations = old[0].(time.Duration), old[1].(int), old[2].(int)
	})
}

// A room's position: each player's value (two players: they add up to
// 1), and every legal move of the mover with its value, best first.
func TestAnalysisOfARoom(t *testing.T) {
	shortAnalyses(t)
	ts := newTestServer(t)
	d := playAt(t, ts, adjiVsRandom)
	d.move(0, d.legal()[0])
	var a analysisJSON
	if code := call(t, ts, "POST", "/api/analysis", fmt.Sprintf(`{"room": %q}`, d.id), &a); code != 200 {
		t.Fatalf("analysis: %d", code)
	}
	if a.Ply != d.state.Ply || !slices.Equal(a.ToMove, d.state.ToMove) {
		t.Errorf("analysed ply %d for %v, want %d for %v", a.Ply, a.ToMove, d.state.Ply, d.state.ToMove)
	}
	if len(a.Values) != 2 || math.Abs(a.Values[0]+a.Values[1]-1) > 1e-6 {
		t.Errorf("values %v: two that add up to 1", a.Values)
	}
	var got []string
	for i, mv := range a.Moves {
		got = append(got, mv.Move)
		if mv.Value < 0 || mv.Value > 1 || (i > 0 && mv.Share > a.Moves[i-1].Share) {
			t.Errorf("move %d: %+v out of range or out of order", i, mv)
		}
	}
	want := d.legal()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("analysed moves %v, legal %v", got, want)
	}
	if a.Iterations < 1 || a.Iterations > 300 {
		t.Errorf("%d iterations, want 1 to 300", a.Iterations)
	}
}

// A record at a given ply; at Agsinnoninka's simultaneous turn both
// players' moves; at Tamman's throw no moves.
func TestAnalysisOfARecord(t *testing.T) {
	shortAnalyses(t)
	ts := newTestServer(t)
	for _, c := range []struct {
		game            string
		sets            []string
		players, actors int
	}{{"agsinnoninka", []string{"match=false"}, 2, 2}, {"tamman", []string{"players=3"}, 3, 0}} {
		rec := randomRecord(t, c.game, c.sets, 0)
		body, _ := json.Marshal(map[string]any{"record": rec, "ply": 0})
		var a analysisJSON
		if code := call(t, ts, "POST", "/api/analysis", string(body), &a); code != 200 {
			t.Fatalf("%s: %d", c.game, code)
		}
		players := map[int]bool{}
		for _, mv := range a.Moves {
			players[mv.Player] = true
		}
		if len(players) != c.actors || len(a.Values) != c.players {
			t.Errorf("%s: moves of %d players (want %d), values %v", c.game, len(players), c.actors, a.Values)
		}
	}
}

// Wrong requests get a 400 or 404 that says what is wrong.
func TestAnalysisRefuses(t *testing.T) {
	ts := newTestServer(t)
	r := newRoom(t, ts, adjiVsRandom)
	rec := randomRecord(t, "adji-boto", nil, 5)
	bad := rec
	bad.Moves = append(slices.Clone(rec.Moves), "77")
	recJS, _ := json.Marshal(rec)
	badJS, _ := json.Marshal(bad)
	cases := []struct {
		path, body string
		code       int
		says       string
	}{
		{"/api/analysis", `{}`, 400, "no position"},
		{"/api/analysis", `{"room": "nope"}`, 404, "no such room"},
		{"/api/analysis", `{"match": "nope"}`, 400, "unknown field"},
		{"/api/analysis", fmt.Sprintf(`{"room": %q, "ply": 99}`, r.ID), 400, "ply 99"},
		{"/api/analysis", fmt.Sprintf(`{"room": %q, "ply": -1}`, r.ID), 400, "ply -1"},
		{"/api/analysis", fmt.Sprintf(`{"room": %q, "record": %s}`, r.ID, recJS), 400, "not both"},
		{"/api/analysis", fmt.Sprintf(`{"record": %s}`, badJS), 400, "77"},
		{"/api/analysis", `{"record": {"game": "chess", "moves": []}}`, 404, "chess"},
		{"/api/analysis", `{"room": 5}`, 400, "malformed"},
		{"/api/analysis/graph", fmt.Sprintf(`{"room": %q, "ply": 1}`, r.ID), 400, "whole game"},
	}
	for _, c := range cases {
		var e errorBody
		if code := call(t, ts, "POST", c.path, c.body, &e); code != c.code || !strings.Contains(e.Error, c.says) {
			t.Errorf("%s %s: %d %q, want %d saying %q", c.path, c.body, code, e.Error, c.code, c.says)
		}
	}
}

// A game's graph: one value pair per analysed position, from the start to
// the last turn; a long game is sampled.
func TestAnalysisGraph(t *testing.T) {
	shortAnalyses(t)
	ts := newTestServer(t)
	rec := randomRecord(t, "adji-boto", []string{"seeds=3"}, 1000)
	n := len(rec.Moves)
	old := MaxGraphPositions
	MaxGraphPositions = n / 3
	t.Cleanup(func() { MaxGraphPositions = old })
	body, _ := json.Marshal(map[string]any{"record": rec})
	var g graphView
	if code := call(t, ts, "POST", "/api/analysis/graph", string(body), &g); code != http.StatusOK {
		t.Fatalf("graph: %d", code)
	}
	if g.Turns != n || len(g.Plies) != len(g.Values) || len(g.Plies) == 0 || g.Plies[0] != 0 {
		t.Fatalf("graph of %d turns: plies %v, %d values", n, g.Plies, len(g.Values))
	}
	if len(g.Plies) > MaxGraphPositions+2 {
		t.Errorf("%d positions analysed, the cap is %d (+ the last)", len(g.Plies), MaxGraphPositions)
	}
	if g.Complete && g.Plies[len(g.Plies)-1] != n {
		t.Errorf("a complete graph ends at ply %d, want %d", g.Plies[len(g.Plies)-1], n)
	}
	for i, v := range g.Values {
		if len(v) != 2 || (i > 0 && g.Plies[i] <= g.Plies[i-1]) {
			t.Fatalf("position %d: ply %d, values %v", i, g.Plies[i], v)
		}
	}
}

// FuzzAnalysisRequest: any body gets an answer of a known kind.
func FuzzAnalysisRequest(f *testing.F) {
	f.Add(`{"record": {"game": "adji-boto", "options": ["seeds=2"], "moves": ["5", "0"]}, "ply": 1}`)
	f.Add(`{"record": {"game": "tamman", "options": [], "moves": ["t8"]}}`)
	f.Add(`{"room": "x", "ply": 1e9}`)
	f.Add(`{"record": {"game": "agsinnoninka", "moves": ["5,0", "x"]}}`)
	old := []any{AnalysisTime, AnalysisIterations}
	AnalysisTime, AnalysisIterations = 5*time.Millisecond, 20
	f.Cleanup(func() { AnalysisTime, AnalysisIterations = old[0].(time.Duration), old[1].(int) })
	s := staticServer(f)
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/api/analysis", "/api/analysis/graph"} {
			r := httptest.NewRequest("POST", path, strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			switch w.Code {
			case 200, 400, 404, 413, 503:
			default:
				t.Errorf("POST %s %q: %d %s", path, body, w.Code, w.Body)
			}
		}
	})
}

// The graph's time bounds the whole answer: a request that waits for a
// core past it gets 503, not an answer when the request's own budget
// (here an hour) ends.
func TestGraphTimeBoundsTheWaitForACore(t *testing.T) {
	defer func(d time.Duration) { GraphTime = d }(GraphTime)
	GraphTime = 50 * time.Millisecond
	pool := compute.NewPool(compute.Config{Workers: 1})
	ts, _ := newTestServerWith(t, Config{Pool: pool, RequestTimeout: time.Hour})
	release, started := make(chan struct{}), make(chan struct{})
	go pool.Do(context.Background(), compute.Job{Addr: "192.0.2.9"}, func(context.Context) { close(started); <-release })
	<-started
	defer close(release)
	var e errorBody
	body := `{"record":{"game":"adji-boto","options":[],"moves":["9"]}}`
	if code := call(t, ts, "POST", "/api/analysis/graph", body, &e); code != 503 {
		t.Errorf("graph while every core is busy: %d %q, want 503", code, e.Error)
	}
}
