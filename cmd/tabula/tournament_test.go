package main

import (
	"encoding/json"
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
	code, _, errs = runTabula(t, "", "tournament", "--game", "adji-boto", "--agents", "random,greedy", "--neighbours", "-1")
	if code != 2 || !strings.Contains(errs, "--neighbours") {
		t.Errorf("--neighbours -1: exit %d, %q", code, errs)
	}
}
