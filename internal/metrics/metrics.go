// Package metrics holds the figures "tabula serve" exports at /metrics in
// the Prometheus text format (docs/deploy.md lists them): counters and
// histograms that the rooms and the server add to as things happen, and
// gauges read from a running server when a scrape asks (Source).
//
// The event collectors are package variables: a process serves one
// server, and a test reads the change of a counter, not its value.
package metrics

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"tabula/internal/compute"
)

const ns = "tabula"

// Buckets of the latencies, in seconds: a move is acknowledged in a few
// milliseconds when all is well (docs/server-load.md), a commit to a
// distant PostgreSQL takes tens, and a queue of searches seconds.
var (
	fastBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}
	waitBuckets = []float64{.001, .01, .05, .1, .25, .5, 1, 2.5, 5, 10, 20}
)

var (
	moves = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Name: "moves_total",
		Help: "Moves stored, by who made them (person or computer).",
	}, []string{"by"})
	moveSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{
		Namespace: ns, Name: "move_seconds",
		Help:    "Time from a person's move reaching its room to its acknowledgement (judged and stored).",
		Buckets: fastBuckets,
	})
	commitSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{
		Namespace: ns, Name: "store_commit_seconds",
		Help:    "Time of one atomic step stored (a move, a seat change, the end of a game).",
		Buckets: fastBuckets,
	})
	searchWait = prometheus.NewHistogram(prometheus.HistogramOpts{
		Namespace: ns, Name: "search_wait_seconds",
		Help:    "Time a computer player's search waited in the queue for a worker.",
		Buckets: waitBuckets,
	})
	searchQueued = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: ns, Name: "search_queue_length",
		Help: "Computer players' searches waiting for a worker now.",
	})
	searchRefused = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "searches_refused_total",
		Help: "Computer players' searches that found the queue full or gave up waiting.",
	})
	lowered = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "levels_lowered_total",
		Help: "Computer moves played at a lower level than the seat's because the server was loaded.",
	})
	errorsByCode = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Name: "errors_total",
		Help: "Refusals and failures sent to clients, by code (the message catalogue's) and channel (http or ws).",
	}, []string{"code", "channel"})
	takeovers = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: ns, Name: "lease_takeovers_total",
		Help: "Computer moves taken over from another instance whose lease ran out.",
	})
)

// events are the collectors added to as things happen.
var events = []prometheus.Collector{moves, moveSeconds, commitSeconds, searchWait, searchQueued, searchRefused, lowered, errorsByCode, takeovers}

// Moved counts a stored move; a person's gives its time from arrival to
// acknowledgement too.
func Moved(byPerson bool, took time.Duration) {
	if byPerson {
		moves.WithLabelValues("person").Inc()
		moveSeconds.Observe(took.Seconds())
		return
	}
	moves.WithLabelValues("computer").Inc()
}

// Committed records the time of one step stored.
func Committed(took time.Duration) { commitSeconds.Observe(took.Seconds()) }

// Lowered counts a computer move played below its seat's level.
func Lowered() { lowered.Inc() }

// TookOver counts n computer moves taken over from other instances.
func TookOver(n int) { takeovers.Add(float64(n)) }

// Refused counts an error of code sent over channel ("http" or "ws").
func Refused(code, channel string) { errorsByCode.WithLabelValues(code, channel).Inc() }

// Thinker is a compute pool (rooms.Thinker) whose searches' waits are
// measured: the queue's length now and each search's wait for a worker.
type Thinker struct {
	Pool *compute.Pool
}

// Do runs f on the pool (compute.Pool.Do), measuring its wait.
func (t Thinker) Do(ctx context.Context, j compute.Job, f func(ctx context.Context)) error {
	asked := time.Now()
	searchQueued.Inc()
	var started atomic.Bool
	err := t.Pool.Do(ctx, j, func(ctx context.Context) {
		started.Store(true)
		searchQueued.Dec()
		searchWait.Observe(time.Since(asked).Seconds())
		f(ctx)
	})
	if !started.Load() {
		searchQueued.Dec()
		searchRefused.Inc()
	}
	return err
}

// Fits is the pool's (compute.Pool.Fits).
func (t Thinker) Fits(j compute.Job, d time.Duration) bool { return t.Pool.Fits(j, d) }

// Source gives the gauges read at each scrape from the running server.
type Source struct {
	// RoomsInMemory and RoomsOpen count the rooms held in memory and,
	// of those, the ones whose game is not over.
	RoomsInMemory, RoomsOpen func() int
	// WebSockets counts the live room connections.
	WebSockets func() int
	// SearchWorkers is the number of searches that may run at once.
	SearchWorkers int
}

// Handler serves the metrics of src, the event counters and the Go
// runtime's and process's own (open files, memory) in the Prometheus
// text format.
func Handler(src Source) http.Handler {
	reg := prometheus.NewRegistry()
	reg.MustRegister(events...)
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{Namespace: ns}))
	gauge := func(name, help string, f func() int) {
		if f != nil {
			reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: ns, Name: name, Help: help},
				func() float64 { return float64(f()) }))
		}
	}
	gauge("rooms_in_memory", "Rooms held in memory.", src.RoomsInMemory)
	gauge("rooms_open", "Rooms in memory whose game is not over.", src.RoomsOpen)
	gauge("websockets", "Live room connections (WebSockets).", src.WebSockets)
	gauge("search_workers", "Computer players' searches that may run at once.", func() int { return src.SearchWorkers })
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
}
