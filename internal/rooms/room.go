package rooms

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"tabula/internal/wire"
	"time"

	"tabula/engine"
	"tabula/internal/store"
	_ "tabula/messages" // the words of its refusals
	"tabula/view"
)

// Seat kinds.
const (
	Person   = "person"
	Computer = "computer"
)

// Spectator is the seat of a viewer who holds no seat token.
const Spectator = -1

// Room is one game being played online. Every change goes through one
// method under mu: it computes the step on a copy of the state, stores
// it, and only then updates the room, acknowledges and broadcasts.
type Room struct {
	ID string
	m  *Manager

	mu        sync.Mutex
	game      engine.Game
	opts      engine.Options
	secret    []byte
	state     engine.State
	version   int
	events    []wire.Event // events[v-1] has version v
	played    []wire.Event // the turn events in effect (an undo drops some)
	turnStart int          // the version at which the current turn began
	seats     []seat
	commits   map[int]string // hidden choices of the current turn
	status    string
	result    string
	next      string // the rematch room
	subs      map[*Sub]struct{}
	used      time.Time
	thinking  context.CancelFunc // the running computer move, if any
	thinkGen  int                // counts computer moves started; an undo drops the running one
	asker     string             // the address of the last person who acted, charged for the computer's search
	clock     Clock
	left      []time.Duration // each seat's time at since
	since     time.Time       // when the running clocks were last set
	flagTimer *time.Timer
	offer     int               // the seat offering a draw, or -1
	away      map[int]time.Time // person seats without a connection, since when
	remote    []bool            // seats other processes' connections play (shared presence)
	published []int             // the local seats last published (shared presence)
	moved     map[int]bool      // seats that have moved (their clocks run)
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

// Codes of refused requests.
const (
	CodeStale     = "stale"   // the move was made at an older turn
	CodeIllegal   = "illegal" // not a legal move, or malformed
	CodeNotYours  = "not-your-turn"
	CodeSpectator = "spectator" // a spectator cannot act
	CodeOver      = "game-over"
	CodeBad       = "bad-request"
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
		}
		r.afterChange()
	}
	return ack, err
}

// move checks and plays a move of seat sent by a person's connection
// from, which is acknowledged once the move is stored and before it is
// broadcast; from is nil for the computer's move.
func (r *Room) move(ctx context.Context, s, version int, text string, from *Sub) (Ack, error) {
	person := from != nil
	if version > r.version || version < 0 {
		return Ack{}, refuse(CodeBad, "rooms.bad_version", "asked", version, "version", r.version)
	}
	if version < r.turnStart {
		if v, ok := r.sentBefore(s, version, text); ok {
			return Ack{Version: v, Duplicate: true}, nil
		}
		return Ack{}, refuse(CodeStale, "rooms.stale", "asked", version, "version", r.version)
	}
	if c, ok := r.commits[s]; ok {
		if c == strings.TrimSpace(text) {
			return Ack{Version: r.commitVersion(s), Duplicate: true}, nil
		}
		return Ack{}, refuse(CodeIllegal, "rooms.chosen", "seat", s)
	}
	if r.status != store.Open {
		return Ack{}, refuse(CodeOver, "rooms.game_over")
	}
	actors := r.state.Actors(nil)
	if !slices.Contains(actors, s) {
		return Ack{}, refuse(CodeNotYours, "rooms.not_your_turn", "seat", s, "actors", actors)
	}
	if person != (r.seats[s].Kind == Person) {
		return Ack{}, refuse(CodeNotYours, "rooms.not_person", "seat", s)
	}
	if f := r.flagged(r.m.cfg.Now()); f >= 0 {
		if err := r.flag(ctx, f); err != nil {
			return Ack{}, err
		}
		return Ack{}, refuse(CodeOver, "rooms.flag", "seat", f)
	}
	text = strings.TrimSpace(text)
	if len(actors) == 1 {
		moves, err := engine.ParseTurn(r.state, text)
		if err != nil {
			return Ack{}, refuseErr(CodeIllegal, err)
		}
		var by []int
		if person {
			by = []int{s}
		}
		return r.commitTurn(ctx, actors, moves, by, nil, from)
	}
	if err := checkMove(r.state, s, text); err != nil {
		return Ack{}, err
	}
	if len(r.commits)+1 < len(actors) {
		return r.commitHidden(ctx, s, text, from)
	}
	// The last choice of the turn: resolve it in the same step.
	parts := make([]string, len(actors))
	var by []int
	for i, a := range actors {
		if a == s {
			parts[i] = text
		} else {
			parts[i] = r.commits[a]
		}
		if a == s && person || a != s && r.seats[a].Kind == Person {
			by = append(by, a)
		}
	}
	moves, err := engine.ParseTurn(r.state, strings.Join(parts, ","))
	if err != nil {
		return Ack{}, refuseErr(CodeIllegal, err)
	}
	return r.commitTurn(ctx, actors, moves, by, r.commits, from)
}

