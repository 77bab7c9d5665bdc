package server

import (
	"context"
	"errors"
	"sync"
	"time"

	"tabula/engine"
	"tabula/internal/rooms"
	"tabula/internal/wire"
)

// wsLimits are the limits of live connections.
type wsLimits struct {
	PerIP     int           // connections open at once from one address
	Total     int           // connections open at once in all
	Rate      float64       // messages per second, on average
	Burst     int           // messages at once
	Ping      time.Duration // keepalive interval
	WriteWait time.Duration // a write slower than this drops the viewer
}

var defaultWSLimits = wsLimits{PerIP: 32, Total: DefaultMaxConns, Rate: 10, Burst: 30, Ping: 25 * time.Second, WriteWait: 10 * time.Second}

// ipCounter counts open connections per address and in all.
type ipCounter struct {
	mu    sync.Mutex
	n     map[string]int
	total int
}

// acquire counts a connection of ip unless ip holds max already (false)
// or the server holds all (full).
func (c *ipCounter) acquire(ip string, max, all int) (ok, full bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	if c.total >= all {
		return false, true
	}
	if c.n[ip] >= max {
		return false, false
	}
	c.n[ip]++
	c.total++
	return true, false
}

func (c *ipCounter) release(ip string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total--
	if c.n[ip]--; c.n[ip] <= 0 {
		delete(c.n, ip)
	}
}

// bucket is a token bucket for the message rate of one connection.
type bucket struct {
	tokens float64
	last   time.Time
}

func (b *bucket) take(now time.Time, rate float64, burst int) bool {
	if b.last.IsZero() {
		b.tokens = float64(burst)
	} else {
		b.tokens = min(float64(burst), b.tokens+now.Sub(b.last).Seconds()*rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Socket is one viewer's live connection to a room: a WebSocket
// (wsSocket), or the message port of the engine in the browser
// (cmd/tabula-wasm), which plays its rooms by the very same protocol.
type Socket interface {
	// Read waits for the next message; text is false for a binary one.
	Read(ctx context.Context) (text bool, msg []byte, err error)
	// Write sends one text message.
	Write(ctx context.Context, msg []byte) error
	// Ping checks that the peer is still there.
	Ping(ctx context.Context) error
	// Close ends the connection with a close code and its reason.
	Close(code int, reason string)
	// CloseNow ends it at once.
	CloseNow()
}

// Live serves one viewer of room over sock until the connection ends:
// the first message must be a hello with the viewer's token (none for a
// spectator) and the last version it has seen; then the room's messages
// go out and the viewer's come in.
func (s *Server) Live(ctx context.Context, room *rooms.Room, c Socket, lang string) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	helloCtx, helloCancel := context.WithTimeout(ctx, 10*time.Second)
	text, data, err := c.Read(helloCtx)
	helloCancel()
	if err != nil {
		c.CloseNow()
		return
	}
	m, err := wire.DecodeClient(data)
	if !text || err != nil || m.Type != wire.TypeHello {
		c.Close(wire.CloseNoHello, "the first message must be a hello")
		return
	}
	sub, err := room.JoinSeats(m.Token, m.Tokens, *m.Last)
	if err != nil {
		code := wire.CloseBadToken
		if errors.Is(err, rooms.ErrNoRoom) {
			code = wire.CloseRoomGone
		}
		c.Close(code, err.Error())
		return
	}
	defer room.Leave(sub)

	go s.readLoop(ctx, cancel, c, room, sub, lang)
	s.writeLoop(ctx, c, sub)
}

// writeLoop sends the sub's messages in order and pings; it returns when
// the connection ends.
func (s *Server) writeLoop(ctx context.Context, c Socket, sub *rooms.Sub) {
	ping := time.NewTicker(s.wsLimits.Ping)
	defer ping.Stop()
	// One watchdog for every write rather than a context and a timer a
	// message (they were a tenth of what the server allocated): a write
	// slower than WriteWait closes the connection, which ends the write.
	slow := time.AfterFunc(time.Hour, func() { c.CloseNow() })
	slow.Stop()
	defer slow.Stop()
	write := func(msg []byte) bool {
		slow.Reset(s.wsLimits.WriteWait)
		err := c.Write(context.Background(), msg)
		return slow.Stop() && err == nil
	}
	for {
		select {
		case msg := <-sub.Out:
			if !write(msg) {
				c.Close(wire.CloseSlow, "too slow")
				return
			}
		case <-sub.Done:
			// Send what was queued before the close (a reject, a new
			// token), then close with the room's code.
			for {
				select {
				case msg := <-sub.Out:
					if !write(msg) {
						c.CloseNow()
						return
					}
					continue
				default:
				}
				break
			}
			code, reason := sub.Closed()
			c.Close(code, reason)
			return
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, s.wsLimits.WriteWait)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				c.CloseNow()
				return
			}
		case <-ctx.Done():
			return
		}
	}
}

