// Command tabula-load measures "tabula serve" under load: many concurrent
// matches, each playing random legal moves as fast as the server answers,
// on loopback only and bounded in time and count. It reports moves per
// second, the round trip of a move (p50, p95, p99, max), the answers that
// were not 200, and the server's peak memory.
//
//	go run ./cmd/tabula-load --games 1000 --duration 20s
//	go run ./cmd/tabula-load --games 100 --vs mcts:easy
//	go run ./cmd/tabula-load --addr 127.0.0.1:8080 --pid 1234
//
// By default it starts the server in this process (peak memory is then the
// Go heap in use, sampled, and the process's peak resident size, client
// included); with --addr it loads a running server, whose peak resident
// size --pid reads from /proc.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "tabula/games/all"
	"tabula/internal/loadkit"
	"tabula/internal/server"
)

// Bounds of a run, so that no mistake floods the machine.
const (
	maxGames    = 2000
	maxDuration = 5 * time.Minute
	maxMoves    = 5_000_000
)

type config struct {
	addr, game, vs, cpuProfile string
	games, pid, moves          int
	duration, think            time.Duration
	options                    map[string]any
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tabula-load:", err)
		os.Exit(2)
	}
}

func run(args []string, out io.Writer) error {
	var c config
	fs := flag.NewFlagSet("tabula-load", flag.ContinueOnError)
	fs.StringVar(&c.addr, "addr", "", "a running server to load, host:port on loopback (default: start one in this process)")
	fs.IntVar(&c.pid, "pid", 0, "process id of the server at --addr, to read its peak memory")
	fs.StringVar(&c.game, "game", "adji-boto", "game to play")
	fs.StringVar(&c.vs, "vs", "", "agent in seat 1 (default: two people)")
	fs.IntVar(&c.games, "games", 100, "concurrent matches")
	fs.IntVar(&c.moves, "moves", 1_000_000, "stop after this many moves")
	fs.DurationVar(&c.duration, "duration", 20*time.Second, "stop after this long")
	fs.DurationVar(&c.think, "think", 0, "mean time a player thinks between moves (uniform in 0..2×think; 0: none, a closed loop)")
	fs.StringVar(&c.cpuProfile, "cpuprofile", "", "write a CPU profile of this process to the file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case c.games < 1 || c.games > maxGames:
		return fmt.Errorf("--games %d: want 1 to %d", c.games, maxGames)
	case c.duration <= 0 || c.duration > maxDuration:
		return fmt.Errorf("--duration %s: want up to %s", c.duration, maxDuration)
	case c.think < 0 || c.think > time.Minute:
		return fmt.Errorf("--think %s: want 0 to 1m", c.think)
	case c.moves < 1 || c.moves > maxMoves:
		return fmt.Errorf("--moves %d: want 1 to %d", c.moves, maxMoves)
	}
	c.options = gameOptions(c.game)
	var sampler *heapSampler
	if c.addr == "" {
		addr, stop, err := startServer()
		if err != nil {
			return err
		}
		defer stop()
		c.addr = addr
		sampler = sampleHeap()
	} else if err := checkLoopback(c.addr); err != nil {
		return err
	}
	if c.cpuProfile != "" {
		f, err := os.Create(c.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	r := load(c)
	r.print(out, c)
	if sampler != nil {
		fmt.Fprintf(out, "server heap in use, peak: %d MiB (sampled every 50 ms, this process)\n", sampler.stop()>>20)
		fmt.Fprintf(out, "process peak resident size: %s (client included)\n", peakRSS(os.Getpid()))
	} else if c.pid > 0 {
		fmt.Fprintf(out, "server peak resident size: %s\n", peakRSS(c.pid))
	}
	return nil
}

// gameOptions are the options the matches of game are played with.
func gameOptions(game string) map[string]any {
	if game == "adji-boto" {
		// Fewer seeds: shorter games, so that creating matches is part of
		// the load too.
		return map[string]any{"seeds": 4}
	}
	return nil
}

// checkLoopback refuses an address that is not on loopback: an IP
// address, or localhost (no name is looked up).
func checkLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %v", addr, err)
	}
	if !loadkit.LoopbackHost(host) {
		return fmt.Errorf("--addr %q: not a loopback address (127.0.0.1, [::1], localhost); load is sent to loopback only", addr)
	}
	return nil
}

// startServer serves the API on a loopback port in this process.
func startServer() (addr string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := server.New(server.Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), LoopbackOnly: true})
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: time.Minute}
	go hs.Serve(ln)
	return ln.Addr().String(), func() { srv.Close(); hs.Close() }, nil
}

// result gathers the measures of a run.
type result struct {
	mu      sync.Mutex
	rtts    []time.Duration
	status  map[string]int
	matches atomic.Int64
	elapsed time.Duration
}

func (r *result) add(d time.Duration) {
	r.mu.Lock()
	r.rtts = append(r.rtts, d)
	r.mu.Unlock()
}

func (r *result) fail(what string) {
	r.mu.Lock()
	r.status[what]++
	r.mu.Unlock()
}

// quantile returns the p-quantile of the round trips (sorted by print or
// sortRTTs first).
func (r *result) quantile(p float64) time.Duration {
	if len(r.rtts) == 0 {
		return 0
	}
	return r.rtts[min(len(r.rtts)-1, int(p*float64(len(r.rtts))))]
}

