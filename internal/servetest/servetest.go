// Package servetest runs real `tabula serve` processes for tests: it
// builds the command, starts instances on free loopback ports, watches
// their logs, and kills or stops them (internal/failover, web/e2e).
package servetest

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"tabula/internal/procs"
)

// Instance is one `tabula serve` process.
type Instance struct {
	URL  string
	Cmd  *exec.Cmd
	Logs *LogBuffer
	// Dead is set once the process was killed or stopped.
	Dead atomic.Bool
	// Leased receives the log lines of the computer moves it leases.
	Leased <-chan string
}

// LogBuffer collects a process's log and tells watchers about the
// lines they wait for, as they are written.
type LogBuffer struct {
	mu       sync.Mutex
	b        bytes.Buffer
	partial  []byte
	watchers []watcher
}

type watcher struct {
	subs []string
	ch   chan string
}

func (s *LogBuffer) Write(p []byte) (int, error) {
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

// Watch returns a channel that receives every line written from now on
// that contains every one of subs.
func (s *LogBuffer) Watch(subs ...string) <-chan string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := make(chan string, 256)
	s.watchers = append(s.watchers, watcher{subs, ch})
	return ch
}

func (s *LogBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Build builds the command for the test, into its temporary directory;
// under Run, once for all the tests of the binary.
func Build(t *testing.T) string {
	t.Helper()
	if shared.dir == "" {
		return build(t, t.TempDir())
	}
	shared.once.Do(func() { shared.bin = build(t, shared.dir) })
	if shared.bin == "" {
		t.Fatal("the build of tabula failed in an earlier test")
	}
	return shared.bin
}

func build(t *testing.T, dir string) string {
	t.Helper()
	bin, err := BuildInto(dir)
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// Stamp is the revision every build of the tests stamps, as the
// container build stamps its own (deploy/Dockerfile).
const Stamp = "0123abcd"

// BuildFlags are the flags of every build of tabula that a test makes
// (here, deploy's): one configuration, so that the build cache shares
// every compiled package, the main one too (-buildvcs=false: no VCS
// state compiled into it), and only the link is each build's own.
// -pgo=off: the tests build every package without cmd/tabula's profile,
// as scripts/test.sh builds the test binaries, so that no package is
// compiled twice; the profile changes speed, not behaviour
// (scripts/selfplay-same.sh compares the two builds' output).
var BuildFlags = []string{"-buildvcs=false", "-pgo=off", "-ldflags", "-X tabula/internal/version.Revision=" + Stamp}

// BuildInto builds the command into dir and returns its path: for a
// package whose tests share one build. The build goes first to a place
// that every test binary of the module shares (sharedBuild), where go
// build links again only when a source changed, and is linked from there
// into dir: the packages of a run (scripts, failover, deploy, web/e2e)
// pay for one link of the largest binary, not one each.
func BuildInto(dir string) (string, error) {
	shared, err := sharedBuild()
	if err != nil {
		return "", err
	}
	out, err := exec.Command("go", append(append([]string{"build"}, BuildFlags...), "-o", shared, "tabula/cmd/tabula")...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	// go build replaces the shared file by a rename: the link keeps this
	// build whatever another test binary builds there later.
	bin := filepath.Join(dir, "tabula")
	if os.Link(shared, bin) != nil { // another file system: a copy
		if err := copyFile(shared, bin); err != nil {
			return "", fmt.Errorf("servetest: %v", err)
		}
	}
	return bin, nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// sharedBuild is the shared place of the module's build of tabula: one
// for each checkout (a directory of the user's cache named by the
// module's root), so that two checkouts built side by side do not replace
// each other's.
func sharedBuild() (string, error) {
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	sum := sha256.Sum256([]byte(root))
	dir := filepath.Join(cache, "tabula-tests", hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("servetest: %v", err)
	}
	return filepath.Join(dir, "tabula"), nil
}

// moduleRoot is the directory of the go.mod above the working directory
// (a test runs in its package's directory).
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("servetest: no go.mod above the working directory")
		}
		dir = up
	}
}

// shared is the one build of the command under Run.
var shared struct {
	dir, bin string
	once     sync.Once
}

// Run runs a package's tests (m.Run, from TestMain) with one build of the
// command for all of them (each link of tabula costs seconds of CPU), and
// removes it at the end. It returns m.Run's exit code.
func Run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "servetest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	shared.dir = dir
	return m.Run()
}

// Start starts `tabula serve` on a free loopback port and waits
// (bounded) until it logs that it listens for room changes; then /readyz
// must answer 200.
func Start(t *testing.T, bin, db string, extra ...string) *Instance {
	t.Helper()
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--rooms-per-minute", "10000", "--msg-rate", "1000",
		"--lease", "3s", "--poll", "200ms"}, extra...)
	in := &Instance{Cmd: exec.Command(bin, args...), Logs: &LogBuffer{}}
	in.Cmd.Stderr = in.Logs
	// A test binary killed mid-run leaves no server behind.
	procs.DieWithParent(in.Cmd, syscall.SIGKILL)
	listening := in.Logs.Watch("listening for room changes")
	in.Leased = in.Logs.Watch("computer move leased")
	stdout, err := in.Cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := in.Cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Stop() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("tabula serve said nothing: %v\n%s", err, in.Logs)
	}
	go io.Copy(io.Discard, stdout)
	const prefix = "Tabula is being served at "
	i := strings.Index(line, prefix)
	if i < 0 {
		t.Fatalf("unexpected first line %q", line)
	}
	in.URL = strings.TrimSuffix(strings.Fields(line[i+len(prefix):])[0], "/")
	if code, body := Get(in.URL + "/healthz"); code != http.StatusOK {
		t.Fatalf("%s/healthz: %d %s", in.URL, code, body)
	}
	select {
	case <-listening:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s never listened for room changes:\n%s", in.URL, in.Logs)
	}
	if code, body := Get(in.URL + "/readyz"); code != http.StatusOK {
		t.Fatalf("%s/readyz: %d %s", in.URL, code, body)
	}
	return in
}

// Kill ends the process at once, as a crash would.
func (in *Instance) Kill() {
	in.Dead.Store(true)
	in.Cmd.Process.Kill()
	in.Cmd.Wait()
}

// Stop asks the process to stop and waits for it (bounded).
func (in *Instance) Stop() {
	if in.Dead.Swap(true) {
		return
	}
	in.Cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { in.Cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		in.Cmd.Process.Kill()
		<-done
	}
}

// Flag is the value of the last --name the process was started with (the
// one in force), or "" without one.
func (in *Instance) Flag(name string) string {
	args := in.Cmd.Args
	for i := len(args) - 2; i >= 0; i-- {
		if args[i] == "--"+name {
			return args[i+1]
		}
	}
	return ""
}

// Pid is the process id.
func (in *Instance) Pid() int { return in.Cmd.Process.Pid }

// Get fetches u and returns its status and body (status 0 and the error
// when it could not).
func Get(u string) (int, string) {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get(u)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, string(b)
}

// Post sends body as JSON to u.
func Post(u, body string) (int, []byte, error) {
	c := http.Client{Timeout: 10 * time.Second}
	resp, err := c.Post(u, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, b, err
}

// GetOn sends a keep-alive GET of path for host on the raw connection c and
// returns the answer's status, or 0 when c was closed without one (a
// connection limit's test holds such connections open).
func GetOn(c net.Conn, host, path string) int {
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", path, host)
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}
