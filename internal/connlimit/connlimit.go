// Package connlimit bounds the TCP connections an HTTP server holds, per
// client address and in all, so that no number of idle or slow
// connections shuts the door on others: each connection is an open file,
// and a process out of files can no longer answer anyone, not even its
// health checks, nor open its database.
//
// At a cap, a new connection takes the place of the oldest one that is
// doing nothing useful, of its own address (at the address's cap) or of
// any (at the total cap): first an idle keep-alive connection, then one
// still sending its first request's headers (a slow client, or one that
// never will). A connection serving a request or hijacked (a WebSocket)
// is never closed; when every one is, the new connection gets 503 and is
// closed.
//
// Using it: make a Limiter, serve the listener it wraps, and give the
// http.Server its ConnState and ConnContext and the handler it wraps:
//
//	lim := connlimit.New(connlimit.Config{Total: 11000, PerAddr: 128})
//	hs := &http.Server{Handler: lim.Handler(h), ConnState: lim.ConnState, ConnContext: lim.ConnContext}
//	hs.Serve(lim.Listener(ln))
package connlimit

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"
)

// Config sets up a Limiter.
type Config struct {
	// Total is the most connections held at once (required).
	Total int
	// PerAddr is the most connections of one client address (required).
	PerAddr int
	// Exempt reports whether an address has no cap of its own (the
	// reverse proxies in front of the server: all their clients come
	// from their address); nil exempts none.
	Exempt func(netip.Addr) bool
}

// Limiter counts and bounds the connections of one listener. Its methods
// are safe for concurrent use.
type Limiter struct {
	cfg Config

	mu      sync.Mutex
	conns   map[*conn]struct{}
	perAddr map[netip.Addr]int
	seq     uint64 // accept order: the lower, the older
	stats   Stats
}

// Stats are a Limiter's figures for a metrics endpoint.
type Stats struct {
	// Open is the number of connections held now.
	Open int
	// Evicted counts the connections closed to make room (idle or still
	// reading their first request), Refused those turned away with 503.
	Evicted, Refused uint64
}

// New returns a limiter for cfg.
func New(cfg Config) *Limiter {
	return &Limiter{cfg: cfg, conns: map[*conn]struct{}{}, perAddr: map[netip.Addr]int{}}
}

// state is what a connection is doing, for the choice of whom to close.
type state int

const (
	reading  state = iota // accepted or reading a request, not yet in its handler
	idle                  // between requests (keep-alive)
	serving               // in the handler
	hijacked              // taken over (a WebSocket): never closed here
)

// conn is a connection the limiter counts.
type conn struct {
	net.Conn
	l     *Limiter
	addr  netip.Addr
	seq   uint64
	state state
	once  sync.Once
	gone  bool // no longer counted (closed, or chosen to make room)
}

// Close closes the connection and stops counting it.
func (c *conn) Close() error {
	c.once.Do(func() { c.l.forget(c) })
	return c.Conn.Close()
}

// Listener wraps ln: every connection it accepts is counted and, at a
// cap, makes room or is refused.
func (l *Limiter) Listener(ln net.Listener) net.Listener { return &listener{Listener: ln, l: l} }

type listener struct {
	net.Listener
	l *Limiter
}

func (ln *listener) Accept() (net.Conn, error) {
	for {
		nc, err := ln.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if c := ln.l.admit(nc); c != nil {
			return c, nil
		}
	}
}

// refusal is what a connection turned away reads before it is closed.
const refusal = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 33\r\n\r\ntoo many connections; try again\r\n"

