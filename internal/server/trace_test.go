package server

import (
	"encoding/json"
	"strings"
	"testing"
)

// The events of a room carry the trace of each turn, and its states
// page the traces too, so that a page can animate them.
func TestEventsAndStatesCarryTraces(t *testing.T) {
	ts := newTestServer(t)
	d := playAt(t, ts, adjiVsRandom)
	var board struct {
		Kind  string `json:"kind"`
		Holes int    `json:"holes"`
	}
	json.Unmarshal(mustJSON(d.view().Board), &board)
	if board.Kind != "mancala" || board.Holes != 10 {
		t.Errorf("board %+v", board)
	}
	steps := d.move(0, "9")
	if len(steps) < 2 {
		t.Fatalf("%d steps, want the person's and the computer's", len(steps))
	}
	// Hole 9 holds 3 seeds (seeds=3): two are lifted and dropped in 8, 7.
	tr := steps[0].Trace
	if len(tr) != 3 || tr[0].Kind != "lift" || tr[0].From != 9 || tr[0].N != 2 ||
		tr[1].Kind != "drop" || tr[1].To != 8 || tr[2].To != 7 {
		t.Errorf("trace of 9: %+v", tr)
	}
	if len(steps[1].Trace) == 0 {
		t.Errorf("the computer's reply has no trace")
	}
	var st struct {
		Turns  []turn `json:"turns"`
		Traces [][]struct {
			Kind string `json:"kind"`
		} `json:"traces"`
		States []any `json:"states"`
	}
	if code := call(t, ts, "GET", "/api/rooms/"+d.id+"/states", "", &st); code != 200 {
		t.Fatalf("states: %d", code)
	}
	// Traces[i] shows how States[i] came about; the start has none.
	if len(st.Traces) != len(st.States) || len(st.States) != len(st.Turns)+1 || len(st.Traces[0]) != 0 || len(st.Traces[1]) != 3 {
		t.Errorf("%d turns, %d traces, %d states; traces %v", len(st.Turns), len(st.Traces), len(st.States), st.Traces)
	}
}

func TestStartGivesRealSeats(t *testing.T) {
	ts := newTestServer(t)
	var out struct {
		State struct {
			Pieces [][]string `json:"pieces"`
			Seats  []string   `json:"seats"`
		} `json:"state"`
		Board struct {
			Kind  string     `json:"kind"`
			Paths [][]string `json:"paths"`
		} `json:"board"`
	}
	for players, seats := range map[string]string{"2": "c1 c5", "3": "c1 e3 c5", "4": "c1 e3 c5 a3"} {
		if code := call(t, ts, "GET", "/api/games/tamman/start?players="+players, "", &out); code != 200 {
			t.Fatalf("start: %d", code)
		}
		if got := strings.Join(out.State.Seats, " "); got != seats || len(out.State.Pieces) != len(out.State.Seats) {
			t.Errorf("%s players: seats %s, pieces %v; want seats %s", players, got, out.State.Pieces, seats)
		}
		if out.Board.Kind != "grid" || len(out.Board.Paths) != len(out.State.Seats) || out.Board.Paths[len(out.Board.Paths)-1][0] != out.State.Seats[len(out.State.Seats)-1] {
			t.Errorf("%s players: board %+v", players, out.Board)
		}
	}
	var e errorBody
	if code := call(t, ts, "GET", "/api/games/tamman/start?players=9", "", &e); code != 400 || !strings.Contains(e.Error, "players") {
		t.Errorf("bad option: %d %q", code, e.Error)
	}
}
