package agsinnoninka

import "tabula/engine"

// This file gives a turn's trace for drawing it (engine.Tracer).
//
// Places are numbered as in the state's JSON: holes 0-9 are places 0-9,
// and player p's store (stores[p]) is place 10+p. Time counts the steps
// of the turn: the lifts that start it are at Time 0; the drops of step k
// are at Time 2k-1, both players' at once in lockstep; what is decided
// after them (relays, stops, captures) is at Time 2k. The end of a round
// follows: the rows taken, then the refilling and the burnt holes. A Stop
// event's N says why the move ended: StopEmpty, StopStore, StopConflict,
// StopCycle or StopCapped.
//
// A turn of more than traceHead+traceTail steps (a relay can run for
// millions) shows its first traceHead steps and its last traceTail ones;
// in between only its stops and captures, then Set events that give every
// place and both hands as they are before the last steps.

var _ engine.Tracer = (*State)(nil)

// The steps of a long turn that its trace shows one by one.
const (
	traceHead = 400
	traceTail = 100
)

// tracer collects the events of one turn. A nil *tracer records nothing,
// which is how Apply and ApplyJoint run.
type tracer struct {
	ev []engine.Event
	// want is the turn as the sowing played it, for its cut steps.
	want *TurnRecord
	// quiet: steps not shown one by one; skipped: some were not.
	quiet, skipped bool
	t              int // the latest Time so far
}

func (tr *tracer) add(e engine.Event) {
	if tr == nil {
		return
	}
	tr.t = max(tr.t, e.Time)
	tr.ev = append(tr.ev, e)
}

// next is a Time after every event so far.
func (tr *tracer) next() int {
	if tr == nil {
		return 0
	}
	tr.t++
	return tr.t
}

func (tr *tracer) lift(p, h, n, t int) {
	if tr != nil && !tr.quiet {
		tr.add(engine.Event{Kind: engine.Lift, Player: p, Time: t, From: h, To: -1, N: n})
	}
}

// drop records a seed dropped at pos, a position of the fast form, which
// is also its place.
func (tr *tracer) drop(p, pos, t int) {
	if tr != nil && !tr.quiet {
		tr.add(engine.Event{Kind: engine.Drop, Player: p, Time: t, From: -1, To: pos, N: 1})
	}
}

// stop records player p's move ending at end (a hole, or storePos), and
// her capture of take seeds from the facing hole.
func (tr *tracer) stop(p, end int, why uint8, take, t int) {
	if tr == nil {
		return
	}
	place := end
	if end == storePos {
		place = Holes + p
	}
	tr.add(engine.Event{Kind: engine.Stop, Player: p, Time: t, From: place, To: -1, N: int(why)})
	if take > 0 {
		tr.add(engine.Event{Kind: engine.Capture, Player: p, Time: t, From: Facing(end), To: Holes + p, N: take})
	}
}

func (tr *tracer) transfer(p, from, to, n, t int) {
	if tr != nil && n > 0 {
		tr.add(engine.Event{Kind: engine.Transfer, Player: p, Time: t, From: from, To: to, N: n})
	}
}

// ApplyTraced plays a turn (ms holds both holes) or chance's draw of who
// sows first (ms holds it; a Throw event of chance, N the first sower),
// like ApplyJoint or Apply, and appends its events. Under chance-order the
// turn's choices alone have no events: the sowing comes with the draw.
func (s *State) ApplyTraced(ms []engine.Move, dst []engine.Event) []engine.Event {
	// The sowing decides where relays are cut; the trace replays it.
	c := s.Clone().(*State)
	c.applyMoves(ms, nil)
	tr := &tracer{ev: dst, want: &c.last}
	s.applyMoves(ms, tr)
	return tr.ev
}

func (s *State) applyMoves(ms []engine.Move, tr *tracer) {
	if len(ms) == 1 {
		s.apply(ms[0], tr, nil)
	} else {
		s.applyJoint(int(ms[0]), int(ms[1]), tr, nil)
	}
}

// traceRun is run for a trace: it plays the steps one by one with drop and
// decide, cutting where the sowing cut (tr.want), and records them.
func (s *State) traceRun(f *fboard, tr *tracer) {
	want := tr.want
	total := want.Steps
	var stopAt [2]uint32
	for p := range 2 {
		stopAt[p] = want.P[p].Steps
		if want.First >= 0 && p != int(want.First) {
			stopAt[p] += want.P[want.First].Steps
		}
	}
	cutAt := func(step uint32) uint8 {
		for p := range 2 {
			if w := want.P[p]; w.Cut && stopAt[p] == step {
				if w.Capped {
					return StopCapped
				}
				return StopCycle
			}
		}
		if step > total {
			return StopCycle // never reached when the replay agrees; it cannot run on
		}
		return 0
	}
	for f.active[0] || f.active[1] {
		step := s.last.Steps + 1
		if step <= traceHead || step+traceTail > total {
			if tr.skipped {
				tr.resync(f, 2*int(s.last.Steps))
			}
			s.drop(f, &s.last, tr)
			s.decide(f, cutAt(s.last.Steps), &s.last, tr)
			continue
		}
		tr.quiet, tr.skipped = true, true
		k := min(minHand(f), uint8(min(total-traceTail-s.last.Steps, 0xff)))
		s.advBy(f, &s.last, k)
		s.decide(f, cutAt(s.last.Steps), &s.last, tr)
		tr.quiet = false
	}
}

// resync records every place and both hands after steps not shown.
func (tr *tracer) resync(f *fboard, t int) {
	tr.skipped = false
	for i := range Holes + 2 {
		tr.add(engine.Event{Kind: engine.Set, Player: -1, Time: t, From: i, To: -1, N: int(f.c[i])})
	}
	for p := range 2 {
		tr.add(engine.Event{Kind: engine.Set, Player: p, Time: t, From: -1, To: -1, N: int(f.c[fHand+p])})
	}
}
