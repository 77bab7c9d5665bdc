package main

import (
	"strconv"
	"strings"
	"testing"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/testgame"
)

// The terminal plays a game that only registers itself (a sowing game of
// the tests, internal/testgame): people at one keyboard, typing holes,
// and computers; its board, its narration and its end come from the game.
func TestPlayATestGameRegisteredInTheTest(t *testing.T) {
	testgame.Register()
	g, _ := engine.Lookup(testgame.ID)
	s, _ := g.NewState(engine.DefaultOptions(g))
	rnd := ai.NewRandom(7)
	var moves []string
	captured := false
	for !s.Terminal() {
		p := s.Actors(nil)[0]
		m := rnd.Choose(s, p)
		moves = append(moves, s.MoveText(p, m))
		s.Apply(m)
		captured = captured || len(s.(interface{ Tell() []engine.Message }).Tell()) > 0
	}
	code, out, errOut := runTabula(t, strings.Join(moves, "\n")+"\n", "play", testgame.ID, "--players", "human,human")
	if code != 0 {
		t.Fatalf("play %s: exit %d, stderr %q\n%s", testgame.ID, code, errOut, lastLines(out))
	}
	o, _ := s.Outcome()
	stores := s.Scores(nil)
	for _, want := range []string{
		"player 0's store: " + seeds(int(stores[0])),
		"player 1's store: " + seeds(int(stores[1])),
	} {
		if !strings.Contains(out[strings.LastIndex(out, "player 1's store"):], want) {
			t.Errorf("the last board does not say %q:\n%s", want, lastLines(out))
		}
	}
	if captured && !strings.Contains(out, "captured") {
		t.Errorf("no capture told:\n%s", out)
	}
	if o.Draw() != strings.Contains(lastLines(out), "draw") {
		t.Errorf("the end does not say the outcome %v:\n%s", o, lastLines(out))
	}
	if code, out, errOut := runTabula(t, "", "play", testgame.ID, "--players", "greedy,mcts:easy", "--lang", "de"); code != 0 || !strings.Contains(out, "Speicher von Spieler 0") {
		t.Errorf("computers in German: exit %d, stderr %q\n%s", code, errOut, lastLines(out))
	}
}

// seeds is the game's count of seeds in English.
func seeds(n int) string {
	if n == 1 {
		return "1 seed"
	}
	return strconv.Itoa(n) + " seeds"
}
