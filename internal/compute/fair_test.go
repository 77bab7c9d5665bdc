package compute

import (
	"context"
	"errors"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tabula/ai"
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
	n := o.p.queuedNow()
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

// An address alone may use every worker: the turns share the processors
// only among those who wait.
func TestAnAddressAloneUsesEveryWorker(t *testing.T) {
	p := NewPool(Config{Workers: 2, Queue: 100})
	o := newOrder(p)
	o.queue("a1", Job{Addr: "a", Room: "1"}, true)
	o.queue("a2", Job{Addr: "a", Room: "2"}, true) // would hang if it queued
	if n := p.running(); n != 2 {
		t.Fatalf("%d running, want 2", n)
	}
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

// fakeClock is a clock that moves only when told.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// slicer runs looping jobs on a pool of one worker with a fake clock:
// each step of a job notes its name, moves the clock by one slice and
// yields, so that the log is the order in which the worker was shared.
type slicer struct {
	p     *Pool
	clock *fakeClock
	mu    sync.Mutex
	log   []string
	stop  chan struct{}
	// before, if set, is called before each step of a job.
	before func(name string, step int)
	wg     sync.WaitGroup
}

func newSlicer(t *testing.T) *slicer {
	c := &fakeClock{t: time.Unix(0, 0)}
	s := &slicer{clock: c, stop: make(chan struct{})}
	s.p = NewPool(Config{Workers: 1, Queue: 100, Now: c.Now})
	t.Cleanup(func() { close(s.stop); s.wg.Wait(); s.p.Close() })
	return s
}

// start adds a job named name that runs steps of one slice each, steps
// of them (0: until the test ends); it returns when the job is running
// or queued.
func (s *slicer) start(name string, j Job, steps int) {
	n := s.p.queuedNow()
	started := make(chan struct{})
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.p.Do(context.Background(), j, func(ctx context.Context) {
			close(started)
			for i := 0; steps == 0 || i < steps; i++ {
				select {
				case <-s.stop:
					return
				default:
				}
				if s.before != nil {
					s.before(name, i)
				}
				s.mu.Lock()
				s.log = append(s.log, name)
				s.mu.Unlock()
				s.clock.add(DefaultSlice)
				ai.Yield(ctx)
			}
		})
	}()
	select {
	case <-started:
	default:
		for s.p.queuedNow() == n {
			select {
			case <-started:
				return
			default:
				runtime.Gosched()
			}
		}
	}
}

// steps waits until the log holds n steps and returns them.
func (s *slicer) steps(n int) []string {
	for {
		s.mu.Lock()
		if len(s.log) >= n {
			out := slices.Clone(s.log[:n])
			s.mu.Unlock()
			return out
		}
		s.mu.Unlock()
		runtime.Gosched()
	}
}

// A short search asked while a long one runs gets the worker at the long
// one's next yield, not when it ends.
func TestAShortSearchDoesNotWaitForALongOne(t *testing.T) {
	s := newSlicer(t)
	atThree, goOn := make(chan struct{}), make(chan struct{})
	s.before = func(name string, step int) {
		if name == "long" && step == 3 {
			close(atThree)
			<-goOn
		}
	}
	s.start("long", Job{Addr: "a", Room: "1", Cost: 9 * time.Second}, 0)
	<-atThree
	s.start("short", Job{Addr: "b", Room: "2", Cost: 40 * time.Millisecond}, 2)
	close(goOn)
	log := s.steps(8)
	i := slices.Index(log, "short")
	if i != 4 {
		t.Fatalf("steps %v: want the short search to start after the long one's fourth slice", log)
	}
	if log[i+1] != "long" || log[i+2] != "short" {
		t.Errorf("steps %v: want the two searches to take turns", log)
	}
}

// Two addresses share one worker slice by slice, however many searches
// one of them has: the address with three gets as many slices as the
// address with one.
func TestAddressesShareTheProcessorTimeEvenly(t *testing.T) {
	s := newSlicer(t)
	gate := occupy(s.p, Job{Addr: "gate"}) // every job queued before the first runs
	for _, r := range []string{"1", "2", "3"} {
		s.start("a", Job{Addr: "a", Room: r}, 0)
	}
	s.start("b", Job{Addr: "b", Room: "x"}, 0)
	gate()
	log := s.steps(40)
	if n := strings.Count(strings.Join(log, ""), "b"); n != 20 {
		t.Errorf("b had %d of 40 slices, want 20: %v", n, log)
	}
}

// A newcomer starts level with the addresses already served, not at no
// time at all: it does not get every slice until it has caught up.
func TestANewcomerStartsLevel(t *testing.T) {
	s := newSlicer(t)
	s.start("a", Job{Addr: "a", Room: "1"}, 0)
	s.steps(10)
	s.start("b", Job{Addr: "b", Room: "2"}, 0)
	log := s.steps(20)[10:]
	if n := strings.Count(strings.Join(log, ""), "a"); n < 4 {
		t.Errorf("a had %d of 10 slices after b came, want about half: %v", n, log)
	}
}

// A job whose caller gives up while it waits between slices ends, and
// the pool counts its worker free.
func TestAParkedJobEndsWithItsCaller(t *testing.T) {
	clock := &fakeClock{t: time.Unix(0, 0)}
	p := NewPool(Config{Workers: 1, Queue: 10, Now: clock.Now})
	ctx, cancel := context.WithCancel(context.Background())
	aStarted, yield := make(chan struct{}), make(chan struct{})
	done := make(chan error)
	go func() {
		done <- p.Do(ctx, Job{Addr: "a"}, func(ctx context.Context) {
			close(aStarted)
			<-yield
			clock.add(DefaultSlice)
			ai.Yield(ctx) // b waits: a parks until cancel
		})
	}()
	<-aStarted
	release := make(chan struct{})
	bStarted := make(chan struct{})
	go p.Do(context.Background(), Job{Addr: "b"}, func(context.Context) { close(bStarted); <-release })
	waitQueued(p, 1)
	close(yield)
	<-bStarted
	cancel()
	if err := <-done; err != nil {
		t.Errorf("a: %v", err)
	}
	close(release)
	for p.running() != 0 {
		runtime.Gosched()
	}
	if st := p.Stats(); st.Running != 0 || st.Waiting != 0 || st.Parked != 0 || st.Yields != 1 || st.Started != 2 {
		t.Errorf("stats %+v, want all idle after 2 jobs and 1 yield", st)
	}
}

// Fits weighs a level against the processor time its fair part of the
// workers gives it within its own time.
func TestFitsWeighsTheFairPart(t *testing.T) {
	p := NewPool(Config{Workers: 2, Queue: 100})
	o := newOrder(p)
	nine, hard := 9*time.Second, 1800*time.Millisecond
	max := Job{Addr: "a", Room: "9", Cost: nine}
	if !p.Fits(max, hard) {
		t.Error("a max search on an idle pool does not fit")
	}
	for _, r := range []string{"1", "2", "3", "4", "5", "6", "7"} {
		o.queue("a"+r, Job{Addr: "a", Room: r, Cost: nine}, r <= "2")
	}
	// a alone: 2 workers among 8 searches, a quarter each: 2.25 s.
	if !p.Fits(max, hard) {
		t.Error("an eighth max search of an address alone does not fit")
	}
	o.queue("b", Job{Addr: "b", Room: "b", Cost: nine}, false)
	o.queue("c", Job{Addr: "c", Room: "c", Cost: nine}, false)
	// Three addresses: a's 2/3 of a worker among 8: 0.75 s < 1.8 s.
	if p.Fits(max, hard) {
		t.Error("an eighth max search fits while two other addresses wait")
	}
	if !p.Fits(Job{Addr: "d", Cost: nine}, hard) {
		t.Error("a fourth address's one max search does not fit")
	}
	if got := p.Stats().Lowered; got != 1 {
		t.Errorf("Lowered %d, want 1", got)
	}
	for _, ch := range o.release {
		close(ch)
	}
}

func TestFairPart(t *testing.T) {
	for _, c := range []struct {
		w      float64
		mine   int
		others []int
		want   float64
	}{
		{2, 1, nil, 1},
		{2, 8, nil, 2},
		{2, 8, []int{8, 8}, 2.0 / 3},
		{2, 8, []int{1}, 1},
		{4, 8, []int{1, 1}, 2},
		{2, 1, []int{8, 8}, 2.0 / 3},
		{3, 1, []int{8, 8}, 1},
	} {
		if got := fairPart(c.w, c.mine, c.others); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("fairPart(%v, %d, %v) = %v, want %v", c.w, c.mine, c.others, got, c.want)
		}
	}
}
