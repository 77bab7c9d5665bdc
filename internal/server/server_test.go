package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"tabula/ai"
	"tabula/engine"
	_ "tabula/games/all"
)

func newTestServer(t *testing.T) *httptest.Server {
	t.Helper()
	s := New(Config{
		Log:    slog.New(slog.NewTextHandler(io.Discard, nil)),
		Static: fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Tabula</title>")}},
		Rules:  fstest.MapFS{"adji-boto.md": {Data: []byte("# Adji-Boto\n")}},
	})
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return ts
}

// call sends a request and decodes the JSON answer into out (if not nil).
func call(t *testing.T, ts *httptest.Server, method, path, body string, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if ct := res.Header.Get("Content-Type"); strings.HasPrefix(path, "/api/") && !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s %s: Content-Type %q, want JSON", method, path, ct)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %d %s: not JSON: %v", method, path, res.StatusCode, data, err)
		}
	}
	return res.StatusCode
}

type stateJSON struct {
	Ply      int                 `json:"ply"`
	ToMove   []int               `json:"toMove"`
	Legal    map[string][]string `json:"legal"`
	Terminal bool                `json:"terminal"`
	Holes    []int               `json:"holes"`
}

type matchJSON struct {
	ID      string    `json:"id"`
	Game    string    `json:"game"`
	Seats   []string  `json:"seats"`
	Turns   []turn    `json:"turns"`
	State   stateJSON `json:"state"`
	Steps   []step    `json:"steps"`
	CanUndo bool      `json:"canUndo"`
	Result  string    `json:"result"`
}

func newAdji(t *testing.T, ts *httptest.Server) matchJSON {
	t.Helper()
	var m matchJSON
	code := call(t, ts, "POST", "/api/matches", `{"game":"adji-boto","options":{"seeds":3},"seats":["human","random"],"seed":7}`, &m)
	if code != http.StatusCreated {
		t.Fatalf("new match: status %d", code)
	}
	return m
}

func TestGames(t *testing.T) {
	ts := newTestServer(t)
	var out struct {
		Games []gameView `json:"games"`
	}
	if code := call(t, ts, "GET", "/api/games", "", &out); code != 200 {
		t.Fatalf("status %d", code)
	}
	found := false
	for _, g := range out.Games {
		if g.ID == "adji-boto" {
			found = true
			if !g.Playable || len(g.Options) == 0 || !g.HasRules {
				t.Errorf("adji-boto: %+v", g)
			}
			if len(g.Agents) == 0 || g.Agents[0] != "random" {
				t.Errorf("adji-boto agents %v, want random first", g.Agents)
			}
		}
		// Every game's entry comes from its package, in both languages.
		if strings.HasPrefix(g.ID, "test-") {
			continue
		}
		if g.People["en"] == "" || g.People["de"] == "" || len(g.Summary) == 0 || g.Facts.MaxPlayers < 2 {
			t.Errorf("%s: incomplete entry %+v", g.ID, g.GameView)
		}
		for _, o := range g.Options {
			if o.Docs["en"] == "" || o.Docs["de"] == "" {
				t.Errorf("%s: option %s has docs %v", g.ID, o.Name, o.Docs)
			}
		}
		if g.ID == "tamman" && (g.Players != "2-4" || !g.Facts.Chance) {
			t.Errorf("tamman: players %q, facts %+v", g.Players, g.Facts)
		}
		if g.ID == "agsinnoninka" && !g.Facts.Simultaneous {
			t.Errorf("agsinnoninka: facts %+v", g.Facts)
		}
	}
	if !found {
		t.Fatal("adji-boto is not listed")
	}
	if len(out.Games) < 3 {
		t.Errorf("catalogue lists %d games, want the three of the sources", len(out.Games))
	}
	var e errorBody
	if code := call(t, ts, "GET", "/api/games/nope", "", &e); code != 404 || !strings.Contains(e.Error, "nope") {
		t.Errorf("unknown game: %d %q", code, e.Error)
	}
	var rules map[string]string
	if code := call(t, ts, "GET", "/api/games/adji-boto/rules", "", &rules); code != 200 || !strings.HasPrefix(rules["markdown"], "# Adji-Boto") {
		t.Errorf("rules: %d %v", code, rules)
	}
}

