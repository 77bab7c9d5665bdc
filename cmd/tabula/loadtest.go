package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"tabula/engine"
	"tabula/internal/loadkit"
	"tabula/internal/roomclient"
)

// runLoadtest plays N rooms of bots against a server on loopback: its own
// `tabula serve` child on a fresh SQLite file, or --server. It reports
// moves per second, the round trip of a move (send to ack) and the
// server's memory per room.
func runLoadtest(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	n := fs.Int("rooms", 100, "rooms played at once (1 to 5000)")
	dur := fs.Duration("duration", 30*time.Second, "how long to play (at most 10m)")
	game := fs.String("game", "adji-boto", "the game of every room")
	think := fs.Duration("think", 200*time.Millisecond, "a bot's pause before each move")
	server := fs.String("server", "", "a running server on loopback, or several sharing a database, comma-separated: rooms and seats are spread over them (default: start one)")
	seed := fs.Uint64("seed", 1, "seed of the bots' moves")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *n < 1 || *n > 5000 || *dur <= 0 || *dur > 10*time.Minute || *think < 0 {
		return usagef("--rooms must be 1 to 5000, --duration at most 10m")
	}
	if _, err := engine.Lookup(*game); err != nil {
		return usagef("--game: %v", err)
	}
	var srv *child
	base := *server
	bases := strings.Split(base, ",")
	if base == "" {
		dir, err := os.MkdirTemp("", "tabula-loadtest")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		exe, err := os.Executable()
		if err != nil {
			return err
		}
		srv, err = startServe(exe, nil, "127.0.0.1:0", filepath.Join(dir, "load.db"), io.Discard)
		if err != nil {
			return err
		}
		defer srv.stop(10 * time.Second)
		bases = []string{srv.base}
	} else {
		for _, b := range bases {
			if err := loopbackOnly(b); err != nil {
				return usagef("%v", err)
			}
		}
	}
	idle := srv.rss()
	ctx, cancel := context.WithTimeout(context.Background(), *dur)
	defer cancel()
	var (
		mu     sync.Mutex
		bots   []*roomclient.Bot
		errs   int
		rooms  int
		peak   int64
		lastEr error
	)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range *n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(*seed, uint64(i)))
			// A table: one room after the other until the time is up.
			for ctx.Err() == nil {
				id, tokens, err := createRoom(ctx, bases[i%len(bases)], *game, 2)
				if err != nil {
					mu.Lock()
					errs++
					lastEr = err
					mu.Unlock()
					return
				}
				mu.Lock()
				rooms++
				mu.Unlock()
				var tw sync.WaitGroup
				for j, tok := range tokens {
					b := &roomclient.Bot{Base: bases[(i+j)%len(bases)], Room: id, Token: tok, Rand: rng, Think: *think}
					b.Rand = rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))
					mu.Lock()
					bots = append(bots, b)
					mu.Unlock()
					tw.Add(1)
					go func() { defer tw.Done(); b.Run(ctx) }()
				}
				tw.Wait()
			}
		}()
	}
	// The server's memory once every room is playing.
	go func() {
		select {
		case <-time.After(*dur / 2):
			mu.Lock()
			peak = srv.rss()
			mu.Unlock()
		case <-ctx.Done():
		}
	}()
	wg.Wait()
	elapsed := time.Since(start)
	var rtts []time.Duration
	moves, reconnects := 0, 0
	for _, b := range bots {
		moves += len(b.Acked)
		reconnects += b.Reconnect
		rtts = append(rtts, b.RTT...)
	}
	slices.Sort(rtts)
	q := func(p float64) float64 {
		if len(rtts) == 0 {
			return 0
		}
		return float64(rtts[min(len(rtts)-1, int(p*float64(len(rtts))))].Microseconds()) / 1000
	}
	res := map[string]any{
		"rooms": *n, "game": *game, "seconds": elapsed.Seconds(), "roomsPlayed": rooms, "moves": moves,
		"movesPerSecond": float64(moves) / elapsed.Seconds(), "p50ms": q(0.50), "p99ms": q(0.99), "maxms": q(1),
		"reconnects": reconnects, "errors": errs, "thinkMs": think.Milliseconds(),
	}
	if srv != nil && peak > 0 {
		res["serverMiBIdle"] = float64(idle) / (1 << 20)
		res["serverMiBLoaded"] = float64(peak) / (1 << 20)
		res["kiBPerRoom"] = float64(peak-idle) / 1024 / float64(*n)
	}
	if *asJSON {
		b, _ := json.Marshal(res)
		fmt.Fprintln(stdout, string(b))
	} else {
		fmt.Fprintf(stdout, "%d rooms of %s for %.1fs (bots think %v): %d moves, %.0f moves/s, round trip p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d reconnects, %d errors\n",
			*n, *game, elapsed.Seconds(), *think, moves, res["movesPerSecond"], q(0.5), q(0.99), q(1), reconnects, errs)
		if v, ok := res["kiBPerRoom"]; ok {
			fmt.Fprintf(stdout, "server memory: %.1f MiB idle, %.1f MiB with %d rooms: %.1f KiB per room\n",
				res["serverMiBIdle"], res["serverMiBLoaded"], *n, v)
		}
	}
	if errs > 0 {
		return fmt.Errorf("%d tables could not create a room: %v", errs, lastEr)
	}
	return nil
}

