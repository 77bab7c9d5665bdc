package server

import (
	"encoding/json"
	"testing"

	"tabula/internal/testgame"
	"tabula/view"
)

// Registered like a game of games/all, the sowing game of internal/testgame
// is played by every server test that iterates engine.Games(), among them
// TestOnlineGamesPlayToTheEndWithASpectator (two bots online, watched).
func init() { testgame.Register() }

// The server offers a game it knows only through the registry: its entry,
// its board and a room at one device against the computer, played to the
// end over the room's WebSocket by the holes the server places the moves
// on.
func TestTheServerPlaysTheTestGame(t *testing.T) {
	ts := newTestServer(t)
	var g gameView
	if code := call(t, ts, "GET", "/api/games/"+testgame.ID, "", &g); code != 200 || !g.Playable || g.Name != "Test sowing" {
		t.Fatalf("GET /api/games/%s: %d %+v", testgame.ID, code, g)
	}
	var start struct {
		Board struct {
			Kind  string `json:"kind"`
			Holes int    `json:"holes"`
		} `json:"board"`
	}
	if code := call(t, ts, "GET", "/api/games/"+testgame.ID+"/start", "", &start); code != 200 || start.Board.Kind != "mancala" || start.Board.Holes != testgame.Holes {
		t.Fatalf("start: %d, board %+v", code, start.Board)
	}
	d := playAt(t, ts, `{"game":"`+testgame.ID+`","options":{"seeds":3},"seats":[{"kind":"person"},{"kind":"computer","agent":"greedy"}]}`)
	turns := 0
	for !d.done() {
		p := d.mover()
		var st struct{ Moves []view.MoveView }
		if err := json.Unmarshal(d.raw, &st); err != nil {
			t.Fatal(err)
		}
		var hole string
		for _, m := range st.Moves {
			if m.Player == p && m.From >= 0 {
				hole = m.Move
				break
			}
		}
		if hole == "" {
			t.Fatalf("no move placed on a hole: %s", d.raw)
		}
		d.move(p, hole)
		turns++
	}
	if v := d.view(); v.Result == nil || len(v.Turns) < turns {
		t.Fatalf("after %d moves: result %+v, %d turns", turns, v.Result, len(v.Turns))
	}
}
