package research

import (
	"reflect"
	"testing"
)

// Readings that share a game's keyed draws (a plan of several readings)
// play the games they play when each hashes its own throws: the same
// results, main and skill games, by turn and by ply, and most throws of
// the later readings are found kept.
func TestSharedDrawsPlayTheSameGames(t *testing.T) {
	for _, chance := range []string{ChanceTurn, ChancePly} {
		p := mustPlan(t, Config{Game: "tamman", Agents: []string{"random"}, Games: 12, Seed: 4, Chance: chance, Skill: "greedy",
			Vary: []Vary{{Name: "players", Values: []string{"2", "4"}}, {Name: "mouth-up", Values: []string{"0.5", "0.35"}}}})
		shared, own := newPlayer(p), newPlayer(p)
		own.loop.ShareDraws = false
		if !shared.loop.ShareDraws {
			t.Fatal("a plan of several readings does not share its draws")
		}
		for u := range p.Units() {
			a, err := shared.play(p.unitAt(u))
			if err != nil {
				t.Fatal(err)
			}
			b, err := own.play(p.unitAt(u))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s unit %d: shared %+v, own %+v", chance, u, a, b)
			}
		}
		if shared.loop.keyed.hits == 0 || own.loop.keyed.hits != 0 {
			t.Fatalf("%s: %d draws found kept when shared, %d when not", chance, shared.loop.keyed.hits, own.loop.keyed.hits)
		}
	}
}
