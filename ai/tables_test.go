package ai

import (
	"testing"

	"tabula/engine"
)

// A table given back comes out again cleared, whatever was in it.
func TestReleasedTableComesBackCleared(t *testing.T) {
	const n = 1 << 10
	for range 3 {
		tt := ttTables.get(n)
		if len(tt) != n {
			t.Fatalf("a table of %d entries, want %d", len(tt), n)
		}
		for i, e := range tt {
			if e != (ttEntry{}) {
				t.Fatalf("entry %d of a table lent again: %+v", i, e)
			}
		}
		for i := range tt {
			tt[i] = ttEntry{key: uint64(i) + 1, flag: ttExact, depth: 9}
		}
		ttTables.put(tt)
	}
}

// An agent made after another was released, with the other's table,
// searches exactly as an agent of its own: the same moves, values and
// nodes, position after position of an Adji-Boto game.
func TestAlphaBetaOnALentTableSearchesAsNew(t *testing.T) {
	g, _ := engine.Lookup("adji-boto")
	s, _ := g.NewState(engine.DefaultOptions(g))
	rnd := NewRandom(3)
	for ply := 0; ply < 12 && !s.Terminal(); ply++ {
		p := s.Actors(nil)[0]
		if p == engine.ChancePlayer {
			s.Apply(rnd.Choose(s, p))
			continue
		}
		// The reference: a table made for it, never lent.
		fresh := NewAlphaBeta("alphabeta", Budget{Depth: 5}, Config{Seed: 7})
		fresh.tt = make([]ttEntry, 1<<16)
		m0, v0 := fresh.Search(s, p)
		// One search dirties a lent table with the same positions (at
		// other depths: entries that would be taken), the next takes it.
		used := NewAlphaBeta("alphabeta", Budget{Depth: 3}, Config{Seed: 1})
		used.Search(s, p)
		used.Release()
		lent := NewAlphaBeta("alphabeta", Budget{Depth: 5}, Config{Seed: 7})
		m1, v1 := lent.Search(s, p)
		if m1 != m0 || v1 != v0 || lent.Nodes != fresh.Nodes {
			t.Fatalf("ply %d: on a lent table %d (%v, %d nodes), on its own %d (%v, %d nodes)", ply, m1, v1, lent.Nodes, m0, v0, fresh.Nodes)
		}
		lent.Release()
		s.Apply(m0)
	}
}
