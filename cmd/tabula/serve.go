package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"tabula/docs"
	"tabula/internal/server"
	"tabula/web"
)

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	// Catch the signals before saying where we listen, so that a signal
	// sent by whoever reads that line stops us gracefully.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := server.New(server.Config{
		Log:          log,
		Static:       web.Static(),
		Rules:        docs.RulesFS(),
		Agents:       server.DefaultAgents,
		LoopbackOnly: isLoopback(ln.Addr()),
	})
	hs := newHTTPServer(srv, server.DefaultRequestTimeout)
	log.Info("listening", "addr", ln.Addr().String())
	fmt.Fprintf(stdout, "Tabula is being served at http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	srv.Close() // stop the computer players' searches
	shutCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutCtx); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
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
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
}

// isLoopback reports whether the server listens on loopback only: then
// it answers only loopback host names (against DNS rebinding).
func isLoopback(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}
