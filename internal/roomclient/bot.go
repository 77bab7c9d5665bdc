package roomclient

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"

	"tabula/internal/wire"
)

// Bot plays one seat of a room with random legal moves, reconnecting with
// its last version whenever the connection drops.
type Bot struct {
	Base, Room, Token string
	Rand              *rand.Rand
	// Resend sends every move a second time after its ack, as a client
	// whose ack was lost would.
	Resend bool
	// StopAt stops the bot once the room reaches that version (0: play
	// to the end); every bot of a room stops at the same point.
	StopAt int
	// Think is how long the bot waits before each move, like a person;
	// ThinkSpread varies each pause uniformly by that fraction around it
	// (0.2: 0.8 to 1.2 times Think). With pauses all the same, the rooms
	// that a stall of the server delayed together go on moving in step.
	Think       time.Duration
	ThinkSpread float64
	// Acks, if not nil, receives a value for each first ack (without
	// waiting: a full channel misses some).
	Acks   chan<- struct{}
	Header http.Header
	// Client dials the room (nil: the default client); a load test gives
	// each address it plays from a client of its own.
	Client *http.Client
	// TimeReplies records in Replies the time from each ack of the bot's
	// move to the next turn of another seat (a computer's reply).
	TimeReplies bool

	// now and after are the clock (time.Now and time.After unless a test
	// sets them).
	now   func() time.Time
	after func(time.Duration) <-chan time.Time

	mu sync.Mutex
	// Acked maps each acknowledged version to the move text it recorded
	// (not counting resends).
	Acked map[int]string
	// Duplicates counts acks of resends; Applied counts moves the room
	// recorded twice (always 0 unless the server is wrong).
	Duplicates, DoubleAcks int
	// RTT holds the round trip of every move, send to ack, and Sent when
	// each was sent.
	RTT       []time.Duration
	Sent      []time.Time
	Replies   []time.Duration
	Reconnect int
	Result    string
	// Rejects lists the refusals the bot got ("code: message").
	Rejects []string

	// pending is a move sent whose ack has not come (version -1: none).
	// It outlives a connection: a client whose connection dropped after
	// sending resends it on the next, so a move the server stored before
	// the drop is acknowledged (as a duplicate) rather than left unknown.
	pendingAt   int
	pendingMove string
	hasPending  bool
}

// errDone ends a bot's run.
var errDone = errors.New("done")

// Run plays until the game ends, MaxMoves are acknowledged or ctx is done.
func (b *Bot) Run(ctx context.Context) error {
	b.mu.Lock()
	if b.Acked == nil {
		b.Acked = map[int]string{}
	}
	if b.now == nil {
		b.now, b.after = time.Now, time.After
	}
	b.mu.Unlock()
	last := -1
	backoff := 50 * time.Millisecond
	for ctx.Err() == nil {
		err := b.session(ctx, &last)
		if errors.Is(err, errDone) {
			return nil
		}
		if ctx.Err() != nil {
			return nil
		}
		if code := CloseStatus(err); code == 4001 || code == 4004 {
			return err
		}
		b.mu.Lock()
		b.Reconnect++
		b.mu.Unlock()
		select {
		case <-time.After(backoff):
		case <-ctx.Done():
			return nil
		}
		backoff = min(2*backoff, 2*time.Second)
	}
	return nil
}

