package rooms

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"tabula/internal/wire"
	"tabula/view"
	"time"

	"tabula/internal/store"
)

// Clock is a game clock run by the server: each seat has Initial time for
// the game and gains Increment after each of its moves; or, for a game by
// correspondence, PerMove (days) for each move, its clock set back to it
// after each move. The zero Clock means no clock.
type Clock struct {
	Initial   time.Duration `json:"-"`
	Increment time.Duration `json:"-"`
	PerMove   time.Duration `json:"-"`
}

// On reports whether the clock is used.
func (c Clock) On() bool { return c.Initial > 0 || c.PerMove > 0 }

// String is the stored form, "initial+increment" in milliseconds, or
// "move:PERMOVE" for a time per move.
func (c Clock) String() string {
	switch {
	case c.PerMove > 0:
		return fmt.Sprintf("move:%d", c.PerMove.Milliseconds())
	case !c.On():
		return ""
	}
	return fmt.Sprintf("%d+%d", c.Initial.Milliseconds(), c.Increment.Milliseconds())
}

// full is each seat's time when its clock is set: for the game, or for a
// move.
func (c Clock) full() time.Duration { return max(c.Initial, c.PerMove) }

// ParseClock reads String's form.
func ParseClock(s string) (Clock, error) { return parseClock(s) }

func parseClock(s string) (Clock, error) {
	if s == "" {
		return Clock{}, nil
	}
	if ms, ok := strings.CutPrefix(s, "move:"); ok {
		n, err := strconv.ParseInt(ms, 10, 64)
		if err != nil || n <= 0 {
			return Clock{}, fmt.Errorf("rooms: stored clock %q", s)
		}
		return Clock{PerMove: time.Duration(n) * time.Millisecond}, nil
	}
	a, b, ok := strings.Cut(s, "+")
	i, err1 := strconv.ParseInt(a, 10, 64)
	inc, err2 := strconv.ParseInt(b, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return Clock{}, fmt.Errorf("rooms: stored clock %q", s)
	}
	return Clock{Initial: time.Duration(i) * time.Millisecond, Increment: time.Duration(inc) * time.Millisecond}, nil
}

// Bounds of a clock.
const (
	minClock     = 10 * time.Second
	maxClock     = 3 * time.Hour
	maxIncrement = time.Minute
	// a game by correspondence: a day to a month per move
	MinPerMove = 24 * time.Hour
	MaxPerMove = 30 * 24 * time.Hour
)

// Check says whether c is a clock a room of two players may have (a
// class checks its clock before it makes rooms with it).
func (c Clock) Check() error { return c.check(2) }

func (c Clock) check(players int) error {
	if !c.On() {
		if c.Increment != 0 {
			return refuse(CodeBad, "rooms.clock_increment")
		}
		return nil
	}
	if players != 2 {
		return refuse(CodeBad, "rooms.clock_players")
	}
	if c.PerMove > 0 {
		if c.Initial != 0 || c.Increment != 0 || c.PerMove < MinPerMove || c.PerMove > MaxPerMove {
			return refuse(CodeBad, "rooms.clock_per_move", "min", MinPerMove, "max", MaxPerMove)
		}
		return nil
	}
	if c.Initial < minClock || c.Initial > maxClock || c.Increment < 0 || c.Increment > maxIncrement {
		return refuse(CodeBad, "rooms.clock_range", "initial", c.Initial, "increment", c.Increment, "min", minClock, "max", maxClock, "maxIncrement", maxIncrement)
	}
	return nil
}

// running lists the seats whose clocks run: the players to act who have
// not chosen yet, once they have made their first move (as on lichess, a
// clock starts with its player's second move, so that nobody loses on
// time before sitting down; by correspondence, from the start, as a room
// must not wait for ever); none once the game is over.
func (c *core) running() []int {
	if !c.clock.On() || c.status != store.Open {
		return nil
	}
	var out []int
	for _, a := range c.state.Actors(nil) {
		if _, done := c.commits[a]; a >= 0 && !done && (c.moved[a] || c.clock.PerMove > 0) {
			out = append(out, a)
		}
	}
	return out
}

