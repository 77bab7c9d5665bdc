package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"tabula/docs"
	"tabula/engine"
	"tabula/internal/compute"
	"tabula/internal/connlimit"
	"tabula/internal/lobby"
	"tabula/internal/rooms"
	"tabula/internal/server"
	"tabula/web"
)

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port)")
	dbPath := fs.String("db", "tabula.db", "SQLite file of the online rooms (created on first start), or a postgres:// URL shared by several instances")
	origins := fs.String("origins", "", "comma-separated host patterns of other sites allowed to open a room's WebSocket")
	idle := fs.Duration("room-idle", 7*24*time.Hour, "expire online rooms unchanged for this long")
	perMinute := fs.Int("rooms-per-minute", 10, "rooms one address may create a minute")
	heavyPerMinute := fs.Int("heavy-per-minute", server.DefaultHeavyPerMinute, "analyses, analysis graphs and replays of long records one address may ask for a minute")
	sf := addSharedFlags(fs)
	perIP := fs.Int("conns-per-ip", 32, "live connections one address may hold")
	maxConns := fs.Int("conns", server.DefaultMaxConns, "live connections the server holds in all (keep it under the open files allowed, ulimit -n)")
	httpConns := fs.Int("http-conns", server.DefaultHTTPConns, "TCP connections the server holds in all, WebSockets included (at the cap a new one takes an idle or half-sent one's place, else gets 503); lowered to the open files allowed (ulimit -n) less "+fmt.Sprint(reservedFiles))
	httpPerIP := fs.Int("http-conns-per-ip", server.DefaultHTTPConnsPerIP, "TCP connections one address holds (not counted for --trusted-proxies); at the cap its own oldest idle one makes room")
	rate := fs.Float64("msg-rate", 10, "messages per second one live connection may send, on average")
	trusted := fs.String("trusted-proxies", "", "comma-separated addresses or CIDR prefixes of reverse proxies whose --proxy-header names the client (for the per-address limits); without them the header is ignored")
	proxyHeader := fs.String("proxy-header", server.HeaderXForwardedFor, "the header the trusted proxies append the client's address to: X-Forwarded-For or Forwarded")
	workers := fs.Int("search-workers", 0, "computer players' searches run at once (0: one per core)")
	share := fs.Float64("search-share", compute.DefaultShare, "part of the queue of searches waiting for a core that one address may fill, in (0, 1]")
	drain := fs.Duration("drain", 0, "on SIGTERM, answer /readyz with 503 for this long before stopping, so that load balancers send no new clients (a second signal stops at once)")
	metricsAddr := fs.String("metrics-addr", "", "address of a separate listener serving /metrics in the Prometheus format (empty: none); keep it on loopback or a private network, never behind the public proxy")
	endgames := addEndgameFlag(fs)
	kiosk := fs.Bool("kiosk", false, "serve the app as a kiosk for a museum (docs/museum.md): large buttons, no links away, games in the browser that keep nothing, and back to an attract screen after --kiosk-idle without a touch")
	kioskIdle := fs.Duration("kiosk-idle", 90*time.Second, "with --kiosk: how long without a touch before the kiosk resets (at least 1s)")
	kioskGame := fs.String("kiosk-game", "", "with --kiosk: the one game the kiosk offers (an ID; default: every game)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *idle <= 0 || *perMinute <= 0 || *heavyPerMinute <= 0 || *perIP <= 0 || *rate <= 0 || *maxConns <= 0 || *httpConns <= 0 || *httpPerIP <= 0 {
		return usagef("--room-idle, --rooms-per-minute, --heavy-per-minute, --conns-per-ip, --conns, --http-conns, --http-conns-per-ip and --msg-rate must be positive")
	}
	if *workers < 0 {
		return usagef("--search-workers %d: want 0 (one per core) or more", *workers)
	}
	if *share <= 0 || *share > 1 {
		return usagef("--search-share %v: want a part of the workers, more than 0 and at most 1", *share)
	}
	if *drain < 0 {
		return usagef("--drain must not be negative")
	}
	proxies, err := server.ParseTrustedProxies(*trusted)
	if err != nil {
		return usagef("--trusted-proxies: %v", err)
	}
	if h := http.CanonicalHeaderKey(*proxyHeader); h != server.HeaderXForwardedFor && h != server.HeaderForwarded {
		return usagef("--proxy-header %q: want X-Forwarded-For or Forwarded", *proxyHeader)
	}
	if err := sf.check(); err != nil {
		return err
	}
	static, err := appFiles(*kiosk, *kioskIdle, *kioskGame)
	if err != nil {
		return err
	}
	if err := loadEndgames(endgames); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	db, err := openStore(*dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	pool := compute.NewPool(compute.Config{Workers: *workers, Share: *share})
	var lob *lobby.Lobby // made once mgr is, which tells it of each game's end
	mgr := rooms.NewManager(rooms.Config{
		Ended: func(room string) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := lob.Rate(ctx, room); err != nil {
				log.Warn("rating a room", "room", room, "err", err)
			}
		},
		Store:     db,
		Agents:    rooms.AgentFunc(server.DefaultAgents),
		Offered:   server.OfferedAgents,
		Think:     pool,
		IdleAfter: *idle,
		Log:       log,
		Holder:    holderName(),
		Lease:     sf.lease,
	})
	lob = newLobby(db, mgr, log)
	// Sized above by the cores: the pool, and the manager's cheap moves.
	spareProcessor(pool.Workers())
	var allowed []string
	if *origins != "" {
		allowed = strings.Split(*origins, ",")
	}
	// Catch the signals before saying where we listen, so that a signal
	// sent by whoever reads that line stops us gracefully.
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ln, err := listen(*addr)
	if err != nil {
		return err
	}
	srv := server.New(server.Config{
		Log:            log,
		Static:         static,
		Rules:          docs.RulesFS(),
		LoopbackOnly:   isLoopback(ln.Addr()),
		Pool:           pool,
		Rooms:          mgr,
		Classes:        db,
		Origins:        allowed,
		RoomsPerMinute: *perMinute,
		HeavyPerMinute: *heavyPerMinute,
		ConnsPerIP:     *perIP,
		MaxConns:       *maxConns,
		MessageRate:    *rate,
		TrustedProxies: proxies,
		ProxyHeader:    *proxyHeader,
	})
	srv.SetLobby(lob, server.LobbyLimits{})
	// ctx runs the background work until the stop; the database closes
	// (deferred above) only after the shared-mode cleanup has finished.
	ctx, cancel := context.WithCancel(context.Background())
	sh := newShared()
	defer sh.stop(cancel, log)
	go sweep(ctx, mgr, log)
	go sh.run(ctx, db, mgr, lob, sf, log)
	total := openFilesCap(*httpConns, log)
	lim := connlimit.New(connlimit.Config{Total: total, PerAddr: *httpPerIP, Exempt: server.Trusts(proxies)})
	hs := newHTTPServer(lim.Handler(sh.handler(srv, db)), server.DefaultRequestTimeout)
	hs.ConnState, hs.ConnContext = lim.ConnState, lim.ConnContext
	ln = lim.Listener(ln)
	if *metricsAddr != "" {
		mln, err := net.Listen("tcp", *metricsAddr)
		if err != nil {
			return fmt.Errorf("--metrics-addr: %w", err)
		}
		ms := newHTTPServer(srv.Metrics(lim.Stats), 10*time.Second)
		go ms.Serve(mln)
		defer ms.Close()
		log.Info("metrics", "addr", mln.Addr().String())
	}
	log.Info("listening", "addr", ln.Addr().String(), "db", dbLabel(*dbPath))
	fmt.Fprintf(stdout, "Tabula is being served at http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	started()
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-sigs:
	}
	// Not ready from now on; go on serving while the load balancers
	// notice, unless a second signal says to stop at once.
	sh.stopping.Store(true)
	if *drain > 0 {
		log.Info("draining: /readyz answers 503", "for", *drain)
		t := time.NewTimer(*drain)
		select {
		case <-t.C:
		case <-sigs:
			t.Stop()
		case err := <-done:
			return err
		}
	}
	log.Info("shutting down")
	shutCtx, cancelShut := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelShut()
	// Stop accepting, close every live connection with 1001 (each move
	// in flight is stored or not, never half), then wait for them.
	errc := make(chan error, 1)
	go func() { errc <- hs.Shutdown(shutCtx) }()
	mgr.Close()
	srv.Close() // stop the computer players' searches
	// No computer move is computed from here on: release the leases and
	// drop the presence, while the database is still open.
	sh.stop(cancel, log)
	if err := srv.WaitSockets(shutCtx); err != nil {
		log.Warn("live connections still open at the deadline", "err", err)
	}
	if err := <-errc; err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

