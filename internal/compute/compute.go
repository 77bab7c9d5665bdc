// Package compute bounds the CPU work of a server: at most a fixed number
// of jobs (searches of computer players) run at once, the others wait in a
// bounded queue until their caller's deadline, so that no burst of
// requests can take every core or pile up without end.
//
// The queue is fair: waiting jobs are served by address in turn (the
// address of the person whose move or request asked for the job), and
// one address's jobs by room in turn, never first come first served; one
// address holds at most its share of the workers and of the queue, so a
// client that asks for many long searches waits for its own, while
// everyone else's short searches go on on the other workers.
package compute

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"
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

// DefaultShare is the part of the workers and of the queue one address
// may hold when Config gives none: half, so that on two cores one
// address's searches never hold both.
const DefaultShare = 0.5

// Config sets up a Pool; the zero value works.
type Config struct {
	// Workers is the number of jobs that may run at once (default: one
	// per core).
	Workers int
	// Queue is the number of jobs that may wait (default: DefaultQueue
	// per worker).
	Queue int
	// Share is the part of the workers and of the queue one address may
	// hold, in (0, 1] (default DefaultShare); at least one of each.
	Share float64
}

// Job says who a job is for, for the fair shares and the admission.
type Job struct {
	// Addr is the address that asked (the person whose move or request
	// needs the job). Empty is an address of its own.
	Addr string
	// Room is what the job is for (a room's id, or a kind of request):
	// the waiting jobs of one address are served by room in turn.
	Room string
	// Cost is the longest the job may run (a level's time cap), which
	// Fits adds up; 0 for a job too short to count.
	Cost time.Duration
}

// Pool runs jobs on a bounded number of workers. Its methods are safe for
// concurrent use.
type Pool struct {
	workers, queue       int // capacity
	shareRun, shareQueue int // the most one address may hold of each
	ctx                  context.Context
	cancel               context.CancelFunc

	mu      sync.Mutex
	busy    int                 // jobs running
	waiting int                 // jobs queued
	addrs   map[string]*account // every address with a job running or queued
	turn    []*account          // addresses with jobs queued, next served first
}

// account is one address's part of the pool.
type account struct {
	addr             string
	running, waiting int
	backlog          time.Duration // the cost of its jobs running and queued
	rooms            []*line       // its rooms with jobs queued, next served first
}

// line is the queue of one room of an address.
type line struct {
	room    string
	waiters []*waiter
}

// waiter is one queued job; ready is closed when it gets a worker.
type waiter struct {
	job     Job
	acct    *account
	ready   chan struct{}
	granted bool
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
	ctx, cancel := context.WithCancel(context.Background())
	return &Pool{
		workers: cfg.Workers, queue: cfg.Queue,
		shareRun:   max(1, int(cfg.Share*float64(cfg.Workers))),
		shareQueue: max(1, int(cfg.Share*float64(cfg.Queue))),
		ctx:        ctx, cancel: cancel, addrs: map[string]*account{},
	}
}

// Workers is the number of jobs that may run at once.
func (p *Pool) Workers() int { return p.workers }

// Share is the number of jobs one address may run at once.
func (p *Pool) Share() int { return p.shareRun }

// Do runs f for j when a worker is free and j's address is under its
// share, and returns when f has returned. It waits in the queue until ctx
// is done; it fails with an error wrapping ErrBusy, without running f,
// when the queue (or the address's share of it) is full, when ctx is
// done before a worker is free (the error also wraps ctx.Err()), or when
// the pool is closed. f gets a context that is done when ctx or the pool
// is done: a long job should watch it and stop early.
func (p *Pool) Do(ctx context.Context, j Job, f func(ctx context.Context)) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%w: the caller gave up: %w", ErrBusy, err) // no work for nobody
	}
	w, err := p.enter(j)
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
				p.release(j)
			}
			return err
		}
	}
	defer p.release(j)
	jobCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(p.ctx, cancel)
	defer stop()
	f(jobCtx)
	return nil
}

// enter starts j at once (nil waiter) or queues it.
func (p *Pool) enter(j Job) (*waiter, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ctx.Err() != nil {
		return nil, fmt.Errorf("%w: shutting down", ErrBusy)
	}
	a := p.addrs[j.Addr]
	if a == nil {
		a = &account{addr: j.Addr}
		p.addrs[j.Addr] = a
	}
	// A free worker means nobody eligible waits (dispatch gives workers
	// away as soon as they are free).
	if p.busy < p.workers && a.running < p.shareRun {
		p.busy++
		a.running++
		a.backlog += j.Cost
		return nil, nil
	}
	if p.waiting >= p.queue {
		p.forget(a)
		return nil, fmt.Errorf("%w: %d jobs running and %d waiting", ErrBusy, p.busy, p.waiting)
	}
	if a.waiting >= p.shareQueue {
		return nil, fmt.Errorf("%w: %d jobs of your address waiting, the most one address may queue", ErrBusy, a.waiting)
	}
	w := &waiter{job: j, acct: a, ready: make(chan struct{})}
	i := slices.IndexFunc(a.rooms, func(l *line) bool { return l.room == j.Room })
	if i < 0 {
		a.rooms = append(a.rooms, &line{room: j.Room})
		i = len(a.rooms) - 1
	}
	a.rooms[i].waiters = append(a.rooms[i].waiters, w)
	if a.waiting == 0 {
		p.turn = append(p.turn, a)
	}
	a.waiting++
	a.backlog += j.Cost
	p.waiting++
	return w, nil
}

// leave takes w out of the queue after its caller stopped waiting; it
// reports whether w had been given a worker meanwhile (it then runs).
func (p *Pool) leave(w *waiter) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if w.granted {
		return true
	}
	a := w.acct
	for i, l := range a.rooms {
		if k := slices.Index(l.waiters, w); k >= 0 {
			l.waiters = slices.Delete(l.waiters, k, k+1)
			if len(l.waiters) == 0 {
				a.rooms = slices.Delete(a.rooms, i, i+1)
			}
			break
		}
	}
	a.waiting--
	a.backlog -= w.job.Cost
	p.waiting--
	if a.waiting == 0 {
		p.turn = slices.DeleteFunc(p.turn, func(x *account) bool { return x == a })
	}
	p.forget(a)
	return false
}

// release frees the worker of a finished job of j's address and gives it
// to the next job in turn.
func (p *Pool) release(j Job) {
	p.mu.Lock()
	defer p.mu.Unlock()
	a := p.addrs[j.Addr]
	p.busy--
	a.running--
	a.backlog -= j.Cost
	p.dispatch()
	p.forget(a)
}

// dispatch gives the free workers to the queued jobs: addresses in turn,
// skipping those at their share, and within an address its rooms in
// turn. The caller holds p.mu.
func (p *Pool) dispatch() {
	for p.busy < p.workers {
		i := slices.IndexFunc(p.turn, func(a *account) bool { return a.running < p.shareRun })
		if i < 0 {
			return
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
		a.waiting--
		if a.waiting > 0 {
			p.turn = append(p.turn, a) // and the address's for every other address's
		}
		a.running++
		p.waiting--
		p.busy++
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

// Fits reports whether j would end within d if asked now: the work its
// address has running and queued (each job counted at its full cost),
// spread over the workers the address may hold, plus j's own cost. A
// server lowers the level of a search that does not fit.
func (p *Pool) Fits(j Job, d time.Duration) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	var backlog time.Duration
	if a := p.addrs[j.Addr]; a != nil {
		backlog = a.backlog
	}
	return backlog/time.Duration(p.shareRun)+j.Cost <= d
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
