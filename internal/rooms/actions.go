package rooms

import (
	"context"
	"errors"
	"slices"
	"tabula/internal/wire"
	"tabula/view"
	"time"

	"tabula/engine"
	"tabula/internal/store"
)

// Join connects a viewer: token is a seat's invite token, or empty for a
// spectator. last is the last version the viewer has seen (-1 for none):
// the welcome message carries the current view and the events after last,
// and every later event follows in order.
func (r *Room) Join(token string, last int) (*Sub, error) {
	return r.JoinSeats(token, nil, last)
}

// JoinSeats is Join for a device that plays several seats of the room:
// others are the tokens of its other seats, which are online while the
// connection lasts (a token that holds no seat is passed over: the
// device learns of the seat's new kind from the view).
func (r *Room) JoinSeats(token string, others []string, last int) (*Sub, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, ErrNoRoom
	}
	seatIdx := Spectator
	if token != "" {
		h := hashToken(token)
		for i, s := range r.seats {
			if s.Kind == Person && sameHash(s.TokenHash, h) {
				seatIdx = i
			}
		}
		if seatIdx == Spectator {
			return nil, refuse(CodeBad, "rooms.invite_no_seat")
		}
	}
	sub := newSub(seatIdx)
	var missed []wire.Event
	if last >= 0 && last <= r.version {
		for _, e := range r.events[last:] {
			missed = append(missed, r.eventFor(seatIdx, e))
		}
	}
	if missed == nil {
		missed = []wire.Event{}
	}
	sub.send(wire.Welcome(r.playerView(seatIdx), missed))
	if lines := r.chatFor(seatIdx); len(lines) > 0 {
		sub.send(wire.Chat(lines))
	}
	r.subs[sub] = struct{}{}
	r.used = time.Now()
	if seatIdx >= 0 {
		delete(r.away, seatIdx)
		r.sendPresence()
	}
	for _, t := range others {
		r.adopt(sub, r.seatOf(t))
	}
	return sub, nil
}

// act runs a change of the room made by a seated person.
func (r *Room) act(sub *Sub, f func() error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if sub.Seat == Spectator {
		return refuse(CodeSpectator, "rooms.spectator")
	}
	if !sub.live() {
		return refuse(CodeBad, "rooms.seat_lost", "seat", sub.Seat)
	}
	if err := f(); err != nil {
		return err
	}
	r.afterChange()
	return nil
}

// Resign ends a two-player game: the other seat wins.
func (r *Room) Resign(ctx context.Context, sub *Sub) error { return r.ResignAs(ctx, sub, "") }

// ResignAs is Resign for the seat of token (sub's own seat when empty),
// held by the same device as sub.
func (r *Room) ResignAs(ctx context.Context, sub *Sub, token string) error {
	return r.actAs(sub, token, func(seat int) error {
		if err := r.twoOpen(); err != nil {
			return err
		}
		return r.finish(ctx, wire.Event{Kind: wire.KindResign, Seat: intp(seat)}, view.Won(1-seat, view.EndResign))
	})
}

// OfferDraw offers a draw to the other seat, or accepts the other seat's
// offer (the game then ends drawn). An offer lapses with the next turn.
func (r *Room) OfferDraw(ctx context.Context, sub *Sub) error {
	return r.act(sub, func() error {
		accepts, err := r.drawOffer(sub.Seat)
		if err != nil {
			return err
		}
		e := wire.Event{Kind: wire.KindOffer, Seat: intp(sub.Seat)}
		if accepts {
			return r.finish(ctx, e, view.Drawn(view.EndAgreed))
		}
		return r.record(ctx, store.Step{}, e)
	})
}

// DeclineDraw declines the other seat's offer.
func (r *Room) DeclineDraw(ctx context.Context, sub *Sub) error {
	return r.act(sub, func() error {
		if err := r.drawDecline(sub.Seat); err != nil {
			return err
		}
		return r.record(ctx, store.Step{}, wire.Event{Kind: wire.KindDecline, Seat: intp(sub.Seat)})
	})
}

