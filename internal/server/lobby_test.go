//go:build !js

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tabula/internal/compute"
	"tabula/internal/lobby"
	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/internal/wire"
)

// lobbyServer is a server with a lobby on SQLite; rated tells each
// room's rating as it is done.
type lobbyServer struct {
	ts    *httptest.Server
	lob   *lobby.Lobby
	db    *store.SQLite
	rated chan string
}

func newLobbyServer(t *testing.T, lim LobbyLimits, tweaks ...func(*rooms.Config)) *lobbyServer {
	t.Helper()
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "lobby.db"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	pool := compute.NewPool(compute.Config{})
	ls := &lobbyServer{db: db, rated: make(chan string, 16)}
	cfg := rooms.Config{Store: db, Agents: rooms.AgentFunc(DefaultAgents), Offered: OfferedAgents, Log: log, Think: pool,
		Ended: func(room string) {
			if err := ls.lob.Rate(context.Background(), room); err != nil {
				t.Error(err)
			}
			ls.rated <- room
		}}
	for _, tweak := range tweaks {
		tweak(&cfg)
	}
	mgr := rooms.NewManager(cfg)
	ls.lob = lobby.New(lobby.Config{Store: db.Lobby(), Rooms: mgr, Offered: OfferedAgents, Log: log})
	s := New(Config{Log: log, Rooms: mgr, Pool: pool, RoomsPerMinute: 1000, MessageRate: 1000})
	if lim.SeeksPerMinute == 0 {
		lim.SeeksPerMinute = 1000
	}
	s.SetLobby(ls.lob, lim)
	ls.ts = httptest.NewServer(s)
	t.Cleanup(func() {
		mgr.Close()
		s.Close()
		ls.ts.Close()
		db.Close()
	})
	return ls
}

// do sends a request with key (if any) and decodes the answer into out.
func (ls *lobbyServer) do(t *testing.T, method, path, key, body string, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, ls.ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	req.Header.Set("Accept-Language", "de")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, path, res.StatusCode, data, err)
		}
	}
	return res.StatusCode
}

type playerJSON struct {
	ID, Key, Name, Identity string
}

func (ls *lobbyServer) player(t *testing.T, name string) playerJSON {
	t.Helper()
	var p playerJSON
	if code := ls.do(t, "POST", "/api/players", "", `{"name":"`+name+`"}`, &p); code != http.StatusCreated || p.Key == "" || p.ID == "" || p.Identity != "/#/identity/"+p.Key {
		t.Fatalf("POST /api/players: %d %+v", code, p)
	}
	return p
}

type seekJSON struct {
	ID, Status, Room, Link, Name, Spectator string
	Seat                                    *int
	Matched                                 bool
	Rating                                  *struct{ Rating int }
}

const adjiSeek = `{"game":"adji-boto","clock":{"initial":300,"increment":2},"rated":true}`

func TestIdentityKeyIsStoredHashed(t *testing.T) {
	ls := newLobbyServer(t, LobbyLimits{})
	p := ls.player(t, "Ana")
	var n int
	if err := ls.db.DB().QueryRow(`SELECT count(*) FROM players WHERE key_hash = ? AND name = 'Ana'`, lobby.KeyHash(p.Key)).Scan(&n); err != nil || n != 1 {
		t.Fatalf("the player's row by its key's hash: %d, %v", n, err)
	}
	if err := ls.db.DB().QueryRow(`SELECT count(*) FROM players WHERE instr(key_hash, ?) > 0 OR instr(name, ?) > 0`, p.Key, p.Key).Scan(&n); err != nil || n != 0 {
		t.Errorf("the key is stored in plain text (%d rows, %v)", n, err)
	}
	var me struct{ ID, Name string }
	if code := ls.do(t, "GET", "/api/players/me", p.Key, "", &me); code != 200 || me.ID != p.ID || me.Name != "Ana" {
		t.Errorf("GET /api/players/me: %d %+v", code, me)
	}
}