func TestNewGameAndLegalMove(t *testing.T) {
	ts := newTestServer(t)
	m := newAdji(t, ts)
	if m.ID == "" || m.State.Ply != 0 || len(m.State.Legal["0"]) == 0 || m.CanUndo {
		t.Fatalf("new match: %+v", m)
	}
	mv := m.State.Legal["0"][0]
	var after matchJSON
	if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"`+mv+`","ply":0}`, &after); code != 200 {
		t.Fatalf("legal move %s: status %d", mv, code)
	}
	// The person's move and the computer's reply.
	if len(after.Steps) != 2 || after.Steps[0].Move != mv || after.Steps[1].Actors[0] != 1 {
		t.Errorf("steps %+v", after.Steps)
	}
	if after.State.Ply != 2 || !after.CanUndo || len(after.Turns) != 2 {
		t.Errorf("after: ply %d canUndo %v turns %v", after.State.Ply, after.CanUndo, after.Turns)
	}
	var got matchJSON
	if code := call(t, ts, "GET", "/api/matches/"+m.ID, "", &got); code != 200 || got.State.Ply != 2 {
		t.Errorf("get: %d %+v", code, got.State)
	}
}

func TestErrors(t *testing.T) {
	ts := newTestServer(t)
	m := newAdji(t, ts)
	cases := []struct {
		name, method, path, body string
		status                   int
		want                     string
	}{
		{"illegal move", "POST", "/api/matches/" + m.ID + "/moves", `{"move":"2"}`, 400, "not in player 0's row"},
		{"not a move", "POST", "/api/matches/" + m.ID + "/moves", `{"move":"x7"}`, 400, "hole number"},
		{"empty move", "POST", "/api/matches/" + m.ID + "/moves", `{"move":""}`, 400, "no move"},
		{"malformed JSON", "POST", "/api/matches/" + m.ID + "/moves", `{"move":`, 400, "malformed JSON"},
		{"wrong type", "POST", "/api/matches/" + m.ID + "/moves", `{"move":7}`, 400, "malformed JSON"},
		{"unknown field", "POST", "/api/matches/" + m.ID + "/moves", `{"mvoe":"7"}`, 400, "unknown field"},
		{"empty body", "POST", "/api/matches", ``, 400, "empty request body"},
		{"two values", "POST", "/api/matches", `{} {}`, 400, "more than one"},
		{"stale ply", "POST", "/api/matches/" + m.ID + "/moves", `{"move":"9","ply":5}`, 409, "ply"},
		{"unknown game", "POST", "/api/matches", `{"game":"chess"}`, 404, "unknown game"},
		{"no game", "POST", "/api/matches", `{}`, 400, "no game"},
		{"bad option", "POST", "/api/matches", `{"game":"adji-boto","options":{"seeds":99}}`, 400, "out of range"},
		{"unknown option", "POST", "/api/matches", `{"game":"adji-boto","options":{"colour":"red"}}`, 400, "no such option"},
		{"bad seats", "POST", "/api/matches", `{"game":"adji-boto","seats":["human"]}`, 400, "2 players"},
		{"unknown agent", "POST", "/api/matches", `{"game":"adji-boto","seats":["human","deep-blue"]}`, 400, "seat 1"},
		{"no person", "POST", "/api/matches", `{"game":"adji-boto","seats":["random","random"]}`, 400, "person"},
		{"unknown match", "GET", "/api/matches/123", ``, 404, "no such match"},
		{"unknown endpoint", "GET", "/api/nothing", ``, 404, "no such API endpoint"},
		{"undo at start", "POST", "/api/matches/" + m.ID + "/undo", ``, 400, "no move"},
		{"bad record", "POST", "/api/matches", `{"record":{"game":"adji-boto","options":[],"moves":["9","9"]}}`, 400, "move 2"},
		{"record and game", "POST", "/api/matches", `{"game":"adji-boto","record":{"game":"adji-boto","moves":[]}}`, 400, "either"},
		{"replay without game", "POST", "/api/replay", `{"moves":[]}`, 400, "no game"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var e errorBody
			code := call(t, ts, c.method, c.path, c.body, &e)
			if code != c.status || !strings.Contains(e.Error, c.want) {
				t.Errorf("got %d %q, want %d with %q", code, e.Error, c.status, c.want)
			}
		})
	}
	// The match is unharmed by the bad requests.
	var got matchJSON
	call(t, ts, "GET", "/api/matches/"+m.ID, "", &got)
	if got.State.Ply != 0 {
		t.Errorf("bad requests changed the match: ply %d", got.State.Ply)
	}
}

func TestBodyTooLarge(t *testing.T) {
	ts := newTestServer(t)
	big := `{"game":"` + strings.Repeat("x", maxBody+10) + `"}`
	res, err := http.Post(ts.URL+"/api/matches", "application/json", bytes.NewReader([]byte(big)))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("status %d, want 413", res.StatusCode)
	}
}

func TestUndo(t *testing.T) {
	ts := newTestServer(t)
	m := newAdji(t, ts)
	var a, b matchJSON
	call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"9"}`, &a)
	call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"8"}`, &b)
	if b.State.Ply != 4 {
		t.Fatalf("ply %d after two rounds", b.State.Ply)
	}
	var u matchJSON
	if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/undo", "", &u); code != 200 {
		t.Fatalf("undo: %d", code)
	}
	// Back to the person's second move: the computer's reply is gone too.
	if u.State.Ply != 2 || len(u.Turns) != 2 || u.State.ToMove[0] != 0 {
		t.Errorf("after undo: ply %d turns %v", u.State.Ply, u.Turns)
	}
	if !equalInts(u.State.Holes, a.State.Holes) {
		t.Errorf("holes after undo %v, want %v", u.State.Holes, a.State.Holes)
	}
	call(t, ts, "POST", "/api/matches/"+m.ID+"/undo", "", &u)
	if u.State.Ply != 0 || u.CanUndo {
		t.Errorf("after second undo: ply %d canUndo %v", u.State.Ply, u.CanUndo)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// playOut plays the first legal move until the game ends.
func playOut(t *testing.T, ts *httptest.Server, m matchJSON) matchJSON {
	t.Helper()
	for i := 0; !m.State.Terminal; i++ {
		if i > 2000 {
			t.Fatal("game does not end")
		}
		mv := m.State.Legal["0"][0]
		if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"`+mv+`"}`, &m); code != 200 {
			t.Fatalf("move %s: %d", mv, code)
		}
	}
	return m
}

