// Package compute shares the processors of a server fairly among the
// addresses and rooms that ask for CPU work (the searches of computer
// players, analyses, replays): at most a fixed number of jobs run at once
// (one per worker), and the others wait in a bounded queue until their
// caller's deadline.
//
// The work is divided by time slices, not first come first served: a job
// that has run a slice (Config.Slice, 10 ms by default) while others wait
// gives its worker up at its next yield and queues again. A free worker
// goes to the address that has had the least processor time lately (each
// address starts level with the others), and within an address to its
// rooms in turn. So a short search never waits behind a long one, and an
// address with many searches gets the same processor time as an address
// with one.
//
// Using it: wrap the work in Pool.Do, giving a Job that names the
// address it is for (the person who asked), a room or kind of request,
// and its cost (a level's time). Inside, pass the job's context on:
// ai.ChooseContext and ai.Analyze yield by themselves; other long work
// calls ai.Yield(ctx) between its steps, and stops when ctx is done.
//
//	err := pool.Do(ctx, compute.Job{Addr: ip, Room: id, Cost: ai.SpecTime(spec)},
//		func(ctx context.Context) { move = ai.ChooseContext(ctx, agent, state, seat) })
//
// Before a search, Fits says whether its level is worth its time under
// the present load (a server plays a lower level when it is not, and
// tells the room). Stats gives the figures a metrics endpoint exports.
package compute

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"tabula/ai"
)

// ErrBusy is wrapped by the errors of Do when the work could not start:
// the queue was full, the caller's wait ended first, or the pool closed.
// A server answers it with 503 and Retry-After.
var ErrBusy = errors.New("compute: server busy")

// DefaultQueue is the number of callers that may wait per worker when
// Config gives no queue length. A waiting caller costs only a goroutine,
// and its wait is bounded by its own deadline: the queue is long enough
// for hundreds of players against the computer (measured: 32 a worker
// turned most of 100 players away).
const DefaultQueue = 256

// DefaultShare is the part of the queue one address may fill when Config
// gives none.
const DefaultShare = 0.5

// DefaultSlice is how long a job runs before it gives its worker to a
// waiting one, when Config gives none: short enough that an easy search
// (40 ms) queued behind any number of long ones starts within a few
// milliseconds, long enough that switching costs nothing measurable.
const DefaultSlice = 10 * time.Millisecond

// Config sets up a Pool; the zero value works.
type Config struct {
	// Workers is the number of jobs that may run at once (default: one
	// per core).
	Workers int
	// Queue is the number of jobs that may wait for their first slice
	// (default: DefaultQueue per worker).
	Queue int
	// Share is the part of the queue one address may fill, in (0, 1]
	// (default DefaultShare); at least one place.
	Share float64
	// Slice is how long a job runs before it yields to a waiting one
	// (default DefaultSlice).
	Slice time.Duration
	// Now is the clock of the slices and of the processor time counted
	// per address (default time.Now; tests set their own).
	Now func() time.Time
}

// Job says who a job is for, for the fair turns and the admission.
type Job struct {
	// Addr is the address that asked (the person whose move or request
	// needs the job). Empty is an address of its own.
	Addr string
	// Room is what the job is for (a room's id, or a kind of request):
	// the waiting jobs of one address are served by room in turn.
	Room string
	// Cost is the longest the job may run (a level's time cap), which
	// Fits weighs; 0 for a job too short to count.
	Cost time.Duration
}

// Pool runs jobs on a bounded number of workers. Its methods are safe for
// concurrent use.
type Pool struct {
	workers, queue, shareQueue int
	slice                      time.Duration
	now                        func() time.Time
	epoch                      time.Time
	ctx                        context.Context
	cancel                     context.CancelFunc

	queued atomic.Int32 // p.waiting, read without the lock by yield

	mu      sync.Mutex
	busy    int                 // jobs running
	waiting int                 // jobs queued, parked ones included
	parked  int                 // jobs queued again after a slice
	addrs   map[string]*account // every address with a job running or queued
	turn    []*account          // addresses with jobs queued, served in turn among equals
	stats   Stats
}

// account is one address's part of the pool.
type account struct {
	addr             string
	running, waiting int
	parked           int
	used             time.Duration // processor time of its finished slices, from its start
	startSum         time.Duration // the sum of its running slices' starts
	rooms            []*line       // its rooms with jobs queued, next served first
}

// line is the queue of one room of an address.
type line struct {
	room    string
	waiters []*waiter
}