func (r *result) print(w io.Writer, c config) {
	slices.Sort(r.rtts)
	q := r.quantile
	seats := "two people"
	if c.vs != "" {
		seats = "a person against " + c.vs
	}
	think := "no thinking (closed loop)"
	if c.think > 0 {
		think = fmt.Sprintf("thinking %s a move on average", c.think)
	}
	fmt.Fprintf(w, "%d concurrent %s matches (%s), %s, %s on %d cores (GOMAXPROCS)\n", c.games, c.game, seats, think, r.elapsed.Round(time.Millisecond), runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "moves: %d (%.0f/s), matches started: %d\n", len(r.rtts), float64(len(r.rtts))/r.elapsed.Seconds(), r.matches.Load())
	fmt.Fprintf(w, "move round trip: p50 %s  p95 %s  p99 %s  max %s\n", q(0.5), q(0.95), q(0.99), q(1))
	if len(r.status) > 0 {
		keys := make([]string, 0, len(r.status))
		for k := range r.status {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "not played: %s: %d\n", k, r.status[k])
		}
	}
}

// load runs c.games players until the time or the move count runs out.
func load(c config) *result {
	r := &result{status: map[string]int{}}
	ctx, cancel := context.WithTimeout(context.Background(), c.duration)
	defer cancel()
	client := &http.Client{
		Transport: &http.Transport{MaxIdleConnsPerHost: c.games, MaxConnsPerHost: c.games, IdleConnTimeout: time.Minute},
		Timeout:   time.Minute,
	}
	base := "http://" + c.addr
	var moves atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for i := range c.games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := player{client: client, base: base, rng: rand.New(rand.NewPCG(uint64(i), 7)), r: r}
			for ctx.Err() == nil && moves.Load() < int64(c.moves) {
				if !p.playMatch(ctx, c, &moves) {
					return
				}
			}
		}()
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	return r
}

// player plays matches one after the other.
type player struct {
	client *http.Client
	base   string
	rng    *rand.Rand
	r      *result
}

type matchJSON struct {
	ID    string `json:"id"`
	State struct {
		Ply      int                 `json:"ply"`
		ToMove   []int               `json:"toMove"`
		Legal    map[string][]string `json:"legal"`
		Terminal bool                `json:"terminal"`
	} `json:"state"`
	Seats []string `json:"seats"`
}

// playMatch plays one match to its end or until ctx is done; it reports
// false when the server cannot be reached.
func (p *player) playMatch(ctx context.Context, c config, moves *atomic.Int64) bool {
	seats := []string{"human", "human"}
	if c.vs != "" {
		seats[1] = c.vs
	}
	var m matchJSON
	body, _ := json.Marshal(map[string]any{"game": c.game, "options": c.options, "seats": seats})
	if code, err := p.post(ctx, "/api/matches", body, &m); err != nil || code != http.StatusCreated {
		switch {
		case ctx.Err() != nil:
			return true
		case err != nil:
			p.r.fail("create: " + err.Error())
			return !errors.Is(err, errUnreachable)
		}
		p.r.fail(fmt.Sprintf("create: status %d", code))
		return true
	}
	p.r.matches.Add(1)
	for !m.State.Terminal && ctx.Err() == nil && moves.Load() < int64(c.moves) {
		var parts []string
		for _, a := range m.State.ToMove {
			if a < 0 || m.Seats[a] != "human" {
				continue
			}
			legal := m.State.Legal[fmt.Sprint(a)]
			if len(legal) == 0 {
				return true
			}
			parts = append(parts, legal[p.rng.IntN(len(legal))])
		}
		if len(parts) == 0 {
			return true
		}
		if c.think > 0 && !p.think(ctx, c.think) {
			return true
		}
		body, _ := json.Marshal(map[string]any{"move": strings.Join(parts, ","), "ply": m.State.Ply})
		t0 := time.Now()
		code, err := p.post(ctx, "/api/matches/"+m.ID+"/moves", body, &m)
		switch {
		case err != nil && ctx.Err() != nil:
			return true
		case err != nil:
			p.r.fail("move: " + err.Error())
			return !errors.Is(err, errUnreachable)
		case code != http.StatusOK:
			p.r.fail(fmt.Sprintf("move: status %d", code))
			return true
		}
		p.r.add(time.Since(t0))
		moves.Add(1)
	}
	return true
}

// think waits as a person would before a move, a time drawn uniformly
// from 0 to twice mean; it reports false when ctx ends first.
func (p *player) think(ctx context.Context, mean time.Duration) bool {
	t := time.NewTimer(time.Duration(p.rng.Int64N(int64(2 * mean))))
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

var errUnreachable = errors.New("server unreachable")

// post sends body and decodes a 200 or 201 answer into out.
func (p *player) post(ctx context.Context, path string, body []byte, out any) (int, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", p.base+path, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := p.client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("%w: %v", errUnreachable, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated {
		io.Copy(io.Discard, res.Body)
		return res.StatusCode, nil
	}
	return res.StatusCode, json.NewDecoder(res.Body).Decode(out)
}

// heapSampler records the peak of the Go heap in use.
type heapSampler struct {
	peak atomic.Uint64
	done chan struct{}
}

func sampleHeap() *heapSampler {
	h := &heapSampler{done: make(chan struct{})}
	go func() {
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > h.peak.Load() {
				h.peak.Store(ms.HeapInuse)
			}
			select {
			case <-h.done:
				return
			case <-t.C:
			}
		}
	}()
	return h
}

func (h *heapSampler) stop() uint64 {
	close(h.done)
	return h.peak.Load()
}

// peakRSS reads VmHWM, the peak resident size, of a process.
func peakRSS(pid int) string {
	kb, err := loadkit.ProcStatusKB(pid, "VmHWM")
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	return fmt.Sprintf("%d kB", kb)
}