// noteMoved records the seats that made a move in e.
func (c *core) noteMoved(e wire.Event) {
	switch e.Kind {
	case wire.KindCommit:
		c.moved[*e.Seat] = true
	case wire.KindTurn:
		for _, a := range e.Actors {
			if a >= 0 {
				c.moved[a] = true
			}
		}
	}
}

// leftAt is each seat's time at now, the running clocks counted down.
func (c *core) leftAt(now time.Time) []time.Duration {
	left := append([]time.Duration(nil), c.left...)
	for _, s := range c.running() {
		left[s] -= now.Sub(c.since)
	}
	return left
}

// clocksAfter is each seat's time after movers moved at now, increments
// added, in milliseconds for the log; nil without a clock.
func (c *core) clocksAfter(now time.Time, movers ...int) []int64 {
	if !c.clock.On() {
		return nil
	}
	left := c.leftAt(now)
	out := make([]int64, len(left))
	for i, d := range left {
		for _, m := range movers {
			switch {
			case m != i:
			case c.clock.PerMove > 0:
				d = c.clock.PerMove // a new move, a new time
			default:
				d += c.clock.Increment
			}
		}
		// A flag falls a moment after the time ran out (the timer's
		// delay): the clock shows 0, never less.
		out[i] = max(d, 0).Milliseconds()
	}
	return out
}

// stamp dates e, an event with the clocks of a game by correspondence,
// at now: the clocks run from there, also after a restart (replay).
func (c *core) stamp(e *wire.Event, now time.Time) {
	if c.clock.PerMove > 0 && e.Clocks != nil {
		e.At = now.UnixMilli()
	}
}

// setClocks takes the times of a stored event and restarts the running
// clocks from now (the room then arms its flag timer).
func (c *core) setClocks(ms []int64, now time.Time) {
	if !c.clock.On() || ms == nil {
		return
	}
	for i, v := range ms {
		c.left[i] = time.Duration(v) * time.Millisecond
	}
	c.since = now
}

// flagged returns a running seat whose time is up at now, or -1.
func (c *core) flagged(now time.Time) int {
	left := c.leftAt(now)
	for _, s := range c.running() {
		if left[s] <= 0 {
			return s
		}
	}
	return -1
}

// armFlag sets the timer for the first running clock to reach zero.
func (r *Room) armFlag() {
	if r.flagTimer != nil {
		r.flagTimer.Stop()
		r.flagTimer = nil
	}
	run := r.running()
	if len(run) == 0 || r.closed {
		return
	}
	left := r.leftAt(r.m.cfg.Now())
	first := left[run[0]]
	for _, s := range run {
		first = min(first, left[s])
	}
	r.flagTimer = time.AfterFunc(max(first, 0)+time.Millisecond, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.checkFlag()
	})
}

// checkFlag ends the game if a running clock has reached zero, else sets
// the timer again; the caller holds r.mu.
func (r *Room) checkFlag() {
	if r.closed {
		return
	}
	if s := r.flagged(r.m.cfg.Now()); s >= 0 {
		if err := r.flag(r.m.ctx, s); err != nil {
			r.m.cfg.Log.Error("flag", "room", r.ID, "err", err)
		}
		return
	}
	r.armFlag()
}

// flag ends the game on time: seat s's flag fell, the other seat wins.
func (r *Room) flag(ctx context.Context, s int) error {
	first := wire.Event{Kind: wire.KindFlag, Seat: intp(s), Clocks: r.clocksAfter(r.m.cfg.Now())}
	return r.finish(ctx, first, view.Won(1-s, view.EndFlag))
}

// finish stores the events that end the game (core.ending) and
// broadcasts them.
func (r *Room) finish(ctx context.Context, first wire.Event, result view.Result) error {
	now := r.m.cfg.Now()
	evs := r.ending(now, first, result)
	st := store.Step{Room: r.ID, From: r.version, Status: store.Finished, Result: result.Code(), ClearCommits: len(r.commits) > 0}
	st.Archive = r.archiveEntry(evs, result)
	if err := r.persist(ctx, &st, evs...); err != nil {
		return err
	}
	r.ended(now, evs, result)
	r.armFlag()
	for _, e := range evs {
		r.publish(r.state, e)
	}
	return nil
}