// checkMove checks one actor's move of a simultaneous turn.
func checkMove(s engine.State, player int, text string) error {
	m, err := s.ParseMove(player, text)
	if err != nil {
		return refuseErr(CodeIllegal, err)
	}
	if err := engine.CheckLegal(s, player, text, m); err != nil {
		return refuseErr(CodeIllegal, err)
	}
	return nil
}

// sentBefore reports whether seat s's move text, chosen at version, was
// already recorded, and at which version.
func (r *Room) sentBefore(s, version int, text string) (int, bool) {
	text = strings.TrimSpace(text)
	commitAt := 0
	for _, e := range r.events[version:] {
		switch {
		case e.Kind == wire.KindCommit && *e.Seat == s && commitAt == 0:
			commitAt = e.Version
		case e.Kind == wire.KindTurn && len(e.By) > 0:
			i := slices.Index(e.Actors, s)
			if i < 0 || !slices.Contains(e.By, s) || e.Moves[i] != text {
				return 0, false
			}
			if commitAt > 0 {
				return commitAt, true
			}
			return e.Version, true
		}
	}
	return 0, false
}

func (r *Room) commitVersion(s int) int {
	for i := len(r.events) - 1; i >= r.turnStart; i-- {
		if e := r.events[i]; e.Kind == wire.KindCommit && *e.Seat == s {
			return e.Version
		}
	}
	return r.version
}

// commitHidden stores a choice of a simultaneous turn, acknowledged to
// ackTo; the others learn only that seat s has chosen.
func (r *Room) commitHidden(ctx context.Context, s int, text string, ackTo *Sub) (Ack, error) {
	now := r.m.cfg.Now()
	ev := wire.Event{Version: r.version + 1, Kind: wire.KindCommit, Seat: intp(s), Clocks: r.clocksAfter(now, s)}
	st := store.Step{Room: r.ID, From: r.version, Commits: []store.Commit{{Seat: s, Move: text, Version: ev.Version}}}
	if err := r.persist(ctx, &st, ev); err != nil {
		return Ack{}, err
	}
	ack := Ack{Version: ev.Version}
	ackTo.ack(ack) // stored, so acknowledged now, before the broadcast
	r.commits[s] = text
	r.setClocks(ev.Clocks, now)
	r.publish(r.state, ev)
	return ack, nil
}

