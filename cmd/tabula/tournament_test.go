package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// --neighbours adds games only between agents next to each other in
// --agents: three agents, one game a pair, two more for each of the two
// pairs of neighbours.
func TestTournamentNeighboursAddsGamesBetweenNeighbours(t *testing.T) {
	code, out, errs := runTabula(t, "", "tournament", "--game", "adji-boto", "--agents", "random,random,greedy",
		"--games", "1", "--neighbours", "2", "--threads", "1", "--quiet", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var sum struct {
		Games     int `json:"games"`
		Standings []struct {
			Agent string `json:"agent"`
			Games int    `json:"games"`
		} `json:"standings"`
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Games != 3+2*2 {
		t.Fatalf("%d games, want 7", sum.Games)
	}
	want := map[string]int{"random": 1 + 1 + 2, "random#2": 1 + 1 + 2 + 2, "greedy": 1 + 1 + 2}
	for _, st := range sum.Standings {
		if st.Games != want[st.Agent] {
			t.Errorf("%s played %d games, want %d", st.Agent, st.Games, want[st.Agent])
		}
	}
	// --games 0 with --neighbours: the neighbours' games alone; without,
	// no game at all is refused.
	code, out, errs = runTabula(t, "", "tournament", "--game", "adji-boto", "--agents", "random,random,greedy",
		"--games", "0", "--neighbours", "1", "--threads", "1", "--quiet", "--json")
	if err := json.Unmarshal([]byte(out), &sum); code != 0 || err != nil || sum.Games != 2 {
		t.Errorf("--games 0 --neighbours 1: exit %d, %d games, want the 2 of the neighbours (%v %s)", code, sum.Games, err, errs)
	}
	code, _, errs = runTabula(t, "", "tournament", "--game", "adji-boto", "--agents", "random,greedy", "--games", "0")
	if code != 2 || !strings.Contains(errs, "--games must be at least 1") {
		t.Errorf("--games 0 alone: exit %d, %q", code, errs)
	}
	code, _, errs = runTabula(t, "", "tournament", "--game", "adji-boto", "--agents", "random,greedy", "--neighbours", "-1")
	if code != 2 || !strings.Contains(errs, "--neighbours") {
		t.Errorf("--neighbours -1: exit %d, %q", code, errs)
	}
}

// A step is the difference of two neighbours' ratings: 75 wins of 100 (and
// the fit's one virtual draw) make 400·log10(75.5/25.5) ≈ 189 Elo, with a
// bootstrap interval around it that lies above zero; the reverse order of
// the labels gives the negative step.
func TestTournamentStepsCompareNeighbours(t *testing.T) {
	var games []tournamentGame
	for i := range 100 {
		winner := 1
		if i >= 75 {
			winner = 0
		}
		games = append(games, tournamentGame{players: []int{i % 2, 1 - i%2}, winner: winner})
	}
	_, steps := standings([]string{"weak", "strong"}, games, 1)
	if len(steps) != 1 || steps[0].Agent != "strong" || steps[0].Below != "weak" {
		t.Fatalf("steps %+v", steps)
	}
	st := steps[0]
	if want := 400 * math.Log10(75.5/25.5); math.Abs(st.Elo-want) > 0.01 {
		t.Errorf("step %.2f, want %.2f", st.Elo, want)
	}
	if !(0 < st.Low && st.Low < st.Elo && st.Elo < st.High) {
		t.Errorf("interval %.0f..%.0f around %.0f", st.Low, st.High, st.Elo)
	}
	for i := range games {
		games[i].winner = 1 - games[i].winner
	}
	if _, back := standings([]string{"weak", "strong"}, games, 1); !(back[0].High < 0) {
		t.Errorf("reversed results: step %+v, want below zero", back[0])
	}
}
