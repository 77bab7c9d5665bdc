package compute

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// occupy starts a job on p that runs until release is called.
func occupy(p *Pool) (release func()) {
	ch := make(chan struct{})
	started := make(chan struct{})
	go p.Do(context.Background(), func(context.Context) { close(started); <-ch })
	<-started
	return func() { close(ch) }
}

// waitQueued yields until n callers wait in p's queue.
func waitQueued(p *Pool, n int) {
	for len(p.waiting) != n {
		runtime.Gosched()
	}
}

func TestAtMostWorkersRunAtOnce(t *testing.T) {
	p := NewPool(3, 100)
	var running, most atomic.Int32
	var wg sync.WaitGroup
	for range 60 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := p.Do(context.Background(), func(context.Context) {
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
	p := NewPool(1, 1)
	release := occupy(p)
	queued := make(chan error)
	go func() { queued <- p.Do(context.Background(), func(context.Context) {}) }()
	waitQueued(p, 1)
	ran := false
	err := p.Do(context.Background(), func(context.Context) { ran = true })
	if !errors.Is(err, ErrBusy) || ran {
		t.Errorf("third caller: err %v, ran %v; want ErrBusy without running", err, ran)
	}
	release()
	if err := <-queued; err != nil {
		t.Errorf("queued caller: %v", err)
	}
}

func TestWaitEndsWithTheCallersContext(t *testing.T) {
	p := NewPool(1, 4)
	defer occupy(p)()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- p.Do(ctx, func(context.Context) { t.Error("ran after its caller gave up") }) }()
	waitQueued(p, 1)
	cancel()
	err := <-done
	if !errors.Is(err, ErrBusy) || !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want ErrBusy and context.Canceled", err)
	}
	if len(p.waiting) != 0 {
		t.Errorf("%d still queued", len(p.waiting))
	}
}

func TestCloseStopsRunningJobs(t *testing.T) {
	p := NewPool(2, 0)
	started := make(chan struct{})
	done := make(chan error)
	go func() {
		done <- p.Do(context.Background(), func(ctx context.Context) {
			close(started)
			<-ctx.Done() // a search watching its context
		})
	}()
	<-started
	p.Close()
	if err := <-done; err != nil {
		t.Errorf("running job: %v", err)
	}
	if err := p.Do(context.Background(), func(context.Context) { t.Error("ran after Close") }); !errors.Is(err, ErrBusy) {
		t.Errorf("after Close: %v, want ErrBusy", err)
	}
}

func TestJobContextFollowsTheCaller(t *testing.T) {
	p := NewPool(1, 0)
	ctx, cancel := context.WithCancel(context.Background())
	err := p.Do(ctx, func(job context.Context) {
		if job.Err() != nil {
			t.Error("job context done before the caller's")
		}
		cancel()
		<-job.Done()
	})
	if err != nil {
		t.Error(err)
	}
	if p.Workers() != 1 || len(p.workers) != 0 {
		t.Errorf("workers %d, busy %d after the job", p.Workers(), len(p.workers))
	}
}

func TestNoWorkForACallerGone(t *testing.T) {
	p := NewPool(1, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := p.Do(ctx, func(context.Context) { t.Error("ran for a caller gone") }); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
}
