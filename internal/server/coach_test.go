package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"
)

type coachJSON struct {
	Reviews []struct {
		Ply    int     `json:"ply"`
		Player int     `json:"player"`
		Move   string  `json:"move"`
		Best   string  `json:"best"`
		Loss   float64 `json:"loss"`
		Mark   string  `json:"mark"`
		Words  string  `json:"markWords"`
	} `json:"reviews"`
	Complete bool   `json:"complete"`
	Error    string `json:"error"`
	Code     string `json:"code"`
}

func shortCoach(t *testing.T) {
	t.Helper()
	old := []any{CoachIterations, CoachMoveTime}
	CoachIterations, CoachMoveTime = 40, 200*time.Millisecond
	t.Cleanup(func() { CoachIterations, CoachMoveTime = old[0].(int), old[1].(time.Duration) })
}

// The coach reviews a finished record, every player's move in order, and
// one move when asked for its ply; it refuses an unfinished record (it
// could be an online game in progress) with its code.
func TestCoachReviewsAFinishedRecord(t *testing.T) {
	shortCoach(t)
	ts := newTestServer(t)
	rec := randomRecord(t, "adji-boto", []string{"seeds=2"}, 400)
	body, _ := json.Marshal(map[string]any{"record": rec})
	var c coachJSON
	if code := call(t, ts, "POST", "/api/coach", string(body), &c); code != 200 {
		t.Fatalf("coach: %d %s", code, c.Error)
	}
	if !c.Complete || len(c.Reviews) != len(rec.Moves) {
		t.Fatalf("complete %v, %d reviews of %d moves", c.Complete, len(c.Reviews), len(rec.Moves))
	}
	for i, r := range c.Reviews {
		if r.Ply != i || r.Move != rec.Moves[i] || r.Mark == "" || r.Words == "" || (r.Move == r.Best && r.Mark != "best") {
			t.Errorf("review %d: %+v", i, r)
		}
	}
	one, _ := json.Marshal(map[string]any{"record": rec, "ply": 1})
	if code := call(t, ts, "POST", "/api/coach", string(one), &c); code != 200 || len(c.Reviews) != 1 || c.Reviews[0].Ply != 1 {
		t.Fatalf("ply 1: %d %+v", code, c.Reviews)
	}
	rec.Moves = rec.Moves[:len(rec.Moves)-1]
	unfinished, _ := json.Marshal(map[string]any{"record": rec})
	c = coachJSON{}
	if code := call(t, ts, "POST", "/api/coach", string(unfinished), &c); code != http.StatusConflict || c.Code != "server.coach_in_play" {
		t.Fatalf("an unfinished record: %d %q %q", code, c.Code, c.Error)
	}
}

// A room in play is reviewed for the device that holds every person seat,
// and refused to anyone else.
func TestCoachRefusesARoomInPlay(t *testing.T) {
	shortCoach(t)
	ts := newTestServer(t)
	d := playAt(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	d.move(0, d.legal()[0])
	var c coachJSON
	if code := call(t, ts, "POST", "/api/coach", fmt.Sprintf(`{"room": %q}`, d.id), &c); code != http.StatusConflict || c.Code != "server.coach_in_play" {
		t.Fatalf("without tokens: %d %q", code, c.Code)
	}
	toks, _ := json.Marshal(d.tokens[:1])
	if code := call(t, ts, "POST", "/api/coach", fmt.Sprintf(`{"room": %q, "tokens": %s}`, d.id, toks), &c); code != http.StatusConflict {
		t.Fatalf("with one seat's token: %d", code)
	}
	toks, _ = json.Marshal(d.tokens)
	c = coachJSON{}
	if code := call(t, ts, "POST", "/api/coach", fmt.Sprintf(`{"room": %q, "tokens": %s}`, d.id, toks), &c); code != 200 || len(c.Reviews) != 1 {
		t.Fatalf("at one device: %d %+v %s", code, c.Reviews, c.Error)
	}
}

// FuzzCoach sends any body to POST /api/coach: an answer or a clear
// error, never a crash.
func FuzzCoach(f *testing.F) {
	f.Add(`{"record":{"game":"adji-boto","options":["seeds=1"],"moves":["9"]}}`)
	f.Add(`{"record":{"game":"tamman","moves":["t4","t2","c1+4"]},"ply":1}`)
	f.Add(`{"room":"nope","tokens":["x"]}`)
	f.Add(`{"record":{"game":"adji-boto","moves":[]},"ply":-1}`)
	f.Add(`{"room":"r","record":{}}`)
	s := fuzzServer(f)
	old := []any{CoachIterations, CoachMoveTime, CoachTime}
	CoachIterations, CoachMoveTime, CoachTime = 5, 20*time.Millisecond, time.Second
	f.Cleanup(func() {
		CoachIterations, CoachMoveTime, CoachTime = old[0].(int), old[1].(time.Duration), old[2].(time.Duration)
	})
	f.Fuzz(func(t *testing.T, body string) {
		w := serve(t, s, post("/api/coach", body))
		switch w.Code {
		case 200, 400, 404, 409, 413:
		default:
			t.Fatalf("%q: %d %s", body, w.Code, w.Body)
		}
	})
}
