package rooms

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"tabula/internal/wire"
	"time"

	"tabula/engine"
	"tabula/internal/store"
	_ "tabula/messages" // the words of its refusals
	"tabula/view"
)

// Seat kinds (wire's).
const (
	Person   = wire.SeatPerson
	Computer = wire.SeatComputer
)

// Spectator is the seat of a viewer who holds no seat token.
const Spectator = -1

// Room is one game being played online. Every change goes through one
// method under mu: it computes the step on a copy of the state, stores
// it, and only then updates the room, acknowledges and broadcasts.
type Room struct {
	m *Manager

	mu sync.Mutex
	core
	subs      map[*Sub]struct{}
	used      time.Time
	thinking  context.CancelFunc // the running computer move, if any
	thinkGen  int                // counts computer moves started; an undo drops the running one
	asker     string             // the address of the last person who acted, charged for the computer's search
	flagTimer *time.Timer
	away      map[int]time.Time // person seats without a connection, since when
	remote    []bool            // seats other processes' connections play (shared presence)
	published []int             // the local seats last published (shared presence)
	talk      chat              // the room's chat (chat.go)
	closed    bool
}

type seat struct {
	store.Seat
}

// Error is a refused request: a code of the protocol for programs, and
// Err for people, a coded error (engine.Error) worded in their language
// where it reaches them.
type Error struct {
	Code string
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Codes of refused requests: the protocol's (package wire), named here
// for the rooms' own use.
const (
	CodeStale     = wire.CodeStale
	CodeIllegal   = wire.CodeIllegal
	CodeNotYours  = wire.CodeNotYours
	CodeSpectator = wire.CodeSpectator
	CodeOver      = wire.CodeOver
	CodeBad       = wire.CodeBad
)

// refuse refuses with the message key (package messages) and its
// arguments as name, value pairs.
func refuse(code, key string, args ...any) error {
	return &Error{Code: code, Err: engine.NewError(key, args...)}
}

// refuseErr refuses with err, a coded error of another package.
func refuseErr(code string, err error) error { return &Error{Code: code, Err: err} }

// Ack is the answer to an accepted move: the version of the event that
// recorded it, and whether it had already been recorded (a resend).
type Ack struct {
	Version   int
	Duplicate bool
}

// Move plays the move text of seat at version (the room's version the
// client saw when it chose). A resent move is acknowledged again and never
// applied twice; a move of an older turn is refused with CodeStale.
func (r *Room) Move(ctx context.Context, sub *Sub, version int, text string) (Ack, error) {
	return r.MoveAs(ctx, sub, "", version, text)
}

// MoveAs is Move for the seat of token (sub's own seat when empty): a
// device that plays several seats sends each seat's moves with its token
// over one connection (local.go). The acknowledgement goes to sub.
func (r *Room) MoveAs(ctx context.Context, sub *Sub, token string, version int, text string) (Ack, error) {
	arrived := time.Now() // real time, not the game clock: a latency
	r.mu.Lock()
	defer r.mu.Unlock()
	seat, err := r.asSeat(sub, token)
	if err != nil {
		return Ack{}, err
	}
	r.askedBy(ctx)
	ack, err := r.move(ctx, seat, version, text, sub)
	if errors.Is(err, store.ErrConflict) && !r.closed {
		// Another process changed the room first and persist caught up
		// with it: judge the move again, so that a resend is recognised
		// and a move of an older turn gets the stale answer.
		ack, err = r.move(ctx, seat, version, text, sub)
	}
	if err == nil {
		if ack.Duplicate {
			sub.ack(ack)
		} else {
			r.m.cfg.Metrics.Moved(true, time.Since(arrived))
		}
		r.afterChange()
	}
	return ack, err
}

// move checks and plays a move of seat sent by a person's connection
// from, which is acknowledged once the move is stored and before it is
// broadcast; from is nil for the computer's move.
func (r *Room) move(ctx context.Context, s, version int, text string, from *Sub) (Ack, error) {
	d, err := r.judge(r.m.cfg.Now(), s, version, text, from != nil)
	switch {
	case err != nil:
		return Ack{}, err
	case d.ack.Duplicate:
		return d.ack, nil
	case d.flag >= 0:
		if err := r.flag(ctx, d.flag); err != nil {
			return Ack{}, err
		}
		return Ack{}, refuse(CodeOver, "rooms.flag", "seat", d.flag)
	case d.hidden:
		return r.commitHidden(ctx, s, d.text, from)
	}
	return r.commitTurn(ctx, d.actors, d.moves, d.by, d.resolved, from)
}

// commitHidden stores a choice of a simultaneous turn, acknowledged to
// ackTo; the others learn only that seat s has chosen.
func (r *Room) commitHidden(ctx context.Context, s int, text string, ackTo *Sub) (Ack, error) {
	now := r.m.cfg.Now()
	ev := r.commitEvent(now, s)
	st := store.Step{Room: r.ID, From: r.version, Commits: []store.Commit{{Seat: s, Move: text, Version: ev.Version}}}
	ack := Ack{Version: ev.Version}
	acked := ackTo.ackWhenDurable(&st, ack)
	if err := r.persist(ctx, &st, ev); err != nil {
		return Ack{}, err
	}
	acked() // stored, so acknowledged by now, before the broadcast
	r.committed(now, s, text, ev)
	r.armFlag()
	r.publish(r.state, ev)
	return ack, nil
}

// commitTurn stores a turn with the chance events that follow and the end
// of the game if it came, as one step (hidden commitments are cleared in
// it), acknowledges it to ackTo and broadcasts it.
func (r *Room) commitTurn(ctx context.Context, actors []int, moves []engine.Move, by []int, hidden map[int]string, ackTo *Sub) (Ack, error) {
	t := r.turn(r.m.cfg.Now(), actors, moves, by, hidden)
	st := t.step
	st.Room = r.ID
	if st.Status == store.Finished {
		st.Archive = r.archiveEntry(t.events, t.result)
	}
	ack := Ack{Version: t.events[0].Version}
	acked := ackTo.ackWhenDurable(&st, ack)
	if err := r.persist(ctx, &st, t.events...); err != nil {
		return Ack{}, err
	}
	acked() // stored, so acknowledged by now, before the broadcast
	r.turned(t)
	r.armFlag()
	for i, e := range t.events {
		r.publishTraced(t.states[i], e, t.traces[i])
	}
	return ack, nil
}

// persist stores a step with its events; on success the events are in
// r.events and r.version is advanced. The room is not changed otherwise.
func (r *Room) persist(ctx context.Context, st *store.Step, evs ...wire.Event) error {
	for _, e := range evs {
		body, err := json.Marshal(e)
		if err != nil {
			return err
		}
		st.Events = append(st.Events, store.Event{Version: e.Version, Kind: e.Kind, Body: body})
	}
	storing := time.Now()
	err := r.m.cfg.Store.Apply(ctx, *st)
	r.m.cfg.Metrics.Committed(time.Since(storing))
	if err != nil {
		if errors.Is(err, store.ErrConflict) {
			// Another process changed the room: catch up with what it
			// stored, or, failing that, load the room again.
			if cerr := r.catchUp(ctx); cerr != nil {
				r.m.cfg.Log.Warn("catching up", "room", r.ID, "err", cerr)
				r.m.forget(r)
				r.shut(wire.CloseRoomGone, "the room was changed elsewhere; reconnect")
			}
		}
		return fmt.Errorf("rooms: storing version %d of %s: %w", r.version+1, r.ID, err)
	}
	r.log(evs)
	r.used = r.m.cfg.Now()
	if st.Status == store.Finished && r.m.cfg.Ended != nil {
		go r.m.cfg.Ended(r.ID)
	}
	return nil
}

// archiveEntry is the finished game for the archive, evs being the events
// about to be stored.
func (r *Room) archiveEntry(evs []wire.Event, result view.Result) *store.Game {
	rec := r.recordWith(evs)
	rec.Result = &result
	now := r.m.cfg.Now().UTC().Truncate(time.Millisecond) // as stored
	rec.Finished = &now
	body, _ := json.Marshal(rec)
	return &store.Game{Room: r.ID, Game: r.game.ID(), Players: rec.Players, Result: result.Code(), Finished: now, Record: body}
}

// Record is a record (view.Record) with the room's published chance secret.
type Record struct {
	view.Record
	Room string `json:"room"`
	// Secret is the hex seed of the room's throws, given once the game is
	// over (see throwAt).
	Secret string `json:"secret,omitempty"`
	// Resigned is the seat that resigned, if one did.
	Resigned *int `json:"resigned,omitempty"`
	// TakeBacks is the number of times turns were taken back (at one
	// device, local.go): such a game was not played straight through.
	TakeBacks int `json:"takeBacks,omitempty"`
	// Finished is when the game ended (RFC 3339), once it has: an import
	// keeps it as the archived game's date.
	Finished *time.Time `json:"finished,omitempty"`
}

// Record returns the game so far as a record.
func (r *Room) Record() Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.recordWith(nil)
}

