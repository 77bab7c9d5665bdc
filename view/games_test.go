package view_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"tabula/engine"
	_ "tabula/games/all"
	"tabula/view"
)

// Every state of every registered game, in random games, has a JSON form
// (with what it tells and its moves) and a board that encodes.
func TestEveryGamesStatesEncode(t *testing.T) {
	for _, g := range engine.Games() {
		for seed := range uint64(5) {
			s := playRandom(t, g, rand.NewPCG(seed, 3), func(s engine.State, ply int) {
				if _, err := view.StateTold(s); err != nil {
					t.Fatalf("%s seed %d ply %d: %v", g.ID(), seed, ply, err)
				}
			})
			if _, err := json.Marshal(view.Board(s)); err != nil {
				t.Fatalf("%s: board: %v", g.ID(), err)
			}
		}
	}
}

// playRandom plays a game of g at its defaults by random moves and
// throws from src, at most 3,000 turns, calling visit with each state
// before its turn, and returns the last state.
func playRandom(t *testing.T, g engine.Game, src rand.Source, visit func(s engine.State, ply int)) engine.State {
	t.Helper()
	s, err := g.NewState(engine.DefaultOptions(g))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(src)
	for ply := 0; ply < 3000 && !s.Terminal(); ply++ {
		visit(s, ply)
		actors := s.Actors(nil)
		moves := make([]engine.Move, len(actors))
		for i, a := range actors {
			if a == engine.ChancePlayer {
				outs := s.ChanceOutcomes(nil)
				moves[i] = outs[rng.IntN(len(outs))].Move
				continue
			}
			legal := s.Legal(a, nil)
			moves[i] = legal[rng.IntN(len(legal))]
		}
		engine.ApplyTurn(s, moves)
	}
	return s
}

// Every state of a game, in random games, gives the facts its kind of
// board is drawn from (view.BoardDetails), and only declared ones of those
// the drawing may read.
func TestGamesGiveTheirBoardsFacts(t *testing.T) {
	checked := 0
	for _, g := range engine.Games() {
		s0, err := g.NewState(engine.DefaultOptions(g))
		if err != nil {
			t.Fatal(err)
		}
		bd, ok := s0.(engine.Boarder)
		if !ok {
			t.Logf("%s declares no board", g.ID())
			continue
		}
		checked++
		kind := bd.Board().Kind
		facts, ok := view.BoardDetails[kind]
		if !ok {
			t.Errorf("%s: board kind %q has no declared facts", g.ID(), kind)
			continue
		}
		playRandom(t, g, rand.NewPCG(1, 9), func(s engine.State, ply int) {
			d := s.(view.Detailer).Details()
			for _, name := range facts.Required {
				if d.Get(name) == nil {
					t.Fatalf("%s ply %d: no %q, which its %s board is drawn from", g.ID(), ply, name, kind)
				}
			}
		})
	}
	if checked < 3 {
		t.Errorf("%d games' boards checked, want the three of the sources", checked)
	}
}