// Every refusal of the list of the issue, coded, in German, and nothing
// half made.
func TestLobbyRefusals(t *testing.T) {
	ls := newLobbyServer(t, LobbyLimits{SeeksPerMinute: 5})
	ana, bea := ls.player(t, "Ana"), ls.player(t, "Bea")
	var s seekJSON
	if code := ls.do(t, "POST", "/api/seeks", ana.Key, adjiSeek, &s); code != http.StatusCreated || s.ID == "" || s.Status != "open" {
		t.Fatalf("POST /api/seeks: %d %+v", code, s)
	}
	var withdrawn seekJSON
	ls.do(t, "POST", "/api/seeks", bea.Key, `{"game":"adji-boto"}`, &withdrawn)
	if code := ls.do(t, "DELETE", "/api/seeks/"+withdrawn.ID, ana.Key, "", nil); code != http.StatusForbidden {
		t.Errorf("withdrawing another's seek: %d, want 403", code)
	}
	if code := ls.do(t, "DELETE", "/api/seeks/"+withdrawn.ID, bea.Key, "", nil); code != http.StatusNoContent {
		t.Fatalf("withdrawing: %d", code)
	}
	for _, c := range []struct {
		name, method, path, key, body string
		status                        int
		code                          string
	}{
		{"unknown game", "POST", "/api/seeks", ana.Key, `{"game":"chess"}`, 400, "engine.unknown_game"},
		{"bad options", "POST", "/api/seeks", ana.Key, `{"game":"adji-boto","options":{"seeds":-4}}`, 400, ""},
		{"unknown field", "POST", "/api/seeks", ana.Key, `{"game":"adji-boto","colour":"white"}`, 400, ""},
		{"rated in another reading", "POST", "/api/seeks", ana.Key, `{"game":"adji-boto","options":{"seeds":3},"rated":true}`, 400, "lobby.rated_reading"},
		{"no key", "POST", "/api/seeks", "", adjiSeek, 401, "lobby.no_key"},
		{"wrong key", "POST", "/api/seeks", "nope", adjiSeek, 401, "lobby.bad_key"},
		{"accept without a key", "POST", "/api/seeks/" + s.ID + "/accept", "", "", 401, "lobby.no_key"},
		{"accept one's own", "POST", "/api/seeks/" + s.ID + "/accept", ana.Key, "", 400, "lobby.own_seek"},
		{"accept a withdrawn one", "POST", "/api/seeks/" + withdrawn.ID + "/accept", ana.Key, "", 409, "lobby.seek_withdrawn"},
		{"accept an unknown one", "POST", "/api/seeks/zz/accept", ana.Key, "", 404, "lobby.no_seek"},
		{"a computer level not offered", "POST", "/api/seeks", ana.Key, `{"game":"adji-boto","computer":"mcts:87600h"}`, 400, "lobby.computer_level"},
		{"computer and pair", "POST", "/api/seeks", ana.Key, `{"game":"adji-boto","computer":"random","pair":true}`, 400, "lobby.computer_pair"},
		{"a nameless player", "POST", "/api/players", "", `{"name":"  "}`, 400, "lobby.name_needed"},
		{"a player's name with a control", "POST", "/api/players", "", `{"name":"A\u0007"}`, 400, "lobby.name"},
		{"an unknown player", "GET", "/api/players/zz", "", "", 404, "lobby.no_player"},
		{"my games without a key", "GET", "/api/players/me/games", "", "", 401, "lobby.no_key"},
		{"ratings of an unknown game", "GET", "/api/ratings/chess", "", "", 404, "engine.unknown_game"},
	} {
		var e errorBody
		if got := ls.do(t, c.method, c.path, c.key, c.body, &e); got != c.status || e.Code == "" || c.code != "" && e.Code != c.code {
			t.Errorf("%s: %d %+v, want %d %s", c.name, got, e, c.status, c.code)
		}
	}
	var e errorBody
	ls.do(t, "POST", "/api/seeks/"+s.ID+"/accept", ana.Key, "", &e)
	if !strings.Contains(e.Error, "eigene") {
		t.Errorf("the refusal is not in German: %q", e.Error)
	}
	// Nothing was made by the refusals: the one seek is still open, and
	// no room exists.
	var open []seekJSON
	ls.do(t, "GET", "/api/seeks", "", "", &open)
	var rooms int
	ls.db.DB().QueryRow(`SELECT count(*) FROM rooms`).Scan(&rooms)
	if len(open) != 1 || open[0].ID != s.ID || rooms != 0 {
		t.Errorf("after the refusals: open seeks %+v, %d rooms", open, rooms)
	}
	// A flood of seeks from one address: 429 once the minute's are spent
	// (two were made above; refused ones do not count).
	codes := []int{}
	for range 4 {
		var x seekJSON
		code := ls.do(t, "POST", "/api/seeks", bea.Key, `{"game":"tamman"}`, &x)
		codes = append(codes, code)
		if code == 201 {
			ls.do(t, "DELETE", "/api/seeks/"+x.ID, bea.Key, "", nil)
		}
	}
	if fmt.Sprint(codes) != "[201 201 201 429]" {
		t.Errorf("seeks from one address: %v, want three made and the fourth refused", codes)
	}
}

