package rooms

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"tabula/engine"
	"tabula/internal/store"
	"tabula/internal/wire"
	"tabula/messages"
	"tabula/view"
)

// core is a room's game without I/O: its seats, the log of its events
// (the turns in effect among them, for undo), the hidden commitments of a
// simultaneous turn, the clocks and the draw offer. It decides what a
// request does and applies what was stored; it never stores, sends, locks
// or reads the time (the time is passed in). Room wraps it with storage,
// broadcasting and locking.
type core struct {
	ID        string
	game      engine.Game
	opts      engine.Options
	secret    []byte
	state     engine.State
	version   int
	events    []wire.Event // events[v-1] has version v
	played    []int32      // where in events the turns in effect are (an undo drops some)
	turnStart int          // the version at which the current turn began
	seats     []seat
	commits   map[int]string // hidden choices of the current turn
	status    wire.Status
	result    view.Result // once the game is over
	next      string      // the rematch room
	clock     Clock
	left      []time.Duration // each seat's time at since
	since     time.Time       // when the running clocks were last set
	offer     int             // the seat offering a draw, or -1
	moved     map[int]bool    // seats that have moved (their clocks run)
	endedAt   time.Time       // when the game ended, once it has
}

// replay appends a stored event to the log and applies it to the state
// and the clocks.
func (c *core) replay(e wire.Event) error {
	c.events = append(c.events, e)
	c.noteMoved(e)
	c.track(len(c.events) - 1)
	for i, v := range e.Clocks {
		if i < len(c.left) {
			c.left[i] = time.Duration(v) * time.Millisecond
		}
	}
	if e.At > 0 && e.Clocks != nil {
		c.since = time.UnixMilli(e.At) // by correspondence: the clocks run from then
	}
	switch e.Kind {
	case wire.KindTurn:
		if err := engine.Play(c.state, e.Move); err != nil {
			return fmt.Errorf("rooms: room %s, version %d: %w", c.ID, e.Version, err)
		}
		c.turnStart = e.Version
		c.offer = -1
	case wire.KindEnd:
		c.turnStart = e.Version
	case wire.KindUndo:
		s, err := c.replayPlayed()
		if err != nil {
			return fmt.Errorf("rooms: room %s, version %d: %w", c.ID, e.Version, err)
		}
		c.state = s
		c.turnStart = e.Version
		c.offer = -1
	}
	c.took(e)
	return nil
}

// track keeps played, the turns in effect, up to date with events[i].
func (c *core) track(i int) {
	switch e := &c.events[i]; e.Kind {
	case wire.KindTurn:
		c.played = append(c.played, int32(i))
	case wire.KindUndo:
		c.played = c.played[:min(*e.Kept, len(c.played)):min(*e.Kept, len(c.played))]
	}
}