func TestRecordRoundTrip(t *testing.T) {
	ts := newTestServer(t)
	m := playOut(t, ts, newAdji(t, ts))
	if m.Result == "" {
		t.Fatal("finished game has no result")
	}
	var e errorBody
	if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", `{"move":"9"}`, &e); code != 400 || !strings.Contains(e.Error, "over") {
		t.Errorf("move after the end: %d %q", code, e.Error)
	}
	var rec engine.Record
	if code := call(t, ts, "GET", "/api/matches/"+m.ID+"/record?download=1", "", &rec); code != 200 {
		t.Fatalf("record: %d", code)
	}
	if rec.Game != "adji-boto" || len(rec.Moves) != len(m.Turns) || rec.Result != m.Result || len(rec.Players) != 2 {
		t.Fatalf("record %+v", rec)
	}
	// The record replays with the engine to the same end.
	s, err := rec.Load()
	if err != nil || !s.Terminal() {
		t.Fatalf("record does not load: %v", err)
	}
	// Loaded again, it is the same game.
	body, _ := json.Marshal(map[string]any{"record": rec})
	var loaded matchJSON
	if code := call(t, ts, "POST", "/api/matches", string(body), &loaded); code != 201 {
		t.Fatalf("load: %d", code)
	}
	if loaded.ID == m.ID || len(loaded.Turns) != len(m.Turns) || loaded.Result != m.Result || !loaded.State.Terminal {
		t.Errorf("loaded %+v", loaded)
	}
	// The states of the replay: one more than the turns, ending terminal.
	var st statesView
	if code := call(t, ts, "GET", "/api/matches/"+loaded.ID+"/states", "", &st); code != 200 {
		t.Fatalf("states: %d", code)
	}
	if len(st.States) != len(rec.Moves)+1 || len(st.Turns) != len(rec.Moves) {
		t.Fatalf("%d states for %d moves", len(st.States), len(rec.Moves))
	}
	var last stateJSON
	json.Unmarshal(st.States[len(st.States)-1], &last)
	if !last.Terminal {
		t.Error("last replay state is not terminal")
	}
	var st2 statesView
	if code := call(t, ts, "POST", "/api/replay", string(mustJSON(rec)), &st2); code != 200 || len(st2.States) != len(st.States) {
		t.Errorf("POST /api/replay: %d, %d states", code, len(st2.States))
	}
	// A record whose players this server lacks loads with people.
	rec.Players = []string{"human", "alien"}
	rec.Moves = rec.Moves[:2]
	body, _ = json.Marshal(map[string]any{"record": rec})
	if code := call(t, ts, "POST", "/api/matches", string(body), &loaded); code != 201 || loaded.Seats[1] != Human {
		t.Errorf("record with unknown agent: %d seats %v", code, loaded.Seats)
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func TestStatic(t *testing.T) {
	ts := newTestServer(t)
	res, err := http.Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(data), "Tabula") {
		t.Errorf("GET /: %d %s", res.StatusCode, data)
	}
	res, err = http.Post(ts.URL+"/", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", res.StatusCode)
	}
}