// record stores step with e, the room's next event, takes e and
// broadcasts it.
func (r *Room) record(ctx context.Context, st store.Step, e wire.Event) error {
	e.Version = r.version + 1
	st.Room, st.From = r.ID, r.version
	if err := r.persist(ctx, &st, e); err != nil {
		return err
	}
	r.took(e)
	r.publish(r.state, e)
	return nil
}

// SetName changes the display name of the viewer's seat.
func (r *Room) SetName(ctx context.Context, sub *Sub, name string) error {
	name, err := CleanName(name)
	if err != nil {
		return refuseErr(CodeBad, err)
	}
	return r.act(sub, func() error {
		s := r.seats[sub.Seat].Seat
		s.Name = name
		return r.changeSeat(ctx, s)
	})
}

// GiveUp hands the viewer's seat to the computer; its token stops working.
func (r *Room) GiveUp(ctx context.Context, sub *Sub) error { return r.GiveUpAs(ctx, sub, "") }

// GiveUpAs is GiveUp for the seat of token (sub's own seat when empty).
func (r *Room) GiveUpAs(ctx context.Context, sub *Sub, token string) error {
	return r.actAs(sub, token, func(seat int) error {
		if r.status != store.Open {
			return refuse(CodeOver, "rooms.game_over")
		}
		agent := r.stand()
		if agent == "" {
			return refuse(CodeBad, "rooms.no_computer")
		}
		s := store.Seat{Index: seat, Kind: Computer, Agent: agent, Name: r.seats[seat].Name}
		if err := r.changeSeat(ctx, s); err != nil {
			return err
		}
		r.closeSeat(seat, "the seat was given to the computer")
		return nil
	})
}

// Abandon ends the open game with no result for anyone
// (view.Abandoned), at the word of whoever runs the room, not of a seat:
// a class's teacher stopping a game that cannot go on. The players are
// told by the end event.
func (r *Room) Abandon(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != store.Open {
		return refuse(CodeOver, "rooms.game_over")
	}
	if err := r.finish(ctx, wire.Event{}, view.Abandoned()); err != nil {
		return err
	}
	r.afterChange()
	return nil
}

// Replace gives another person's seat to the computer when that person
// has been away (no connection) for the manager's AwayGrace: the game goes
// on without them, and their token stops working.
func (r *Room) Replace(ctx context.Context, sub *Sub, target int) error {
	return r.act(sub, func() error {
		if r.status != store.Open {
			return refuse(CodeOver, "rooms.game_over")
		}
		if target < 0 || target >= len(r.seats) || target == sub.Seat || r.seats[target].Kind != Person {
			return refuse(CodeBad, "rooms.not_other_person", "seat", target)
		}
		since, away := r.away[target]
		if !away {
			return refuse(CodeBad, "rooms.seat_online", "seat", target)
		}
		if wait := r.m.cfg.AwayGrace - r.m.cfg.Now().Sub(since); wait > 0 {
			return refuse(CodeBad, "rooms.away_grace", "seat", target, "grace", r.m.cfg.AwayGrace, "wait", wait.Round(time.Second))
		}
		agent := r.stand()
		if agent == "" {
			return refuse(CodeBad, "rooms.no_computer")
		}
		return r.changeSeat(ctx, store.Seat{Index: target, Kind: Computer, Agent: agent, Name: r.seats[target].Name})
	})
}

// stand is the computer player that takes over a seat: the strongest
// offered below "hard", so that a game goes on at a friendly level.
func (r *Room) stand() string {
	offered := []string{}
	if r.m.cfg.Offered != nil {
		offered = r.m.cfg.Offered(r.game, r.opts)
	}
	for _, want := range []string{"mcts:medium", "mcts:easy", "greedy", "random"} {
		if slices.Contains(offered, want) {
			return want
		}
	}
	if len(offered) > 0 {
		return offered[0]
	}
	return ""
}

// Reissue gives the viewer's seat a new token, sent to this connection
// only, so that the seat can change hands: the old token stops working and
// every connection that used it is closed.
func (r *Room) Reissue(ctx context.Context, sub *Sub) (string, error) {
	token := newToken()
	err := r.act(sub, func() error {
		s := r.seats[sub.Seat].Seat
		s.TokenHash = hashToken(token)
		if err := r.changeSeat(ctx, s); err != nil {
			return err
		}
		sub.send(wire.Token(sub.Seat, token))
		r.closeSeat(sub.Seat, "the seat's invite link was replaced")
		return nil
	})
	return token, err
}