// readLoop handles the client's messages until the connection ends.
func (s *Server) readLoop(ctx context.Context, cancel context.CancelFunc, c Socket, room *rooms.Room, sub *rooms.Sub, lang string) {
	defer cancel()
	var b bucket
	for {
		text, data, err := c.Read(ctx)
		if err != nil {
			return // closed, too big (1009, sent by the library) or broken
		}
		if !b.take(time.Now(), s.wsLimits.Rate, s.wsLimits.Burst) {
			c.Close(wire.CloseTooFast, "too many messages; slow down")
			return
		}
		if !text {
			s.wsRefused(engine.NewError("server.ws_text"), wire.CodeBadMessage)
			trySend(sub, wire.Reject(wire.CodeBadMessage, engine.NewError("server.ws_text").In(lang), nil))
			continue
		}
		m, err := wire.DecodeClient(data)
		if err != nil {
			s.wsRefused(err, wire.CodeBadMessage)
			trySend(sub, wire.Reject(wire.CodeBadMessage, engine.InLang(err, lang), nil))
			continue
		}
		if err := s.dispatch(ctx, room, sub, m); err != nil {
			s.wsRefused(err, rooms.CodeBad)
			if re, ok := err.(*rooms.Error); ok {
				err = &rooms.Error{Code: re.Code, Err: inLang{re.Err, lang}}
			}
			trySend(sub, room.RejectMsg(sub, err))
		}
	}
}

// wsRefused counts a refusal sent over a WebSocket by its catalogue code
// (the protocol's code, fallback, for an error without one).
func (s *Server) wsRefused(err error, fallback string) {
	code := fallback
	if e, ok := engine.Coded(err); ok {
		code = e.Code
	}
	s.metrics.Refused(code, "ws")
}

func trySend(sub *rooms.Sub, msg []byte) {
	select {
	case sub.Out <- msg:
	default:
	}
}

func (s *Server) dispatch(ctx context.Context, room *rooms.Room, sub *rooms.Sub, m wire.ClientMsg) error {
	switch m.Type {
	case wire.TypeHello:
		return &rooms.Error{Code: wire.CodeBadMessage, Err: engine.NewError("server.ws_hello")}
	case wire.TypeMove:
		_, err := room.MoveAs(ctx, sub, m.Token, *m.Version, m.Move)
		return err
	case wire.TypeUndo:
		return room.Undo(ctx, sub, m.Tokens, *m.Version)
	case wire.TypeName:
		return room.SetName(ctx, sub, *m.Name)
	case wire.TypeResign:
		return room.ResignAs(ctx, sub, m.Token)
	case wire.TypeGiveUp:
		return room.GiveUpAs(ctx, sub, m.Token)
	case wire.TypeNewLink:
		_, err := room.Reissue(ctx, sub)
		return err
	case wire.TypeRematch:
		_, err := room.Rematch(ctx, sub)
		return err
	case wire.TypeReplace:
		return room.Replace(ctx, sub, *m.Seat)
	case wire.TypeDraw:
		return room.OfferDraw(ctx, sub)
	case wire.TypeDecline:
		return room.DeclineDraw(ctx, sub)
	case wire.TypeChat:
		return room.Say(ctx, sub, m.Quick, m.Text)
	case wire.TypeMute, wire.TypeUnmute:
		return room.Mute(sub, *m.Seat, m.Type == wire.TypeMute)
	case wire.TypePing:
		trySend(sub, wire.Pong())
	}
	return nil
}
