package rooms

import (
	"encoding/hex"
	"time"

	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/view"
)

// attendance is who is connected to a room, as a view at now shows it: the
// seats online, since when each absent person is away, and how long an
// absence lasts before the seat may be given to the computer.
type attendance struct {
	now    time.Time
	online []bool
	away   map[int]time.Time
	grace  time.Duration
}

// playerView is what viewer sees of the room now (core.view).
func (r *Room) playerView(viewer int) wire.View {
	return r.view(viewer, attendance{now: r.m.cfg.Now(), online: r.online(), away: r.away, grace: r.m.cfg.AwayGrace})
}

// view is the one place that decides what a viewer sees of the room:
// hidden choices are shown to their own seat only, the chance secret
// only once the game is over. Everything sent about a room is made here
// or by eventFor.
func (c *core) view(viewer int, p attendance) wire.View {
	js, err := view.StateTold(c.state, c.names()...)
	if err != nil {
		js = []byte("null")
	}
	v := wire.View{Room: c.ID, Game: c.game.ID(), Options: c.opts.Settings(), Board: view.Board(c.state), Version: c.version, Seat: viewer,
		Turns: []wire.TurnView{}, State: js, Status: c.status, Result: c.resultSent(), Next: c.next}
	if v.Result != nil {
		v.ResultText = c.say(view.ResultMessage(*v.Result))
	}
	for i, s := range c.seats {
		_, committed := c.commits[i]
		sv := wire.SeatView{Kind: s.Kind, Agent: s.Agent, Name: s.Name, Online: p.online[i], Committed: committed, Player: s.Player, Rating: s.Rating}
		if since, away := p.away[i]; away && s.Kind == Person && !p.online[i] {
			sv.Away = p.now.Sub(since).Milliseconds()
		}
		v.Seats = append(v.Seats, sv)
	}
	v.AwayGrace = p.grace.Milliseconds()
	for _, i := range c.played {
		e := &c.events[i]
		v.Turns = append(v.Turns, wire.TurnView{Version: e.Version, Actors: e.Actors, Move: e.Move})
	}
	for _, e := range c.events {
		if e.Kind == wire.KindResign {
			v.Resigned = intp(*e.Seat)
		}
	}
	if viewer >= 0 {
		v.Choice = c.commits[viewer]
	}
	if c.status != store.Open {
		v.Secret = hex.EncodeToString(c.secret)
	}
	v.Offer = c.offer
	if c.clock.On() {
		v.Clock = c.clock.String()
		for _, d := range c.leftAt(p.now) {
			v.Clocks = append(v.Clocks, d.Milliseconds())
		}
		v.Running = c.running()
	}
	return v
}

// eventFor is an event as viewer may see it: a commitment carries the
// choice for its own seat only.
func (c *core) eventFor(viewer int, e wire.Event) wire.Event {
	e.Choice = ""
	if e.Kind == wire.KindCommit && viewer >= 0 && *e.Seat == viewer {
		e.Choice = c.commits[viewer]
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
