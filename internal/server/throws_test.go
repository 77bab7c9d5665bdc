package server

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/internal/rooms"
)

// throwsByPly lists the chance events (throws) of a room's turns by the
// turn's index (its ply).
func throwsByPly(d *device) map[int]string {
	out := map[int]string{}
	for i, tn := range d.view().Turns {
		if tn.Actors[0] == engine.ChancePlayer {
			out[i] = tn.Move
		}
	}
	return out
}

// playFirst plays up to n person's turns, the first legal move each.
func (d *device) playFirst(n int) {
	for i := 0; i < n && !d.done(); i++ {
		d.move(d.mover(), d.legal()[0])
	}
}

// TestTakeBackBringsTheSameThrows: a room's throws come from its secret
// and the ply, so taking back moves and playing others brings the same
// throws again (rule correction 4: no fishing for better throws).
func TestTakeBackBringsTheSameThrows(t *testing.T) {
	// The room's secret is drawn from a seeded stream, so that the game
	// (people playing the first legal move) is the same on every run.
	ts, _ := newTestServerWith(t, Config{}, func(rc *rooms.Config) { rc.Secrets = rand.NewChaCha8([32]byte{12}) })
	d := playAt(t, ts, `{"game":"tamman","options":{"players":2},"seats":[{"kind":"person"},{"kind":"person"}]}`)
	d.playFirst(12)
	before := throwsByPly(d)
	distinct := map[string]bool{}
	for _, th := range before {
		distinct[th] = true
	}
	if len(before) < 8 || len(distinct) < 2 {
		t.Fatalf("throws %v: too few, or all alike", before)
	}
	// Take back the last three moves, play the last legal move instead
	// where there is a choice, and go on: the throws at the plies of
	// before are those of before.
	d.undo()
	d.undo()
	d.undo()
	kept := len(throwsByPly(d))
	legal := d.legal()
	d.move(d.mover(), legal[len(legal)-1])
	d.playFirst(6)
	after := throwsByPly(d)
	compared := 0
	for ply, th := range after {
		if b, ok := before[ply]; ok {
			compared++
			if b != th {
				t.Errorf("the throw at ply %d is %s after the take back, %s before", ply, th, b)
			}
		}
	}
	t.Logf("kept %d, compared %d", kept, compared)
	if compared <= kept {
		t.Errorf("no throw compared past the take back: kept %d, compared %d", kept, compared)
	}
}
