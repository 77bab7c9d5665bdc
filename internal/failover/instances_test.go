package failover

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// instance is one `tabula serve` process.
type instance struct {
	URL  string
	cmd  *exec.Cmd
	logs *syncBuffer
	dead atomic.Bool
	// leased receives the log lines of the computer moves it leases.
	leased <-chan string
}

// syncBuffer collects a process's log and tells watchers about the
// lines they wait for, as they are written.
type syncBuffer struct {
	mu       sync.Mutex
	b        bytes.Buffer
	partial  []byte
	watchers []watcher
}

type watcher struct {
	subs []string
	ch   chan string
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.Write(p)
	s.partial = append(s.partial, p...)
	for {
		i := bytes.IndexByte(s.partial, '\n')
		if i < 0 {
			break
		}
		line := string(s.partial[:i])
		s.partial = s.partial[i+1:]
		for _, w := range s.watchers {
			if containsAll(line, w.subs) {
				select {
				case w.ch <- line:
				default: // a watcher that stopped reading misses lines
				}
			}
		}
	}
	return len(p), nil
}

func containsAll(line string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(line, sub) {
			return false
		}
	}
	return true
}

// watch returns a channel that receives every line written from now on
// that contains every one of subs.
func (s *syncBuffer) watch(subs ...string) <-chan string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := make(chan string, 256)
	s.watchers = append(s.watchers, watcher{subs, ch})
	return ch
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// buildTabula builds the command once for the test.
func buildTabula(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tabula")
	out, err := exec.Command("go", "build", "-o", bin, "tabula/cmd/tabula").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startInstance starts `tabula serve` on a free loopback port and waits
// (bounded) until it logs that it listens for room changes; then /readyz
// must answer 200.
func startInstance(t *testing.T, bin, db string, extra ...string) *instance {
	t.Helper()
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--rooms-per-minute", "10000", "--msg-rate", "1000",
		"--lease", "3s", "--poll", "200ms"}, extra...)
	in := &instance{cmd: exec.Command(bin, args...), logs: &syncBuffer{}}
	in.cmd.Stderr = in.logs
	listening := in.logs.watch("listening for room changes")
	in.leased = in.logs.watch("computer move leased")
	stdout, err := in.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := in.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.stop() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("tabula serve said nothing: %v\n%s", err, in.logs)
	}
	go io.Copy(io.Discard, stdout)
	const prefix = "Tabula is being served at "
	i := strings.Index(line, prefix)
	if i < 0 {
		t.Fatalf("unexpected first line %q", line)
	}
	in.URL = strings.TrimSuffix(strings.Fields(line[i+len(prefix):])[0], "/")
	if code, body := get(in.URL + "/healthz"); code != http.StatusOK {
		t.Fatalf("%s/healthz: %d %s", in.URL, code, body)
	}
	select {
	case <-listening:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s never listened for room changes:\n%s", in.URL, in.logs)
	}
	if code, body := get(in.URL + "/readyz"); code != http.StatusOK {
		t.Fatalf("%s/readyz: %d %s", in.URL, code, body)
	}
	return in
}

// kill ends the process at once, as a crash would.
func (in *instance) kill() {
	in.dead.Store(true)
	in.cmd.Process.Kill()
	in.cmd.Wait()
}

// stop asks the process to stop and waits for it (bounded).
func (in *instance) stop() {
	if in.dead.Swap(true) {
		return
	}
	in.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { in.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		in.cmd.Process.Kill()
		<-done
	}
}

func (in *instance) pid() int { return in.cmd.Process.Pid }

func get(u string) (int, string) {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get(u)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, string(b)
}

func post(u, body string) (int, []byte, error) {
	c := http.Client{Timeout: 10 * time.Second}
	resp, err := c.Post(u, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, b, err
}

// balancer is a client's load balancer: it sends every request, WebSocket
// upgrades included, to the first of its instances that it has not found
// down, and marks an instance down when it cannot reach it, so that the
// client's next attempt goes to the next one.
type balancer struct {
	*httptest.Server
	targets func() []*instance
	mu      sync.Mutex
	down    map[*instance]bool
}

func newBalancer(t *testing.T, targets func() []*instance) *balancer {
	b := &balancer{targets: targets, down: map[*instance]bool{}}
	pick := func() *instance {
		b.mu.Lock()
		defer b.mu.Unlock()
		all := b.targets()
		for _, in := range all {
			if !b.down[in] {
				return in
			}
		}
		return all[0]
	}
	const via = "X-Balancer-Target"
	rp := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			in := pick()
			u, _ := url.Parse(in.URL)
			pr.SetURL(u)
			pr.Out.Host = u.Host // the instance answers loopback host names only
			pr.Out.Header.Set(via, in.URL)
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			b.mu.Lock()
			for _, in := range b.targets() {
				if in.URL == r.Header.Get(via) {
					b.down[in] = true
				}
			}
			b.mu.Unlock()
			http.Error(w, "instance down: "+err.Error(), http.StatusBadGateway)
		},
	}
	b.Server = httptest.NewServer(rp)
	t.Cleanup(b.Close)
	return b
}

// fixed is a list of instances that does not change.
func fixed(ins ...*instance) func() []*instance { return func() []*instance { return ins } }

func ctxFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}
