package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"tabula/internal/wire"
	"testing"
	"time"

	"tabula/engine"
	"tabula/internal/roomclient"
	"tabula/internal/rooms"
	"tabula/internal/server"
	"tabula/internal/store"
	"tabula/view"
)

// seededServer is a server of its own whose rooms draw their secrets (the
// seeds of throws and computer players) from a stream seeded with seed,
// so that a game played the same way is the same game on every run.
func seededServer(t *testing.T, seed byte) *httptest.Server {
	t.Helper()
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "frames.db"))
	if err != nil {
		t.Fatal(err)
	}
	discard := slog.New(slog.NewTextHandler(io.Discard, nil))
	m := rooms.NewManager(rooms.Config{Store: db, Agents: server.DefaultAgents, Offered: server.OfferedAgents, Log: discard,
		Secrets: rand.NewChaCha8([32]byte{seed})})
	ts := httptest.NewServer(server.New(server.Config{Log: discard, Rooms: m, RoomsPerMinute: 1000, MessageRate: 1000}))
	t.Cleanup(func() {
		m.Close()
		ts.Close()
		db.Close()
	})
	return ts
}

// apiReplay plays a room through the API alone: a person (always the
// first legal move, then the next, in turn) against the random agent in
// every other seat, over the room's WebSocket, and returns the replay of
// its states (states, turns, traces, board).
func apiReplay(t *testing.T, game string, options map[string]any, players, maxTurns int) json.RawMessage {
	t.Helper()
	ts := seededServer(t, 3)
	seats := []map[string]string{{"kind": "person"}}
	for len(seats) < players {
		seats = append(seats, map[string]string{"kind": "computer", "agent": "random"})
	}
	body, _ := json.Marshal(map[string]any{"game": game, "options": options, "seats": seats})
	res, err := http.Post(ts.URL+"/api/rooms", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var room struct {
		ID    string
		Seats []struct{ Token string }
		Error string
	}
	json.NewDecoder(res.Body).Decode(&room)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/rooms %s: %d %s", body, res.StatusCode, room.Error)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, w, err := roomclient.Dial(ctx, ts.URL, room.ID, room.Seats[0].Token, -1, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	version, raw, over := w.View.Version, w.View.State, w.View.Status != "open"
	chose := w.View.Seats[0].Committed // seat 0 has made its hidden choice of this turn
	pending, waitFor := false, 0       // seat 0's move sent, and the version it was stored at
	for i := 0; i < maxTurns && !over; {
		st, err := roomclient.ParseState(raw)
		if err != nil {
			t.Fatal(err)
		}
		if st.Terminal {
			break
		}
		if !pending && version >= waitFor && !chose && slices.Contains(st.ToMove, 0) {
			legal := st.Legal["0"]
			if err := c.Send(ctx, map[string]any{"type": "move", "version": version, "move": legal[i%len(legal)]}); err != nil {
				t.Fatal(err)
			}
			i++
			pending = true
		}
		m, err := c.Recv(ctx)
		if err != nil {
			t.Fatal(err)
		}
		switch m.Type {
		case "reject":
			t.Fatalf("move refused: %s", m.Raw)
		case "ack":
			pending, waitFor = false, m.Version
		case "event":
			version, raw = m.Event.Version, m.State
			switch m.Event.Kind {
			case wire.KindCommit:
				chose = chose || *m.Event.Seat == 0
			case wire.KindTurn:
				chose = false
			case wire.KindEnd:
				over = true
			}
		}
	}
	res, err = http.Get(ts.URL + "/api/rooms/" + room.ID + "/states")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out json.RawMessage
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// optionSets are the option sets a game's frames are checked under: the
// defaults, then each option at each other value it can take (bools
// flipped, every enum value, every player count), plus the sets in extra.
func optionSets(g engine.Game, extra ...map[string]any) []map[string]any {
	sets := []map[string]any{{}}
	for _, sp := range g.Specs() {
		switch {
		case sp.Kind == engine.Bool:
			sets = append(sets, map[string]any{sp.Name: sp.Default != "true"})
		case sp.Kind == engine.Enum:
			for _, v := range sp.Values {
				if v != sp.Default {
					sets = append(sets, map[string]any{sp.Name: v})
				}
			}
		case sp.Name == "players":
			for n := int(sp.Min); n <= int(sp.Max); n++ {
				sets = append(sets, map[string]any{sp.Name: n})
			}
		}
	}
	return append(sets, extra...)
}

// TestAnimationFramesFollowTheServer checks, in the browser, that the
// animation of every turn of real games, replayed from the server's
// traces, ends on the server's next state, under every option set and
// with cut turns (max-steps) included.
func TestAnimationFramesFollowTheServer(t *testing.T) {
	t.Parallel()
	extra := map[string][]map[string]any{
		"adji-boto":    {{"seeds": 3, "chain-through-empty": true}},
		"agsinnoninka": {{"max-steps": 40}, {"seeds": 2, "max-steps": 25, "sow-stores": true}, {"sow-stores": true, "store-end": "relay"}},
	}
	check := `(prev, turn, next, frames) => {
		const last = frames[frames.length - 1];
		const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
		if (next.holes) {
			if (!same(last.holes, next.holes)) return 'holes ' + JSON.stringify(last.holes) + ', server ' + JSON.stringify(next.holes);
			if (!same(last.stores, next.stores)) return 'stores ' + JSON.stringify(last.stores) + ', server ' + JSON.stringify(next.stores);
			if (next.burnt && !same(last.burnt, next.burnt)) return 'burnt ' + JSON.stringify(last.burnt) + ', server ' + JSON.stringify(next.burnt);
		}
		if (next.pieces) {
			const sorted = (ps) => ps.map((a) => a.slice().sort());
			if (!same(sorted(last.pieces), sorted(next.pieces))) return 'men ' + JSON.stringify(last.pieces) + ', server ' + JSON.stringify(next.pieces);
		}
		return '';
	}`
	// The cases share this tab, which waits for them: each has its own
	// limit, from when it gets a place.
	page := tab(t, 30*time.Minute)
	type replayCase struct {
		name   string
		replay func(t *testing.T) json.RawMessage
	}
	var cases []replayCase
	for _, g := range engine.Games() {
		for _, opts := range optionSets(g, extra[g.ID()]...) {
			name := g.ID()
			for k, v := range opts {
				name += fmt.Sprintf(",%s=%v", k, v)
			}
			players := 2
			if n, ok := opts["players"].(int); ok {
				players = n
			}
			cases = append(cases, replayCase{name, func(t *testing.T) json.RawMessage { return apiReplay(t, g.ID(), opts, players, 120) }})
		}
	}
	// A turn too long to show step by step (turn 34: 767 events, with set
	// events after the steps not shown), found by playing random matches.
	cases = append(cases, replayCase{"agsinnoninka-long-turn", func(t *testing.T) json.RawMessage {
		return postReplay(t, view.Record{Game: "agsinnoninka", Options: []string{"match=false", "end-hole=last"}, Moves: strings.Split(
			"9,4 9,4 7,3 7,3 9,3 7,4 7,1 9,2 5,0 7,1 8,1 5,0 9,4 9,1 7,3 7,0 6,0 5,3 5,4 8,4 8,0 5,3 6,4 5,3 7,2 8,0 9,1 6,2 9,4 9,1 7,0 7,1 7,0 6,3", " ")})
	}})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A game played over the API mostly waits for its server: the
			// cases play side by side, and check in the one tab.
			parallel(t)
			ctx, cancel := context.WithTimeout(page, 2*time.Minute)
			defer cancel()
			replay := c.replay(t)
			js := fmt.Sprintf(`(async () => {
					const b = await import('/boards.js');
					const r = JSON.parse(%s);
					const board = b.boardFor(r.board);
					const check = %s;
					const errs = [];
					let checked = 0, traced = 0;
					for (let i = 0; i < r.turns.length; i++) {
						const frames = board.frames(r.states[i], r.traces[i + 1], r.board) || [];
						if (r.traces[i + 1].length) traced++;
						if (r.traces[i + 1].length && frames.length === 0) { errs.push('turn ' + (i + 1) + ' ' + r.turns[i].move + ': no frames'); continue; }
						if (!frames.length) continue;
						const e = check(r.states[i], r.turns[i], r.states[i + 1], frames);
						if (e) errs.push('turn ' + (i + 1) + ' ' + r.turns[i].move + ': ' + e);
						checked++;
					}
					const cut = r.traces.filter((tr) => tr.some((e) => e.kind === 'set' || (e.kind === 'stop' && e.n >= 3))).length;
					return JSON.stringify({checked, traced, cut, turns: r.turns.length, errs: errs.slice(0, 5), n: errs.length});
				})()`, jsonText(replay), check)
			var out struct {
				Checked, Traced, Cut, Turns, N int
				Errs                           []string
			}
			if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &out); err != nil {
				t.Fatal(err)
			}
			if out.N > 0 {
				t.Errorf("%d of %d turns animate wrongly, e.g.:\n%v", out.N, out.Checked, out.Errs)
			}
			if out.Checked == 0 || out.Traced == 0 {
				t.Errorf("no turn checked (%d turns, %d traced)", out.Turns, out.Traced)
			}
			t.Logf("%d of %d turns animated as the server played them (%d with cut or shortened relays)", out.Checked, out.Turns, out.Cut)
			if c.name == "agsinnoninka-long-turn" && out.Cut == 0 {
				t.Error("the long turn shows no set events")
			}
		})
	}
}

// postReplay replays a record through POST /api/replay.
func postReplay(t *testing.T, rec view.Record) json.RawMessage {
	t.Helper()
	data, _ := json.Marshal(rec)
	res, err := http.Post(srv.URL+"/api/replay", "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var raw json.RawMessage
	if err := json.NewDecoder(res.Body).Decode(&raw); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("POST /api/replay: %d %s %v", res.StatusCode, raw, err)
	}
	return raw
}

// jsonText is a JavaScript string literal of raw, for JSON.parse: V8
// reads a large value so faster than the same value as a literal.
func jsonText(raw json.RawMessage) string {
	b, _ := json.Marshal(string(raw))
	return string(b)
}
