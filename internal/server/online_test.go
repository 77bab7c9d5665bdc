package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"tabula/internal/wire"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tabula/engine"
	"tabula/internal/compute"
	"tabula/internal/roomclient"
	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/view"
)

// newOnlineServer is a server with online rooms on a fresh SQLite file.
func newOnlineServer(t testing.TB) (*httptest.Server, *Server, *store.SQLite) {
	t.Helper()
	return newOnlineServerAt(t, filepath.Join(t.TempDir(), "online.db"))
}

// newOnlineServerAt is newOnlineServer on the SQLite file at path.
func newOnlineServerAt(t testing.TB, path string) (*httptest.Server, *Server, *store.SQLite) {
	t.Helper()
	db, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	pool := compute.NewPool(compute.Config{}) // the rooms' and the server's, as "tabula serve" has it
	mgr := rooms.NewManager(rooms.Config{Store: db, Agents: rooms.AgentFunc(DefaultAgents), Offered: OfferedAgents, Log: log, Think: pool})
	s := New(Config{Log: log, Rooms: mgr, Pool: pool, RoomsPerMinute: 1000, MessageRate: 1000})
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		mgr.Close()
		ts.Close()
		db.Close()
	})
	return ts, s, db
}

type roomJSON struct {
	ID    string `json:"id"`
	Seats []struct {
		Link  string `json:"link"`
		Token string `json:"token"`
	} `json:"seats"`
	Spectator string `json:"spectator"`
}

// token takes the token out of an invite link "/#/room/ID/TOKEN".
func token(link string) string { return link[strings.LastIndex(link, "/")+1:] }

func newRoom(t *testing.T, ts *httptest.Server, body string) roomJSON {
	t.Helper()
	var r roomJSON
	if code := call(t, ts, "POST", "/api/rooms", body, &r); code != http.StatusCreated {
		t.Fatalf("POST /api/rooms %s: %d", body, code)
	}
	return r
}

func dial(t *testing.T, ts *httptest.Server, room, tok string) (*roomclient.Conn, roomclient.Msg) {
	t.Helper()
	c, w, err := roomclient.Dial(context.Background(), ts.URL, room, tok, -1, nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return c, w
}

// recv reads messages until one of type typ.
func recv(t *testing.T, c *roomclient.Conn, typ string) roomclient.Msg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		m, err := c.Recv(ctx)
		if err != nil {
			t.Fatalf("waiting for %q: %v", typ, err)
		}
		if m.Type == typ {
			return m
		}
	}
}

// closeCode reads until the connection closes and returns its code.
func closeCode(t *testing.T, c *roomclient.Conn) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		if _, err := c.Recv(ctx); err != nil {
			return roomclient.CloseStatus(err)
		}
	}
}

func TestOnlineGamesPlayToTheEndWithASpectator(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	for _, g := range engine.Games() {
		game := g.ID()
		t.Run(game, func(t *testing.T) {
			r := newRoom(t, ts, `{"game":"`+game+`","seats":[{"kind":"person","name":"Ana"},{"kind":"person","name":"Bo"}]}`)
			spec, w := dial(t, ts, r.ID, "")
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			var wg sync.WaitGroup
			bots := make([]*roomclient.Bot, 2)
			for i := range bots {
				bots[i] = &roomclient.Bot{Base: ts.URL, Room: r.ID, Token: token(r.Seats[i].Link), Rand: rand.New(rand.NewPCG(uint64(i), 9))}
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := bots[i].Run(ctx); err != nil {
						t.Error(err)
					}
				}()
			}
			// The spectator sees every event once, in order, up to the end.
			v := w.View.Version
			for {
				m := recv(t, spec, "event")
				if m.Event.Version != v+1 {
					t.Fatalf("spectator got version %d after %d", m.Event.Version, v)
				}
				v = m.Event.Version
				if m.Event.Kind == "commit" && (m.Event.Choice != "" || strings.Contains(string(m.Raw), "choice")) {
					t.Fatalf("the spectator saw a choice: %s", m.Raw)
				}
				if m.Event.Kind == "end" {
					break
				}
			}
			wg.Wait()
			var rec rooms.Record
			call(t, ts, "GET", "/api/rooms/"+r.ID+"/record", "", &rec)
			if rec.Result == nil || rec.Secret == "" {
				t.Fatalf("record of the finished game: %+v", rec)
			}
			s, err := rec.Load()
			if err != nil || !s.Terminal() {
				t.Fatalf("the record does not replay to the end: %v", err)
			}
			var list struct{ Games []archiveEntry }
			call(t, ts, "GET", "/api/archive?game="+game+"&player=ana", "", &list)
			if len(list.Games) != 1 || list.Games[0].Room != r.ID {
				t.Fatalf("archive: %+v", list)
			}
		})
	}
}