func (r *Room) recordWith(more []wire.Event) Record {
	rec := Record{Record: view.NewRecord(r.game, r.opts), Room: r.ID}
	for _, i := range r.played {
		rec.Moves = append(rec.Moves, r.events[i].Move)
	}
	for _, e := range append(slices.Clip(r.events), more...) {
		switch e.Kind {
		case wire.KindEnd:
			rec.Result, rec.Secret = e.Result, e.Secret
		case wire.KindResign:
			rec.Result = r.resultSent()
			rec.Resigned = intp(*e.Seat)
		case wire.KindUndo:
			rec.TakeBacks++
		}
	}
	for _, e := range more {
		if e.Kind == wire.KindTurn {
			rec.Moves = append(rec.Moves, e.Move)
		}
	}
	for _, s := range r.seats {
		rec.Players = append(rec.Players, s.label())
	}
	if r.status != store.Open {
		rec.Result = r.resultSent()
		rec.Secret = hex.EncodeToString(r.secret)
		if !r.endedAt.IsZero() {
			at := r.endedAt.UTC()
			rec.Finished = &at
		}
	}
	return rec
}

// label names who played a seat in records and the archive: a person's
// name, a computer player's spec, or both for a person's seat that the
// computer took over ("Ana (mcts:medium)"), so that the archive names
// the people who played.
func (s seat) label() string {
	if s.Kind == Computer {
		if s.Name != "" {
			return s.Name + " (" + s.Agent + ")"
		}
		return s.Agent
	}
	if s.Name == "" {
		return string(Person)
	}
	return s.Name
}

// publish sends an event, with the state after it, to every viewer.
func (r *Room) publish(after engine.State, e wire.Event) { r.publishTraced(after, e, nil) }

// publishTraced is publish with the trace of a turn, so that a page can
// animate it.
func (r *Room) publishTraced(after engine.State, e wire.Event, trace []view.EventView) {
	js, err := view.StateTold(after, r.names()...)
	if err != nil {
		r.m.cfg.Log.Error("state", "room", r.ID, "err", err)
		return
	}
	// What each viewer sees is decided by eventFor; most see the same
	// event, which is encoded once.
	if e.Clocks != nil {
		e.Running = r.running()
	}
	if e.Result != nil {
		e.ResultText = r.say(view.ResultMessage(*e.Result))
	}
	msgs := map[string][]byte{}
	for sub := range r.subs {
		seen := r.eventFor(sub.Seat, e)
		msg, ok := msgs[seen.Choice]
		if !ok {
			msg = wire.EventMsg(seen, js, trace)
			msgs[seen.Choice] = msg
		}
		if !sub.send(msg) {
			r.drop(sub, wire.CloseSlow, "too slow to follow the room")
		}
	}
	if e.Kind == wire.KindEnd {
		r.spectatorsToPlayers()
	}
}