// spareProcessor lets the Go scheduler run one goroutine more than the
// searches can hold at once (unless the environment sets GOMAXPROCS):
// with every processor in a search, the goroutines of a move (its
// connection, the store, the acknowledgement) each waited for the
// runtime to preempt a search, about 10 ms a step. The pool and the
// cheap moves stay one per core. It returns the processors in force.
func spareProcessor(workers int) int {
	if os.Getenv("GOMAXPROCS") == "" && runtime.GOMAXPROCS(0) <= workers {
		runtime.GOMAXPROCS(workers + 1)
	}
	return runtime.GOMAXPROCS(0)
}

// sweep expires idle rooms and unloads finished ones, once a minute.
func sweep(ctx context.Context, mgr *rooms.Manager, log *slog.Logger) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if err := mgr.Sweep(ctx, now); err != nil && ctx.Err() == nil {
				log.Error("sweeping rooms", "err", err)
			}
		}
	}
}

// newHTTPServer serves h with every timeout set, so that idle and slow
// connections cannot pile up: a request may take its time budget to
// answer (a computer player thinking), plus a margin to send the answer.
func newHTTPServer(h http.Handler, budget time.Duration) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      budget + 30*time.Second,
		IdleTimeout:       30 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
}

// isLoopback reports whether the server listens on loopback only: then
// it answers only loopback host names (against DNS rebinding).
func isLoopback(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// listen listens on addr, or says in a coded error why it cannot, with
// the flag that chooses another address.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	switch {
	case err == nil:
		return ln, nil
	case errors.Is(err, syscall.EADDRINUSE):
		return nil, engine.NewError("server.addr_in_use", "addr", addr)
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		err = op.Err
	}
	return nil, engine.NewError("server.listen", "addr", addr, "err", err.Error())
}