func TestMemStoreEvictsFinishedFirst(t *testing.T) {
	s := NewMemStore(2)
	a, b, c := &Match{}, &Match{}, &Match{}
	a.snap.Store(&snapshot{over: true})
	for _, m := range []*Match{a, b, c} {
		if err := s.Add(m); err != nil {
			t.Fatal(err)
		}
	}
	if s.Len() != 2 {
		t.Errorf("len %d", s.Len())
	}
	if _, err := s.Get(a.ID); err != errNoMatch {
		t.Errorf("finished match kept: %v", err)
	}
	for _, m := range []*Match{b, c} {
		if _, err := s.Get(m.ID); err != nil {
			t.Errorf("match in progress lost: %v", err)
		}
	}
}

// TestConcurrentMoves sends the same move from many clients at once: one
// is played, the others are refused as stale, and nothing breaks.
func TestConcurrentMoves(t *testing.T) {
	ts := newTestServer(t)
	m := newAdji(t, ts)
	const n = 8
	codes := make(chan int, n)
	for range n {
		go func() {
			res, err := http.Post(ts.URL+"/api/matches/"+m.ID+"/moves", "application/json", strings.NewReader(`{"move":"9","ply":0}`))
			if err != nil {
				codes <- 0
				return
			}
			res.Body.Close()
			codes <- res.StatusCode
		}()
	}
	ok := 0
	for range n {
		switch c := <-codes; c {
		case 200:
			ok++
		case 409:
		default:
			t.Errorf("status %d", c)
		}
	}
	if ok != 1 {
		t.Errorf("%d of %d identical moves were played, want 1", ok, n)
	}
}

