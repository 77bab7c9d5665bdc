package ai

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"tabula/engine"
)

// fastSetups are the start positions of every game and player count, and
// of option sets that take other branches of the rules.
func fastSetups(t *testing.T) []engine.State {
	out := gameSetups(t)
	for id, sets := range map[string][][]string{
		"adji-boto": {
			{"opening=none", "chain-through-empty=true", "capture-from=opponent"},
			{"opening=ordered", "skip-origin=true", "seeds=4", "repetition=2"},
			{"max-plies=60", "seeds=25", "skip-origin=true"},
		},
		"tamman": {
			{"throw-use=total", "capture-on-landing=true"},
			{"players=3", "mouth-up=0.3", "capture-at-start=true", "safe-ayn=own"},
			{"exact-finish=false", "may-pass=true", "triple-tamman=reset", "turn-order=clockwise"},
			{"players=4", "use-most=true"},
		},
		"agsinnoninka": {
			{"simultaneity=chance-order", "end-hole=empty", "sow-stores=true"},
			{"simultaneity=alternating", "match=false", "burnt-next=empty", "seeds=3"},
			{"conflict=both-stop", "skip-origin=true", "sow-stores=true", "store-end=relay", "cycle=capture", "seeds=2"},
		},
	} {
		g, err := engine.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, set := range sets {
			out = append(out, setupOf(t, g, set))
		}
	}
	return out
}

// fastSeeds is how many playouts each setup compares; Agsinnoninka's
// matches are long.
func fastSeeds(s engine.State) int {
	n := 300
	if s.Game().ID() == "agsinnoninka" {
		n = 12
	}
	if testing.Short() {
		n /= 6
	}
	return n
}

// TestFastPlayoutsPlayTheGeneralGames plays random playouts by each game's
// own fast path (engine.RandomPlayouter) and through the State interface
// side by side, from the same seed one turn at a time, and compares the
// whole states after every turn, then a fast playout of the whole game in
// one call, and the draws left.
func TestFastPlayoutsPlayTheGeneralGames(t *testing.T) {
	for _, start := range fastSetups(t) {
		if _, ok := start.(engine.RandomPlayouter); !ok {
			t.Errorf("%s %v: no fast playouts (engine.RandomPlayouter)", start.Game().ID(), start.Options().Settings())
			continue
		}
		comparePlayouts(t, start, false)
	}
}

// TestFastPolicyPlayoutsPlayTheGeneralGames does the same for the
// playouts of a game's policy (PlayoutPolicy, played by PolicyPlayouter).
func TestFastPolicyPlayoutsPlayTheGeneralGames(t *testing.T) {
	n := 0
	for _, start := range fastSetups(t) {
		_, ok := start.(PlayoutPolicy)
		if _, fast := start.(PolicyPlayouter); !ok || !fast {
			continue
		}
		comparePlayouts(t, start, true)
		n++
	}
	if n == 0 {
		t.Fatal("no game plays its policy's playouts itself")
	}
}

// comparePlayouts plays the playouts of fastSeeds seeds from start, by the
// game's policy or uniformly at random, the fast way and the general way
// side by side, and fails at the first turn after which they differ.
func comparePlayouts(t *testing.T, start engine.State, byPolicy bool) {
	t.Helper()
	name := fmt.Sprintf("%s %v", start.Game().ID(), start.Options().Settings())
	for seed := range uint64(fastSeeds(start)) {
		general, fast, whole := newTree(seed), newTree(seed), newTree(seed)
		general.noFast = true
		g, f, w := start.Clone(), start.Clone(), start.Clone()
		turns := 0
		for ; len(g.Actors(nil)) > 0; turns++ {
			general.playTurns(g, policyOf(g, byPolicy), 1)
			fast.playTurns(f, policyOf(f, byPolicy), 1)
			if !reflect.DeepEqual(g, f) {
				t.Fatalf("%s seed %d: after turn %d the fast playout is at %x, the general one at %x", name, seed, turns+1, f.Hash(), g.Hash())
			}
		}
		whole.playTurns(w, policyOf(w, byPolicy), 1<<30)
		if !reflect.DeepEqual(g, w) {
			t.Fatalf("%s seed %d: a whole fast playout ends at %x, turn by turn at %x", name, seed, w.Hash(), g.Hash())
		}
		a, b, c := general.rng.Uint64(), fast.rng.Uint64(), whole.rng.Uint64()
		if a != b || a != c {
			t.Fatalf("%s seed %d: the draws after %d turns differ (general %x, fast %x, whole %x)", name, seed, turns, a, b, c)
		}
	}
}

// policyOf is s's playout policy when byPolicy, else nil (random).
func policyOf(s engine.State, byPolicy bool) PlayoutPolicy {
	if !byPolicy {
		return nil
	}
	return s.(PlayoutPolicy)
}

// TestFastPlayoutsKeepTheSearch checks that MCTS searches the same tree
// with the games' fast playouts as without them, cut short by the
// evaluation or played to the end.
func TestFastPlayoutsKeepTheSearch(t *testing.T) {
	for _, start := range fastSetups(t) {
		for _, horizon := range []int{0, 7, -1} {
			if horizon < 0 && start.Game().ID() == "agsinnoninka" {
				continue // whole matches: too slow for a test
			}
			var trees [2]*tree
			for i := range trees {
				trees[i] = newTree(5)
				trees[i].randomPlayouts = true
				trees[i].horizon = horizon
				trees[i].noFast = i == 0
				trees[i].search(start, 200, time.Time{})
			}
			if !reflect.DeepEqual(trees[0].edges, trees[1].edges) || !reflect.DeepEqual(trees[0].nodes, trees[1].nodes) {
				t.Errorf("%s %v, playouts of %d turns: the search differs with fast playouts", start.Game().ID(), start.Options().Settings(), horizon)
			}
		}
	}
}