// commitTurn applies a turn, then the chance events that follow, then the
// end of the game if it came, as one stored step; hidden commitments are
// cleared in the same step. The turn is acknowledged to ackTo.
func (r *Room) commitTurn(ctx context.Context, actors []int, moves []engine.Move, by []int, hidden map[int]string, ackTo *Sub) (Ack, error) {
	next := r.state.Clone()
	v := r.version
	var evs []wire.Event
	var states []engine.State
	var traces [][]view.EventView
	add := func(actors []int, moves []engine.Move, by []int) {
		texts := make([]string, len(moves))
		for i, m := range moves {
			texts[i] = next.MoveText(actors[i], m)
		}
		v++
		evs = append(evs, wire.Event{Version: v, Kind: wire.KindTurn, Actors: actors, Moves: texts,
			Move: engine.TurnText(next, actors, moves), By: by})
		trace, _ := view.ApplyTraced(next, moves)
		traces = append(traces, trace)
		states = append(states, next.Clone())
	}
	now := r.m.cfg.Now()
	var movers []int
	for _, a := range actors {
		if _, done := hidden[a]; a >= 0 && !done {
			movers = append(movers, a)
		}
	}
	clocks := r.clocksAfter(now, movers...)
	add(actors, moves, by)
	evs[0].Clocks = clocks
	ack := Ack{Version: v}
	for range maxThrows {
		a := next.Actors(nil)
		if len(a) != 1 || a[0] != engine.ChancePlayer {
			break
		}
		add(a, []engine.Move{throwAt(r.secret, next)}, nil)
	}
	st := store.Step{Room: r.ID, From: r.version, ClearCommits: len(hidden) > 0}
	if next.Terminal() {
		o, _ := next.Outcome()
		v++
		evs = append(evs, wire.Event{Version: v, Kind: wire.KindEnd, Result: o.String(), Secret: hex.EncodeToString(r.secret)})
		states = append(states, next)
		traces = append(traces, nil)
		st.Status, st.Result = store.Finished, o.String()
	}
	if st.Status == store.Finished {
		st.Archive = r.archiveEntry(evs, st.Result)
	}
	if err := r.persist(ctx, &st, evs...); err != nil {
		return Ack{}, err
	}
	ackTo.ack(ack) // stored, so acknowledged now, before the broadcast
	clear(r.commits)
	r.state = next
	r.turnStart = evs[len(evs)-1].Version
	if st.Status != "" {
		r.status, r.result = st.Status, st.Result
	}
	if r.offer >= 0 {
		r.offer = -1 // an offer lapses with the next turn
	}
	r.setClocks(clocks, now)
	if st.Status != "" {
		r.armFlag()
	}
	for i, e := range evs {
		r.publishTraced(states[i], e, traces[i])
	}
	return ack, nil
}

// maxThrows bounds the chance events applied after one turn.
const maxThrows = 1000

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
	if err := r.m.cfg.Store.Apply(ctx, *st); err != nil {
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
	r.events = append(r.events, evs...)
	for _, e := range evs {
		r.noteMoved(e)
		r.track(e)
	}
	r.version += len(evs)
	r.used = r.m.cfg.Now()
	return nil
}

// archiveEntry is the finished game for the archive, evs being the events
// about to be stored.
func (r *Room) archiveEntry(evs []wire.Event, result string) *store.Game {
	rec := r.recordWith(evs)
	rec.Result = result
	body, _ := json.Marshal(rec)
	return &store.Game{Room: r.ID, Game: r.game.ID(), Players: rec.Players, Result: result, Finished: r.m.cfg.Now(), Record: body}
}

// Record is an engine record with the room's published chance secret.
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
}

// Record returns the game so far as a record.
func (r *Room) Record() Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.recordWith(nil)
}

func (r *Room) recordWith(more []wire.Event) Record {
	rec := Record{Record: view.NewRecord(r.game, r.opts), Room: r.ID}
	for _, e := range r.played {
		rec.Moves = append(rec.Moves, e.Move)
	}
	for _, e := range append(slices.Clip(r.events), more...) {
		switch e.Kind {
		case wire.KindEnd:
			rec.Result, rec.Secret = e.Result, e.Secret
		case wire.KindResign:
			rec.Result = r.result
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
		rec.Result = r.result
		rec.Secret = hex.EncodeToString(r.secret)
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
		return "person"
	}
	return s.Name
}

// publish sends an event, with the state after it, to every viewer.
func (r *Room) publish(after engine.State, e wire.Event) { r.publishTraced(after, e, nil) }

// publishTraced is publish with the trace of a turn, so that a page can
// animate it.
func (r *Room) publishTraced(after engine.State, e wire.Event, trace []view.EventView) {
	js, err := view.StateTold(after)
	if err != nil {
		r.m.cfg.Log.Error("state", "room", r.ID, "err", err)
		return
	}
	// What each viewer sees is decided by eventFor; most see the same
	// event, which is encoded once.
	if e.Clocks != nil {
		e.Running = r.running()
	}
	msgs := map[string][]byte{}
	for sub := range r.subs {
		seen := eventFor(sub.Seat, e, r.commits)
		msg, ok := msgs[seen.Choice]
		if !ok {
			msg = wire.EventMsg(seen, js, trace)
			msgs[seen.Choice] = msg
		}
		if !sub.send(msg) {
			r.drop(sub, wire.CloseSlow, "too slow to follow the room")
		}
	}
}
