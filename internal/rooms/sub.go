package rooms

import (
	"sync"

	"tabula/internal/store"
	"tabula/internal/wire"
)

// outBuffer is how many messages may wait for a slow viewer before it is
// dropped (it then reconnects and catches up).
const outBuffer = 256

// Sub is one viewer's connection to a room: a seat, or Spectator. The
// connection writes what arrives on Out, in order, and closes when Done is
// closed (with the code and reason of Closed).
type Sub struct {
	Seat int
	Out  chan []byte
	Done chan struct{}

	// also are the other seats this connection plays by their tokens (a
	// device that plays several seats, local.go); under the room's mu.
	also map[int]bool

	once   sync.Once
	code   int
	reason string
}

func newSub(seat int) *Sub {
	return &Sub{Seat: seat, Out: make(chan []byte, outBuffer), Done: make(chan struct{})}
}

// send queues a message without waiting; false if the queue is full or
// the sub is closed.
func (s *Sub) send(msg []byte) bool {
	select {
	case <-s.Done:
		return false
	default:
	}
	select {
	case s.Out <- msg:
		return true
	default:
		return false
	}
}

func (s *Sub) live() bool {
	select {
	case <-s.Done:
		return false
	default:
		return true
	}
}

func (s *Sub) close(code int, reason string) {
	s.once.Do(func() {
		s.code, s.reason = code, reason
		close(s.Done)
	})
}

// Closed returns why the room closed the sub.
func (s *Sub) Closed() (code int, reason string) {
	select {
	case <-s.Done:
		return s.code, s.reason
	default:
		return 0, ""
	}
}

// drop closes a sub and forgets it; the caller holds r.mu.
func (r *Room) drop(sub *Sub, code int, reason string) {
	sub.close(code, reason)
	if _, ok := r.subs[sub]; ok {
		delete(r.subs, sub)
		if held := sub.seats(); len(held) > 0 {
			on := r.online()
			for _, s := range held {
				if !on[s] {
					r.away[s] = r.m.cfg.Now()
				}
			}
			r.sendPresence()
		}
	}
}

// seats are the seats sub plays: its own and those it plays by token.
func (s *Sub) seats() []int {
	var out []int
	if s.Seat >= 0 {
		out = append(out, s.Seat)
	}
	for seat := range s.also {
		out = append(out, seat)
	}
	return out
}

// adopt notes that sub plays seat too (by its token): the seat is online
// while sub is connected. The caller holds r.mu.
func (r *Room) adopt(sub *Sub, seat int) {
	if seat < 0 || seat == sub.Seat || sub.also[seat] || !sub.live() {
		return
	}
	if _, ok := r.subs[sub]; !ok {
		return
	}
	if sub.also == nil {
		sub.also = map[int]bool{}
	}
	sub.also[seat] = true
	delete(r.away, seat)
	r.sendPresence()
}

// Leave is called by a connection when it ends.
func (r *Room) Leave(sub *Sub) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.drop(sub, 1000, "")
}

// local is the seats this process's connections play.
func (r *Room) local() []bool {
	on := make([]bool, len(r.seats))
	for s := range r.subs {
		for _, seat := range s.seats() {
			if seat < len(on) {
				on[seat] = true
			}
		}
	}
	return on
}

// online is the seats that are online: played by a connection here or,
// with shared presence, on another process, and the computer's.
func (r *Room) online() []bool {
	on := r.local()
	for i, s := range r.seats {
		if s.Kind == Computer || i < len(r.remote) && r.remote[i] {
			on[i] = true
		}
	}
	return on
}

// sendPresence tells every viewer who is online; presence is not part of
// the log and has no version.
func (r *Room) sendPresence() {
	msg := wire.Presence(r.online())
	for s := range r.subs {
		if !s.send(msg) {
			s.close(wire.CloseSlow, "too slow to follow the room")
			delete(r.subs, s)
		}
	}
	r.m.mode.seatsChanged(r)
}

// ack acknowledges a stored move to the connection that sent it; a nil
// sub (the computer's move) has nobody to tell.
func (s *Sub) ack(a Ack) {
	if s != nil {
		s.send(wire.Ack(a.Version, a.Duplicate))
	}
}

// ackWhenDurable acknowledges a to s as soon as the store has made st
// durable (store.Step.Durable: the store's writer, before it wakes the
// movers of its batch, who then build their broadcasts) and returns what
// the caller runs once Apply has succeeded: the acknowledgement, unless
// the store sent it. A nil s (the computer's move) has nobody to tell.
func (s *Sub) ackWhenDurable(st *store.Step, a Ack) (acked func()) {
	if s == nil {
		return func() {}
	}
	msg := wire.Ack(a.Version, a.Duplicate)
	sent := false // written by the store before Apply returns
	st.Durable = func() {
		s.send(msg)
		sent = true
	}
	return func() {
		if !sent {
			s.send(msg)
		}
	}
}