func TestResentMovesAreNeverAppliedTwice(t *testing.T) {
	ts, _, db := newOnlineServer(t)
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	bots := make([]*roomclient.Bot, 2)
	for i := range bots {
		bots[i] = &roomclient.Bot{Base: ts.URL, Room: r.ID, Token: token(r.Seats[i].Link), Rand: rand.New(rand.NewPCG(uint64(i), 3)), Resend: true}
		wg.Add(1)
		go func() { defer wg.Done(); bots[i].Run(ctx) }()
	}
	wg.Wait()
	sn, err := db.LoadRoom(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	acked, dups := 0, 0
	for _, b := range bots {
		if len(b.Rejects) > 0 || b.Reconnect > 0 {
			t.Errorf("rejects %v, reconnects %d", b.Rejects, b.Reconnect)
		}
		acked += len(b.Acked)
		dups += b.Duplicates
		if b.DoubleAcks != 0 {
			t.Errorf("a version was acknowledged for two moves")
		}
		for v, mv := range b.Acked {
			var e wire.Event
			json.Unmarshal(sn.Events[v-1].Body, &e)
			if e.Move != mv {
				t.Errorf("version %d holds %q, acked for %q", v, e.Move, mv)
			}
		}
	}
	turns := 0
	for _, e := range sn.Events {
		if e.Kind == wire.KindTurn {
			turns++
		}
	}
	if acked == 0 || dups != acked || turns != acked {
		t.Fatalf("%d moves acked, %d resends acked as duplicates, %d turns stored", acked, dups, turns)
	}
}

func TestImpersonationIsRefused(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	a, w := dial(t, ts, r.ID, token(r.Seats[0].Link))
	b, _ := dial(t, ts, r.ID, token(r.Seats[1].Link))
	spec, _ := dial(t, ts, r.ID, "")
	ctx := context.Background()
	st, _ := roomclient.ParseState(w.View.State)
	first := st.Legal["0"][0]
	// Seat 1 sends seat 0's move; the spectator moves.
	b.Send(ctx, map[string]any{"type": "move", "version": 0, "move": first})
	if m := recv(t, b, "reject"); m.Code != rooms.CodeNotYours {
		t.Fatalf("seat 1 moving for seat 0: %s", m.Raw)
	}
	spec.Send(ctx, map[string]any{"type": "move", "version": 0, "move": first})
	if m := recv(t, spec, "reject"); m.Code != rooms.CodeSpectator {
		t.Fatalf("spectator moving: %s", m.Raw)
	}
	// A field naming a seat is unknown: the seat comes from the token.
	b.SendRaw(ctx, []byte(`{"type":"move","version":0,"move":"`+first+`","seat":0}`))
	if m := recv(t, b, "reject"); m.Code != "bad-message" {
		t.Fatalf("a move with a seat field: %s", m.Raw)
	}
	a.Send(ctx, map[string]any{"type": "move", "version": 0, "move": first})
	recv(t, a, "ack")
	// A replayed message is acknowledged as a duplicate, never applied.
	a.Send(ctx, map[string]any{"type": "move", "version": 0, "move": first})
	if m := recv(t, a, "ack"); !m.Duplicate || m.Version != 1 {
		t.Fatalf("replayed move: %s", m.Raw)
	}
	// The seat changes hands: the old token stops working.
	a.Send(ctx, map[string]any{"type": "new-link"})
	newTok := recv(t, a, "token").Token
	if code := closeCode(t, a); code != wire.CloseBadToken {
		t.Fatalf("old connection closed with %d", code)
	}
	if _, _, err := roomclient.Dial(ctx, ts.URL, r.ID, token(r.Seats[0].Link), -1, nil); err == nil {
		t.Fatal("the old token joined")
	} else if c := roomclient.CloseStatus(err); c != wire.CloseBadToken {
		t.Fatalf("old token: close %d (%v)", c, err)
	}
	if _, _, err := roomclient.Dial(ctx, ts.URL, r.ID, token(r.Seats[1].Link)+"x", -1, nil); roomclient.CloseStatus(err) != wire.CloseBadToken {
		t.Fatalf("a made-up token: %v", err)
	}
	dial(t, ts, r.ID, newTok)
	// A foreign Origin is refused before any message.
	_, _, err := roomclient.Dial(ctx, ts.URL, r.ID, "", -1, http.Header{"Origin": {"https://evil.example"}})
	if err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("foreign origin: %v", err)
	}
	var v wire.View
	call(t, ts, "GET", "/api/rooms/"+r.ID, "", &v)
	if v.Version != 2 || len(v.Turns) != 1 {
		t.Fatalf("the refused messages changed the room: version %d, %d turns", v.Version, len(v.Turns))
	}
}

