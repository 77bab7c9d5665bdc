package rooms

import (
	"runtime"
	"testing"

	"tabula/engine"
	"tabula/internal/wire"
)

// A room keeps each turn once: its log holds the turn events, and the
// turns in effect (for take-backs) only point into it. A copy of each
// event there doubled what an open room held in memory.
func TestARoomKeepsEachTurnOnce(t *testing.T) {
	const rooms, turns = 200, 40
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	cores := make([]*core, rooms)
	for i := range cores {
		cores[i] = newTestCore(t, "adji-boto", []wire.SeatKind{Person, Person}, Clock{})
	}
	before := heap()
	for _, c := range cores {
		for v := 1; v <= turns && !c.state.Terminal(); v++ {
			p := c.state.Actors(nil)[0]
			mv := engine.LegalTexts(c.state, p)[0]
			if err := c.replay(wire.Event{Version: v, Kind: wire.KindTurn, Actors: []int{p}, Moves: []string{mv}, Move: mv}); err != nil {
				t.Fatal(err)
			}
		}
	}
	n := 0
	for _, c := range cores {
		n += len(c.played)
	}
	per := float64(heap()-before) / float64(n)
	runtime.KeepAlive(cores)
	// Measured: about 590 bytes a turn (an event is 290, its slices and
	// texts and the log's spare room the rest); 1,130 with a copy of each
	// event among the turns in effect.
	if per > 850 {
		t.Fatalf("%.0f bytes of heap a turn kept (%d turns), want under 850", per, n)
	}
	t.Logf("%.0f bytes of heap a turn kept (%d turns)", per, n)
}
