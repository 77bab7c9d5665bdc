package adjiboto

import "tabula/engine"

// This file gives a move's trace for drawing it (engine.Tracer). Places are
// numbered as in the state's JSON: holes 0-9 are places 0-9, and player
// p's store (stores[p]) is place 10+p. Events come one after another: each
// has its own Time, from 0.

var _ engine.Tracer = (*State)(nil)

// tracer collects the events of one move.
type tracer struct {
	ev []engine.Event
	t  int
}

func (tr *tracer) add(e engine.Event) {
	e.Time = tr.t
	tr.t++
	tr.ev = append(tr.ev, e)
}

// storePlace is the place number of player p's store in a trace.
func storePlace(p int) int { return Holes + p }

// ApplyTraced plays ms[0] like Apply and appends its events: the lift (all
// seeds but one), every seed dropped, each capture of the chain, a pass of
// a blocked player, and at the end of the game the seeds each takes from
// her own row.
func (s *State) ApplyTraced(ms []engine.Move, dst []engine.Event) []engine.Event {
	tr := tracer{ev: dst}
	s.play(int(ms[0]), &tr)
	return tr.ev
}

// sowTraced is sow seed by seed, recording the lift and each drop.
func (s *State) sowTraced(h int, tr *tracer) int {
	p := int(s.turn)
	n := int(s.holes[h]) - 1
	s.holes[h] = 1
	tr.add(engine.Event{Kind: engine.Lift, Player: p, From: h, To: -1, N: n})
	pos := h
	for ; n > 0; n-- {
		pos = s.nextSow(pos, h)
		s.holes[pos]++
		tr.add(engine.Event{Kind: engine.Drop, Player: p, From: -1, To: pos, N: 1})
	}
	return pos
}