func TestBadFramesAndFloods(t *testing.T) {
	ts, s, _ := newOnlineServer(t)
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	ctx := context.Background()
	c, _ := dial(t, ts, r.ID, "")
	for _, bad := range []string{`{`, `[]`, `{"type":"move"}`, `{"type":"move","version":"1","move":"9"}`, `{"type":"fly"}`, `{"type":"hello","last":0} {}`, `null`} {
		c.SendRaw(ctx, []byte(bad))
		if m := recv(t, c, "reject"); m.Code != "bad-message" {
			t.Errorf("%s: %s", bad, m.Raw)
		}
	}
	// A frame over the limit closes with 1009.
	c.SendRaw(ctx, []byte(`{"type":"name","name":"`+strings.Repeat("x", wire.MaxFrame)+`"}`))
	if code := closeCode(t, c); code != int(websocket.StatusMessageTooBig) {
		t.Fatalf("oversized frame: close %d", code)
	}
	// A flood closes with 4002.
	s.wsLimits.Rate, s.wsLimits.Burst = 10, 30
	f, _ := dial(t, ts, r.ID, "")
	for range s.wsLimits.Burst + 20 {
		if f.Send(ctx, map[string]any{"type": "ping"}) != nil {
			break
		}
	}
	if code := closeCode(t, f); code != wire.CloseTooFast {
		t.Fatalf("flood: close %d", code)
	}
	// No hello: 4005.
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/rooms/"+r.ID+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`))
	if _, _, err := ws.Read(ctx); websocket.CloseStatus(err) != wire.CloseNoHello {
		t.Fatalf("no hello: %v", err)
	}
	// Unknown room: 404.
	if _, _, err := roomclient.Dial(ctx, ts.URL, "nope", "", -1, nil); err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("unknown room: %v", err)
	}
	// Too many connections from one address: 429.
	s.wsLimits.PerIP = 2
	var open []*roomclient.Conn
	var refused error
	for range 4 {
		c, _, err := roomclient.Dial(ctx, ts.URL, r.ID, "", -1, nil)
		if err != nil {
			refused = err
			break
		}
		open = append(open, c)
	}
	for _, c := range open {
		c.CloseNow()
	}
	if refused == nil || !strings.Contains(refused.Error(), "429") {
		t.Fatalf("connection cap: %v", refused)
	}
}

