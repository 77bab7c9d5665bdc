package server

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabula/internal/pairing"
	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/internal/testgame"
	"tabula/internal/wire"
	"tabula/view"
)

// classServer is a server with rooms and classes on the SQLite file at
// path; stop closes it (a restart opens the same path again).
func classServer(t testing.TB, path string, cfg Config) (ts *httptest.Server, s *Server, db *store.SQLite, stop func()) {
	t.Helper()
	db, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	mgr := rooms.NewManager(rooms.Config{Store: db, Agents: DefaultAgents, Offered: OfferedAgents, Log: log})
	cfg.Log, cfg.Rooms, cfg.Classes = log, mgr, db
	if cfg.RoomsPerMinute == 0 {
		cfg.RoomsPerMinute = 1000
	}
	s = New(cfg)
	ts = httptest.NewServer(s)
	stopped := false
	stop = func() {
		if !stopped {
			stopped = true
			ts.Close()
			mgr.Close()
			s.Close()
			db.Close()
		}
	}
	t.Cleanup(stop)
	return ts, s, db, stop
}

// classCall is call with the teacher's or a pupil's token (none for
// ""): an error must come with its code.
func classCall(t *testing.T, ts *httptest.Server, method, path, token, body string, out any) (int, errorBody) {
	t.Helper()
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	var raw json.RawMessage
	code := callWith(t, ts, method, path, body, h, &raw)
	var e errorBody
	if code >= 400 {
		if err := json.Unmarshal(raw, &e); err != nil || e.Code == "" {
			t.Fatalf("%s %s: %d without a coded error: %s", method, path, code, raw)
		}
	} else if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %d: %v: %s", method, path, code, err, raw)
		}
	}
	return code, e
}

type classMade struct {
	ID, Code, Join, Secret, Teacher string
}

type classJoined struct {
	Class  string `json:"class"`
	Player int    `json:"player"`
	Name   string `json:"name"`
	Token  string `json:"token"`
	Link   string `json:"link"`
}

// classJSON is the class as GET /api/classes/{id} answers it.
type classJSON struct {
	Code    string `json:"code"`
	Status  string `json:"status"`
	Planned int    `json:"planned"`
	Players []struct {
		Name string `json:"name"`
	} `json:"players"`
	Rounds []struct {
		Round int `json:"round"`
		Games []struct {
			Players [2]int       `json:"players"`
			Names   [2]string    `json:"names"`
			Room    string       `json:"room"`
			Result  *view.Result `json:"result"`
			Points  [2]float64   `json:"points"`
			Links   []string     `json:"links"`
		} `json:"games"`
	} `json:"rounds"`
	Standings []struct {
		Rank   int     `json:"rank"`
		Player int     `json:"player"`
		Name   string  `json:"name"`
		Points float64 `json:"points"`
		Played int     `json:"played"`
	} `json:"standings"`
	TieBreaks []string `json:"tieBreaks"`
	Teacher   bool     `json:"teacher"`
	Me        *struct {
		Player int    `json:"player"`
		Room   string `json:"room"`
		Link   string `json:"link"`
	} `json:"me"`
	ComputerName map[string]string `json:"computerName"`
}

func newClass(t *testing.T, ts *httptest.Server, body string) classMade {
	t.Helper()
	var c classMade
	if code, e := classCall(t, ts, "POST", "/api/classes", "", body, &c); code != http.StatusCreated {
		t.Fatalf("POST /api/classes %s: %d %+v", body, code, e)
	}
	return c
}

// resignIn ends a room's game: the person of seat resigns.
func resignIn(t *testing.T, ts *httptest.Server, link string) {
	t.Helper()
	room, tok, _ := strings.Cut(strings.TrimPrefix(link, "/#/room/"), "/")
	c, _ := dial(t, ts, room, tok)
	defer c.CloseNow()
	if err := c.Send(t.Context(), map[string]any{"type": "resign"}); err != nil {
		t.Fatal(err)
	}
	for recv(t, c, "event").Event.Kind != wire.KindEnd {
	}
}

