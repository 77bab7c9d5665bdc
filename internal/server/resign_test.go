package server

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"tabula/engine"
)

// A person resigns: the match is over, says who resigned in its view and
// its record, and takes no more moves, take-backs or resignations.
func TestResign(t *testing.T) {
	ts := newTestServer(t)
	m := newAdji(t, ts)
	path := "/api/matches/" + m.ID
	for body, says := range map[string]string{
		`{}`:             "no player given",
		`{"player": 1}`:  "player 1 is not a person",
		`{"player": 7}`:  "player 7 is not a person",
		`{"player": -1}`: "player -1 is not a person",
	} {
		var e errorBody
		if code := call(t, ts, "POST", path+"/resign", body, &e); code != 400 || !strings.Contains(e.Error, says) {
			t.Errorf("resign %s: %d %q, want 400 saying %q", body, code, e.Error, says)
		}
	}
	var v struct {
		Result   string `json:"result"`
		Resigned *int   `json:"resigned"`
		CanUndo  bool   `json:"canUndo"`
	}
	if code := call(t, ts, "POST", path+"/resign", `{"player": 0}`, &v); code != 200 || v.Result != "player 0 resigned" || v.Resigned == nil || *v.Resigned != 0 || v.CanUndo {
		t.Fatalf("resign: %d %+v", code, v)
	}
	legal := m.State.Legal["0"][0]
	for what, req := range map[string][2]string{
		"a move":   {"/moves", fmt.Sprintf(`{"move": %q}`, legal)},
		"a undo":   {"/undo", ""},
		"a resign": {"/resign", `{"player": 0}`},
	} {
		var e errorBody
		if code := call(t, ts, "POST", path+req[0], req[1], &e); code != 400 || e.Error != "the game is over" {
			t.Errorf("%s after resigning: %d %q", what, code, e.Error)
		}
	}
	var rec engine.Record
	call(t, ts, "GET", path+"/record", "", &rec)
	if rec.Result != "player 0 resigned" {
		t.Errorf("record result %q", rec.Result)
	}
	var again struct {
		Resigned *int `json:"resigned"`
	}
	call(t, ts, "GET", path, "", &again)
	if again.Resigned == nil || *again.Resigned != 0 {
		t.Error("a reloaded match forgets the resignation")
	}
}

// FuzzResign: any body to resign gets a 200, 400 or 413, never a panic.
func FuzzResign(f *testing.F) {
	f.Add(`{"player": 0}`)
	f.Add(`{"player": 1}`)
	f.Add(`{"player": -99999999999999999999}`)
	f.Add(`{"player": "0"}`)
	s := staticServer(f)
	post := func(path, body string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("POST", path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		return w
	}
	f.Fuzz(func(t *testing.T, body string) {
		created := post("/api/matches", `{"game": "adji-boto", "seats": ["human", "random"]}`)
		var m struct{ ID string }
		if err := json.Unmarshal(created.Body.Bytes(), &m); err != nil || m.ID == "" {
			t.Skipf("no match: %d %s", created.Code, created.Body)
		}
		if w := post("/api/matches/"+m.ID+"/resign", body); w.Code != 200 && w.Code != 400 && w.Code != 413 {
			t.Errorf("resign %q: %d %s", body, w.Code, w.Body)
		}
	})
}