func (b *Bot) session(ctx context.Context, last *int) error {
	c, w, err := DialWith(ctx, b.Client, b.Base, b.Room, wire.Hello(b.Token, nil, *last), b.Header)
	if err != nil {
		return err
	}
	defer c.CloseNow()
	seat := w.View.Seat
	version := w.View.Version
	var st botState
	if err := json.Unmarshal(w.View.State, &st); err != nil {
		return err
	}
	committed := w.View.Choice != ""
	status := w.View.Status
	sentAt, sentMove := -1, ""
	var sentTime time.Time
	resent := false
	recovering := false     // the current move is a resend after a reconnect
	ackedAt := 0            // the version of the last ack: its event is still to come
	var replyFrom time.Time // the last ack, while the other seats' reply is awaited
	// The pause before a move runs from when the position came, whatever
	// else arrives meanwhile (a presence, a name): thinkAt is the version
	// it is for, thinkUntil its end.
	thinkAt, thinkUntil := -1, time.Time{}
	b.mu.Lock()
	if b.hasPending {
		sentAt, sentMove, sentTime, recovering = b.pendingAt, b.pendingMove, time.Now(), true
	}
	b.mu.Unlock()
	if recovering {
		if err := c.Send(ctx, wire.Move(sentAt, sentMove, "")); err != nil {
			return err
		}
	}
	in := make(chan botMsg, 8) // small: a bot holds one per connection, thousands in a load test
	done := make(chan struct{})
	defer close(done)
	var readErr error
	go func() {
		defer close(in)
		for {
			m, err := c.recvBot(ctx)
			if err != nil {
				readErr = err
				return
			}
			select {
			case in <- m:
			case <-done:
				return
			}
		}
	}()
	for {
		if (status != wire.StatusOpen || b.StopAt > 0 && version >= b.StopAt) && sentAt < 0 {
			b.mu.Lock()
			b.Result = string(status)
			b.mu.Unlock()
			*last = version
			return errDone
		}
		mine := !committed && sentAt < 0 && version >= ackedAt && contains(st.ToMove, seat)
		var m botMsg
		var ok bool
		if mine && b.Think > 0 {
			if thinkAt != version {
				thinkAt, thinkUntil = version, b.now().Add(b.pause())
			}
			// Think, but take what comes meanwhile.
			if wait := thinkUntil.Sub(b.now()); wait > 0 {
				select {
				case m, ok = <-in:
				case <-b.after(wait):
				}
			}
		}
		if !ok && mine {
			legal := st.Legal[strconv.Itoa(seat)]
			mv := legal[b.Rand.IntN(len(legal))]
			sentAt, sentMove, sentTime, resent = version, mv, time.Now(), false
			b.setPending(sentAt, sentMove)
			if err := c.Send(ctx, wire.Move(version, mv, "")); err != nil {
				return err
			}
		}
		if !ok {
			if m, ok = <-in; !ok {
				return readErr
			}
		}
		switch m.Type {
		case wire.TypeEvent:
			if m.Event.Version != version+1 {
				return errors.New("roomclient: a gap in the events")
			}
			version = m.Event.Version
			*last = version
			st = m.State
			switch m.Event.Kind {
			case wire.KindCommit:
				if m.Event.Seat != nil && *m.Event.Seat == seat {
					committed = true
				}
			case wire.KindTurn:
				committed = false
				if !replyFrom.IsZero() && !contains(m.Event.Actors, seat) {
					b.mu.Lock()
					b.Replies = append(b.Replies, m.At.Sub(replyFrom))
					b.mu.Unlock()
					replyFrom = time.Time{}
				}
			case wire.KindEnd, wire.KindResign:
				status = wire.StatusFinished
			}
		case wire.TypeAck:
			b.mu.Lock()
			b.hasPending = false
			_, known := b.Acked[m.Version]
			if m.Duplicate && !(recovering && !known) {
				b.Duplicates++
			} else {
				if _, ok := b.Acked[m.Version]; ok {
					b.DoubleAcks++
				}
				b.Acked[m.Version] = sentMove
				b.RTT = append(b.RTT, m.At.Sub(sentTime))
				b.Sent = append(b.Sent, sentTime)
				if b.TimeReplies {
					replyFrom = m.At
				}
				select {
				case b.Acks <- struct{}{}:
				default:
				}
			}
			b.mu.Unlock()
			ackedAt = m.Version
			recovering = false
			if b.Resend && !resent {
				resent = true
				if err := c.Send(ctx, wire.Move(sentAt, sentMove, "")); err != nil {
					return err
				}
				continue
			}
			sentAt = -1
		case wire.TypeReject:
			recovering = false
			b.mu.Lock()
			b.hasPending = false
			b.Rejects = append(b.Rejects, m.Code+": "+m.Error)
			b.mu.Unlock()
			if m.Code == wire.CodeStale && m.View.Version > 0 {
				version, st = m.View.Version, m.View.State
			}
			sentAt = -1
		}
	}
}

// pause is the bot's next pause before a move: Think, spread by
// ThinkSpread.
func (b *Bot) pause() time.Duration {
	if b.ThinkSpread <= 0 {
		return b.Think
	}
	return time.Duration(float64(b.Think) * (1 + b.ThinkSpread*(2*b.Rand.Float64()-1)))
}

// setPending remembers a move sent and not yet acknowledged.
func (b *Bot) setPending(version int, move string) {
	b.mu.Lock()
	b.pendingAt, b.pendingMove, b.hasPending = version, move, true
	b.mu.Unlock()
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// AckedCount is the number of moves acknowledged so far.
func (b *Bot) AckedCount() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.Acked)
}

// AckedMoves is a copy of the acknowledged moves by version.
func (b *Bot) AckedMoves() map[int]string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make(map[int]string, len(b.Acked))
	for v, m := range b.Acked {
		out[v] = m
	}
	return out
}

// Unacked reports whether the bot ended with a move sent and not
// acknowledged: the server may have stored it.
func (b *Bot) Unacked() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.hasPending
}
