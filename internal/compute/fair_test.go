package compute

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// order queues jobs on p and records the order in which they start; each
// job holds its worker until its release is called.
type order struct {
	p       *Pool
	mu      sync.Mutex
	started []string
	release map[string]chan struct{}
	errs    chan error
}

func newOrder(p *Pool) *order {
	return &order{p: p, release: map[string]chan struct{}{}, errs: make(chan error, 100)}
}

// queue asks for a job named name and waits until it is queued (or, with
// running, until it runs).
func (o *order) queue(name string, j Job, running bool) {
	ch := make(chan struct{})
	o.mu.Lock()
	o.release[name] = ch
	n := o.p.queued()
	o.mu.Unlock()
	started := make(chan struct{})
	go func() {
		o.errs <- o.p.Do(context.Background(), j, func(context.Context) {
			o.mu.Lock()
			o.started = append(o.started, name)
			o.mu.Unlock()
			close(started)
			<-ch
		})
	}()
	if running {
		<-started
		return
	}
	waitQueued(o.p, n+1)
}

// next ends the running job name and returns the job that took its worker.
func (o *order) next(name string) string {
	o.mu.Lock()
	n := len(o.started)
	close(o.release[name])
	o.mu.Unlock()
	for {
		o.mu.Lock()
		if len(o.started) > n {
			s := o.started[n]
			o.mu.Unlock()
			return s
		}
		o.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
}

// A client with eight long searches queued holds one worker of two: the
// other address's search, queued after all of them, runs next.
func TestOneAddressCannotStarveAnother(t *testing.T) {
	p := NewPool(Config{Workers: 2, Queue: 100})
	o := newOrder(p)
	o.queue("a1", Job{Addr: "a", Room: "1"}, true)
	o.queue("c", Job{Addr: "c", Room: "c"}, true)
	for _, r := range []string{"2", "3", "4", "5", "6", "7", "8"} {
		o.queue("a"+r, Job{Addr: "a", Room: r}, false)
	}
	o.queue("b", Job{Addr: "b", Room: "b"}, false)
	if got := o.next("c"); got != "b" {
		t.Errorf("the free worker went to %s, want b (a holds its share)", got)
	}
}

// A worker that no other address waits for stays free rather than go to
// an address at its share: a newcomer's search starts at once.
func TestAnAddressHoldsAtMostItsShare(t *testing.T) {
	p := NewPool(Config{Workers: 2, Queue: 100})
	o := newOrder(p)
	o.queue("a1", Job{Addr: "a", Room: "1"}, true)
	o.queue("a2", Job{Addr: "a", Room: "2"}, false)
	if n := p.running(); n != 1 {
		t.Fatalf("%d running, want 1 (a's share of 2 workers)", n)
	}
	o.queue("b", Job{Addr: "b", Room: "b"}, true) // would hang if it queued
}

// The queued jobs of one address take turns by room: a room with many
// searches queued does not hold back its address's other rooms.
func TestRoomsOfAnAddressTakeTurns(t *testing.T) {
	p := NewPool(Config{Workers: 1, Queue: 100})
	o := newOrder(p)
	o.queue("x", Job{Addr: "a", Room: "x"}, true)
	o.queue("r1", Job{Addr: "a", Room: "r"}, false)
	o.queue("r2", Job{Addr: "a", Room: "r"}, false)
	o.queue("r3", Job{Addr: "a", Room: "r"}, false)
	o.queue("s1", Job{Addr: "a", Room: "s"}, false)
	var got []string
	for _, prev := range []string{"x", "", "", ""} {
		if prev == "" {
			prev = got[len(got)-1]
		}
		got = append(got, o.next(prev))
	}
	want := []string{"r1", "s1", "r2", "r3"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
}

// twoOfA is a pool of one worker, busy with x, and queue places, with
// two jobs of address a queued (a1, a2).
func twoOfA(queue int) (*Pool, *order) {
	p := NewPool(Config{Workers: 1, Queue: queue})
	o := newOrder(p)
	o.queue("x", Job{Addr: "x"}, true)
	o.queue("a1", Job{Addr: "a", Room: "1"}, false)
	o.queue("a2", Job{Addr: "a", Room: "2"}, false)
	return p, o
}

// Addresses take turns: with a and b both queued, a's second search waits
// for b's first.
func TestAddressesTakeTurns(t *testing.T) {
	_, o := twoOfA(100)
	o.queue("b1", Job{Addr: "b", Room: "1"}, false)
	first := o.next("x")
	second := o.next(first)
	if first != "a1" || second != "b1" {
		t.Errorf("served %s then %s, want a1 then b1", first, second)
	}
}

// One address may fill only its share of the queue; another still gets
// in.
func TestAnAddressHoldsAtMostItsShareOfTheQueue(t *testing.T) {
	p, o := twoOfA(4)
	err := p.Do(context.Background(), Job{Addr: "a", Room: "3"}, func(context.Context) { t.Error("ran past the share") })
	if !errors.Is(err, ErrBusy) {
		t.Errorf("a's third queued job: %v, want ErrBusy", err)
	}
	o.queue("b1", Job{Addr: "b"}, false) // would fail if a held the queue
}

// Fits adds up an address's running and queued costs over its share of
// the workers, and no other address's.
func TestFitsCountsTheAddresssBacklog(t *testing.T) {
	p := NewPool(Config{Workers: 2, Queue: 100})
	o := newOrder(p)
	nine := 9 * time.Second
	o.queue("a1", Job{Addr: "a", Room: "1", Cost: nine}, true)
	o.queue("a2", Job{Addr: "a", Room: "2", Cost: nine}, false)
	max := Job{Addr: "a", Room: "3", Cost: nine}
	if p.Fits(max, 20*time.Second) {
		t.Error("a third 9 s search of one address fits 20 s on its one worker")
	}
	if !p.Fits(Job{Addr: "a", Room: "3", Cost: 2 * time.Second}, 20*time.Second) {
		t.Error("a 2 s search after 18 s queued does not fit 20 s")
	}
	if !p.Fits(Job{Addr: "b", Cost: nine}, 20*time.Second) {
		t.Error("another address's search does not fit")
	}
	o.next("a1")
	close(o.release["a2"])
	for p.running() != 0 {
		time.Sleep(time.Millisecond)
	}
	if !p.Fits(max, 20*time.Second) {
		t.Error("the backlog stays counted after the jobs ended")
	}
}
