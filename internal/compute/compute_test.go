package compute

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

var anyone = Job{Addr: "192.0.2.1", Room: "r"}

// occupy starts a job of j on p that runs until release is called.
func occupy(p *Pool, j Job) (release func()) {
	ch := make(chan struct{})
	started := make(chan struct{})
	go p.Do(context.Background(), j, func(context.Context) { close(started); <-ch })
	<-started
	return func() { close(ch) }
}

// waitQueued yields until n callers wait in p's queue.
func waitQueued(p *Pool, n int) {
	for p.queuedNow() != n {
		runtime.Gosched()
	}
}

func (p *Pool) queuedNow() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.waiting
}

func (p *Pool) running() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.busy
}

func TestAtMostWorkersRunAtOnce(t *testing.T) {
	p := NewPool(Config{Workers: 3, Queue: 100, Share: 1})
	var running, most atomic.Int32
	var wg sync.WaitGroup
	for range 60 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := p.Do(context.Background(), anyone, func(context.Context) {
				n := running.Add(1)
				for {
					m := most.Load()
					if n <= m || most.CompareAndSwap(m, n) {
						break
					}
				}
				runtime.Gosched()
				running.Add(-1)
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if m := most.Load(); m > 3 || m < 1 {
		t.Errorf("%d jobs ran at once, want 1 to 3", m)
	}
}

func TestFullQueueIsBusy(t *testing.T) {
	p := NewPool(Config{Workers: 1, Queue: 1})
	release := occupy(p, anyone)
	queued := make(chan error)
	go func() { queued <- p.Do(context.Background(), anyone, func(context.Context) {}) }()
	waitQueued(p, 1)
	ran := false
	err := p.Do(context.Background(), anyone, func(context.Context) { ran = true })
	if !errors.Is(err, ErrBusy) || ran {
		t.Errorf("third caller: err %v, ran %v; want ErrBusy without running", err, ran)
	}
	release()
	if err := <-queued; err != nil {
		t.Errorf("queued caller: %v", err)
	}
}

func TestWaitEndsWithTheCallersContext(t *testing.T) {
	p := NewPool(Config{Workers: 1, Queue: 4})
	defer occupy(p, anyone)()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- p.Do(ctx, anyone, func(context.Context) { t.Error("ran after its caller gave up") }) }()
	waitQueued(p, 1)
	cancel()
	err := <-done
	if !errors.Is(err, ErrBusy) || !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want ErrBusy and context.Canceled", err)
	}
	if n := p.queuedNow(); n != 0 {
		t.Errorf("%d still queued", n)
	}
}

func TestCloseStopsRunningJobs(t *testing.T) {
	p := NewPool(Config{Workers: 2})
	started := make(chan struct{})
	done := make(chan error)
	go func() {
		done <- p.Do(context.Background(), anyone, func(ctx context.Context) {
			close(started)
			<-ctx.Done() // a search watching its context
		})
	}()
	<-started
	p.Close()
	if err := <-done; err != nil {
		t.Errorf("running job: %v", err)
	}
	if err := p.Do(context.Background(), anyone, func(context.Context) { t.Error("ran after Close") }); !errors.Is(err, ErrBusy) {
		t.Errorf("after Close: %v, want ErrBusy", err)
	}
}

func TestJobContextFollowsTheCaller(t *testing.T) {
	p := NewPool(Config{Workers: 1})
	ctx, cancel := context.WithCancel(context.Background())
	err := p.Do(ctx, anyone, func(job context.Context) {
		if job.Err() != nil {
			t.Error("job context done before the caller's")
		}
		cancel()
		<-job.Done()
	})
	if err != nil {
		t.Error(err)
	}
	if p.Workers() != 1 || p.running() != 0 {
		t.Errorf("workers %d, busy %d after the job", p.Workers(), p.running())
	}
}

func TestNoWorkForACallerGone(t *testing.T) {
	p := NewPool(Config{Workers: 1})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := p.Do(ctx, anyone, func(context.Context) { t.Error("ran for a caller gone") }); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
}