// loopbackOnly refuses a server that is not on this machine: the load
// generator sends traffic to loopback addresses only.
func loopbackOnly(base string) error {
	u, err := url.Parse(base)
	if err != nil || u.Scheme != "http" {
		return fmt.Errorf("--server %q: want http://127.0.0.1:PORT", base)
	}
	if !loadkit.LoopbackHost(u.Hostname()) {
		return fmt.Errorf("--server %q: the load generator only talks to loopback addresses", base)
	}
	return nil
}

// createRoom makes a room of people seats and returns its id and tokens.
func createRoom(ctx context.Context, base, game string, seats int) (string, []string, error) {
	var spec []map[string]string
	for range seats {
		spec = append(spec, map[string]string{"kind": "person"})
	}
	body, _ := json.Marshal(map[string]any{"game": game, "seats": spec})
	req, err := http.NewRequestWithContext(ctx, "POST", base+"/api/rooms", bytes.NewReader(body))
	if err != nil {
		return "", nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", nil, err
	}
	defer res.Body.Close()
	var out struct {
		ID    string
		Error string
		Seats []struct{ Link string }
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return "", nil, err
	}
	if res.StatusCode != http.StatusCreated {
		return "", nil, fmt.Errorf("creating a room: %d %s", res.StatusCode, out.Error)
	}
	var tokens []string
	for _, s := range out.Seats {
		tokens = append(tokens, s.Link[strings.LastIndex(s.Link, "/")+1:])
	}
	return out.ID, tokens, nil
}

// child is a `tabula serve` process.
type child struct {
	cmd  *exec.Cmd
	base string
	done chan error
}

// startServe starts exe as `tabula serve` on addr with the database db,
// with limits raised for bots, and waits for the line that says where it
// listens.
func startServe(exe string, env []string, addr, db string, logs io.Writer) (*child, error) {
	cmd := exec.Command(exe, "serve", "--addr", addr, "--db", db, "--rooms-per-minute", "1000000",
		"--conns-per-ip", "100000", "--msg-rate", "1000")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = logs
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &child{cmd: cmd, done: make(chan error, 1)}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("tabula serve did not start: %v", err)
	}
	go io.Copy(io.Discard, out)
	go func() { c.done <- cmd.Wait() }()
	i := strings.Index(line, "http://")
	if i < 0 {
		c.kill()
		return nil, fmt.Errorf("tabula serve said %q", line)
	}
	c.base = strings.TrimSuffix(strings.Fields(line[i:])[0], "/")
	return c, nil
}

// rss is the child's resident memory in bytes (0 if unknown).
func (c *child) rss() int64 {
	if c == nil {
		return 0
	}
	kb, err := loadkit.ProcStatusKB(c.cmd.Process.Pid, "VmRSS")
	if err != nil {
		return 0
	}
	return kb << 10
}

// kill ends the child with SIGKILL, as a crash would.
func (c *child) kill() {
	c.cmd.Process.Signal(syscall.SIGKILL)
	<-c.done
}

// stop asks the child to stop (SIGTERM) and returns its exit error; past
// the deadline it is killed.
func (c *child) stop(deadline time.Duration) error {
	c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-c.done:
		return err
	case <-time.After(deadline):
		c.cmd.Process.Kill()
		<-c.done
		return errors.New("tabula serve did not stop within the deadline")
	}
}
