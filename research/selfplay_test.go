package research

import (
	"slices"
	"testing"

	"tabula/ai"
	"tabula/engine"
)

// logWatcher keeps what the loop told it.
type logWatcher struct {
	legal   []int
	turns   [][]engine.Move
	applied int
	ended   int
	stopAt  int // stop after this many applied turns (0: never)
}

func (w *logWatcher) Decision(n int) { w.legal = append(w.legal, n) }
func (w *logWatcher) Turn(s engine.State, actors []int, moves []engine.Move) {
	w.turns = append(w.turns, append([]engine.Move(nil), moves...))
}
func (w *logWatcher) Applied(s engine.State, chance bool) bool {
	w.applied++
	return w.applied == w.stopAt
}
func (w *logWatcher) TurnEnded(engine.State) { w.ended++ }

// The loop plays legal moves, tells the watcher each decision's count of
// legal moves before the move and each turn before it is applied, counts
// Tamman's players' turns (a throw and the moves it allows are one), and
// stops where the watcher says.
func TestSelfPlayTellsTheWatcher(t *testing.T) {
	start := mustPlan(t, Config{Game: "tamman", Agents: []string{"random"}, Games: 1}).Readings[0].start
	seats := []ai.Agent{ai.NewRandom(1), ai.NewRandom(2)}
	var w logWatcher
	sp := SelfPlay{CountLegal: true}
	s := start.Clone()
	turns := sp.Play(s, seats, Draw{Mode: ChanceStream, Seed: 3}, &w)
	if !s.Terminal() {
		t.Fatal("the game did not end")
	}
	if turns != w.ended || turns == 0 {
		t.Errorf("Play returned %d turns, TurnEnded was called %d times", turns, w.ended)
	}
	if len(w.turns) != w.applied || w.applied != s.Ply() {
		t.Errorf("%d turns told, %d applied, the state's ply is %d", len(w.turns), w.applied, s.Ply())
	}
	// Replay the told moves: each is legal where it was played, and the
	// decisions' counts are the lists' lengths.
	r := start.Clone()
	d := 0
	for i, moves := range w.turns {
		actors := r.Actors(nil)
		var legal []engine.Move
		if actors[0] == engine.ChancePlayer {
			for _, o := range r.ChanceOutcomes(nil) {
				legal = append(legal, o.Move)
			}
		} else {
			legal = r.Legal(actors[0], nil)
			if w.legal[d] != len(legal) {
				t.Fatalf("turn %d: told %d legal moves, there are %d", i, w.legal[d], len(legal))
			}
			d++
		}
		if len(moves) != 1 || !slices.Contains(legal, moves[0]) {
			t.Fatalf("turn %d: %v is not one of %v", i, moves, legal)
		}
		engine.ApplyTurn(r, moves)
	}
	if d != len(w.legal) {
		t.Errorf("%d decisions told, %d made", len(w.legal), d)
	}

	w2 := logWatcher{stopAt: 7}
	s = start.Clone()
	sp.Play(s, []ai.Agent{ai.NewRandom(1), ai.NewRandom(2)}, Draw{Mode: ChanceStream, Seed: 3}, &w2)
	if s.Ply() != 7 || w2.applied != 7 {
		t.Errorf("stopped at 7: ply %d, %d applied", s.Ply(), w2.applied)
	}
	for i := range w2.turns {
		if !slices.Equal(w2.turns[i], w.turns[i]) {
			t.Fatalf("turn %d differs between two plays of one seed: %v, %v", i, w2.turns[i], w.turns[i])
		}
	}
}
