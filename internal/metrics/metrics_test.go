package metrics

import (
	"context"
	"runtime"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"

	"tabula/internal/compute"
)

// A search queued behind a running one is in the queue's length until it
// gets the worker, and its wait is then observed once; a search whose
// caller gives up while queued is counted as refused and leaves the queue.
func TestThinkerMeasuresTheQueue(t *testing.T) {
	th := Thinker{Pool: compute.NewPool(compute.Config{Workers: 1, Share: 1})}
	hold, held := make(chan struct{}), make(chan struct{})
	go th.Do(context.Background(), compute.Job{Addr: "a", Room: "r1"}, func(context.Context) {
		close(held)
		<-hold
	})
	<-held
	count := func() uint64 {
		var m dto.Metric
		if err := searchWait.Write(&m); err != nil {
			t.Fatal(err)
		}
		return m.GetHistogram().GetSampleCount()
	}
	before, refusedBefore := count(), testutil.ToFloat64(searchRefused)
	queued, ran := make(chan struct{}), make(chan struct{})
	go func() {
		close(queued)
		th.Do(context.Background(), compute.Job{Addr: "b", Room: "r2"}, func(context.Context) {})
		close(ran)
	}()
	<-queued
	for testutil.ToFloat64(searchQueued) < 1 {
		runtime.Gosched() // until the second search is in the queue
	}
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error)
	go func() {
		gaveUp <- th.Do(ctx, compute.Job{Addr: "c", Room: "r3"}, func(context.Context) { t.Error("ran after giving up") })
	}()
	for testutil.ToFloat64(searchQueued) < 2 {
		runtime.Gosched()
	}
	cancel()
	if err := <-gaveUp; err == nil {
		t.Fatal("a search given up while queued did not fail")
	}
	if got := testutil.ToFloat64(searchRefused) - refusedBefore; got != 1 {
		t.Errorf("refused: %v more, want 1", got)
	}
	if got := testutil.ToFloat64(searchQueued); got != 1 {
		t.Errorf("queue length with one search waiting: %v", got)
	}
	close(hold)
	<-ran
	if got := testutil.ToFloat64(searchQueued); got != 0 {
		t.Errorf("queue length with none waiting: %v", got)
	}
	if got := count() - before; got != 1 {
		t.Errorf("waits observed: %d, want the queued search's one", got)
	}
}