// replayPlayed is the state after the turns in effect, from the start.
func (c *core) replayPlayed() (engine.State, error) {
	s, err := c.game.NewState(c.opts)
	if err != nil {
		return nil, err
	}
	for _, i := range c.played {
		if err := engine.Play(s, c.events[i].Move); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// seatOf is the person seat whose token is token, or Spectator.
func (c *core) seatOf(token string) int {
	if token == "" {
		return Spectator
	}
	h := hashToken(token)
	for i, s := range c.seats {
		if s.Kind == Person && sameHash(s.TokenHash, h) {
			return i
		}
	}
	return Spectator
}

// sentBefore reports whether seat s's move text, chosen at version, was
// already recorded, and at which version.
func (c *core) sentBefore(s, version int, text string) (int, bool) {
	text = strings.TrimSpace(text)
	commitAt := 0
	for _, e := range c.events[version:] {
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

func (c *core) commitVersion(s int) int {
	for i := len(c.events) - 1; i >= c.turnStart; i-- {
		if e := c.events[i]; e.Kind == wire.KindCommit && *e.Seat == s {
			return e.Version
		}
	}
	return c.version
}

func (c *core) twoOpen() error {
	if c.status != store.Open {
		return refuse(CodeOver, "rooms.game_over")
	}
	if len(c.seats) != 2 {
		return refuse(CodeBad, "rooms.resign_many")
	}
	return nil
}

// newCore is the core of room id of game g under opts, with its chance
// secret, clock and seats, at version 0 (the room then replays what is
// stored).
func newCore(id string, g engine.Game, opts engine.Options, secret []byte, clock Clock, seats []store.Seat) (core, error) {
	s, err := g.NewState(opts)
	if err != nil {
		return core{}, err
	}
	c := core{ID: id, game: g, opts: opts, secret: secret, state: s, clock: clock, offer: -1,
		commits: map[int]string{}, status: store.Open, moved: map[int]bool{}}
	for _, st := range seats {
		c.seats = append(c.seats, seat{Seat: st})
		c.left = append(c.left, clock.full())
	}
	return c, nil
}

// A decision is what a move does, as the core judges it: acknowledged
// again (a resend), the end of the game on time, a hidden choice to
// commit, or a turn to play.
type decision struct {
	ack    Ack    // Duplicate: the move was recorded before, at ack.Version
	flag   int    // >= 0: that seat's time ran out before the move came
	hidden bool   // a choice of a simultaneous turn, text, to commit
	text   string // the move's text, trimmed
	// The turn to play: its actors, their moves, the seats of the people
	// who sent them, and the hidden choices it resolves.
	actors   []int
	moves    []engine.Move
	by       []int
	resolved map[int]string
}

// judge decides what seat s's move text, chosen at version, does at now;
// person is false for the computer's move. A refusal is an *Error.
func (c *core) judge(now time.Time, s, version int, text string, person bool) (decision, error) {
	d := decision{flag: -1}
	if version > c.version || version < 0 {
		return d, refuse(CodeBad, "rooms.bad_version", "asked", version, "version", c.version)
	}
	if version < c.turnStart {
		if v, ok := c.sentBefore(s, version, text); ok {
			d.ack = Ack{Version: v, Duplicate: true}
			return d, nil
		}
		return d, refuse(CodeStale, "rooms.stale", "asked", version, "version", c.version)
	}
	if m, ok := c.commits[s]; ok {
		if m == strings.TrimSpace(text) {
			d.ack = Ack{Version: c.commitVersion(s), Duplicate: true}
			return d, nil
		}
		return d, refuse(CodeIllegal, "rooms.chosen", "seat", s)
	}
	if c.status != store.Open {
		return d, refuse(CodeOver, "rooms.game_over")
	}
	actors := c.state.Actors(nil)
	if !slices.Contains(actors, s) {
		return d, refuse(CodeNotYours, "rooms.not_your_turn", "seat", s, "actors", actors)
	}
	if person != (c.seats[s].Kind == Person) {
		return d, refuse(CodeNotYours, "rooms.not_person", "seat", s)
	}
	if d.flag = c.flagged(now); d.flag >= 0 {
		return d, nil
	}
	d.text = strings.TrimSpace(text)
	if len(actors) == 1 {
		moves, err := engine.ParseTurn(c.state, d.text)
		if err != nil {
			return d, refuseErr(CodeIllegal, err)
		}
		d.actors, d.moves = actors, moves
		if person {
			d.by = []int{s}
		}
		return d, nil
	}
	if err := checkMove(c.state, s, d.text); err != nil {
		return d, err
	}
	if len(c.commits)+1 < len(actors) {
		d.hidden = true
		return d, nil
	}
	// The last choice of the turn: resolve it in the same step.
	parts := make([]string, len(actors))
	for i, a := range actors {
		if a == s {
			parts[i] = d.text
		} else {
			parts[i] = c.commits[a]
		}
		if a == s && person || a != s && c.seats[a].Kind == Person {
			d.by = append(d.by, a)
		}
	}
	moves, err := engine.ParseTurn(c.state, strings.Join(parts, ","))
	if err != nil {
		return d, refuseErr(CodeIllegal, err)
	}
	d.actors, d.moves, d.resolved = actors, moves, c.commits
	return d, nil
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

// commitEvent is the event of seat s's hidden choice at now: it says that
// the seat chose, never what.
func (c *core) commitEvent(now time.Time, s int) wire.Event {
	e := wire.Event{Version: c.version + 1, Kind: wire.KindCommit, Seat: intp(s), Clocks: c.clocksAfter(now, s)}
	c.stamp(&e, now)
	return e
}

// committed takes seat s's hidden choice text once its event ev is
// stored (and logged).
func (c *core) committed(now time.Time, s int, text string, ev wire.Event) {
	c.commits[s] = text
	c.setClocks(ev.Clocks, now)
}

// maxThrows bounds the chance events applied after one turn.
const maxThrows = 1000

// A turnStep is a turn computed and not yet stored: its events (the turn,
// the throws that follow, the end if it came), the state after each with
// the trace that led there, and what the store's step records besides.
type turnStep struct {
	events []wire.Event
	states []engine.State
	traces [][]view.EventView
	step   store.Step  // From, ClearCommits, Status and Result
	result view.Result // if the turn ends the game
	now    time.Time
}

// turn computes the turn of actors playing moves at now (by: the seats of
// the people who sent them; hidden: the choices it resolves), with the
// throws that follow, drawn from the room's secret, and the end of the
// game if it comes.
func (c *core) turn(now time.Time, actors []int, moves []engine.Move, by []int, hidden map[int]string) turnStep {
	next := c.state.Clone()
	t := turnStep{now: now, step: store.Step{From: c.version, ClearCommits: len(hidden) > 0}}
	v := c.version
	add := func(actors []int, moves []engine.Move, by []int) {
		texts := make([]string, len(moves))
		for i, m := range moves {
			texts[i] = next.MoveText(actors[i], m)
		}
		v++
		t.events = append(t.events, wire.Event{Version: v, Kind: wire.KindTurn, Actors: actors, Moves: texts,
			Move: engine.TurnText(next, actors, moves), By: by})
		trace, _ := view.ApplyTraced(next, moves)
		t.traces = append(t.traces, trace)
		t.states = append(t.states, next.Clone())
	}
	var movers []int
	for _, a := range actors {
		if _, done := hidden[a]; a >= 0 && !done {
			movers = append(movers, a)
		}
	}
	clocks := c.clocksAfter(now, movers...)
	add(actors, moves, by)
	t.events[0].Clocks = clocks
	c.stamp(&t.events[0], now)
	for range maxThrows {
		a := next.Actors(nil)
		if len(a) != 1 || a[0] != engine.ChancePlayer {
			break
		}
		add(a, []engine.Move{throwAt(c.secret, next)}, nil)
	}
	if next.Terminal() {
		o, _ := next.Outcome()
		v++
		t.result = view.ResultOf(o)
		t.events = append(t.events, wire.Event{Version: v, Kind: wire.KindEnd, Result: &t.result, Secret: hex.EncodeToString(c.secret)})
		t.states = append(t.states, next)
		t.traces = append(t.traces, nil)
		t.step.Status, t.step.Result = store.Finished, t.result.Code()
	}
	return t
}

// turned takes the turn t once its events are stored (and logged): the
// commitments are cleared, a draw offer lapses, the clocks go on.
func (c *core) turned(t turnStep) {
	clear(c.commits)
	c.state = t.states[len(t.states)-1]
	c.turnStart = t.events[len(t.events)-1].Version
	if t.step.Status != "" {
		c.status, c.result = t.step.Status, t.result
		c.endedAt = t.now
	}
	c.offer = -1 // an offer lapses with the next turn
	c.setClocks(t.events[0].Clocks, t.now)
}

// log appends stored events: the version advances, the seats that moved
// and the turns in effect follow.
func (c *core) log(evs []wire.Event) {
	from := len(c.events)
	c.events = append(c.events, evs...)
	for i, e := range evs {
		c.noteMoved(e)
		c.track(from + i)
	}
	c.version += len(evs)
}

// undo is the event that takes back the last turn in which a person
// moved and every turn after it (the computer's replies, throws), asked
// at version, with the state it leaves. The room checks that the people
// all play at the asking device.
func (c *core) undo(version int) (wire.Event, engine.State, error) {
	if c.status != store.Open {
		return wire.Event{}, nil, refuse(CodeOver, "rooms.undo_over")
	}
	if c.clock.On() {
		return wire.Event{}, nil, refuse(CodeBad, "rooms.undo_clock")
	}
	if version != c.version {
		return wire.Event{}, nil, refuse(CodeStale, "rooms.undo_stale", "asked", version, "version", c.version)
	}
	keep := -1
	for i := len(c.played) - 1; i >= 0; i-- {
		if slices.ContainsFunc(c.events[c.played[i]].Actors, func(a int) bool { return a >= 0 && c.seats[a].Kind == Person }) {
			keep = i
			break
		}
	}
	if keep < 0 {
		return wire.Event{}, nil, refuse(CodeBad, "rooms.undo_none")
	}
	old := c.played
	c.played = c.played[:keep:keep]
	s, err := c.replayPlayed()
	c.played = old
	if err != nil {
		return wire.Event{}, nil, err
	}
	return wire.Event{Version: c.version + 1, Kind: wire.KindUndo, Kept: intp(keep)}, s, nil
}

// undone takes the undo e, leaving s, once it is stored (and logged).
func (c *core) undone(e wire.Event, s engine.State) {
	clear(c.commits)
	c.state = s
	c.turnStart = e.Version
	c.offer = -1
}

// ending is the events that end the game with result: first (a
// resignation, a flag, the offer that accepts a draw), then the end,
// which publishes the chance secret. A first event without clocks stops
// them where they are at now.
func (c *core) ending(now time.Time, first wire.Event, result view.Result) []wire.Event {
	if first.Kind == "" { // an end that no seat's act began (Room.Abandon)
		end := wire.Event{Version: c.version + 1, Kind: wire.KindEnd, Result: &result, Secret: hex.EncodeToString(c.secret), Clocks: c.clocksAfter(now)}
		c.stamp(&end, now)
		return []wire.Event{end}
	}
	first.Version = c.version + 1
	if first.Clocks == nil {
		first.Clocks = c.clocksAfter(now)
	}
	c.stamp(&first, now)
	return []wire.Event{first, {Version: c.version + 2, Kind: wire.KindEnd, Result: &result, Secret: hex.EncodeToString(c.secret)}}
}

// say is m in words in every language, the players named as the seats
// are (by their names, as the computer with its level, or as "Player N").
func (c *core) say(m engine.Message) engine.Text {
	return messages.Texts(m, messages.GameWords(c.game), c.names())
}

// names are who plays the seats, for the words of the room: a name, or
// the computer's spec for a computer seat.
func (c *core) names() []messages.Seat {
	names := make([]messages.Seat, len(c.seats))
	for i, s := range c.seats {
		names[i].Name = s.Name
		if s.Kind == Computer {
			names[i].Agent = s.Agent
		}
	}
	return names
}

// resultSent is the room's result as a view or record gives it: nil while
// the game goes on.
func (c *core) resultSent() *view.Result {
	if c.result.How == "" {
		return nil
	}
	r := c.result
	return &r
}

// ended takes the end of the game, evs, once it is stored (and logged).
func (c *core) ended(now time.Time, evs []wire.Event, result view.Result) {
	clear(c.commits)
	c.status, c.result = store.Finished, result
	c.endedAt = now
	c.turnStart = c.version
	c.setClocks(evs[0].Clocks, now)
}

// took applies the stored event e's effects on the room beyond the game:
// a draw offer made or declined, a rematch room.
func (c *core) took(e wire.Event) {
	switch e.Kind {
	case wire.KindOffer:
		c.offer = *e.Seat
	case wire.KindDecline:
		c.offer = -1
	case wire.KindRematch:
		c.next = e.Room
	}
}

// drawOffer judges seat's draw offer: refused, an offer to the other
// seat, or the acceptance of the other seat's offer (accepts).
func (c *core) drawOffer(seat int) (accepts bool, err error) {
	if err := c.twoOpen(); err != nil {
		return false, err
	}
	switch c.offer {
	case seat:
		return false, refuse(CodeBad, "rooms.draw_offered")
	case 1 - seat:
		return true, nil
	}
	return false, nil
}

// drawDecline judges seat's declining of a draw offer.
func (c *core) drawDecline(seat int) error {
	if c.offer != 1-seat || len(c.seats) != 2 {
		return refuse(CodeBad, "rooms.no_draw_offer")
	}
	return nil
}

// seated takes a seat's new kind, name or token once stored.
func (c *core) seated(s store.Seat) { c.seats[s.Index] = seat{Seat: s} }
