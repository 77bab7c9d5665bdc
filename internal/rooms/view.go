package rooms

import (
	"encoding/hex"

	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/view"
)

// playerView is the one place that decides what a viewer sees of the
// room: hidden choices are shown to their own seat only, the chance
// secret only once the game is over. Everything sent about a room is made
// here or by eventFor.
func (r *Room) playerView(viewer int) wire.View {
	js, err := view.StateTold(r.state)
	if err != nil {
		js = []byte("null")
	}
	v := wire.View{Room: r.ID, Game: r.game.ID(), Options: r.opts.Settings(), Board: view.Board(r.state), Version: r.version, Seat: viewer,
		Turns: []wire.TurnView{}, State: js, Status: r.status, Result: r.result, Next: r.next}
	online := r.online()
	now := r.m.cfg.Now()
	for i, s := range r.seats {
		_, committed := r.commits[i]
		sv := wire.SeatView{Kind: s.Kind, Agent: s.Agent, Name: s.Name, Online: online[i], Committed: committed}
		if since, away := r.away[i]; away && s.Kind == Person && !online[i] {
			sv.Away = now.Sub(since).Milliseconds()
		}
		v.Seats = append(v.Seats, sv)
	}
	v.AwayGrace = r.m.cfg.AwayGrace.Milliseconds()
	for _, e := range r.played {
		v.Turns = append(v.Turns, wire.TurnView{Version: e.Version, Actors: e.Actors, Move: e.Move})
	}
	for _, e := range r.events {
		if e.Kind == wire.KindResign {
			v.Resigned = intp(*e.Seat)
		}
	}
	if viewer >= 0 {
		v.Choice = r.commits[viewer]
	}
	if r.status != store.Open {
		v.Secret = hex.EncodeToString(r.secret)
	}
	v.Offer = r.offer
	if r.clock.On() {
		v.Clock = r.clock.String()
		for _, d := range r.leftAt(now) {
			v.Clocks = append(v.Clocks, d.Milliseconds())
		}
		v.Running = r.running()
	}
	return v
}

// eventFor is an event as viewer may see it: a commitment carries the
// choice for its own seat only.
func eventFor(viewer int, e wire.Event, commits map[int]string) wire.Event {
	e.Choice = ""
	if e.Kind == wire.KindCommit && viewer >= 0 && *e.Seat == viewer {
		e.Choice = commits[viewer]
	}
	return e
}

// RejectMsg is the message for a refused request; a stale move gets the
// viewer's current view with it.
func (r *Room) RejectMsg(sub *Sub, err error) []byte {
	code, msg := CodeBad, err.Error()
	if e, ok := err.(*Error); ok {
		code = e.Code
	} else {
		msg = "the server could not do that now; try again"
	}
	var v *wire.View
	if code == CodeStale {
		r.mu.Lock()
		pv := r.playerView(sub.Seat)
		r.mu.Unlock()
		v = &pv
	}
	return wire.Reject(code, msg, v)
}
