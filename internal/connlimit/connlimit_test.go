package connlimit

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// serve runs an HTTP server behind a limiter of cfg on loopback: /healthz
// answers at once, /slow when release is closed.
func serve(t *testing.T, cfg Config) (l *Limiter, addr string, release chan struct{}) {
	t.Helper()
	l = New(cfg)
	release = make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) { <-release; io.WriteString(w, "done") })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: l.Handler(mux), ConnState: l.ConnState, ConnContext: l.ConnContext, ReadHeaderTimeout: time.Minute}
	go hs.Serve(l.Listener(ln))
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
		hs.Close()
	})
	return l, ln.Addr().String(), release
}

// dial opens a connection to addr from the loopback address from.
func dial(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// get sends a GET of path on c (keep-alive) and returns the status, or 0
// when the connection was closed without an answer.
func get(t *testing.T, c net.Conn, path string) int {
	t.Helper()
	io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: x\r\n\r\n")
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// waitFor yields until the limiter holds n connections in state s.
func waitFor(l *Limiter, s state, n int) {
	for {
		l.mu.Lock()
		k := 0
		for c := range l.conns {
			if c.state == s {
				k++
			}
		}
		l.mu.Unlock()
		if k == n {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// closed reports whether the server closed c (a read ends at once).
func closed(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err := c.Read(make([]byte, 1))
	return err != nil && !isTimeout(err)
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// At the total cap of N, N idle keep-alive connections make room for the
// next: the oldest is closed, and /healthz answers another address.
func TestIdleConnectionsMakeRoom(t *testing.T) {
	l, addr, _ := serve(t, Config{Total: 4, PerAddr: 4})
	var conns []net.Conn
	for range 4 {
		c := dial(t, "127.0.0.1", addr)
		if code := get(t, c, "/healthz"); code != 200 {
			t.Fatalf("idle connection's request: %d", code)
		}
		conns = append(conns, c)
		waitFor(l, idle, len(conns))
	}
	c := dial(t, "127.0.0.2", addr)
	if code := get(t, c, "/healthz"); code != 200 {
		t.Fatalf("/healthz from another address at the cap: %d, want 200", code)
	}
	if !closed(conns[0]) {
		t.Error("the oldest idle connection is still open")
	}
	if code := get(t, conns[3], "/healthz"); code != 200 {
		t.Errorf("the newest idle connection: %d, want 200 (still open)", code)
	}
	if st := l.Stats(); st.Open > 4 || st.Evicted < 1 {
		t.Errorf("stats %+v, want at most 4 open and 1 evicted", st)
	}
}

// Connections that never finish their headers are closed to make room,
// the oldest first: slow headers cannot hold the door shut.
func TestSlowHeadersMakeRoom(t *testing.T) {
	l, addr, _ := serve(t, Config{Total: 3, PerAddr: 3})
	var slow []net.Conn
	for range 3 {
		c := dial(t, "127.0.0.1", addr)
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n") // never ends
		slow = append(slow, c)
	}
	waitFor(l, reading, 3)
	c := dial(t, "127.0.0.3", addr)
	if code := get(t, c, "/healthz"); code != 200 {
		t.Fatalf("/healthz with 3 slow connections at the cap: %d, want 200", code)
	}
	if !closed(slow[0]) {
		t.Error("the oldest slow connection is still open")
	}
}

// An address at its own cap with every connection busy gets 503 for the
// next; another address still gets in. Busy connections are never
// closed.
func TestAnAddressAtItsCapIsRefused(t *testing.T) {
	l, addr, release := serve(t, Config{Total: 10, PerAddr: 2})
	var busy []net.Conn
	for range 2 {
		c := dial(t, "127.0.0.1", addr)
		io.WriteString(c, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
		busy = append(busy, c)
	}
	waitFor(l, serving, 2)
	c := dial(t, "127.0.0.1", addr)
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || res.StatusCode != 503 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("third connection of a full address: %v %v, want 503 with Retry-After", res, err)
	}
	if code := get(t, dial(t, "127.0.0.2", addr), "/healthz"); code != 200 {
		t.Errorf("another address: %d, want 200", code)
	}
	close(release)
	for _, c := range busy {
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || res.StatusCode != 200 {
			t.Errorf("a busy connection: %v %v, want its 200", res, err)
		}
	}
	if st := l.Stats(); st.Refused != 1 || st.Evicted != 0 {
		t.Errorf("stats %+v, want 1 refused and none evicted", st)
	}
}

// An exempt address (a reverse proxy) has no cap of its own: only the
// total counts.
func TestExemptAddressesHaveNoCapOfTheirOwn(t *testing.T) {
	proxy := netip.MustParseAddr("127.0.0.1")
	l, addr, _ := serve(t, Config{Total: 10, PerAddr: 1, Exempt: func(a netip.Addr) bool { return a == proxy }})
	for i := range 3 {
		c := dial(t, "127.0.0.1", addr)
		io.WriteString(c, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
		waitFor(l, serving, i+1)
	}
	if code := get(t, dial(t, "127.0.0.1", addr), "/healthz"); code != 200 {
		t.Errorf("a fourth connection of the proxy: %d, want 200", code)
	}
}

func TestRefusalIsAnHTTPResponse(t *testing.T) {
	res, err := http.ReadResponse(bufio.NewReader(strings.NewReader(refusal)), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 503 || int64(len(body)) != res.ContentLength {
		t.Errorf("refusal: %d, body %q of %d bytes", res.StatusCode, body, res.ContentLength)
	}
}