// Many accept one seek at once: exactly one gets a room, the others a
// 409, and exactly one room is made.
func TestConcurrentAcceptsOneWins(t *testing.T) {
	ls := newLobbyServer(t, LobbyLimits{})
	ana := ls.player(t, "Ana")
	var s seekJSON
	ls.do(t, "POST", "/api/seeks", ana.Key, adjiSeek, &s)
	takers := make([]playerJSON, 6)
	for i := range takers {
		takers[i] = ls.player(t, fmt.Sprintf("Taker%d", i))
	}
	var wg sync.WaitGroup
	codes := make([]int, len(takers))
	for i, p := range takers {
		wg.Go(func() { codes[i] = ls.do(t, "POST", "/api/seeks/"+s.ID+"/accept", p.Key, "", nil) })
	}
	wg.Wait()
	won, lost := 0, 0
	for _, c := range codes {
		switch c {
		case http.StatusCreated:
			won++
		case http.StatusConflict:
			lost++
		}
	}
	var rooms int
	ls.db.DB().QueryRow(`SELECT count(*) FROM rooms`).Scan(&rooms)
	if won != 1 || lost != len(takers)-1 || rooms != 1 {
		t.Errorf("accepts at once: %v; %d rooms; want one 201, the rest 409, one room", codes, rooms)
	}
}

// playUntilOver resigns seat's game in room (the other wins).
func resign(t *testing.T, ts *httptest.Server, link string) {
	t.Helper()
	parts := strings.Split(link, "/")
	c, _ := dial(t, ts, parts[len(parts)-2], parts[len(parts)-1])
	if err := c.Send(context.Background(), map[string]any{"type": "resign"}); err != nil {
		t.Fatal(err)
	}
	recv(t, c, "event")
}

