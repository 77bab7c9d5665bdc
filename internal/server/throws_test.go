package server

import (
	"fmt"
	"net/http/httptest"
	"testing"
)

// chanceTurns lists the chance events (throws) of a match's turns.
func chanceTurns(turns []turn) []string {
	var out []string
	for _, tn := range turns {
		if tn.Actors[0] == -1 {
			out = append(out, tn.Move)
		}
	}
	return out
}

// playFirst plays up to n person's turns of m, the first legal move each.
func playFirst(t *testing.T, ts *httptest.Server, m *matchJSON, n int) {
	t.Helper()
	for i := 0; i < n && !m.State.Terminal; i++ {
		p := fmt.Sprint(m.State.ToMove[0])
		body := fmt.Sprintf(`{"move":%q}`, m.State.Legal[p][0])
		if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/moves", body, m); code != 200 {
			t.Fatalf("move %d: %d", i, code)
		}
	}
}

// TestTakeBackBringsTheSameThrows: the throws of a match come from its own
// seeded stream, so taking back a move and playing another one brings the
// same throws again (rule correction 4: no fishing for better throws).
func TestTakeBackBringsTheSameThrows(t *testing.T) {
	ts := newTestServer(t)
	var m matchJSON
	if code := call(t, ts, "POST", "/api/matches", `{"game":"tamman","options":{"players":2},"seats":["human","human"],"seed":12}`, &m); code != 201 {
		t.Fatalf("create: %d", code)
	}
	playFirst(t, ts, &m, 12)
	before := chanceTurns(m.Turns)
	distinct := map[string]bool{}
	for _, th := range before {
		distinct[th] = true
	}
	if len(before) < 8 || len(distinct) < 2 {
		t.Fatalf("throws %v: too few, or all alike", before)
	}
	// Take back the last move, play the last legal move instead where there
	// is a choice, and go on: the throws that follow are those of before.
	var u matchJSON
	if code := call(t, ts, "POST", "/api/matches/"+m.ID+"/undo", "", &u); code != 200 {
		t.Fatalf("undo: %d", code)
	}
	kept := chanceTurns(u.Turns)
	p := fmt.Sprint(u.State.ToMove[0])
	legal := u.State.Legal[p]
	body := fmt.Sprintf(`{"move":%q}`, legal[len(legal)-1])
	if code := call(t, ts, "POST", "/api/matches/"+u.ID+"/moves", body, &u); code != 200 {
		t.Fatalf("move after undo: %d", code)
	}
	playFirst(t, ts, &u, 6)
	after := chanceTurns(u.Turns)
	if len(after) <= len(kept) {
		t.Fatalf("no throw after the take back: %v", after)
	}
	n := min(len(before), len(after))
	for i := 0; i < n; i++ {
		if before[i] != after[i] {
			t.Fatalf("throw %d is %s after the take back, %s before (kept %d throws)\nbefore %v\nafter  %v",
				i+1, after[i], before[i], len(kept), before, after)
		}
	}
	if n <= len(kept) {
		t.Errorf("no throw compared past the take back: kept %d, compared %d", len(kept), n)
	}
}
