package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"tabula/internal/wire"
	"testing"
	"testing/fstest"
	"time"

	"tabula/engine"
	_ "tabula/games/all"
	"tabula/internal/roomclient"
	"tabula/internal/rooms"
	"tabula/internal/store"
)

// newTestServer is a server with the app (a stub), rules pages and rooms
// on a fresh SQLite file.
func newTestServer(t testing.TB) *httptest.Server {
	t.Helper()
	ts, _ := newTestServerWith(t, Config{})
	return ts
}

// newTestServerWith is newTestServer with cfg. Its Rooms are made here:
// their computer players think on cfg.Pool when it is set, and each of
// setup may change their configuration.
func newTestServerWith(t testing.TB, cfg Config, setup ...func(*rooms.Config)) (*httptest.Server, *Server) {
	t.Helper()
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rc := rooms.Config{Store: db, Agents: DefaultAgents, Offered: OfferedAgents, Log: log}
	if cfg.Pool != nil {
		rc.Think = cfg.Pool
	}
	for _, f := range setup {
		f(&rc)
	}
	mgr := rooms.NewManager(rc)
	cfg.Log, cfg.Rooms = log, mgr
	cfg.RoomsPerMinute, cfg.MessageRate = 1000, 1000
	if cfg.Static == nil {
		cfg.Static = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Tabula</title>")}}
	}
	if cfg.Rules == nil {
		cfg.Rules = fstest.MapFS{"adji-boto.md": {Data: []byte("# Adji-Boto\n")}}
	}
	s := New(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		mgr.Close()
		s.Close()
		ts.Close()
		db.Close()
	})
	return ts, s
}

// call sends a request and decodes the JSON answer into out (if not nil).
func call(t testing.TB, ts *httptest.Server, method, path, body string, out any) int {
	t.Helper()
	return callWith(t, ts, method, path, body, nil, out)
}