func (ls *lobbyServer) waitRated(t *testing.T, room string) {
	t.Helper()
	select {
	case r := <-ls.rated:
		if r != room {
			t.Fatalf("rated %s, want %s", r, room)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("room %s was never rated", room)
	}
}

type ratingJSON struct {
	Player      string
	Rating      int
	Deviation   int
	Provisional bool
	Games       int
}

// Two new players after one rated game move by equal and opposite
// amounts; the seeker learns its room and link; a casual game changes
// nothing; the room's seats show the players and their ratings.
func TestRatedGameMovesRatings(t *testing.T) {
	ls := newLobbyServer(t, LobbyLimits{})
	ana, bea := ls.player(t, "Ana"), ls.player(t, "Bea")
	var s seekJSON
	ls.do(t, "POST", "/api/seeks", ana.Key, adjiSeek, &s)
	var m seekJSON
	if code := ls.do(t, "POST", "/api/seeks/"+s.ID+"/accept", bea.Key, "", &m); code != http.StatusCreated || m.Room == "" || !strings.HasPrefix(m.Link, "/#/room/"+m.Room+"/") || m.Seat == nil {
		t.Fatalf("accept: %d %+v", code, m)
	}
	var seen seekJSON
	ls.do(t, "GET", "/api/seeks/"+s.ID, ana.Key, "", &seen)
	if seen.Status != "taken" || seen.Room != m.Room || seen.Link == "" || seen.Link == m.Link || seen.Seat == nil || *seen.Seat != 1-*m.Seat {
		t.Fatalf("the seeker reads its seek: %+v (the accepter has %+v)", seen, m)
	}
	var other seekJSON
	ls.do(t, "GET", "/api/seeks/"+s.ID, bea.Key, "", &other)
	if other.Link != "" {
		t.Errorf("another player learnt the seeker's link: %+v", other)
	}
	var rv struct{ Seats []wire.SeatView }
	ls.do(t, "GET", "/api/rooms/"+m.Room, "", "", &rv)
	if len(rv.Seats) != 2 || rv.Seats[*m.Seat].Player != bea.ID || rv.Seats[1-*m.Seat].Player != ana.ID {
		t.Errorf("the room's seats: %+v", rv.Seats)
	}
	// Both devices of Ana see the game in their games.
	var games []struct {
		Room, Link string
		YourTurn   bool
	}
	ls.do(t, "GET", "/api/players/me/games", ana.Key, "", &games)
	if len(games) != 1 || games[0].Room != m.Room || games[0].Link != seen.Link {
		t.Errorf("Ana's games: %+v", games)
	}
	resign(t, ls.ts, m.Link) // Bea resigns: Ana wins
	ls.waitRated(t, m.Room)
	var list []ratingJSON
	ls.do(t, "GET", "/api/ratings/adji-boto", "", "", &list)
	if len(list) != 2 || list[0].Player != ana.ID || list[1].Player != bea.ID || list[0].Games != 1 || !list[0].Provisional {
		t.Fatalf("the rating list: %+v", list)
	}
	if up, down := list[0].Rating-1500, 1500-list[1].Rating; up <= 0 || up != down {
		t.Errorf("after one game: Ana %+d, Bea %+d; want equal and opposite", up, -down)
	}
	// A casual game changes nothing.
	ls.do(t, "POST", "/api/seeks", ana.Key, `{"game":"adji-boto"}`, &s)
	ls.do(t, "POST", "/api/seeks/"+s.ID+"/accept", bea.Key, "", &m)
	resign(t, ls.ts, m.Link)
	<-ls.rated
	var after []ratingJSON
	ls.do(t, "GET", "/api/ratings/adji-boto", "", "", &after)
	if fmt.Sprint(after) != fmt.Sprint(list) {
		t.Errorf("a casual game changed the ratings: %+v, before %+v", after, list)
	}
	var pv struct {
		Ratings []ratingJSON
		Games   []struct{ Room string }
	}
	ls.do(t, "GET", "/api/players/"+ana.ID, "", "", &pv)
	if len(pv.Ratings) != 1 || pv.Ratings[0].Rating != list[0].Rating || len(pv.Games) != 2 {
		t.Errorf("Ana's page: %+v", pv)
	}
}

// A player who leaves a rated game loses it: after Bea was away for the
// grace and Ana gave her seat to the computer, Ana resigns against the
// computer, and still the game is Bea's loss and Ana's win, equal and
// opposite (docs/play.md, "Ratings").
func TestLeavingARatedGameLosesIt(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	ls := newLobbyServer(t, LobbyLimits{}, func(c *rooms.Config) {
		c.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	})
	ana, bea := ls.player(t, "Ana"), ls.player(t, "Bea")
	var s, m, seen seekJSON
	ls.do(t, "POST", "/api/seeks", ana.Key, adjiSeek, &s)
	ls.do(t, "POST", "/api/seeks/"+s.ID+"/accept", bea.Key, "", &m)
	ls.do(t, "GET", "/api/seeks/"+s.ID, ana.Key, "", &seen)
	if m.Seat == nil || seen.Link == "" {
		t.Fatalf("accept: %+v, the seeker's seek %+v", m, seen)
	}
	parts := strings.Split(seen.Link, "/")
	c, _ := dial(t, ls.ts, parts[len(parts)-2], parts[len(parts)-1])
	mu.Lock()
	now = now.Add(3 * time.Minute) // Bea never came: away past the grace
	mu.Unlock()
	if err := c.Send(context.Background(), map[string]any{"type": "replace", "seat": *m.Seat}); err != nil {
		t.Fatal(err)
	}
	for recv(t, c, "event").Event.Kind != wire.KindSeat {
	}
	if err := c.Send(context.Background(), map[string]any{"type": "resign"}); err != nil {
		t.Fatal(err)
	}
	ls.waitRated(t, m.Room)
	var list []ratingJSON
	ls.do(t, "GET", "/api/ratings/adji-boto", "", "", &list)
	if len(list) != 2 || list[0].Player != ana.ID || list[1].Player != bea.ID {
		t.Fatalf("the rating list after Bea left: %+v", list)
	}
	if up, down := list[0].Rating-1500, 1500-list[1].Rating; up <= 0 || up != down {
		t.Errorf("Bea left, Ana resigned to the computer: Ana %+d, Bea %+d; want Ana up, Bea down as much", up, -down)
	}
}

// A rated game against a computer level moves only the person, against
// the level's fixed rating.
func TestRatedGameAgainstTheComputer(t *testing.T) {
	ls := newLobbyServer(t, LobbyLimits{})
	ana := ls.player(t, "Ana")
	var m seekJSON
	if code := ls.do(t, "POST", "/api/seeks", ana.Key, `{"game":"adji-boto","rated":true,"computer":"mcts:hard"}`, &m); code != 201 || !m.Matched || m.Link == "" {
		t.Fatalf("a game against the computer: %d %+v", code, m)
	}
	resign(t, ls.ts, m.Link)
	ls.waitRated(t, m.Room)
	var list []ratingJSON
	ls.do(t, "GET", "/api/ratings/adji-boto", "", "", &list)
	if len(list) != 1 || list[0].Player != ana.ID || list[0].Rating >= 1500 {
		t.Fatalf("after losing to mcts:hard: %+v", list)
	}
	// Against an anchor of 1500 (mcts:hard) a loss moves as far as
	// against a new player would, less its smaller deviation's weight.
	if d := 1500 - list[0].Rating; d < 100 || d > 200 {
		t.Errorf("lost %d points against the anchor", d)
	}
}

// Play now pairs the nearest rating first.
func TestPlayNowPairsTheNearest(t *testing.T) {
	ls := newLobbyServer(t, LobbyLimits{})
	ana, bea, cy := ls.player(t, "Ana"), ls.player(t, "Bea"), ls.player(t, "Cy")
	var first seekJSON
	if code := ls.do(t, "POST", "/api/seeks", ana.Key, `{"game":"tamman","pair":true}`, &first); code != 201 || first.Matched || first.Status != "open" {
		t.Fatalf("Play now with nobody waiting: %d %+v", code, first)
	}
	var other seekJSON
	ls.do(t, "POST", "/api/seeks", bea.Key, `{"game":"tamman","clock":{"initial":60,"increment":0},"pair":true}`, &other)
	if other.Matched {
		t.Fatalf("Play now paired different clocks: %+v", other)
	}
	var m seekJSON
	if code := ls.do(t, "POST", "/api/seeks", cy.Key, `{"game":"tamman","pair":true}`, &m); code != 201 || !m.Matched || m.ID != first.ID || m.Room == "" {
		t.Fatalf("Play now: %d %+v, want Ana's seek %s", code, m, first.ID)
	}
}

// The lobby's WebSocket: a seek appears, and its seeker is told its room
// when it is accepted.
func TestLobbySocket(t *testing.T) {
	ls := newLobbyServer(t, LobbyLimits{})
	ana, bea := ls.player(t, "Ana"), ls.player(t, "Bea")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ls.ts.URL, "http") + "/api/lobby/ws"
	watch := func(key string) *websocket.Conn {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.CloseNow() })
		if key != "" {
			c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","key":"`+key+`"}`))
		}
		return c
	}
	next := func(c *websocket.Conn, typ string) map[string]any {
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				t.Fatalf("waiting for %s: %v", typ, err)
			}
			var m map[string]any
			json.Unmarshal(data, &m)
			if m["type"] == typ {
				return m
			}
		}
	}
	a, b := watch(ana.Key), watch("")
	next(a, "seeks")
	next(b, "seeks")
	// Ana's hello is read before the seek: a ping's pong orders them.
	a.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`))
	next(a, "pong")
	var s seekJSON
	ls.do(t, "POST", "/api/seeks", ana.Key, adjiSeek, &s)
	if m := next(b, "seek"); m["seek"].(map[string]any)["id"] != s.ID {
		t.Fatalf("B saw %v, want seek %s", m, s.ID)
	}
	var m seekJSON
	ls.do(t, "POST", "/api/seeks/"+s.ID+"/accept", bea.Key, "", &m)
	if g := next(b, "gone"); g["id"] != s.ID {
		t.Errorf("gone: %v", g)
	}
	got := next(a, "matched")
	if got["room"] != m.Room || got["link"] == "" || got["link"] == m.Link {
		t.Errorf("the seeker was told %v (the accepter has %+v)", got, m)
	}
	// A bad message closes the connection with the protocol's code.
	c := watch("")
	next(c, "seeks")
	c.Write(ctx, websocket.MessageText, []byte(`{"type":"move"}`))
	if _, _, err := c.Read(ctx); websocket.CloseStatus(err) != wire.CloseNoHello {
		t.Errorf("a bad message: %v", err)
	}
}

func FuzzLobbyRequests(f *testing.F) {
	for _, s := range []string{adjiSeek, `{"game":"tamman","pair":true}`, `{"game":"adji-boto","computer":"random","rated":true}`,
		`{"type":"hello","key":"x"}`, `{"type":"ping"}`, `{"name":"Ana"}`, `{"game":1}`, `[]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var req seekRequest
		if err := wire.DecodeStrict([]byte(body), &req); err == nil {
			if _, err := req.Clock.clock(); err == nil && req.Clock != nil && req.Clock.Initial <= 0 {
				t.Fatalf("a clock of %v was taken", req.Clock.Initial)
			}
		}
		var p playerRequest
		_ = wire.DecodeStrict([]byte(body), &p)
		if m, err := decodeLobbyMsg([]byte(body)); err == nil && m.Type != "hello" && m.Type != "ping" {
			t.Fatalf("a lobby message of type %q was taken", m.Type)
		}
	})
}

// dialLobby opens the lobby's WebSocket of the server at base.
func dialLobby(ctx context.Context, base string) (*websocket.Conn, *http.Response, error) {
	return websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/lobby/ws", nil)
}