// A class of seven plays a round robin over the API: seven rounds, each
// pairing everyone once with the odd one against the computer, every
// pair of pupils meeting once; the results table equals the results of
// the rooms, the CSV and the records say the same, the pupils' pages
// lead to their seats, and the class survives a restart.
func TestClassOfSevenRoundRobin(t *testing.T) {
	path := filepath.Join(t.TempDir(), "class.db")
	ts, _, _, stop := classServer(t, path, Config{})
	testgame.Register()
	c := newClass(t, ts, `{"game":"`+testgame.ID+`","options":{"seeds":1},"pairing":"round-robin"}`)
	if len(c.Code) != 6 || strings.Trim(c.Code, "ACDEFGHJKMNPQRTUVWXY") != "" || c.Join != "/join/"+c.Code || len(c.Secret) < 32 {
		t.Fatalf("created %+v", c)
	}
	names := []string{"Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus"}
	pupils := make([]classJoined, len(names))
	for i, n := range names {
		// the code is typed in any case
		if code, e := classCall(t, ts, "POST", "/api/classes/"+strings.ToLower(c.Code)+"/join", "", `{"name":"`+n+`"}`, &pupils[i]); code != http.StatusCreated {
			t.Fatalf("join %s: %d %+v", n, code, e)
		}
		if pupils[i].Player != i || pupils[i].Link != "/#/class/"+c.ID+"/"+pupils[i].Token {
			t.Fatalf("joined %+v", pupils[i])
		}
	}
	points := make([]float64, len(names))
	met := map[[2]int]int{}
	for r := 1; r <= 7; r++ {
		var v classJSON
		if code, e := classCall(t, ts, "POST", "/api/classes/"+c.ID+"/rounds", c.Secret, "", &v); code != http.StatusCreated {
			t.Fatalf("round %d: %d %+v", r, code, e)
		}
		games := v.Rounds[r-1].Games
		seen := map[int]int{}
		for gi, g := range games {
			seen[g.Players[0]]++
			seen[g.Players[1]]++
			met[[2]int{min(g.Players[0], g.Players[1]), max(g.Players[0], g.Players[1])}]++
			// the pupil's page leads to her seat
			for seat, p := range g.Players {
				if p < 0 {
					continue
				}
				var me classJSON
				classCall(t, ts, "GET", "/api/classes/"+c.ID, pupils[p].Token, "", &me)
				if me.Me == nil || me.Me.Player != p || me.Me.Link != g.Links[seat] || me.Teacher {
					t.Fatalf("round %d: %s's page: %+v, want the link %s", r, names[p], me.Me, g.Links[seat])
				}
			}
			// the person of seat (r+gi)%2 resigns, or the one person
			seat := (r + gi) % 2
			if g.Players[seat] < 0 {
				seat = 1 - seat
			}
			resignIn(t, ts, g.Links[seat])
			if w := g.Players[1-seat]; w >= 0 {
				points[w]++
			}
		}
		if seen[pairing.Computer] != 1 || len(games) != 4 {
			t.Errorf("round %d: %d games, the computer in %d", r, len(games), seen[pairing.Computer])
		}
		for p := range names {
			if seen[p] != 1 {
				t.Errorf("round %d: %s plays %d games", r, names[p], seen[p])
			}
		}
	}
	for a := -1; a < len(names); a++ {
		for b := a + 1; b < len(names); b++ {
			if met[[2]int{a, b}] != 1 {
				t.Errorf("%d and %d met %d times", a, b, met[[2]int{a, b}])
			}
		}
	}
	if code, e := classCall(t, ts, "POST", "/api/classes/"+c.ID+"/rounds", c.Secret, "", nil); code != http.StatusConflict || e.Code != "class.rounds_over" {
		t.Errorf("an eighth round: %d %+v", code, e)
	}
	// The results table is the rooms' results.
	var v classJSON
	classCall(t, ts, "GET", "/api/classes/"+c.ID, "", "", &v)
	for _, round := range v.Rounds {
		for _, g := range round.Games {
			var room struct {
				Result *view.Result `json:"result"`
			}
			call(t, ts, "GET", "/api/rooms/"+g.Room, "", &room)
			if room.Result == nil || g.Result == nil || *room.Result != *g.Result || g.Links != nil {
				t.Errorf("game %s: the class says %+v, the room %+v (links to anyone: %v)", g.Room, g.Result, room.Result, g.Links)
			}
		}
	}
	if len(v.Standings) != len(names) || !slices.Equal(v.TieBreaks, pairing.TieBreaks) {
		t.Fatalf("standings %+v, tie-breaks %v", v.Standings, v.TieBreaks)
	}
	for i, st := range v.Standings {
		if st.Points != points[st.Player] || st.Played != 7 || st.Name != names[st.Player] || i > 0 && st.Points > v.Standings[i-1].Points {
			t.Errorf("standing %d: %+v, want %v points of 7 games", i, st, points[st.Player])
		}
	}
	// The CSV says the same.
	res, err := http.Get(ts.URL + "/api/classes/" + c.ID + "/results.csv")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(res.Body).ReadAll()
	res.Body.Close()
	if err != nil || len(rows) != len(names)+1 || rows[0][0] != "rank" {
		t.Fatalf("CSV: %v %v", rows, err)
	}
	for i, st := range v.Standings {
		if rows[i+1][1] != st.Name || rows[i+1][2] != strconv.FormatFloat(st.Points, 'f', -1, 64) {
			t.Errorf("CSV row %d: %v, want %+v", i+1, rows[i+1], st)
		}
	}
	// Every record, one a line.
	res, err = http.Get(ts.URL + "/api/classes/" + c.ID + "/records")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if lines := strings.Split(strings.TrimSpace(string(data)), "\n"); len(lines) != 28 {
		t.Errorf("records: %d lines, want 28", len(lines))
	}
	// A restart keeps the class.
	var before, after classJSON
	classCall(t, ts, "GET", "/api/classes/"+c.ID, c.Secret, "", &before)
	stop()
	ts, _, _, _ = classServer(t, path, Config{})
	if code, e := classCall(t, ts, "GET", "/api/classes/"+c.ID, c.Secret, "", &after); code != 200 || !after.Teacher {
		t.Fatalf("after a restart: %d %+v", code, e)
	}
	b1, _ := json.Marshal(before)
	b2, _ := json.Marshal(after)
	if string(b1) != string(b2) {
		t.Errorf("after a restart the class differs:\n%s\n%s", b1, b2)
	}
}

