//go:build !js

// Package metrics holds the figures "tabula serve" exports at /metrics in
// the Prometheus text format (docs/deploy.md lists them): counters and
// histograms that the rooms and the server add to as things happen, and
// figures read from a running server when a scrape asks (Source).
//
// The event collectors belong to one server (Events), never to the
// process, so that a test reads its own server's counts.
//
// The engine in the browser (cmd/tabula-wasm, GOOS=js) has no one to
// export to: there the events count nothing (browser.go), and Prometheus'
// client stays out of its build.
package metrics

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"tabula/internal/compute"
	"tabula/internal/connlimit"
)

const ns = "tabula"

// fastBuckets are the latencies' buckets, in seconds: a move is
// acknowledged in a few milliseconds when all is well
// (docs/server-load.md), a commit to a distant PostgreSQL takes tens.
var fastBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}

// Events are the counters and histograms one server adds to as things
// happen. Each server has its own (rooms.NewManager makes them, and the
// server takes its rooms'), so that two servers in one process (tests,
// or a test beside another) never count each other's moves. A nil
// *Events counts nothing.
type Events struct {
	moves         *prometheus.CounterVec
	moveSeconds   prometheus.Histogram
	commitSeconds prometheus.Histogram
	errorsByCode  *prometheus.CounterVec
	takeovers     prometheus.Counter
}

// NewEvents returns counters at zero, with the series a dashboard shows
// from the start (a counter vector has no series until its first label
// values): both kinds of move, and the internal error that an alert
// watches.
func NewEvents() *Events {
	e := &Events{
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "moves_total",
			Help: "Moves stored, by who made them (person or computer).",
		}, []string{"by"}),
		moveSeconds:   histogram("move_seconds", "Time from a person's move reaching its room to its acknowledgement (judged and stored)."),
		commitSeconds: histogram("store_commit_seconds", "Time of one atomic step stored (a move, a seat change, the end of a game)."),
		errorsByCode: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "errors_total",
			Help: "Refusals and failures sent to clients, by code (the message catalogue's) and channel (http or ws).",
		}, []string{"code", "channel"}),
		takeovers: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: ns, Name: "lease_takeovers_total",
			Help: "Computer moves taken over from another instance whose lease ran out.",
		}),
	}
	e.moves.WithLabelValues("person")
	e.moves.WithLabelValues("computer")
	e.errorsByCode.WithLabelValues(internalError, "http")
	return e
}

func histogram(name, help string) prometheus.Histogram {
	return prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: ns, Name: name, Help: help, Buckets: fastBuckets})
}

// internalError is the code of a server's failure (messages/server.go).
const internalError = "server.internal"

// Moved counts a stored move; a person's gives its time from arrival to
// acknowledgement too.
func (e *Events) Moved(byPerson bool, took time.Duration) {
	if e == nil {
		return
	}
	if byPerson {
		e.moves.WithLabelValues("person").Inc()
		e.moveSeconds.Observe(took.Seconds())
		return
	}
	e.moves.WithLabelValues("computer").Inc()
}

// Committed records the time of one step stored.
func (e *Events) Committed(took time.Duration) {
	if e != nil {
		e.commitSeconds.Observe(took.Seconds())
	}
}

// TookOver counts n computer moves taken over from other instances.
func (e *Events) TookOver(n int) {
	if e != nil {
		e.takeovers.Add(float64(n))
	}
}

// Refused counts an error of code sent over channel ("http" or "ws").
func (e *Events) Refused(code, channel string) {
	if e != nil {
		e.errorsByCode.WithLabelValues(code, channel).Inc()
	}
}

// Source gives the figures read at each scrape from the running server;
// a nil func leaves its figures out.
type Source struct {
	// RoomsInMemory and RoomsOpen count the rooms held in memory and,
	// of those, the ones whose game is not over.
	RoomsInMemory, RoomsOpen func() int
	// WebSockets counts the live room connections.
	WebSockets func() int
	// Events are the server's counters (nil: none).
	Events *Events
	// Search is the compute pool's figures (its queue, waits and the
	// levels it lowered), Conns the connection limiter's.
	Search func() compute.Stats
	Conns  func() connlimit.Stats
}

// Handler serves the metrics of src, the event counters and the Go
// runtime's and process's own (open files, memory) in the Prometheus
// text format.
func Handler(src Source) http.Handler {
	reg := prometheus.NewRegistry()
	if e := src.Events; e != nil {
		reg.MustRegister(e.moves, e.moveSeconds, e.commitSeconds, e.errorsByCode, e.takeovers)
	}
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{Namespace: ns}))
	gauge := func(name, help string, f func() float64) {
		reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: ns, Name: name, Help: help}, f))
	}
	counter := func(name, help string, f func() float64) {
		reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: ns, Name: name, Help: help}, f))
	}
	ints := func(f func() int) func() float64 { return func() float64 { return float64(f()) } }
	if src.RoomsInMemory != nil {
		gauge("rooms_in_memory", "Rooms held in memory.", ints(src.RoomsInMemory))
	}
	if src.RoomsOpen != nil {
		gauge("rooms_open", "Rooms in memory whose game is not over.", ints(src.RoomsOpen))
	}
	if src.WebSockets != nil {
		gauge("websockets", "Live room connections (WebSockets).", ints(src.WebSockets))
	}
	if f := src.Search; f != nil {
		gauge("search_workers", "Searches (and heavy requests) that may run at once.", func() float64 { return float64(f().Workers) })
		gauge("search_running", "Searches holding a worker now.", func() float64 { return float64(f().Running) })
		gauge("search_queue_length", "Searches waiting for a worker now, for their first slice or between slices.",
			func() float64 { st := f(); return float64(st.Waiting + st.Parked) })
		counter("searches_started_total", "Searches that got a worker.", func() float64 { return float64(f().Started) })
		counter("search_wait_seconds_total", "Time the started searches waited for a worker, added up (divided by searches_started_total: the mean wait).",
			func() float64 { return f().Waited.Seconds() })
		counter("levels_lowered_total", "Levels taken off computer players' searches because the server was loaded.",
			func() float64 { return float64(f().Lowered) })
	}
	if f := src.Conns; f != nil {
		gauge("http_connections", "TCP connections held now, WebSockets included.", func() float64 { return float64(f().Open) })
		counter("http_connections_evicted_total", "Idle or half-sent connections closed to make room at a cap.", func() float64 { return float64(f().Evicted) })
		counter("http_connections_refused_total", "Connections turned away with 503 at a cap.", func() float64 { return float64(f().Refused) })
	}
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
}
