package ai

import (
	"testing"

	"tabula/engine"
)

// A table lent again is in a generation of its own: no entry written
// before is of it, whatever was written.
func TestLentTableHasNoEntryOfItsGeneration(t *testing.T) {
	const n = 1 << 10
	gens := map[uint32]bool{0: true} // a table made anew: its entries' zero
	for range 3 {
		tt := ttTables.get(n)
		if len(tt.entries) != n || gens[tt.gen] {
			t.Fatalf("a table of %d entries in generation %d, want %d in a new one (had %v)", len(tt.entries), tt.gen, n, gens)
		}
		gens[tt.gen] = true
		for i, e := range tt.entries {
			if e.gen == tt.gen {
				t.Fatalf("entry %d of a table lent again is of its generation: %+v", i, e)
			}
		}
		for i := range tt.entries {
			tt.entries[i] = ttEntry{key: uint64(i) + 1, gen: tt.gen, flag: ttExact, depth: 9}
		}
		ttTables.put(tt)
	}
}

// After 2^32 lendings the generations come round: the table is cleared.
func TestLentTableIsClearedWhenItsGenerationsComeRound(t *testing.T) {
	var p tablePool[ttEntry]
	tt := p.get(4)
	tt.entries[0] = ttEntry{key: 1, gen: 1, flag: ttExact}
	tt.gen = ^uint32(0)
	p.put(tt)
	again := p.get(4) // the same table, unless the collector took it
	if again.gen == 0 || again == tt && again.entries[0] != (ttEntry{}) {
		t.Fatalf("generation %d, entry %+v", again.gen, again.entries[0])
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
