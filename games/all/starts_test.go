package all

import (
	"slices"
	"testing"

	"tabula/engine"
)

// StartsByPlayers gives each game once, and Tamman once for each of its
// 2, 3 and 4 players, each at its start with that many players.
func TestStartsByPlayers(t *testing.T) {
	starts, err := engine.StartsByPlayers()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range starts {
		if s.Terminal() || s.Ply() != 0 {
			t.Errorf("%s with %d players is not at its start", s.Game().ID(), s.NumPlayers())
		}
		got = append(got, s.Game().ID()+":"+string(rune('0'+s.NumPlayers())))
	}
	for _, want := range []string{"adji-boto:2", "agsinnoninka:2", "tamman:2", "tamman:3", "tamman:4"} {
		if !slices.Contains(got, want) {
			t.Errorf("starts %v: %s missing", got, want)
		}
	}
	if len(got) != 5 {
		t.Errorf("starts %v: want 5", got)
	}
}