// run is one call of Do.
type run struct {
	p     *Pool
	job   Job
	acct  *account
	ctx   context.Context
	mu    sync.Mutex    // yield may be called by several goroutines of one search
	start time.Duration // when its slice began (set under p.mu while it waits)
	hold  bool          // it holds a worker
}

// waiter is one queued run; ready is closed when it gets a worker.
type waiter struct {
	run     *run
	ready   chan struct{}
	granted bool
	parked  bool          // queued again after a slice, not a first wait
	since   time.Duration // when it was queued
}

// NewPool returns a pool for cfg.
func NewPool(cfg Config) *Pool {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Queue <= 0 {
		cfg.Queue = DefaultQueue * cfg.Workers
	}
	if cfg.Share <= 0 || cfg.Share > 1 {
		cfg.Share = DefaultShare
	}
	if cfg.Slice <= 0 {
		cfg.Slice = DefaultSlice
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Pool{
		workers: cfg.Workers, queue: cfg.Queue, slice: cfg.Slice, now: cfg.Now, epoch: cfg.Now(),
		shareQueue: max(1, int(cfg.Share*float64(cfg.Queue))),
		ctx:        ctx, cancel: cancel, addrs: map[string]*account{},
		stats: Stats{Workers: cfg.Workers},
	}
}

// Workers is the number of jobs that may run at once.
func (p *Pool) Workers() int { return p.workers }

// clock is the time since the pool was made.
func (p *Pool) clock() time.Duration { return p.now().Sub(p.epoch) }

// Do runs f for j when a worker is free and it is j's turn, and returns
// when f has returned. It waits in the queue until ctx is done; it fails
// with an error wrapping ErrBusy, without running f, when the queue (or
// the address's share of it) is full, when ctx is done before a worker
// is free (the error also wraps ctx.Err()), or when the pool is closed.
// f gets a context that is done when ctx or the pool is done, and that
// carries the pool's yield (ai.Yield): long work yields between its
// steps and stops early when the context is done.
func (p *Pool) Do(ctx context.Context, j Job, f func(ctx context.Context)) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%w: the caller gave up: %w", ErrBusy, err) // no work for nobody
	}
	r := &run{p: p, job: j}
	w, err := p.enter(r)
	if err != nil {
		return err
	}
	if w != nil {
		var err error
		select {
		case <-w.ready:
		case <-ctx.Done():
			err = fmt.Errorf("%w: no worker free in time: %w", ErrBusy, ctx.Err())
		case <-p.ctx.Done():
			err = fmt.Errorf("%w: shutting down", ErrBusy)
		}
		if err != nil {
			if p.leave(w) { // a worker came at the same time: pass it on
				p.release(r)
			}
			return err
		}
	}
	defer p.release(r)
	jobCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(p.ctx, cancel)
	defer stop()
	r.ctx = jobCtx
	f(ai.WithYield(jobCtx, r.yield))
	return nil
}

// enter starts r at once (nil waiter) or queues it.
func (p *Pool) enter(r *run) (*waiter, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ctx.Err() != nil {
		return nil, fmt.Errorf("%w: shutting down", ErrBusy)
	}
	now := p.clock()
	a := p.addrs[r.job.Addr]
	if a == nil {
		// A newcomer starts level with the least served address: with no
		// debt to pay and no credit to spend.
		a = &account{addr: r.job.Addr, used: p.level(now)}
		p.addrs[r.job.Addr] = a
	}
	r.acct = a
	// A free worker means nobody waits: dispatch gives workers away as
	// soon as they are free.
	if p.busy < p.workers {
		p.grant(r, now)
		p.stats.Started++
		return nil, nil
	}
	if p.waiting-p.parked >= p.queue {
		p.forget(a)
		return nil, fmt.Errorf("%w: %d jobs running and %d waiting", ErrBusy, p.busy, p.waiting)
	}
	if a.waiting-a.parked >= p.shareQueue {
		return nil, fmt.Errorf("%w: %d jobs of your address waiting, the most one address may queue", ErrBusy, a.waiting)
	}
	return p.push(r, now, false), nil
}

// push queues r in its address's line for its room. The caller holds p.mu.
func (p *Pool) push(r *run, now time.Duration, parked bool) *waiter {
	a := r.acct
	w := &waiter{run: r, ready: make(chan struct{}), parked: parked, since: now}
	i := slices.IndexFunc(a.rooms, func(l *line) bool { return l.room == r.job.Room })
	if i < 0 {
		a.rooms = append(a.rooms, &line{room: r.job.Room})
		i = len(a.rooms) - 1
	}
	a.rooms[i].waiters = append(a.rooms[i].waiters, w)
	if a.waiting == 0 {
		p.turn = append(p.turn, a)
	}
	a.waiting++
	p.waiting++
	if parked {
		a.parked++
		p.parked++
	}
	p.queued.Store(int32(p.waiting))
	return w
}