// callWith is call with the headers h.
func callWith(t testing.TB, ts *httptest.Server, method, path, body string, h http.Header, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range h {
		req.Header[k] = v
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

// adjiVsRandom is a room of Adji-Boto with three seeds a hole: a person
// against the random player.
const adjiVsRandom = `{"game":"adji-boto","options":{"seeds":3},"seats":[{"kind":"person"},{"kind":"computer","agent":"random"}]}`

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

// A person's move in a room against the computer: the device gets the
// move and the computer's reply as events, and the room has both.
func TestMoveAgainstTheComputer(t *testing.T) {
	ts := newTestServer(t)
	d := playAt(t, ts, adjiVsRandom)
	if d.state.Ply != 0 || len(d.legal()) == 0 || d.mover() != 0 {
		t.Fatalf("new room: %s", d.raw)
	}
	mv := d.legal()[0]
	steps := d.move(0, mv)
	if len(steps) != 2 || steps[0].Event.Move != mv || !slices.Equal(steps[0].Event.By, []int{0}) || steps[1].Event.Actors[0] != 1 {
		t.Errorf("steps %+v", steps)
	}
	v := d.view()
	st, _ := roomclient.ParseState(v.State)
	if d.state.Ply != 2 || len(v.Turns) != 2 || st.Ply != 2 || v.Version != 2 {
		t.Errorf("after: ply %d, the room has %d turns at ply %d, version %d", d.state.Ply, len(v.Turns), st.Ply, v.Version)
	}
}

// rawReject sends a raw message and returns the rejection it gets.
func (d *device) rawReject(msg string) roomclient.Msg {
	d.t.Helper()
	if err := d.c.SendRaw(context.Background(), []byte(msg)); err != nil {
		d.t.Fatal(err)
	}
	for {
		if m := d.next(); m.Type == "reject" {
			return m
		}
	}
}

func TestErrors(t *testing.T) {
	ts := newTestServer(t)
	d := playAt(t, ts, adjiVsRandom)
	// Bad moves over the room's connection: a rejection with a code and
	// a message.
	for _, c := range []struct{ name, msg, code, want string }{
		{"illegal move", `{"type":"move","version":0,"move":"2"}`, rooms.CodeIllegal, "not in player 0's row"},
		{"not a move", `{"type":"move","version":0,"move":"x7"}`, rooms.CodeIllegal, "hole number"},
		{"empty move", `{"type":"move","version":0,"move":""}`, "bad-message", `needs "move"`},
		{"malformed JSON", `{"type":"move",`, "bad-message", "malformed"},
		{"wrong type", `{"type":"move","version":0,"move":7}`, "bad-message", "malformed"},
		{"unknown field", `{"type":"move","version":0,"mvoe":"7"}`, "bad-message", "unknown field"},
		{"future version", `{"type":"move","version":5,"move":"9"}`, rooms.CodeBad, "version 5"},
	} {
		if m := d.rawReject(c.msg); m.Code != c.code || !strings.Contains(m.Error, c.want) {
			t.Errorf("%s: %s, want %s saying %q", c.name, m.Raw, c.code, c.want)
		}
	}
	cases := []struct {
		name, method, path, body string
		status                   int
		want                     string
	}{
		{"empty body", "POST", "/api/rooms", ``, 400, "empty request body"},
		{"two values", "POST", "/api/rooms", `{} {}`, 400, "more than one"},
		{"unknown game", "POST", "/api/rooms", `{"game":"chess","seats":[{"kind":"person"}]}`, 400, "unknown game"},
		{"no game", "POST", "/api/rooms", `{}`, 400, "game"},
		{"bad option", "POST", "/api/rooms", `{"game":"adji-boto","options":{"seeds":99},"seats":[{"kind":"person"},{"kind":"person"}]}`, 400, "out of range"},
		{"unknown option", "POST", "/api/rooms", `{"game":"adji-boto","options":{"colour":"red"},"seats":[{"kind":"person"},{"kind":"person"}]}`, 400, "no such option"},
		{"bad seats", "POST", "/api/rooms", `{"game":"adji-boto","seats":[{"kind":"person"}]}`, 400, "2 players"},
		{"unknown agent", "POST", "/api/rooms", `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"deep-blue"}]}`, 400, "seat 1"},
		{"no person", "POST", "/api/rooms", `{"game":"adji-boto","seats":[{"kind":"computer","agent":"random"},{"kind":"computer","agent":"random"}]}`, 400, "person"},
		{"unknown room", "GET", "/api/rooms/123", ``, 404, "no such room"},
		{"unknown endpoint", "GET", "/api/nothing", ``, 404, "no such API endpoint"},
		{"bad record", "POST", "/api/rooms", `{"record":{"game":"adji-boto","options":[],"moves":["9","9"]}}`, 400, "move 2"},
		{"record and game", "POST", "/api/rooms", `{"game":"adji-boto","record":{"game":"adji-boto","moves":[]}}`, 400, "either"},
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
	// The room is unharmed by the bad requests.
	if v := d.view(); v.Version != 0 || len(v.Turns) != 0 {
		t.Errorf("bad requests changed the room: version %d, %d turns", v.Version, len(v.Turns))
	}
	// A move chosen in an older turn is stale, with the room's view.
	d.move(0, "9")
	if m := d.rawReject(`{"type":"move","version":0,"move":"8"}`); m.Code != rooms.CodeStale || m.View.Version != d.version {
		t.Errorf("stale move: %s", m.Raw)
	}
}

func TestBodyTooLarge(t *testing.T) {
	ts := newTestServer(t)
	big := `{"game":"` + strings.Repeat("x", maxBody+10) + `"}`
	res, err := http.Post(ts.URL+"/api/rooms", "application/json", bytes.NewReader([]byte(big)))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("status %d, want 413", res.StatusCode)
	}
}

// Undo at one device takes back the person's last move and the
// computer's reply, back to the state before it.
func TestUndo(t *testing.T) {
	ts := newTestServer(t)
	d := playAt(t, ts, adjiVsRandom)
	d.move(0, "9")
	afterFirst := string(d.raw)
	d.move(0, "8")
	if d.state.Ply != 4 {
		t.Fatalf("ply %d after two rounds", d.state.Ply)
	}
	d.undo()
	if d.state.Ply != 2 || string(d.raw) != afterFirst || len(d.view().Turns) != 2 {
		t.Errorf("after undo: ply %d, state %s, want %s", d.state.Ply, d.raw, afterFirst)
	}
	d.undo()
	if d.state.Ply != 0 || len(d.view().Turns) != 0 {
		t.Errorf("after the second undo: ply %d", d.state.Ply)
	}
	_, rej := d.send(-1, map[string]any{"type": "undo", "version": d.version, "tokens": []string{d.tokens[0]}})
	if rej == nil || !strings.Contains(rej.Error, "no move of a person") {
		t.Errorf("undo at the start: %v", rej)
	}
}

// playOut plays the first legal move until the game ends.
func (d *device) playOut() {
	d.t.Helper()
	for i := 0; !d.done(); i++ {
		if i > 2000 {
			d.t.Fatal("game does not end")
		}
		d.move(d.mover(), d.legal()[0])
	}
	for !d.over { // the end comes after the last turn
		if m := d.next(); m.Type == "event" {
			d.take(m)
		}
	}
}

func TestRecordRoundTrip(t *testing.T) {
	ts := newTestServer(t)
	d := playAt(t, ts, adjiVsRandom)
	d.playOut()
	v := d.view()
	if v.Result == nil || v.Status != "finished" {
		t.Fatalf("finished game: status %q, result %+v", v.Status, v.Result)
	}
	if m := d.refused(0, "9"); m.Code != rooms.CodeOver {
		t.Errorf("move after the end: %s", m.Raw)
	}
	var rec rooms.Record
	if code := call(t, ts, "GET", "/api/rooms/"+d.id+"/record?download=1", "", &rec); code != 200 {
		t.Fatalf("record: %d", code)
	}
	if rec.Game != "adji-boto" || len(rec.Moves) != len(v.Turns) || rec.Result == nil || *rec.Result != *v.Result || len(rec.Players) != 2 {
		t.Fatalf("record %+v", rec)
	}
	// The record replays with the engine to the same end.
	s, err := rec.Load()
	if err != nil || !s.Terminal() {
		t.Fatalf("record does not load: %v", err)
	}
	// Loaded again, it is the same game, finished.
	body, _ := json.Marshal(map[string]any{"record": rec.Record})
	var loaded roomJSON
	if code := call(t, ts, "POST", "/api/rooms", string(body), &loaded); code != 201 {
		t.Fatalf("load: %d", code)
	}
	var lv wire.View
	call(t, ts, "GET", "/api/rooms/"+loaded.ID, "", &lv)
	if loaded.ID == d.id || len(lv.Turns) != len(v.Turns) || lv.Result == nil || *lv.Result != *v.Result || lv.Status != "finished" {
		t.Errorf("loaded %+v", lv)
	}
	// The states of the replay: one more than the turns, ending terminal.
	var st statesView
	if code := call(t, ts, "GET", "/api/rooms/"+loaded.ID+"/states", "", &st); code != 200 {
		t.Fatalf("states: %d", code)
	}
	if len(st.States) != len(rec.Moves)+1 || len(st.Turns) != len(rec.Moves) {
		t.Fatalf("%d states for %d moves", len(st.States), len(rec.Moves))
	}
	if last, _ := roomclient.ParseState(st.States[len(st.States)-1]); !last.Terminal {
		t.Error("last replay state is not terminal")
	}
	var st2 statesView
	if code := call(t, ts, "POST", "/api/replay", string(mustJSON(rec.Record)), &st2); code != 200 || len(st2.States) != len(st.States) {
		t.Errorf("POST /api/replay: %d, %d states", code, len(st2.States))
	}
	// A record whose players this server lacks loads with people.
	rec.Players = []string{"human", "alien"}
	rec.Moves = rec.Moves[:2]
	body, _ = json.Marshal(map[string]any{"record": rec.Record})
	if code := call(t, ts, "POST", "/api/rooms", string(body), &loaded); code != 201 || loaded.Seats[1].Token == "" {
		t.Errorf("record with unknown agent: %d seats %+v", code, loaded.Seats)
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

// TestConcurrentMoves sends the same move from many connections of one
// seat at once: it is played once, and every connection gets the same
// acknowledgement (all but one as a duplicate).
func TestConcurrentMoves(t *testing.T) {
	ts := newTestServer(t)
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	const n = 8
	conns := make([]*roomclient.Conn, n)
	for i := range conns {
		conns[i], _ = dial(t, ts, r.ID, r.Seats[0].Token)
	}
	type ack struct {
		version int
		dup     bool
	}
	acks := make(chan ack, n)
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			c.Send(ctx, map[string]any{"type": "move", "version": 0, "move": "9"})
			for {
				m, err := c.Recv(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				if m.Type == "ack" || m.Type == "reject" {
					acks <- ack{m.Version, m.Duplicate || m.Type == "reject"}
					return
				}
			}
		}()
	}
	wg.Wait()
	close(acks)
	first := 0
	for a := range acks {
		if a.version != 1 {
			t.Errorf("ack of version %d, want 1", a.version)
		}
		if !a.dup {
			first++
		}
	}
	var v wire.View
	call(t, ts, "GET", "/api/rooms/"+r.ID, "", &v)
	if first != 1 || len(v.Turns) != 1 || v.Version != 1 {
		t.Errorf("%d first acks, %d turns at version %d: want the move played once", first, len(v.Turns), v.Version)
	}
}

// TestOddMovesAreRefused sends malformed and illegal move texts to a room
// of every registered game: each is refused with a code and a message,
// and the room goes on.
func TestOddMovesAreRefused(t *testing.T) {
	ts := newTestServer(t)
	odd := []string{" ", ",", ",,", "-1", "99999999999999999999", "c1+", "+3", "c9+1", "z1+1", "c1+0",
		"c1+-3", "c1+99999999999", "t3", "t9", "pass", "7,", ",7", "7,2,1", "\x00", "ü", "c1+3,c1+3", "10", "٣", "0x7",
		"h", "c3+1", "a1+1", strings.Repeat("9", 3000)}
	for _, g := range engine.Games() {
		t.Run(g.ID(), func(t *testing.T) {
			s, err := g.NewState(engine.DefaultOptions(g))
			if err != nil {
				t.Fatal(err)
			}
			seats := make([]rooms.SeatSpec, s.NumPlayers())
			for i := range seats {
				seats[i] = rooms.SeatSpec{Kind: rooms.Person}
			}
			d := playAt(t, ts, string(mustJSON(map[string]any{"game": g.ID(), "seats": seats})))
			legal := map[string]bool{}
			for _, l := range d.state.Legal {
				for _, mv := range l {
					legal[mv] = true
				}
			}
			for _, mv := range odd {
				if legal[mv] {
					continue
				}
				m := d.refused(d.mover(), mv)
				if (m.Code != rooms.CodeIllegal && m.Code != rooms.CodeNotYours) || m.Error == "" {
					t.Errorf("move %q: %s, want a refusal with a message", mv, m.Raw)
				}
			}
			if v := d.view(); v.Version != d.version {
				t.Errorf("the odd moves changed the room")
			}
			d.move(d.mover(), d.legal()[0])
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
	if code := call(t, ts, "POST", "/api/rooms", `{"game":"tamman","options":{"players":3},"seats":[{"kind":"person"},{"kind":"computer","agent":"alphabeta:easy"},{"kind":"computer","agent":"random"}]}`, &e); code != 400 || !strings.Contains(e.Error, "not offered") {
		t.Errorf("alpha-beta at 3 players: %d %q", code, e.Error)
	}
}
