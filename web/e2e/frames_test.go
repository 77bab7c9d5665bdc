package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// apiMatch plays a match through the API alone: a person (always the
// first legal move) against the random agent, and returns its replay.
func apiReplay(t *testing.T, game string, options map[string]any, maxTurns int) json.RawMessage {
	t.Helper()
	post := func(path string, body any, out any) {
		t.Helper()
		data, _ := json.Marshal(body)
		res, err := http.Post(srv.URL+path, "application/json", bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode >= 300 {
			var e map[string]string
			json.NewDecoder(res.Body).Decode(&e)
			t.Fatalf("POST %s: %d %s", path, res.StatusCode, e["error"])
		}
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
	type match struct {
		ID    string `json:"id"`
		Seats []string
		State struct {
			ToMove   []int               `json:"toMove"`
			Legal    map[string][]string `json:"legal"`
			Terminal bool                `json:"terminal"`
		} `json:"state"`
	}
	var m match
	seed := uint64(3)
	post("/api/matches", map[string]any{"game": game, "options": options, "seats": []string{"human", "random"}, "seed": seed}, &m)
	for i := 0; i < maxTurns && !m.State.Terminal; i++ {
		mv := m.State.Legal["0"][i%len(m.State.Legal["0"])]
		post("/api/matches/"+m.ID+"/moves", map[string]any{"move": mv}, &m)
	}
	res, err := http.Get(srv.URL + "/api/matches/" + m.ID + "/states")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var raw json.RawMessage
	if err := json.NewDecoder(res.Body).Decode(&raw); err != nil {
		t.Fatal(err)
	}
	return raw
}

// TestAnimationFramesFollowTheServer checks, in the browser, that the
// animation of every turn of real games ends where the server's next state
// is: the sowings of the mancalas (Agsinnoninka's lockstep relays
// included) and the path of a Tamman man.
func TestAnimationFramesFollowTheServer(t *testing.T) {
	type game struct {
		name    string
		id      string
		options map[string]any
		check   string // JavaScript: (prev, turn, next, frames) => error text or ''
	}
	games := []game{
		{"adji-boto", "adji-boto", map[string]any{"seeds": 4}, `(prev, turn, next, frames) => {
			if (next.terminal || turn.actors[0] < 0) return '';
			let last = frames[frames.length - 1];
			for (let h = 0; h < 10; h++) {
				const want = last.marks[h] === 'capture' ? 0 : last.holes[h];
				if (want !== next.holes[h]) return 'hole ' + h + ': animation ' + want + ', server ' + next.holes[h];
			}
			return '';
		}`},
		{"agsinnoninka-one-round", "agsinnoninka", map[string]any{"match": false}, `(prev, turn, next, frames) => {
			if (next.terminal || next.round !== prev.round || turn.actors.length < 2) return '';
			if (next.lastTurn && next.lastTurn.players.some((p) => p.cut)) return '';
			const last = frames[frames.length - 1];
			for (let h = 0; h < 10; h++) if (last.holes[h] !== next.holes[h]) return 'hole ' + h + ': animation ' + last.holes[h] + ', server ' + next.holes[h] + ' (' + JSON.stringify(last.holes) + ' vs ' + JSON.stringify(next.holes) + ')';
			for (const p of [0, 1]) if (last.stores[p] !== next.stores[p]) return 'store ' + p + ': animation ' + last.stores[p] + ', server ' + next.stores[p];
			return '';
		}`},
		{"agsinnoninka-rounds", "agsinnoninka", map[string]any{"seeds": 3}, `(prev, turn, next, frames) => {
			if (next.terminal || next.round !== prev.round || turn.actors.length < 2) return '';
			if (next.lastTurn && next.lastTurn.players.some((p) => p.cut)) return '';
			const last = frames[frames.length - 1];
			for (let h = 0; h < 10; h++) if (last.holes[h] !== next.holes[h]) return 'hole ' + h + ': animation ' + last.holes[h] + ', server ' + next.holes[h] + ' (' + JSON.stringify(last.holes) + ' vs ' + JSON.stringify(next.holes) + ')';
			for (const p of [0, 1]) if (last.stores[p] !== next.stores[p]) return 'store ' + p + ': animation ' + last.stores[p] + ', server ' + next.stores[p];
			return '';
		}`},
		{"tamman", "tamman", map[string]any{"players": 2}, `(prev, turn, next, frames) => {
			if (turn.actors[0] < 0 || turn.move === 'pass') return '';
			const last = [...frames].reverse().find((f) => f.moving);
			if (!last) return 'no moving man';
			if (!next.pieces[turn.actors[0]].includes(last.moving.sq)) return 'the man ends on ' + last.moving.sq + ', the server has ' + next.pieces[turn.actors[0]].join(' ');
			return '';
		}`},
	}
	ctx := tab(t, 120*time.Second)
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			replay := apiReplay(t, g.id, g.options, 150)
			js := fmt.Sprintf(`(async () => {
				const b = await import('/boards.js');
				const board = b.boardFor(%q);
				const r = %s;
				const check = %s;
				const errs = [];
				let checked = 0;
				for (let i = 0; i < r.turns.length; i++) {
					const frames = board.frames(r.states[i], r.turns[i], r.states[i + 1]) || [];
					if (r.turns[i].actors[0] >= 0 && frames.length === 0) { errs.push('turn ' + (i + 1) + ' ' + r.turns[i].move + ': no frames'); continue; }
					const e = frames.length ? check(r.states[i], r.turns[i], r.states[i + 1], frames) : '';
					if (e) errs.push('turn ' + (i + 1) + ' ' + r.turns[i].move + ': ' + e);
					checked++;
				}
				return JSON.stringify({checked, errs: errs.slice(0, 5), n: errs.length});
			})()`, g.id, replay, g.check)
			var out struct {
				Checked int
				Errs    []string
				N       int
			}
			if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &out); err != nil {
				t.Fatal(err)
			}
			if out.N > 0 {
				t.Errorf("%d of %d turns animate wrongly, e.g.:\n%v", out.N, out.Checked, out.Errs)
			}
			t.Logf("%s: %d turns animated as the server played them", g.id, out.Checked)
		})
	}
}