// leave takes w out of the queue after its caller stopped waiting; it
// reports whether w had been given a worker meanwhile (it then runs).
func (p *Pool) leave(w *waiter) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if w.granted {
		return true
	}
	a := w.run.acct
	for i, l := range a.rooms {
		if k := slices.Index(l.waiters, w); k >= 0 {
			l.waiters = slices.Delete(l.waiters, k, k+1)
			if len(l.waiters) == 0 {
				a.rooms = slices.Delete(a.rooms, i, i+1)
			}
			break
		}
	}
	p.unqueue(w)
	if a.waiting == 0 {
		p.turn = slices.DeleteFunc(p.turn, func(x *account) bool { return x == a })
	}
	p.forget(a)
	return false
}

// unqueue counts w out of the queue. The caller holds p.mu.
func (p *Pool) unqueue(w *waiter) {
	a := w.run.acct
	a.waiting--
	p.waiting--
	if w.parked {
		a.parked--
		p.parked--
	}
	p.queued.Store(int32(p.waiting))
}

// grant gives r a worker from now. The caller holds p.mu.
func (p *Pool) grant(r *run, now time.Duration) {
	a := r.acct
	p.busy++
	a.running++
	a.startSum += now
	r.start, r.hold = now, true
}

// unhold takes r's worker back and counts its slice to its address. The
// caller holds p.mu.
func (p *Pool) unhold(r *run, now time.Duration) {
	a := r.acct
	p.busy--
	a.running--
	a.startSum -= r.start
	a.used += now - r.start
	r.hold = false
}

// release frees the worker of a finished run and gives it to the next
// job.
func (p *Pool) release(r *run) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !r.hold {
		return // it gave its worker up at a yield and never got one back
	}
	now := p.clock()
	p.unhold(r, now)
	p.dispatch(now)
	p.forget(r.acct)
}

// usedAt is a's processor time, its running slices counted up to now.
func (a *account) usedAt(now time.Duration) time.Duration {
	return a.used + time.Duration(a.running)*now - a.startSum
}

// level is the processor time of the least served address (0 when none
// has jobs). The caller holds p.mu.
func (p *Pool) level(now time.Duration) time.Duration {
	first, least := true, time.Duration(0)
	for _, a := range p.addrs {
		if u := a.usedAt(now); first || u < least {
			first, least = false, u
		}
	}
	return least
}

// dispatch gives the free workers to the queued jobs: to the address
// that has had the least processor time (the first in turn among
// equals), and within it to its rooms in turn. The caller holds p.mu.
func (p *Pool) dispatch(now time.Duration) {
	for p.busy < p.workers && len(p.turn) > 0 {
		i := 0
		for k, a := range p.turn[1:] {
			if a.usedAt(now) < p.turn[i].usedAt(now) {
				i = k + 1
			}
		}
		a := p.turn[i]
		l := a.rooms[0]
		w := l.waiters[0]
		l.waiters = l.waiters[1:]
		a.rooms = a.rooms[1:]
		if len(l.waiters) > 0 {
			a.rooms = append(a.rooms, l) // the room's next job waits for the others' turn
		}
		p.turn = slices.Delete(p.turn, i, i+1)
		p.unqueue(w)
		if a.waiting > 0 {
			p.turn = append(p.turn, a) // and the address's for every other address's
		}
		p.grant(w.run, now)
		if !w.parked {
			p.stats.Started++
			p.stats.Waited += now - w.since
		}
		w.granted = true
		close(w.ready)
	}
}

// forget drops an address with nothing running or queued. The caller
// holds p.mu.
func (p *Pool) forget(a *account) {
	if a.running == 0 && a.waiting == 0 {
		delete(p.addrs, a.addr)
	}
}

// Close makes the running jobs' contexts done and every later Do fail; a
// server calls it when it shuts down.
func (p *Pool) Close() { p.cancel() }

type addrKey struct{}

// WithAddr returns ctx carrying addr, the address of the client a request
// serves: the server sets it, and the rooms charge the computer moves a
// request causes to it.
func WithAddr(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, addrKey{}, addr)
}

// AddrOf is the address WithAddr put in ctx, or "".
func AddrOf(ctx context.Context) string {
	s, _ := ctx.Value(addrKey{}).(string)
	return s
}