func TestCreateRoomErrors(t *testing.T) {
	ts, s, _ := newOnlineServer(t)
	cases := []struct {
		body string
		code int
	}{
		{`{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"mcts:easy"}]}`, 201},
		{`{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"mcts:9999999"}]}`, 400},
		{`{"game":"adji-boto","seats":[{"kind":"person"}]}`, 400},
		{`{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}],"extra":1}`, 400},
		{`{"game":"adji-boto","seats":"two"}`, 400},
		{`{"game":"nope","seats":[{"kind":"person"},{"kind":"person"}]}`, 400},
		{`{"game":"agsinnoninka","options":{"max-steps":0},"seats":[{"kind":"person"},{"kind":"person"}]}`, 400},
		{`{"game":"tamman","options":{"players":4},"seats":[{"kind":"person"},{"kind":"person"},{"kind":"computer","agent":"random"},{"kind":"person"}]}`, 201},
	}
	for _, c := range cases {
		var out map[string]any
		if got := call(t, ts, "POST", "/api/rooms", c.body, &out); got != c.code {
			t.Errorf("%s: %d %v, want %d", c.body, got, out, c.code)
		}
	}
	// Days per move (by correspondence): whole days, 1 to 30, alone.
	const two = `"seats":[{"kind":"person"},{"kind":"person"}]`
	for _, c := range []struct {
		clock string
		code  int
	}{{`{"days":3}`, 201}, {`{"days":0.5}`, 400}, {`{"days":31}`, 400}, {`{"days":2,"initial":60}`, 400}, {`{"days":-1}`, 400}} {
		var out struct{ ID, Error string }
		if got := call(t, ts, "POST", "/api/rooms", `{"game":"adji-boto","clock":`+c.clock+`,`+two+`}`, &out); got != c.code {
			t.Errorf("clock %s: %d %v, want %d", c.clock, got, out, c.code)
		} else if got == 201 {
			var v struct{ Clock string }
			call(t, ts, "GET", "/api/rooms/"+out.ID, "", &v)
			if v.Clock != "move:259200000" {
				t.Errorf("clock %s: the room's clock is %q", c.clock, v.Clock)
			}
		} else if !strings.Contains(out.Error, "days") {
			t.Errorf("clock %s: the refusal %q does not say what is wanted", c.clock, out.Error)
		}
	}
	s.cfg.RoomsPerMinute = 2
	s.created = perMinute{}
	codes := ""
	for range 3 {
		codes += strconv.Itoa(call(t, ts, "POST", "/api/rooms", cases[0].body, nil)) + " "
	}
	if codes != "201 201 429 " {
		t.Fatalf("rooms per minute: %s", codes)
	}
}

