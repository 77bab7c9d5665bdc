package compute

import (
	"slices"
	"time"
)

// yield is the run's ai.Yield: once its slice is over and another job
// waits, it gives its worker up, queues again in its address's turn and
// returns when it has a worker again (or its context is done: the work
// then ends at once, without a worker).
func (r *run) yield() {
	p := r.p
	if p.queued.Load() == 0 {
		return // nobody waits: the slice goes on
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.hold {
		return
	}
	now := p.clock()
	if now-r.start < p.slice {
		return
	}
	p.mu.Lock()
	if p.waiting == 0 {
		p.mu.Unlock()
		return
	}
	p.unhold(r, now)
	w := p.push(r, now, true)
	p.stats.Yields++
	p.dispatch(now)
	p.mu.Unlock()
	select {
	case <-w.ready:
	case <-r.ctx.Done():
		p.leave(w) // if a worker came meanwhile, the run holds it and release frees it
	}
}

// Fits reports whether j, asked now, would get at least d of processor
// time within its own time (j.Cost): its address's fair part of the
// workers (the workers shared evenly among the addresses with jobs, an
// address that needs less leaving the rest to the others), divided
// among the address's jobs, j included. A server plays a level only if
// it gets more than the whole time of the level below (d), else the
// level below; each false answer counts one level lowered in Stats.
func (p *Pool) Fits(j Job, d time.Duration) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	mine := 1
	var others []int
	for addr, a := range p.addrs {
		n := a.running + a.waiting
		if addr == j.Addr {
			mine += n
		} else if n > 0 {
			others = append(others, n)
		}
	}
	part := fairPart(float64(p.workers), mine, others)
	ok := part/float64(mine)*float64(j.Cost) >= float64(d)
	if !ok {
		p.stats.Lowered++
	}
	return ok
}

// fairPart is the workers that a demand of mine jobs gets when w workers
// are shared max-min fairly with the others' demands, one worker a job
// at most: the smallest demands are met in full, the rest share what is
// left evenly.
func fairPart(w float64, mine int, others []int) float64 {
	ds := append(slices.Clone(others), mine)
	slices.Sort(ds)
	left := w
	for i, d := range ds {
		level := left / float64(len(ds)-i)
		if float64(d) >= level {
			return level // mine is this demand or a larger one
		}
		if d == mine {
			return float64(d)
		}
		left -= float64(d)
	}
	return float64(mine) // not reached: mine is in ds
}

// Stats are the pool's figures for a metrics endpoint.
type Stats struct {
	// Workers is the number of jobs that may run at once.
	Workers int
	// Running is the number of jobs holding a worker now, Waiting the
	// number queued for their first slice, Parked the number queued
	// again between slices.
	Running, Waiting, Parked int
	// Addresses is the number of addresses with jobs running or queued.
	Addresses int
	// Started counts the jobs that got a worker, Waited adds up how long
	// they waited for it (a mean wait is Waited / Started).
	Started uint64
	Waited  time.Duration
	// Yields counts the slices that ended with the worker handed over.
	Yields uint64
	// Lowered counts the levels taken off searches (Fits answering
	// false).
	Lowered uint64
}

// Stats returns the pool's figures now.
func (p *Pool) Stats() Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.stats
	s.Running, s.Waiting, s.Parked, s.Addresses = p.busy, p.waiting-p.parked, p.parked, len(p.addrs)
	return s
}
