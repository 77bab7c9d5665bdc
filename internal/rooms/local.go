package rooms

import (
	"context"
	"slices"
	"tabula/internal/wire"

	"tabula/engine"
	"tabula/internal/store"
)

// A room played at one device (the Play page) holds the tokens of all its
// person seats in one browser. The device keeps one connection, said hello
// to with one of the tokens; a message for another of its seats carries
// that seat's token, and the seat comes from the token, as always. Taking
// back moves (Undo) is for such rooms only: it needs the token of every
// person seat.

// actAs runs a change made by the seat of token, or by sub's own seat when
// token is empty; sub is the connection that asked.
func (r *Room) actAs(sub *Sub, token string, f func(seat int) error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	seat, err := r.asSeat(sub, token)
	if err != nil {
		return err
	}
	if err := f(seat); err != nil {
		return err
	}
	r.afterChange()
	return nil
}

// asSeat is the seat a request of sub acts for; the caller holds r.mu.
func (r *Room) asSeat(sub *Sub, token string) (int, error) {
	if token == "" {
		if sub.Seat == Spectator {
			return 0, refuse(CodeSpectator, "rooms.spectator")
		}
		if !sub.live() {
			return 0, refuse(CodeBad, "rooms.seat_lost", "seat", sub.Seat)
		}
		return sub.Seat, nil
	}
	if !sub.live() {
		return 0, refuse(CodeBad, "rooms.closed")
	}
	s := r.seatOf(token)
	if s == Spectator {
		return 0, refuse(CodeBad, "rooms.token_no_seat")
	}
	r.adopt(sub, s)
	return s, nil
}

// Undo takes back the last turn in which a person moved, and every turn
// after it (the computer's replies, throws), as a game at one device
// does. It needs tokens, the token of every person seat: only a room
// whose people all play at the caller's device can be taken back, never
// one where someone else holds a seat. version is the room's version the
// request was made at (an older one is stale: undo is not repeated). A
// finished game is archived and stays as it ended; a game with a clock
// cannot be taken back.
func (r *Room) Undo(ctx context.Context, sub *Sub, tokens []string, version int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !sub.live() {
		return refuse(CodeBad, "rooms.closed")
	}
	r.askedBy(ctx)
	held := make([]int, 0, len(tokens))
	for _, t := range tokens {
		held = append(held, r.seatOf(t))
		r.adopt(sub, held[len(held)-1])
	}
	for i, s := range r.seats {
		if s.Kind == Person && !slices.Contains(held, i) {
			return refuse(CodeNotYours, "rooms.undo_not_local", "seat", i)
		}
	}
	e, s, err := r.undo(version)
	if err != nil {
		return err
	}
	if err := r.persist(ctx, &store.Step{Room: r.ID, From: r.version, ClearCommits: len(r.commits) > 0}, e); err != nil {
		return err
	}
	if r.thinking != nil {
		// The computer's move of the position taken back is dropped.
		r.thinking()
		r.thinking = nil
		r.thinkGen++
	}
	r.undone(e, s)
	r.publish(r.state, e)
	r.afterChange()
	return nil
}

// startMoves turns the moves of a record into the first events of a new
// room of g under opts: its turns, then its end if the game is over. It
// returns the events and the state after them.
func startMoves(g engine.Game, opts engine.Options, moves []string) ([]wire.Event, engine.State, error) {
	s, err := g.NewState(opts)
	if err != nil {
		return nil, nil, refuseErr(CodeBad, err)
	}
	evs := make([]wire.Event, 0, len(moves)+1)
	for i, text := range moves {
		actors := s.Actors(nil)
		ms, err := engine.ParseTurn(s, text)
		if err != nil {
			return nil, nil, refuseErr(CodeBad, &engine.MoveError{Index: i + 1, Text: text, Err: err})
		}
		texts := make([]string, len(ms))
		for k, m := range ms {
			texts[k] = s.MoveText(actors[k], m)
		}
		evs = append(evs, wire.Event{Version: i + 1, Kind: wire.KindTurn, Actors: actors, Moves: texts, Move: engine.TurnText(s, actors, ms)})
		engine.ApplyTurn(s, ms)
	}
	return evs, s, nil
}

// AtOneDevice reports whether tokens hold every person seat of the room,
// as a device playing all of them does (the coach may then review a game
// still in progress).
func (r *Room) AtOneDevice(tokens []string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, s := range r.seats {
		if s.Kind == Person && !slices.ContainsFunc(tokens, func(t string) bool { return t != "" && r.seatOf(t) == i }) {
			return false
		}
	}
	return true
}
