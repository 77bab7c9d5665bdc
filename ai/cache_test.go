package ai

import (
	"slices"
	"testing"
	"time"

	"tabula/engine"
)

// The positions cached in the tree only save replaying turns: a search
// with them gives exactly the statistics of a search without them.
func TestCachedPositionsChangeNoResult(t *testing.T) {
	for _, start := range gameSetups(t) {
		s := start.Clone()
		rnd := NewRandom(11)
		for i := 0; (i < 25 || s.Actors(nil)[0] == engine.ChancePlayer) && !s.Terminal(); i++ {
			actors := s.Actors(nil)
			joint := make([]engine.Move, len(actors))
			for j, a := range actors {
				joint[j] = rnd.Choose(s, a)
			}
			engine.ApplyTurn(s, joint)
		}
		actors := s.Actors(nil)
		if len(actors) == 0 {
			continue
		}
		var policies [2][]float64
		for i, cached := range []int32{0, 50} { // 50: some nodes cached, some not
			tr := newTree(3)
			tr.horizon = DefaultPlayoutTurns
			tr.maxCached = cached
			tr.search(s, 400, time.Time{})
			policies[i] = make([]float64, len(s.Legal(actors[0], nil)))
			tr.addRootPolicy(actors[0], policies[i])
			if cached > 0 && tr.nCached != cached {
				t.Errorf("%s: %d positions cached, want %d", benchName(start), tr.nCached, cached)
			}
		}
		if len(policies[0]) == 0 || !slices.Equal(policies[0], policies[1]) {
			t.Errorf("%s: with the cache %v, without %v", benchName(start), policies[1], policies[0])
		}
	}
}

// withTurns is a state whose game asks for playouts of n turns.
type withTurns struct {
	engine.State
	n int
}

func (w withTurns) PlayoutTurns() int { return w.n }

func TestPlayoutLengthIsTheGamesUnlessSet(t *testing.T) {
	g := &treeGame{id: "playout-length", players: 2, nodes: []treeNode{{winner: -1}}}
	s, _ := g.NewState(engine.Options{})
	for _, c := range []struct {
		s       engine.State
		horizon int
		want    int
	}{
		{s, 0, DefaultPlayoutTurns},
		{withTurns{s, 6}, 0, 6},
		{withTurns{s, 6}, 12, 12},
		{withTurns{s, 6}, -1, -1},
	} {
		if got := playoutLength(c.s, c.horizon); got != c.want {
			t.Errorf("%T with horizon %d: %d turns, want %d", c.s, c.horizon, got, c.want)
		}
	}
}
