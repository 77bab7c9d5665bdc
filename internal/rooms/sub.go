package rooms

import "sync"

// Close codes the rooms ask connections to close with (docs/api.md).
const (
	CloseGoingAway = 1001 // the server stops
	CloseSeatGone  = 4001 // the token no longer holds the seat
	CloseSlow      = 4003 // the viewer read too slowly and fell behind
	CloseRoomGone  = 4004 // the room expired or was unloaded
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
		if sub.Seat >= 0 {
			if !r.online()[sub.Seat] {
				r.away[sub.Seat] = r.m.cfg.Now()
			}
			r.sendPresence()
		}
	}
}

// Leave is called by a connection when it ends.
func (r *Room) Leave(sub *Sub) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.drop(sub, 1000, "")
}

func (r *Room) online() []bool {
	on := make([]bool, len(r.seats))
	for s := range r.subs {
		if s.Seat >= 0 && s.Seat < len(on) {
			on[s.Seat] = true
		}
	}
	for i, s := range r.seats {
		if s.Kind == Computer {
			on[i] = true
		}
	}
	return on
}

// sendPresence tells every viewer who is online; presence is not part of
// the log and has no version.
func (r *Room) sendPresence() {
	msg := mustJSON(presenceMsg{Type: "presence", Online: r.online()})
	for s := range r.subs {
		if !s.send(msg) {
			s.close(CloseSlow, "too slow to follow the room")
			delete(r.subs, s)
		}
	}
}
