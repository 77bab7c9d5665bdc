package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tabula/internal/servetest"
)

// lockedBuffer is a bytes.Buffer for concurrent writers.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// serveHere runs `tabula serve` in this process on a fresh SQLite file
// with the flags given, and returns its URL, its logs and its exit code
// (once SIGTERM stopped it).
func serveHere(t *testing.T, flags ...string) (url string, logs *lockedBuffer, done chan int) {
	t.Helper()
	pr, pw := io.Pipe()
	logs = &lockedBuffer{}
	done = make(chan int, 1)
	db := filepath.Join(t.TempDir(), "tabula.db")
	go func() {
		done <- run(append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, flags...), strings.NewReader(""), pw, logs)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no address line: %v (log: %s)", err, logs.String())
	}
	go io.Copy(io.Discard, pr)
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("address line %q", line)
	}
	return strings.Fields(line[i:])[0], logs, done
}

// stopServe sends SIGTERM and waits for serveHere's server to stop.
func stopServe(t *testing.T, logs *lockedBuffer, done chan int) {
	t.Helper()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d after SIGTERM; log: %s", code, logs.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
}

func TestServeAnswersAndStopsOnSIGTERM(t *testing.T) {
	url, logs, done := serveHere(t)
	for _, path := range []string{"", "api/games"} {
		res, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(body), "dji-Boto") && path != "" || !strings.Contains(string(body), "Tabula") && path == "" {
			t.Errorf("GET /%s: %d %.200s", path, res.StatusCode, body)
		}
	}
	stopServe(t, logs, done)
	for _, want := range []string{"msg=request", "path=/api/games", "msg=\"shutting down\"", "msg=stopped"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %s:\n%s", want, logs.String())
		}
	}
}

// At --http-conns, idle keep-alive connections make room: with four held
// by one address, another address's /healthz and /livez answer, and idle
// connections were closed for them.
func TestServeHealthAnswersAtTheConnectionCap(t *testing.T) {
	url, logs, done := serveHere(t, "--http-conns", "4", "--http-conns-per-ip", "4")
	defer stopServe(t, logs, done)
	host := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	get := func(c net.Conn, path string) int { return servetest.GetOn(c, host, path) }
	dial := func(from string) net.Conn {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
		c, err := d.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	var idle []net.Conn
	for range 4 {
		c := dial("127.0.0.1")
		if code := get(c, "/healthz"); code != 200 {
			t.Fatalf("/healthz on an idle-to-be connection: %d", code)
		}
		idle = append(idle, c)
	}
	for _, path := range []string{"/healthz", "/livez"} {
		// The server marks a connection idle just after its answer: a
		// refusal (503) that came first is asked again.
		code := 503
		for try := 0; code == 503 && try < 100; try++ {
			code = get(dial("127.0.0.2"), path)
		}
		if code != 200 {
			t.Errorf("%s from another address at the cap: %d, want 200", path, code)
		}
	}
	// The oldest idle ones were closed to make room (which are idle
	// depends on when the server marked them so): the first read that
	// ends without a timeout is one of them.
	closed := make(chan bool, len(idle))
	for _, c := range idle {
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		go func() {
			_, err := c.Read(make([]byte, 1))
			closed <- err != nil && !errors.Is(err, os.ErrDeadlineExceeded)
		}()
	}
	found := false
	for range idle {
		if found = <-closed; found {
			break
		}
	}
	for _, c := range idle {
		c.SetReadDeadline(time.Now())
	}
	if !found {
		t.Error("no idle connection was closed to make room")
	}
}

func TestServeBadFlagExitsTwo(t *testing.T) {
	code, _, errOut := runTabula(t, "", "serve", "--port", "80")
	if code != 2 || !strings.Contains(errOut, "tabula serve:") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestServeTimeouts: idle, slow-header, slow-body and slow-reader
// connections are all closed after a while, and a loopback address is
// detected for the host check.
func TestServeTimeouts(t *testing.T) {
	hs := newHTTPServer(http.NotFoundHandler(), time.Minute)
	if hs.ReadHeaderTimeout <= 0 || hs.ReadTimeout <= 0 || hs.IdleTimeout <= 0 || hs.MaxHeaderBytes <= 0 {
		t.Errorf("timeouts not set: %+v", hs)
	}
	if hs.WriteTimeout <= time.Minute {
		t.Errorf("write timeout %v leaves no time to answer after a budget of 1m", hs.WriteTimeout)
	}
	for addr, want := range map[string]bool{"127.0.0.1:80": true, "[::1]:80": true, "0.0.0.0:80": false, "192.0.2.1:80": false} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := isLoopback(a); got != want {
			t.Errorf("isLoopback(%s) = %v", addr, got)
		}
	}
}

func TestServeRefusesBadProxyFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--trusted-proxies", "10.0.0.0/8,nginx"}, `--trusted-proxies: trusted proxy 2 ("nginx")`},
		{[]string{"--proxy-header", "X-Real-IP"}, `--proxy-header "X-Real-IP": want X-Forwarded-For or Forwarded`},
	} {
		var out, errb strings.Builder
		err := runServe(c.args, nil, &out, &errb)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("serve %v: err = %v, want %s", c.args, err, c.want)
		}
	}
}

// A busy port is said in the user's language, with the flag that picks
// another (issue #37), not as Go's "bind: address already in use".
func TestServeOnABusyPortSaysWhichFlagToChange(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	addr := busy.Addr().String()
	for lang, want := range map[string]string{"en_GB.UTF-8": "the address is in use", "de_DE.UTF-8": "die Adresse ist belegt"} {
		t.Setenv("LC_ALL", lang)
		code, _, errOut := runTabula(t, "", "serve", "--addr", addr, "--db", filepath.Join(t.TempDir(), "t.db"))
		if code != 1 || !strings.Contains(errOut, want) || !strings.Contains(errOut, "--addr") || !strings.Contains(errOut, addr) ||
			strings.Contains(errOut, "bind:") {
			t.Errorf("%s: exit %d, stderr %q; want 1 and %q with --addr and %s", lang, code, errOut, want, addr)
		}
	}
}