// reservedFiles are the open files a server keeps for other than its
// connections: the database's files, logs, a room's record being
// imported.
const reservedFiles = 100

// openFilesCap is want, lowered (and logged) to the open files allowed
// less reservedFiles: a server out of files answers nobody, not even its
// health checks, and cannot open its database.
func openFilesCap(want int, log *slog.Logger) int {
	limit := openFiles()
	if limit == 0 || want <= limit-reservedFiles {
		return want
	}
	got := max(limit-reservedFiles, 1)
	log.Warn("--http-conns lowered to the open files allowed", "http-conns", want, "open-files", limit, "now", got)
	return got
}

// appFiles are the files of the web app that serve gives: as a kiosk
// (web.Kiosk) with --kiosk.
func appFiles(kiosk bool, idle time.Duration, game string) (fs.FS, error) {
	if !kiosk {
		if idle != 90*time.Second || game != "" {
			return nil, usagef("--kiosk-idle and --kiosk-game go with --kiosk")
		}
		return web.Static(), nil
	}
	if idle < time.Second {
		return nil, usagef("--kiosk-idle %v: want at least 1s", idle)
	}
	if game != "" {
		if _, err := engine.Lookup(game); err != nil {
			return nil, usagef("--kiosk-game: %v", err)
		}
	}
	return web.Kiosk(idle, game)
}
