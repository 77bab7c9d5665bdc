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
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"tabula/engine"
	"tabula/internal/loadkit"
	"tabula/internal/procs"
	"tabula/internal/roomclient"
)

// runLoadtest plays N rooms of bots against a server on loopback: its own
// `tabula serve` child on a fresh SQLite file, or --server. It reports
// moves per second, the round trip of a move (send to ack), the
// computer's replies (with --vs), the server's memory per room and what
// the server held at the start and the end, and checks that every move
// acknowledged was stored once.
func runLoadtest(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	n := fs.Int("rooms", 100, "rooms played at once (1 to 5000)")
	dur := fs.Duration("duration", 30*time.Second, "how long to play (at most 1h)")
	game := fs.String("game", "adji-boto", "the game of every room")
	think := fs.Duration("think", 200*time.Millisecond, "a bot's pause before each move, on average")
	spread := fs.Float64("think-spread", 0.2, "each pause is drawn uniformly from --think times 1±this, as people's pauses vary (0 to 1; 0: every pause exactly --think, so that rooms delayed together move in step from then on)")
	server := fs.String("server", "", "a running server on loopback, or several sharing a database, comma-separated: rooms and seats are spread over them (default: start one; start yours with "+serveLimits+")")
	seed := fs.Uint64("seed", 1, "seed of the bots' moves")
	vs := fs.String("vs", "", "rooms of one bot against this computer player (mcts:easy) instead of two bots; the report gives the computer's reply times")
	heavy := fs.Int("heavy", 0, "rooms (0 to 20) played at once from each --heavy-from address by a bot against --heavy-agent: the pattern that would starve everyone's computer players")
	heavyFrom := fs.Int("heavy-from", 1, "loopback addresses (1 to 8) that each play --heavy rooms: 127.0.0.2, 127.0.0.3 and on")
	heavyAgent := fs.String("heavy-agent", "alphabeta:max", "the computer player of the --heavy rooms")
	scenario := fs.String("scenario", "", `a preset of the flags above (those given win): "fair" is 100 rooms of bots thinking 1s against mcts:easy from 127.0.0.1 while 2 other addresses each play 8 rooms against alphabeta:max, the easy replies' goal p99 under 200 ms`)
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	switch *scenario {
	case "":
	case "fair":
		for name, p := range map[string]*int{"rooms": n, "heavy": heavy, "heavy-from": heavyFrom} {
			if !given[name] {
				*p = map[string]int{"rooms": 100, "heavy": 8, "heavy-from": 2}[name]
			}
		}
		if !given["vs"] {
			*vs = "mcts:easy"
		}
		if !given["think"] {
			*think = time.Second // people, not bots hammering
		}
	default:
		return usagef("--scenario %q: want fair", *scenario)
	}
	if *n < 1 || *n > 5000 || *dur <= 0 || *dur > time.Hour || *think < 0 || *heavy < 0 || *heavy > 20 || *heavyFrom < 1 || *heavyFrom > 8 || !(*spread >= 0 && *spread <= 1) {
		return usagef("--rooms must be 1 to 5000, --heavy 0 to 20, --heavy-from 1 to 8, --duration at most 1h, --think-spread 0 to 1")
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
				return usageErr(err)
			}
		}
	}
	idle := srv.rss()
	before, hasStats := serverStats(bases[0])
	ctx, cancel := context.WithTimeout(context.Background(), *dur)
	defer cancel()
	var (
		mu     sync.Mutex
		played []playedRoom
		errs   int
		peak   int64
		lastEr error
	)
	// A table plays one room after the other until the time is up.
	table := func(i int, client *http.Client, agent string, think time.Duration, replies bool) {
		rng := rand.New(rand.NewPCG(*seed, uint64(i)))
		for ctx.Err() == nil {
			b0 := bases[i%len(bases)]
			id, tokens, err := createRoom(ctx, client, b0, *game, 2, agent)
			if err != nil {
				if ctx.Err() == nil {
					mu.Lock()
					errs++
					lastEr = err
					mu.Unlock()
				}
				return
			}
			started()
			pr := playedRoom{base: b0, id: id}
			var tw sync.WaitGroup
			for j, tok := range tokens {
				if tok == "" {
					continue // the computer's seat
				}
				b := &roomclient.Bot{Base: bases[(i+j)%len(bases)], Room: id, Token: tok, Think: think, ThinkSpread: *spread, Client: client, TimeReplies: replies}
				b.Rand = rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))
				pr.bots = append(pr.bots, b)
				tw.Add(1)
				go func() { defer tw.Done(); b.Run(ctx) }()
			}
			mu.Lock()
			played = append(played, pr)
			mu.Unlock()
			tw.Wait()
		}
	}
	// The bots' collections would be timed as the server's: the load
	// test's own heap may grow five times its live size between them.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	var wg sync.WaitGroup
	start := time.Now()
	light := clientFrom("127.0.0.1")
	for i := range *n {
		wg.Go(func() { table(i, light, *vs, *think, *vs != "") })
	}
	for a := range *heavyFrom {
		from := clientFrom(fmt.Sprintf("127.0.0.%d", 2+a))
		for i := range *heavy {
			wg.Go(func() { table(*n+a**heavy+i, from, *heavyAgent, 0, true) })
		}
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
	var rtts, steady, replies, steadyReplies, heavyReplies []time.Duration
	moves, reconnects := 0, 0
	for _, pr := range played {
		for _, b := range pr.bots {
			moves += len(b.Acked)
			reconnects += b.Reconnect
			rtts = append(rtts, b.RTT...)
			steady = append(steady, sentSince(b.RTT, b.Sent, start.Add(startup))...)
			if b.Client != light {
				heavyReplies = append(heavyReplies, b.Replies...)
			} else {
				replies = append(replies, b.Replies...)
				steadyReplies = append(steadyReplies, sentSince(b.Replies, b.RepliesFrom, start.Add(startup))...)
			}
		}
	}
	q := quantiles(rtts, 0.5, 0.99, 1)
	qs := quantiles(steady, 0.99, 1)
	checkCtx, cancelCheck := context.WithTimeout(context.Background(), time.Minute)
	defer cancelCheck()
	settle := time.Duration(0)
	if len(bases) > 1 {
		settle = 5 * time.Second // more than the default --poll of 2s
	}
	stored := checkStored(checkCtx, played, settle)
	time.Sleep(time.Second) // let the closed connections go
	after, _ := serverStats(bases[0])
	res := map[string]any{
		"rooms": *n, "game": *game, "seconds": elapsed.Seconds(), "roomsPlayed": len(played), "moves": moves,
		"movesPerSecond": float64(moves) / elapsed.Seconds(), "p50ms": q[0], "p99ms": q[1], "maxms": q[2],
		"reconnects": reconnects, "errors": errs, "thinkMs": think.Milliseconds(), "thinkSpread": *spread,
		"movesAfterStart": len(steady), "p99AfterStartMs": qs[0], "maxAfterStartMs": qs[1],
		"storedRooms": stored.Rooms, "storedProblems": len(stored.Problems),
	}
	if *vs != "" {
		r := quantiles(replies, 0.5, 0.99, 1)
		res["vs"], res["replies"], res["replyP50ms"], res["replyP99ms"], res["replyMaxms"] = *vs, len(replies), r[0], r[1], r[2]
		rs := quantiles(steadyReplies, 0.5, 0.99, 1)
		res["repliesAfterStart"], res["replyP50AfterStartMs"], res["replyP99AfterStartMs"], res["replyMaxAfterStartMs"] = len(steadyReplies), rs[0], rs[1], rs[2]
	}
	if *heavy > 0 {
		res["heavy"], res["heavyFrom"], res["heavyAgent"], res["heavyReplies"] = *heavy, *heavyFrom, *heavyAgent, len(heavyReplies)
	}
	if hasStats {
		res["levelsLowered"] = after.LevelsLowered - before.LevelsLowered
	}
	if hasStats {
		res["serverStart"], res["serverEnd"] = before, after
	}
	if srv != nil && peak > 0 {
		res["serverMiBIdle"] = float64(idle) / (1 << 20)
		res["serverMiBLoaded"] = float64(peak) / (1 << 20)
		if *heavy == 0 {
			// With --heavy the searches' memory would be charged to the rooms.
			res["kiBPerRoom"] = float64(peak-idle) / 1024 / float64(*n)
		}
	}
	if *asJSON {
		b, _ := json.Marshal(res)
		fmt.Fprintln(stdout, string(b))
	} else {
		fmt.Fprintf(stdout, "%s of %s for %.1fs (bots think %v ±%.0f%%): %d moves, %.0f moves/s, round trip p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d reconnects, %d errors\n",
			roomCount(*n), *game, elapsed.Seconds(), *think, 100**spread, moves, res["movesPerSecond"], q[0], q[1], q[2], reconnects, errs)
		if len(steady) > 0 {
			fmt.Fprintf(stdout, "after the first %v (rooms made, bots joining): %d moves, round trip p99 %.1f ms, max %.1f ms\n", startup, len(steady), qs[0], qs[1])
		}
		if *vs != "" {
			fmt.Fprintf(stdout, "%s replies: %d, p50 %.1f ms, p99 %.1f ms, max %.1f ms (from the ack of the bot's move to the computer's move)\n",
				*vs, res["replies"], res["replyP50ms"], res["replyP99ms"], res["replyMaxms"])
			if len(steadyReplies) > 0 {
				fmt.Fprintf(stdout, "after the first %v: %d replies, p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", startup, len(steadyReplies), res["replyP50AfterStartMs"], res["replyP99AfterStartMs"], res["replyMaxAfterStartMs"])
			}
		}
		if *heavy > 0 {
			fmt.Fprintf(stdout, "meanwhile %s against %s from each of %d addresses (127.0.0.2 on): %d replies\n", roomCount(*heavy), *heavyAgent, *heavyFrom, len(heavyReplies))
		}
		if hasStats {
			fmt.Fprintf(stdout, "levels lowered by the server: %d\n", res["levelsLowered"])
		}
		if *scenario == "fair" && *vs != "" {
			verdict := "met"
			if r := res["replyP99AfterStartMs"].(float64); r >= 200 || len(steadyReplies) == 0 {
				verdict = "not met"
			}
			fmt.Fprintf(stdout, "goal of the fair scenario, %s replies after the first %v p99 under 200 ms: %s\n", *vs, startup, verdict)
		}
		if _, ok := res["serverMiBLoaded"]; ok {
			fmt.Fprintln(stdout, memoryLine(idle, peak, *n, *heavy))
		}
		if hasStats {
			fmt.Fprintf(stdout, "server at the start: %d goroutines, %d open files, %.1f MiB heap, %d rooms in memory; at the end: %d goroutines, %d open files, %.1f MiB heap, %d rooms in memory\n",
				before.Goroutines, before.OpenFiles, float64(before.HeapBytes)/(1<<20), before.Rooms, after.Goroutines, after.OpenFiles, float64(after.HeapBytes)/(1<<20), after.Rooms)
		}
		if len(stored.Problems) == 0 {
			fmt.Fprintf(stdout, "stored: every acknowledged move is stored once (%d rooms, %d moves read back)\n", stored.Rooms, stored.Moves)
		}
	}
	for i, p := range stored.Problems {
		if i == 10 {
			fmt.Fprintf(stderr, "... and %d more\n", len(stored.Problems)-10)
			break
		}
		fmt.Fprintln(stderr, "stored:", p)
	}
	switch {
	case errs > 0:
		return fmt.Errorf("%d tables could not create a room: %v", errs, lastEr)
	case len(stored.Problems) > 0:
		return fmt.Errorf("%d rooms do not hold the moves acknowledged", len(stored.Problems))
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

// createRoom makes a room through client and returns its id and the
// seats' tokens: people seats, or with agent one person and the computer
// (whose token is "").
func createRoom(ctx context.Context, client *http.Client, base, game string, seats int, agent string) (string, []string, error) {
	var spec []map[string]string
	for i := range seats {
		if agent != "" && i > 0 {
			spec = append(spec, map[string]string{"kind": "computer", "agent": agent})
			continue
		}
		spec = append(spec, map[string]string{"kind": "person"})
	}
	body, _ := json.Marshal(map[string]any{"game": game, "seats": spec})
	req, err := http.NewRequestWithContext(ctx, "POST", base+"/api/rooms", bytes.NewReader(body))
	if err != nil {
		return "", nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return "", nil, err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusTooManyRequests {
		return "", nil, fmt.Errorf("creating a room: the server's limits refused it (429, retry after %ss): start it with %s", res.Header.Get("Retry-After"), serveLimits)
	}
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
		tok := ""
		if s.Link != "" {
			tok = s.Link[strings.LastIndex(s.Link, "/")+1:]
		}
		tokens = append(tokens, tok)
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
	cmd := exec.Command(exe, append([]string{"serve", "--addr", addr, "--db", db}, strings.Fields(serveLimits)...)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = logs
	// Left running it would hold a port, a core and a temporary database.
	procs.DieWithParent(cmd, syscall.SIGTERM)
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

// roomCount is "1 room" or "N rooms".
func roomCount(n int) string {
	if n == 1 {
		return "1 room"
	}
	return fmt.Sprintf("%d rooms", n)
}

// memoryLine tells the server's memory idle and with n rooms playing, and
// what a room costs; with heavy rooms searching too it gives no figure
// per room, since their searches' tables would be charged to the rooms.
func memoryLine(idle, peak int64, n, heavy int) string {
	line := fmt.Sprintf("server memory: %.1f MiB idle, %.1f MiB with %s", float64(idle)/(1<<20), float64(peak)/(1<<20), roomCount(n))
	if heavy > 0 {
		return line + fmt.Sprintf(" and %s searching (no figure per room: their searches' memory is in it)", roomCount(heavy))
	}
	return line + fmt.Sprintf(": %.1f KiB per room", float64(peak-idle)/1024/float64(n))
}
