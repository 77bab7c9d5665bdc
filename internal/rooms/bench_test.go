package rooms

import (
	"testing"

	"tabula/engine"
)

// BenchmarkRoomMove plays Adji-Boto moves in a room of two connections
// on SQLite (in memory where /dev/shm is): judging, storing,
// acknowledging and broadcasting a move, what the server allocates for
// each move besides reading it from the socket. A new room follows each
// finished one.
func BenchmarkRoomMove(b *testing.B) {
	m := testManager(b, fastStore(b))
	var r *Room
	var subs [2]*Sub
	b.ReportAllocs()
	for b.Loop() {
		if r == nil || r.state.Terminal() {
			var c Created
			r, c = create(b, m, "adji-boto", nil, people(2))
			for i := range subs {
				subs[i] = join(b, r, c.Tokens[i])
			}
		}
		s := r.state.Actors(nil)[0]
		if _, err := r.Move(bg, subs[s], r.version, engine.LegalTexts(r.state, s)[0]); err != nil {
			b.Fatal(err)
		}
		drain(subs[0], subs[1])
	}
}