func (r *Room) closeSeat(seat int, reason string) {
	for s := range r.subs {
		switch {
		case s.Seat == seat:
			r.drop(s, wire.CloseBadToken, reason)
		case s.also[seat]:
			// A device that played the seat by its token goes on with
			// its own seat; the seat it no longer holds is away.
			delete(s.also, seat)
			if !r.online()[seat] {
				r.away[seat] = r.m.cfg.Now()
			}
			r.sendPresence()
		}
	}
}

// changeSeat stores and announces a seat's new kind, name or token.
func (r *Room) changeSeat(ctx context.Context, s store.Seat) error {
	e := wire.Event{Version: r.version + 1, Kind: wire.KindSeat, Seat: intp(s.Index), SeatKind: s.Kind, Agent: s.Agent, Name: s.Name}
	st := store.Step{Room: r.ID, From: r.version, Seats: []store.Seat{s}}
	if err := r.persist(ctx, &st, e); err != nil {
		return err
	}
	r.seated(s)
	r.publish(r.state, e)
	return nil
}

// Rematch makes a new room for the same game with the seats rotated (seat
// i's person or computer sits at i+1), each person keeping the token, and
// announces it in this room. A second call gives the same room.
func (r *Room) Rematch(ctx context.Context, sub *Sub) (string, error) {
	var id string
	err := r.act(sub, func() error {
		if r.status == store.Open {
			return refuse(CodeBad, "rooms.not_over")
		}
		if r.next != "" {
			id = r.next
			return nil
		}
		n := len(r.seats)
		seats := make([]store.Seat, n)
		for i, s := range r.seats {
			ns := s.Seat
			ns.Index = (i + 1) % n
			seats[ns.Index] = ns
		}
		secret, err := r.m.newSecret()
		if err != nil {
			return err
		}
		now := time.Now()
		nr := store.Room{ID: r.m.cfg.IDPrefix + newID(), Game: r.game.ID(), Options: r.opts.Settings(), Secret: secret, Status: store.Open, Created: now, Updated: now, Clock: r.clock.String()}
		if err := r.m.cfg.Store.CreateRoom(ctx, nr, seats); err != nil {
			return err
		}
		id = nr.ID
		return r.record(ctx, store.Step{}, wire.Event{Kind: wire.KindRematch, Room: nr.ID})
	})
	return id, err
}

// View returns what viewer may see now.
func (r *Room) View(viewer int) wire.View {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.playerView(viewer)
}

// ToMove lists the seats to move now: none once the game is over, none
// at a chance event.
func (r *Room) ToMove() []int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.status != store.Open {
		return nil
	}
	var out []int
	for _, a := range r.state.Actors(nil) {
		if a >= 0 {
			out = append(out, a)
		}
	}
	return out
}

// afterChange starts the computer's move if a computer seat must act and
// none is thinking; the caller holds r.mu.
func (r *Room) afterChange() {
	if r.closed || r.thinking != nil || r.status != store.Open {
		return
	}
	actors := r.state.Actors(nil)
	if len(actors) == 1 && actors[0] == engine.ChancePlayer {
		// A game that starts with a throw (Tamman): the server throws.
		if _, err := r.commitTurn(r.m.ctx, actors, []engine.Move{throwAt(r.secret, r.state)}, nil, nil, nil); err != nil {
			r.m.cfg.Log.Error("throw", "room", r.ID, "err", err)
			return
		}
		actors = r.state.Actors(nil)
	}
	var who = -1
	for _, a := range actors {
		if _, done := r.commits[a]; a >= 0 && !done && r.seats[a].Kind == Computer {
			who = a
			break
		}
	}
	if who < 0 || !r.m.mode.claim(r) {
		return
	}
	r.think(who)
}

// refusalCode is the code of a refusal, or "error".
func refusalCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return "error"
}
