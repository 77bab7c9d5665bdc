// Package compute bounds the CPU work of a server: at most a fixed number
// of jobs (searches of computer players) run at once, the others wait in a
// bounded queue until their caller's deadline, so that no burst of
// requests can take every core or pile up without end.
package compute

import (
	"context"
	"errors"
	"fmt"
	"runtime"
)

// ErrBusy is wrapped by the errors of Do when the work could not start:
// the queue was full, the caller's wait ended first, or the pool closed.
// A server answers it with 503 and Retry-After.
var ErrBusy = errors.New("compute: server busy")

// DefaultQueue is the number of callers that may wait per worker when
// NewPool is given no queue length. A waiting caller costs only a
// goroutine, and its wait is bounded by its own deadline: the queue is
// long enough for hundreds of players against the computer (measured: 32
// a worker turned most of 100 players away).
const DefaultQueue = 256

// Pool runs jobs on a bounded number of workers. Its methods are safe for
// concurrent use.
type Pool struct {
	workers chan struct{} // a token per running job
	waiting chan struct{} // a token per queued caller
	ctx     context.Context
	cancel  context.CancelFunc
}

// NewPool returns a pool that runs at most workers jobs at once (one per
// core when workers <= 0) and lets at most queue callers wait for a worker
// (DefaultQueue per worker when queue <= 0).
func NewPool(workers, queue int) *Pool {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if queue <= 0 {
		queue = DefaultQueue * workers
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Pool{workers: make(chan struct{}, workers), waiting: make(chan struct{}, queue), ctx: ctx, cancel: cancel}
}

// Workers is the number of jobs that may run at once.
func (p *Pool) Workers() int { return cap(p.workers) }

// Do runs f when a worker is free and returns when f has returned. It
// waits in the queue until ctx is done; it fails with an error wrapping
// ErrBusy, without running f, when the queue is full, when ctx is done
// before a worker is free (the error also wraps ctx.Err()), or when the
// pool is closed. f gets a context that is done when ctx or the pool is
// done: a long job should watch it and stop early.
func (p *Pool) Do(ctx context.Context, f func(ctx context.Context)) error {
	if err := p.ctx.Err(); err != nil {
		return fmt.Errorf("%w: shutting down", ErrBusy)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%w: the caller gave up: %w", ErrBusy, err) // no work for nobody
	}
	select {
	case p.workers <- struct{}{}:
	default:
		if err := p.wait(ctx); err != nil {
			return err
		}
	}
	defer func() { <-p.workers }()
	jobCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(p.ctx, cancel)
	defer stop()
	f(jobCtx)
	return nil
}

// wait queues the caller until a worker is free.
func (p *Pool) wait(ctx context.Context) error {
	select {
	case p.waiting <- struct{}{}:
	default:
		return fmt.Errorf("%w: %d jobs running and %d waiting", ErrBusy, cap(p.workers), cap(p.waiting))
	}
	defer func() { <-p.waiting }()
	select {
	case p.workers <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%w: no worker free in time: %w", ErrBusy, ctx.Err())
	case <-p.ctx.Done():
		return fmt.Errorf("%w: shutting down", ErrBusy)
	}
}

// Close makes the running jobs' contexts done and every later Do fail; a
// server calls it when it shuts down.
func (p *Pool) Close() { p.cancel() }