// Bad input is refused with a coded 4xx in the caller's language, and
// nothing is half-made: a refused class is not stored, a refused join
// adds nobody.
func TestClassRefusals(t *testing.T) {
	ts, _, db, _ := classServer(t, filepath.Join(t.TempDir(), "class.db"), Config{JoinsPerMinute: 20})
	testgame.Register()
	classes := func() int {
		var n int
		if err := db.DB().QueryRow(`SELECT count(*) FROM classes`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, c := range []struct{ body, code string }{
		{`{"game":"chess"}`, "engine.unknown_game"},
		{`{"game":"adji-boto","options":{"seeds":1000}}`, "engine.option_range"},
		{`{"game":"adji-boto","pairing":"ladder"}`, "class.pairing"},
		{`{"game":"adji-boto","max":65}`, "class.max"},
		{`{"game":"adji-boto","computer":"oracle"}`, "class.computer"},
		{`{"game":"adji-boto","clock":{"initial":1}}`, "rooms.clock_range"},
		{`{"game":"adji-boto","clock":{"initial":-1}}`, "server.clock_form"},
		{`{"game":"adji-boto","teacher":"x"}`, "server.json"},
	} {
		if code, e := classCall(t, ts, "POST", "/api/classes", "", c.body, nil); code != http.StatusBadRequest || e.Code != c.code {
			t.Errorf("%s: %d %+v, want 400 %s", c.body, code, e, c.code)
		}
	}
	if n := classes(); n != 0 {
		t.Fatalf("%d classes stored after refusals", n)
	}
	c := newClass(t, ts, `{"game":"`+testgame.ID+`","max":3}`)
	join := func(name string) (int, errorBody) {
		return classCall(t, ts, "POST", "/api/classes/"+c.Code+"/join", "", `{"name":`+strconv.Quote(name)+`}`, nil)
	}
	for _, x := range []struct {
		name   string
		status int
		code   string
	}{
		{"", 400, "class.name_empty"},
		{"  ", 400, "class.name_empty"},
		{"ad\u200bmin", 400, "rooms.name_control"},
		{strings.Repeat("x", 41), 400, "rooms.name_long"},
		{"Ana", 201, ""},
		{"ana", 409, "class.name_taken"},
		{"Bo", 201, ""},
		{"Cy", 201, ""},
		{"Dee", 409, "class.full"},
	} {
		if code, e := join(x.name); code != x.status || e.Code != x.code {
			t.Errorf("join %q: %d %+v, want %d %s", x.name, code, e, x.status, x.code)
		}
	}
	if code, e := classCall(t, ts, "POST", "/api/classes/QQQQQQ/join", "", `{"name":"Eve"}`, nil); code != 404 || e.Code != "class.not_found" {
		t.Errorf("an unknown code: %d %+v", code, e)
	}
	var v classJSON
	classCall(t, ts, "GET", "/api/classes/"+c.ID, "", "", &v)
	if len(v.Players) != 3 {
		t.Errorf("%d players after the refusals, want 3", len(v.Players))
	}
	for _, x := range []struct {
		token  string
		header string
		status int
		code   string
	}{
		{"", "", 401, "class.no_secret"},
		{"nope", "", 403, "class.wrong_secret"},
		{"", "Basic abc", 401, "class.no_secret"},
	} {
		req, _ := http.NewRequest("POST", ts.URL+"/api/classes/"+c.ID+"/rounds", nil)
		if x.token != "" {
			req.Header.Set("Authorization", "Bearer "+x.token)
		}
		if x.header != "" {
			req.Header.Set("Authorization", x.header)
		}
		req.Header.Set("Accept-Language", "de")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e errorBody
		json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != x.status || e.Code != x.code || !strings.Contains(e.Error, "Lehrkraft") {
			t.Errorf("a round with %q %q: %d %+v, want %d %s in German", x.token, x.header, res.StatusCode, e, x.status, x.code)
		}
	}
	if code, e := classCall(t, ts, "GET", "/api/classes/"+c.ID, "not-a-token", "", nil); code != 403 || e.Code != "class.wrong_token" {
		t.Errorf("GET with a token of nobody: %d %+v", code, e)
	}
	if code, e := classCall(t, ts, "GET", "/api/classes/nope", "", "", nil); code != 404 || e.Code != "class.not_found" {
		t.Errorf("GET an unknown class: %d %+v", code, e)
	}
	// A round robin takes nobody once started; an ended class nobody at all.
	other := newClass(t, ts, `{"game":"`+testgame.ID+`"}`)
	for _, n := range []string{"Ana", "Bo"} {
		classCall(t, ts, "POST", "/api/classes/"+other.Code+"/join", "", `{"name":"`+n+`"}`, nil)
	}
	if code, e := classCall(t, ts, "POST", "/api/classes/"+other.ID+"/rounds", other.Secret, "", nil); code != 201 {
		t.Fatalf("round 1: %d %+v", code, e)
	}
	if code, e := classCall(t, ts, "POST", "/api/classes/"+other.ID+"/rounds", other.Secret, "", nil); code != 409 || e.Code != "class.round_in_play" {
		t.Errorf("round 2 while 1 is in play: %d %+v", code, e)
	}
	if code, e := classCall(t, ts, "POST", "/api/classes/"+other.Code+"/join", "", `{"name":"Cy"}`, nil); code != 409 || e.Code != "class.started" {
		t.Errorf("joining a started round robin: %d %+v", code, e)
	}
	if code, _ := classCall(t, ts, "POST", "/api/classes/"+c.ID+"/pause", c.Secret, "", &v); code != 200 || v.Status != "paused" {
		t.Errorf("pause: %d %s", code, v.Status)
	}
	if code, e := classCall(t, ts, "POST", "/api/classes/"+c.ID+"/rounds", c.Secret, "", nil); code != 409 || e.Code != "class.paused" {
		t.Errorf("a round while paused: %d %+v", code, e)
	}
	classCall(t, ts, "POST", "/api/classes/"+c.ID+"/end", c.Secret, "", &v)
	if code, e := classCall(t, ts, "POST", "/api/classes/"+c.ID+"/resume", c.Secret, "", nil); code != 409 || e.Code != "class.ended" || v.Status != "ended" {
		t.Errorf("resuming an ended class: %d %+v (status %s)", code, e, v.Status)
	}
	if code, e := join("Zed"); code != 409 || e.Code != "class.ended" {
		t.Errorf("joining an ended class: %d %+v", code, e)
	}
}

// A flood of joins from one address is refused with 429 and a
// Retry-After, whatever the joins were.
func TestClassJoinFlood(t *testing.T) {
	ts, _, _, _ := classServer(t, filepath.Join(t.TempDir(), "class.db"), Config{JoinsPerMinute: 5})
	testgame.Register()
	c := newClass(t, ts, `{"game":"`+testgame.ID+`"}`)
	for i := range 5 {
		classCall(t, ts, "POST", "/api/classes/"+c.Code+"/join", "", fmt.Sprintf(`{"name":"P%d"}`, i), nil)
	}
	req, _ := http.NewRequest("POST", ts.URL+"/api/classes/"+c.Code+"/join", strings.NewReader(`{"name":"P9"}`))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Errorf("the sixth join in a minute: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
}

// /join and /join/CODE lead to the app's join page.
func TestJoinPageAddress(t *testing.T) {
	ts, _, _, _ := classServer(t, filepath.Join(t.TempDir(), "class.db"), Config{})
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for path, want := range map[string]string{"/join": "/#/join", "/join/abcdef": "/#/join/ABCDEF", "/join?code=XYZ": "/#/join/XYZ", "/join/%3Cx%3E": "/#/join"} {
		res, err := client.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != want {
			t.Errorf("%s: %d to %q, want %q", path, res.StatusCode, res.Header.Get("Location"), want)
		}
	}
}

// FuzzClassRequests sends any body to POST /api/classes and to a join,
// and any Authorization to the teacher's and the reader's routes: each is
// done or refused with a coded error, never a panic or an internal
// error, and a refused join adds nobody.
func FuzzClassRequests(f *testing.F) {
	for _, seed := range []struct{ create, join, auth string }{
		{`{"game":"adji-boto"}`, `{"name":"Ana"}`, ""},
		{`{"game":"tamman","options":{"players":4}}`, `{"name":""}`, "Bearer x"},
		{`{"game":"adji-boto","pairing":"swiss","max":64,"clock":{"initial":60,"increment":1}}`, `{"name":"a\u200bb"}`, "Bearer "},
		{`{"game":"adji-boto","computer":"random","options":{"seeds":"x"}}`, `{"name":1}`, "Basic Zm9v"},
		{`[]`, `{"Name":"Ana"}`, "bearer  " + strings.Repeat("x", 300)},
		{`{"game":"adji-boto","max":-1}`, `{"name":"Ana","x":1}`, "Bearer \u00ff"},
		{`{"game":"adji-boto"}`, `../rounds`, "Bearer 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"},
	} {
		f.Add(seed.create, seed.join, seed.auth)
	}
	ts, _, db, _ := classServer(&testing.T{}, filepath.Join(f.TempDir(), "fuzz.db"), Config{JoinsPerMinute: 1 << 30, RoomsPerMinute: 1 << 30})
	_ = ts
	s := New(Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Classes: db, Rooms: rooms.NewManager(rooms.Config{Store: db, Offered: OfferedAgents}),
		JoinsPerMinute: 1 << 30, RoomsPerMinute: 1 << 30})
	base := post("/api/classes", `{"game":"adji-boto","max":64}`)
	w := serve(f, s, base)
	var c classMade
	if err := json.Unmarshal(w.Body.Bytes(), &c); err != nil || c.Code == "" {
		f.Fatalf("a class to join: %d %s", w.Code, w.Body)
	}
	f.Fuzz(func(t *testing.T, create, join, auth string) {
		serve(t, s, post("/api/classes", create))
		before := serve(t, s, httptest.NewRequest("GET", "/api/classes/"+c.ID, nil))
		if w := serve(t, s, post("/api/classes/"+c.Code+"/join", join)); w.Code != http.StatusCreated {
			after := serve(t, s, httptest.NewRequest("GET", "/api/classes/"+c.ID, nil))
			if before.Body.String() != after.Body.String() {
				t.Errorf("a refused join %q (%d) changed the class", join, w.Code)
			}
		}
		for _, r := range []*http.Request{post("/api/classes/"+c.ID+"/pause", ""), post("/api/classes/"+c.ID+"/games/"+url.PathEscape(join)+"/abandon", ""),
			httptest.NewRequest("GET", "/api/classes/"+c.ID, nil)} {
			r.Header.Set("Authorization", auth)
			if w := serve(t, s, r); w.Code == http.StatusOK && r.Method == "POST" {
				t.Errorf("Authorization %q changed the class (%s)", auth, r.URL.Path)
			}
		}
	})
}

// playRound starts the next round of class c and ends each of its games:
// the person of seat (round+game)%2 resigns, or the one person. It
// returns the round's games.
func playRound(t *testing.T, ts *httptest.Server, c classMade, r int) [][2]int {
	t.Helper()
	var v classJSON
	if code, e := classCall(t, ts, "POST", "/api/classes/"+c.ID+"/rounds", c.Secret, "", &v); code != http.StatusCreated {
		t.Fatalf("round %d: %d %+v", r, code, e)
	}
	var out [][2]int
	for gi, g := range v.Rounds[r-1].Games {
		seat := (r + gi) % 2
		if g.Players[seat] < 0 {
			seat = 1 - seat
		}
		resignIn(t, ts, g.Links[seat])
		out = append(out, g.Players)
	}
	return out
}

// A Swiss class of five takes a sixth after its first round, never pairs
// two players twice, and gives the computer to a different player each
// round while the number is odd; a knockout of five ends with one final
// between two who won every game that counted.
func TestClassSwissAndKnockout(t *testing.T) {
	ts, _, _, _ := classServer(t, filepath.Join(t.TempDir(), "class.db"), Config{})
	testgame.Register()
	swiss := newClass(t, ts, `{"game":"`+testgame.ID+`","pairing":"swiss","computer":"random"}`)
	for _, n := range []string{"Ana", "Bo", "Cy", "Dee", "Eli"} {
		classCall(t, ts, "POST", "/api/classes/"+swiss.Code+"/join", "", `{"name":"`+n+`"}`, nil)
	}
	met := map[[2]int]bool{}
	check := func(r int, games [][2]int) {
		for _, g := range games {
			k := [2]int{min(g[0], g[1]), max(g[0], g[1])}
			if met[k] && k[0] >= 0 {
				t.Errorf("round %d: %v meet again", r, k)
			}
			met[k] = true
		}
	}
	check(1, playRound(t, ts, swiss, 1))
	if code, e := classCall(t, ts, "POST", "/api/classes/"+swiss.Code+"/join", "", `{"name":"Fay"}`, nil); code != http.StatusCreated {
		t.Fatalf("a Swiss class takes a sixth after round 1: %d %+v", code, e)
	}
	var v classJSON
	classCall(t, ts, "GET", "/api/classes/"+swiss.ID, "", "", &v)
	for r := 2; r <= v.Planned; r++ {
		games := playRound(t, ts, swiss, r)
		check(r, games)
		if len(games) != 3 {
			t.Errorf("round %d of six: %d games", r, len(games))
		}
	}
	ko := newClass(t, ts, `{"game":"`+testgame.ID+`","pairing":"knockout","computer":"random"}`)
	for _, n := range []string{"Ana", "Bo", "Cy", "Dee", "Eli"} {
		classCall(t, ts, "POST", "/api/classes/"+ko.Code+"/join", "", `{"name":"`+n+`"}`, nil)
	}
	first := playRound(t, ts, ko, 1)
	if want := [][2]int{{0, -1}, {3, 4}, {1, -1}, {2, -1}}; !slices.Equal(first, want) {
		t.Errorf("the bracket of five: %v, want %v", first, want)
	}
	second := playRound(t, ts, ko, 2)
	final := playRound(t, ts, ko, 3)
	if len(second) != 2 || len(final) != 1 {
		t.Fatalf("rounds of %d and %d games, want 2 and 1", len(second), len(final))
	}
	if code, e := classCall(t, ts, "POST", "/api/classes/"+ko.ID+"/rounds", ko.Secret, "", nil); code != http.StatusConflict || e.Code != "class.rounds_over" {
		t.Errorf("after the final: %d %+v", code, e)
	}
}

// BenchmarkClassView is GET /api/classes/{id} as a pupil's page polls
// it, in a class of 24 whose first round (12 games, none over) is in
// play: each read asks the 12 rooms for their results.
func BenchmarkClassView(b *testing.B) {
	ts, _, _, _ := classServer(b, filepath.Join(b.TempDir(), "class.db"), Config{JoinsPerMinute: 1000})
	testgame.Register()
	var c classMade
	callWith(b, ts, "POST", "/api/classes", `{"game":"`+testgame.ID+`","pairing":"swiss"}`, nil, &c)
	var pupil classJoined
	for i := range 24 {
		callWith(b, ts, "POST", "/api/classes/"+c.Code+"/join", fmt.Sprintf(`{"name":"P%d"}`, i), nil, &pupil)
	}
	h := http.Header{"Authorization": {"Bearer " + c.Secret}}
	if code := callWith(b, ts, "POST", "/api/classes/"+c.ID+"/rounds", "", h, nil); code != http.StatusCreated {
		b.Fatalf("round 1: %d", code)
	}
	me := http.Header{"Authorization": {"Bearer " + pupil.Token}}
	b.ResetTimer()
	for b.Loop() {
		var v classJSON
		if code := callWith(b, ts, "GET", "/api/classes/"+c.ID, "", me, &v); code != http.StatusOK || len(v.Rounds[0].Games) != 12 {
			b.Fatalf("GET: %d, %d games", code, len(v.Rounds[0].Games))
		}
	}
}

// A stuck game does not hold the class: the teacher ends it as
// abandoned (0 points each), its room ends for the pupils, and the next
// round starts. Only the teacher may, only a game of the current round,
// and only while it is in play: each refusal coded (in German too).
func TestTeacherAbandonsAStuckGame(t *testing.T) {
	ts, _, _, _ := classServer(t, filepath.Join(t.TempDir(), "class.db"), Config{})
	c := newClass(t, ts, `{"game":"adji-boto"}`)
	var pupils []classJoined
	for _, name := range []string{"Ana", "Bea", "Cem", "Dan"} {
		var j classJoined
		if code, e := classCall(t, ts, "POST", "/api/classes/"+c.Code+"/join", "", `{"name":"`+name+`"}`, &j); code != http.StatusCreated {
			t.Fatalf("join %s: %d %+v", name, code, e)
		}
		pupils = append(pupils, j)
	}
	var v classJSON
	if code, e := classCall(t, ts, "POST", "/api/classes/"+c.ID+"/rounds", c.Secret, "", &v); code != http.StatusCreated {
		t.Fatalf("round 1: %d %+v", code, e)
	}
	stuck, done := v.Rounds[0].Games[0], v.Rounds[0].Games[1]
	resignIn(t, ts, done.Links[0])
	if code, e := classCall(t, ts, "POST", "/api/classes/"+c.ID+"/rounds", c.Secret, "", nil); code != http.StatusConflict || e.Code != "class.round_in_play" {
		t.Fatalf("round 2 with a game stuck: %d %+v", code, e)
	}
	// A pupil watches her room end.
	room, tok, _ := strings.Cut(strings.TrimPrefix(stuck.Links[0], "/#/room/"), "/")
	pupil, _ := dial(t, ts, room, tok)
	abandon := "/api/classes/" + c.ID + "/games/" + stuck.Room + "/abandon"
	for _, x := range []struct {
		path, token string
		status      int
		code        string
	}{
		{abandon, "", 401, "class.no_secret"},
		{abandon, pupils[0].Token, 403, "class.wrong_secret"},
		{"/api/classes/" + c.ID + "/games/nosuchroom/abandon", c.Secret, 404, "class.no_game"},
		{"/api/classes/" + c.ID + "/games/" + done.Room + "/abandon", c.Secret, 409, "class.game_over"},
		{"/api/classes/nosuchclass/games/" + stuck.Room + "/abandon", c.Secret, 404, "class.not_found"},
	} {
		h := http.Header{"Accept-Language": {"de"}}
		if x.token != "" {
			h.Set("Authorization", "Bearer "+x.token)
		}
		var e errorBody
		german := map[string]string{"class.no_secret": "Geheimnis", "class.wrong_secret": "Geheimnis", "class.no_game": "Runde", "class.game_over": "zu Ende", "class.not_found": "Klasse"}[x.code]
		if code := callWith(t, ts, "POST", x.path, "", h, &e); code != x.status || e.Code != x.code || !strings.Contains(e.Error, german) {
			t.Errorf("POST %s: %d %+v, want %d %s in German", x.path, code, e, x.status, x.code)
		}
	}
	if code, e := classCall(t, ts, "POST", abandon, c.Secret, "", &v); code != http.StatusOK {
		t.Fatalf("the teacher abandons the stuck game: %d %+v", code, e)
	}
	if g := v.Rounds[0].Games[0]; g.Result == nil || g.Result.Code() != "abandoned" || g.Points != [2]float64{0, 0} {
		t.Errorf("the abandoned game in the class: %+v", g)
	}
	for recv(t, pupil, "event").Event.Kind != wire.KindEnd {
	}
	if code, e := classCall(t, ts, "POST", abandon, c.Secret, "", nil); code != http.StatusConflict || e.Code != "class.game_over" {
		t.Errorf("abandoned twice: %d %+v", code, e)
	}
	if code, e := classCall(t, ts, "POST", "/api/classes/"+c.ID+"/rounds", c.Secret, "", nil); code != http.StatusCreated {
		t.Errorf("round 2 after the stuck game was abandoned: %d %+v", code, e)
	}
}