func TestQRCode(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	res, err := http.Get(ts.URL + "/api/qr?text=" + url.QueryEscape(ts.URL+"/#/room/abc/def"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || len(body) < 100 {
		t.Fatalf("QR: %d %s %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(body))
	}
	if code := call(t, ts, "GET", "/api/qr?text="+strings.Repeat("x", 600), "", nil); code != 400 {
		t.Fatalf("long QR text: %d", code)
	}
	// Not a free QR service: text that is not a link to this server.
	for _, text := range []string{"hello", "http://evil.example/#/room/abc/def", "javascript:alert(1)"} {
		if code := call(t, ts, "GET", "/api/qr?text="+url.QueryEscape(text), "", nil); code != 400 {
			t.Errorf("QR of %q: %d, want 400", text, code)
		}
	}
}

var _ = fmt.Sprint
var _ = engine.Lookup

// finishedRecord plays random moves to the end of a game.
func finishedRecord(t *testing.T, game string, seed uint64) view.Record {
	t.Helper()
	g, _ := engine.Lookup(game)
	opts := engine.DefaultOptions(g)
	s, _ := g.NewState(opts)
	rec := view.NewRecord(g, opts)
	rng := rand.New(rand.NewPCG(seed, 1))
	for !s.Terminal() {
		a := s.Actors(nil)
		parts := make([]string, len(a))
		for i, p := range a {
			legal := engine.LegalTexts(s, p)
			parts[i] = legal[rng.IntN(len(legal))]
		}
		text := strings.Join(parts, ",")
		if err := engine.Play(s, text); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, text)
	}
	rec.Players = []string{"Ada", "Bea"}
	return rec
}

func TestImportAndExportTheArchive(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	recs := []view.Record{finishedRecord(t, "adji-boto", 1), finishedRecord(t, "tamman", 2)}
	body, _ := json.Marshal(map[string]any{"records": recs})
	var out map[string]any
	if code := call(t, ts, "POST", "/api/archive", string(body), &out); code != http.StatusCreated || out["imported"] != 2.0 {
		t.Fatalf("import: %d %v", code, out)
	}
	unfinished := recs[0]
	unfinished.Moves = unfinished.Moves[:3]
	bad, _ := json.Marshal(map[string]any{"records": []view.Record{recs[1], unfinished}})
	if code := call(t, ts, "POST", "/api/archive", string(bad), &out); code != 400 || !strings.Contains(fmt.Sprint(out["error"]), "record 2") {
		t.Fatalf("import of an unfinished game: %d %v", code, out)
	}
	// The failed import stored nothing of its file, not even the good
	// Tamman record before the bad one: one Tamman game still.
	var list struct{ Games []archiveEntry }
	call(t, ts, "GET", "/api/archive?player=ada&game=tamman", "", &list)
	if len(list.Games) != 1 || list.Games[0].Game != "tamman" {
		t.Fatalf("archive after imports: %+v", list.Games)
	}
	res, err := http.Get(ts.URL + "/api/archive?game=adji-boto&format=jsonl")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 1 {
		t.Fatalf("export: %d lines", len(lines))
	}
	got, err := view.ParseRecord([]byte(lines[0]))
	if err != nil || strings.Join(got.Moves, " ") != strings.Join(recs[0].Moves, " ") || got.Result == nil {
		t.Fatalf("exported record %+v: %v", got, err)
	}
	if code := call(t, ts, "GET", "/api/archive?since=yesterday", "", nil); code != 400 {
		t.Fatalf("a bad date: %d", code)
	}
}

// TestArchiveFiltersByResultCode: the archive lists results as data with
// their words, filters by a code or its leading parts, offers its filters
// with their words, and refuses a filter that is no code, in words.
func TestArchiveFiltersByResultCode(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	recs := []view.Record{finishedRecord(t, "adji-boto", 1), finishedRecord(t, "adji-boto", 2), finishedRecord(t, "tamman", 3)}
	body, _ := json.Marshal(map[string]any{"records": recs})
	if code := call(t, ts, "POST", "/api/archive", string(body), nil); code != http.StatusCreated {
		t.Fatalf("import: %d", code)
	}
	var all struct {
		Games   []archiveEntry
		Results []resultChoice
	}
	call(t, ts, "GET", "/api/archive", "", &all)
	if len(all.Games) != 3 || len(all.Results) < 3 || all.Results[0].Code != "draw" || all.Results[1].Text["de"] != "Spieler 0 gewinnt" {
		t.Fatalf("archive: %+v", all)
	}
	byCode := map[string]int{}
	for _, g := range all.Games {
		if g.Result == nil || g.ResultText["en"] == "" {
			t.Fatalf("archived %s: result %+v, words %v", g.Room, g.Result, g.ResultText)
		}
		if !g.Result.Draw() && !strings.Contains(g.ResultText["en"], g.Players[g.Result.Winner]+" wins") {
			t.Errorf("archived %s: %q does not name the winner %s", g.Room, g.ResultText["en"], g.Players[g.Result.Winner])
		}
		for _, prefix := range []string{"win", "draw", g.Result.Code()} {
			if strings.HasPrefix(g.Result.Code(), prefix) {
				byCode[prefix]++
			}
		}
	}
	for filter, want := range byCode {
		var list struct{ Games []archiveEntry }
		call(t, ts, "GET", "/api/archive?result="+filter, "", &list)
		if len(list.Games) != want {
			t.Errorf("result=%s: %d games, want %d", filter, len(list.Games), want)
		}
	}
	var refused map[string]any
	if code := call(t, ts, "GET", "/api/archive?result=player+1+wins", "", &refused); code != 400 || !strings.Contains(fmt.Sprint(refused["error"]), "result=") {
		t.Errorf("a sentence as the filter: %d %v", code, refused)
	}
}

// TestArchiveUntilIncludesItsDay: "until" a date lists the games finished
// on that day, as "since" does.
func TestArchiveUntilIncludesItsDay(t *testing.T) {
	ts, _, _ := newOnlineServer(t)
	body, _ := json.Marshal(map[string]any{"records": []view.Record{finishedRecord(t, "adji-boto", 1)}})
	if code := call(t, ts, "POST", "/api/archive", string(body), nil); code != http.StatusCreated {
		t.Fatalf("import: %d", code)
	}
	today := time.Now().UTC().Format("2006-01-02")
	var list struct{ Games []archiveEntry }
	call(t, ts, "GET", "/api/archive?since="+today+"&until="+today, "", &list)
	if len(list.Games) != 1 {
		t.Fatalf("since and until %s: %d games, want the one finished today", today, len(list.Games))
	}
	yesterday := time.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02")
	call(t, ts, "GET", "/api/archive?until="+yesterday, "", &list)
	if len(list.Games) != 0 {
		t.Fatalf("until %s: %d games, want none", yesterday, len(list.Games))
	}
}

// FuzzRoomRequests sends arbitrary bodies to the endpoints of rooms that
// read one: every answer is a success or a clear 4xx, never a 500.
func FuzzRoomRequests(f *testing.F) {
	for _, s := range []string{
		`{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`,
		`{"game":"tamman","options":{"players":3},"seats":[{"kind":"person"},{"kind":"computer","agent":"random"},{"kind":"person","name":"x"}]}`,
		`{"game":"agsinnoninka","clock":{"initial":60,"increment":1},"seats":[{"kind":"person"},{"kind":"person"}]}`,
		`{"game":"adji-boto","clock":{"days":3},"seats":[{"kind":"person"},{"kind":"person"}]}`,
		`{"records":[{"game":"adji-boto","options":[],"moves":["9"]}]}`,
		`{"seats":[{}]}`, `[]`, `{"game":1}`, ``,
		`{"record":{"game":"adji-boto","options":[],"moves":["5","1"],"players":["human","random"]}}`,
		`{"record":{"game":"tamman","options":["players=2"],"moves":["t3"]},"seats":[{"kind":"person"},{"kind":"person"}]}`,
		`{"record":{"game":"adji-boto","options":["seeds=x"],"moves":[]}}`, `{"record":{}}`, `{"record":null,"game":"tamman"}`,
		`{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"mcts:87600h"}]}`,
		`{"game":"agsinnoninka","options":{"seeds":2,"max-steps":10000000},"seats":[{"kind":"person"},{"kind":"computer","agent":"mcts:easy"}]}`,
		`{"game":"adji-boto","options":{"max-plies":1e300},"seats":[{"kind":"person"},{"kind":"person"}]}`,
		`{"record":{"game":"tamman","moves":["t4","t2","c1+4"]}}`,
	} {
		f.Add(s)
	}
	_, srv, _ := newOnlineServer(f)
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/api/rooms", "/api/archive"} {
			req := httptest.NewRequest("POST", path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, req)
			if w.Code >= 500 || w.Code < 200 {
				t.Fatalf("POST %s %q: %d %s", path, body, w.Code, w.Body)
			}
			var e struct{ Error string }
			if w.Code >= 400 && (json.Unmarshal(w.Body.Bytes(), &e) != nil || e.Error == "") {
				t.Fatalf("POST %s %q: %d without an error message: %s", path, body, w.Code, w.Body)
			}
		}
	})
}
