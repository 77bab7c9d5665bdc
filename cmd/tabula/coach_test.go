package main

import (
	"strings"
	"testing"
)

// replay --coach adds the field coach, a review of each player's move
// (not chance's), and leaves every other field as replay gives it.
func TestReplayCoachReviewsEachPlayersMove(t *testing.T) {
	args := []string{"--game", "tamman", "t2", "c1+2", "t1", "c5+1"}
	plain := replayJSON(t, args...)
	if _, ok := plain["coach"]; ok {
		t.Fatal("replay without --coach has a field coach")
	}
	m := replayJSON(t, append([]string{"--coach", "--coach-iterations", "50"}, args...)...)
	reviews, ok := m["coach"].([]any)
	if !ok || len(reviews) != 2 {
		t.Fatalf("coach = %v, want the reviews of the 2 moves", m["coach"])
	}
	for i, want := range []struct {
		ply    float64
		player float64
		move   string
	}{{1, 0, "c1+2"}, {3, 1, "c5+1"}} {
		r := reviews[i].(map[string]any)
		if r["ply"] != want.ply || r["player"] != want.player || r["move"] != want.move {
			t.Errorf("review %d: %v, want ply %g, player %g, move %s", i, r, want.ply, want.player, want.move)
		}
		switch r["mark"] {
		case "best", "good", "inaccuracy", "mistake", "blunder":
		default:
			t.Errorf("review %d: mark %v", i, r["mark"])
		}
	}
	delete(m, "coach")
	for k, v := range plain {
		if _, ok := m[k]; !ok {
			t.Errorf("with --coach the field %s (%v) is missing", k, v)
		}
	}
}

func TestReplayCoachBadBudgetExitsTwo(t *testing.T) {
	code, out, errOut := runTabula(t, "", "replay", "--game", "tamman", "--coach", "--coach-iterations", "0")
	if code != 2 || out != "" || !strings.Contains(errOut, "--coach-iterations") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