// TestOddMovesAre400 sends malformed and illegal move texts to a match of
// every registered game: each gets 400 with a message, none a 500.
func TestOddMovesAre400(t *testing.T) {
	ts := newTestServer(t)
	odd := []string{" ", ",", ",,", "-1", "99999999999999999999", "c1+", "+3", "c9+1", "z1+1", "c1+0",
		"c1+-3", "c1+99999999999", "t3", "t9", "pass", "7,", ",7", "7,2,1", "\x00", "ü", "c1+3,c1+3", "10", "٣", "0x7",
		"h", "c3+1", "a1+1", strings.Repeat("9", 5000)}
	for _, g := range engine.Games() {
		t.Run(g.ID(), func(t *testing.T) {
			s, err := g.NewState(engine.DefaultOptions(g))
			if err != nil {
				t.Fatal(err)
			}
			seats := make([]string, s.NumPlayers())
			for i := range seats {
				seats[i] = Human
			}
			body, _ := json.Marshal(map[string]any{"game": g.ID(), "seats": seats, "seed": 1})
			var m matchJSON
			if code := call(t, ts, "POST", "/api/matches", string(body), &m); code != 201 {
				t.Fatalf("new: %d", code)
			}
			legal := map[string]bool{}
			for _, l := range m.State.Legal {
				for _, mv := range l {
					legal[mv] = true
				}
			}
			for _, mv := range odd {
				if legal[mv] {
					continue
				}
				var e errorBody
				b, _ := json.Marshal(map[string]string{"move": mv})
				code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", string(b), &e)
				if code != 400 || e.Error == "" {
					t.Errorf("move %q: %d %q, want 400 with a message", mv, code, e.Error)
				}
			}
		})
	}
}

// TestAgentsDependOnOptions: the agents offered follow the game's facts
// under the options: alpha-beta needs two players and no simultaneous
// turns.
func TestAgentsDependOnOptions(t *testing.T) {
	ts := newTestServer(t)
	var out struct {
		Agents []string `json:"agents"`
	}
	hasAlphaBeta := func() bool { return strings.Contains(strings.Join(out.Agents, " "), "alphabeta") }
	if code := call(t, ts, "GET", "/api/games/tamman/agents?players=2", "", &out); code != 200 || !hasAlphaBeta() {
		t.Errorf("tamman, 2 players: %d %v", code, out.Agents)
	}
	if code := call(t, ts, "GET", "/api/games/tamman/agents?players=3", "", &out); code != 200 || hasAlphaBeta() || len(out.Agents) == 0 {
		t.Errorf("tamman, 3 players: %d %v", code, out.Agents)
	}
	if code := call(t, ts, "GET", "/api/games/agsinnoninka/agents", "", &out); code != 200 || hasAlphaBeta() {
		t.Errorf("agsinnoninka: %d %v", code, out.Agents)
	}
	var g gameView
	call(t, ts, "GET", "/api/games/adji-boto", "", &g)
	if strings.Join(g.Agents, " ") != strings.Join(AgentSpecs, " ") {
		t.Errorf("game view agents %v", g.Agents)
	}
	var e errorBody
	if code := call(t, ts, "GET", "/api/games/adji-boto/agents?seeds=99", "", &e); code != 400 {
		t.Errorf("bad option: %d %q", code, e.Error)
	}
	if code := call(t, ts, "GET", "/api/games/go/agents", "", &e); code != 404 {
		t.Errorf("unknown game: %d", code)
	}
	if code := call(t, ts, "POST", "/api/matches", `{"game":"tamman","options":{"players":3},"seats":["human","alphabeta:easy","random"]}`, &e); code != 400 || !strings.Contains(e.Error, "not offered") {
		t.Errorf("alpha-beta at 3 players: %d %q", code, e.Error)
	}
}

// TestAgentFuncErrors: a seat whose agent cannot be made is refused with
// the AgentFunc's reason.
func TestAgentFuncErrors(t *testing.T) {
	s := New(Config{
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Agents: func(g engine.Game, opts engine.Options, spec string, seed uint64) (ai.Agent, error) {
			if spec == "random" {
				return ai.NewRandom(seed), nil
			}
			return nil, fmt.Errorf("no %s here", spec)
		},
	})
	ts := httptest.NewServer(s)
	defer ts.Close()
	var e errorBody
	if code := call(t, ts, "POST", "/api/matches", `{"game":"adji-boto","seats":["human","greedy"]}`, &e); code != 400 || !strings.Contains(e.Error, "no greedy here") {
		t.Errorf("greedy: %d %q", code, e.Error)
	}
	if code := call(t, ts, "POST", "/api/matches", `{"game":"adji-boto","seats":["human","random"]}`, &e); code != 201 {
		t.Errorf("random: %d %q", code, e.Error)
	}
}