// admit counts nc, closing an older connection to make room when a cap
// is reached; it returns nil when there is no room (nc was refused).
func (l *Limiter) admit(nc net.Conn) *conn {
	addr := addrOf(nc.RemoteAddr())
	capped := l.cfg.Exempt == nil || !l.cfg.Exempt(addr)
	var victims []*conn
	l.mu.Lock()
	ok := true
	if capped && l.perAddr[addr] >= l.cfg.PerAddr {
		v := l.oldestSpare(func(c *conn) bool { return c.addr == addr })
		if ok = v != nil; ok {
			victims = append(victims, v)
		}
	}
	if ok && len(l.conns) >= l.cfg.Total {
		v := l.oldestSpare(func(*conn) bool { return true })
		if ok = v != nil; ok {
			victims = append(victims, v)
		}
	}
	var c *conn
	if ok {
		l.seq++
		c = &conn{Conn: nc, l: l, addr: addr, seq: l.seq}
		l.conns[c] = struct{}{}
		l.perAddr[addr]++
		l.stats.Evicted += uint64(len(victims))
	} else {
		// Victims found for one cap but not the other stay.
		for _, v := range victims {
			l.count(v)
		}
		l.stats.Refused++
	}
	l.mu.Unlock()
	for _, v := range victims {
		if ok {
			v.Conn.Close() // the server sees its read fail and lets it go
		}
	}
	if !ok {
		nc.SetWriteDeadline(time.Now().Add(time.Second))
		nc.Write([]byte(refusal))
		nc.Close()
	}
	return c
}

// oldestSpare uncounts and returns the oldest connection for which pick
// holds that is idle, else the oldest still reading its first request,
// else nil. The caller holds l.mu.
func (l *Limiter) oldestSpare(pick func(*conn) bool) *conn {
	var best *conn
	for c := range l.conns {
		if c.state != idle && c.state != reading || !pick(c) {
			continue
		}
		if best == nil || c.state == idle && best.state != idle || c.state == best.state && c.seq < best.seq {
			best = c
		}
	}
	if best != nil {
		l.uncount(best)
	}
	return best
}

// uncount stops counting c (the caller holds l.mu).
func (l *Limiter) uncount(c *conn) {
	if c.gone {
		return
	}
	c.gone = true
	delete(l.conns, c)
	if l.perAddr[c.addr]--; l.perAddr[c.addr] <= 0 {
		delete(l.perAddr, c.addr)
	}
}

// count counts c again (a victim not needed after all; the caller holds
// l.mu).
func (l *Limiter) count(c *conn) {
	c.gone = false
	l.conns[c] = struct{}{}
	l.perAddr[c.addr]++
}

func (l *Limiter) forget(c *conn) {
	l.mu.Lock()
	l.uncount(c)
	l.mu.Unlock()
}

// ConnState is the http.Server's ConnState hook: it tells the limiter
// which connections are idle.
func (l *Limiter) ConnState(nc net.Conn, s http.ConnState) {
	c, ok := nc.(*conn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch s {
	case http.StateIdle:
		c.state = idle
	case http.StateActive:
		// Bytes of a request came, but maybe not all its headers: a slow
		// client may make room until its handler runs.
		c.state = reading
	case http.StateHijacked:
		c.state = hijacked
	case http.StateClosed:
		l.uncount(c)
	}
}

type connKey struct{}

// ConnContext is the http.Server's ConnContext hook: it lets Handler find
// a request's connection.
func (l *Limiter) ConnContext(ctx context.Context, nc net.Conn) context.Context {
	if c, ok := nc.(*conn); ok {
		return context.WithValue(ctx, connKey{}, c)
	}
	return ctx
}

// Handler wraps h so that a connection whose request is being served is
// never closed to make room.
func (l *Limiter) Handler(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, ok := r.Context().Value(connKey{}).(*conn); ok {
			l.mu.Lock()
			if c.state != hijacked {
				c.state = serving
			}
			l.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	})
}

// Stats returns the limiter's figures now.
func (l *Limiter) Stats() Stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.stats
	s.Open = len(l.conns)
	return s
}

// addrOf is the IP address of a connection's peer (the zero Addr if it
// has none).
func addrOf(a net.Addr) netip.Addr {
	if ta, ok := a.(*net.TCPAddr); ok {
		ip, _ := netip.AddrFromSlice(ta.IP)
		return ip.Unmap()
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}
