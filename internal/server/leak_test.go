package server

import (
	"context"
	"net"
	"net/http"
	"os"
	"runtime"
	"strings"
	"sync"
	"tabula/internal/wire"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// openFiles counts this process's open file descriptors.
func openFiles(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(ents)
}

// heapInUse is the live heap after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC() // a second time, for what pools keep for one cycle
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// waitFor polls cond until it holds or a generous deadline passes; the
// deadline only ends a test that would otherwise hang, nothing is timed.
func waitFor(cond func() bool) bool {
	for end := time.Now().Add(60 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// rawDialer dials room sockets on connections it keeps, so that a test
// can drop or reset them underneath the WebSocket.
type rawDialer struct {
	mu    sync.Mutex
	last  net.Conn
	trans *http.Transport
}

func newRawDialer() *rawDialer {
	d := &rawDialer{}
	d.trans = &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		d.mu.Lock()
		d.last = c
		d.mu.Unlock()
		return c, err
	}}
	return d
}

// dial opens a room socket and says hello (if given); dials are one at a
// time, so the connection last dialed is this socket's.
func (d *rawDialer) dial(t *testing.T, url, hello string) (*websocket.Conn, net.Conn) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: &http.Client{Transport: d.trans}})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	if hello != "" {
		if err := ws.Write(ctx, websocket.MessageText, []byte(hello)); err != nil {
			t.Fatalf("hello: %v", err)
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return ws, d.last
}

// TestEndedConnectionsLeaveNothingBehind opens and ends room connections
// in every way a connection ends and checks that the server's sockets,
// goroutines and heap come back to where they started.
func TestEndedConnectionsLeaveNothingBehind(t *testing.T) {
	ts, s, _ := newOnlineServer(t)
	s.wsLimits.PerIP = 1 << 20
	s.wsLimits.Rate, s.wsLimits.Burst = 1e6, 1e6
	r := newRoom(t, ts, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	url := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/rooms/" + r.ID + "/ws"
	hello := `{"type":"hello","last":-1}`
	d := newRawDialer()
	ctx := context.Background()

	// Warm up once so that lazily made things (pools, timers) are made
	// before the baseline is taken.
	ws, _ := d.dial(t, url, hello)
	ws.Read(ctx)
	ws.Close(websocket.StatusNormalClosure, "")
	if !waitFor(func() bool { return s.liveSockets.Load() == 0 }) {
		t.Fatal("warm-up socket never ended")
	}
	d.trans.CloseIdleConnections()
	fd0, g0, heap0 := openFiles(t), runtime.NumGoroutine(), heapInUse()

	const each = 500
	ways := []struct {
		name string
		end  func(ws *websocket.Conn, raw net.Conn)
	}{
		{"clean close", func(ws *websocket.Conn, _ net.Conn) {
			ws.Read(ctx) // the welcome
			ws.Close(websocket.StatusNormalClosure, "bye")
		}},
		{"dropped TCP", func(ws *websocket.Conn, raw net.Conn) {
			ws.Read(ctx)
			raw.Close()
		}},
		{"reset", func(ws *websocket.Conn, raw net.Conn) {
			ws.Read(ctx)
			raw.(*net.TCPConn).SetLinger(0)
			raw.Close()
		}},
		{"closed by the server", nil}, // no hello: the server closes with 4005
	}
	for _, w := range ways {
		for range each {
			if w.end == nil {
				ws, _ := d.dial(t, url, `{"type":"ping"}`)
				if _, _, err := ws.Read(ctx); websocket.CloseStatus(err) != wire.CloseNoHello {
					t.Fatalf("%s: %v", w.name, err)
				}
				ws.CloseNow()
				continue
			}
			ws, raw := d.dial(t, url, hello)
			w.end(ws, raw)
			ws.CloseNow() // frees the client's side; the server's is what counts
		}
	}
	// A client that stops reading: the server's keepalive finds it gone
	// and ends the connection itself. Short intervals keep the test
	// quick; nothing below depends on them.
	s.wsLimits.Ping, s.wsLimits.WriteWait = 20*time.Millisecond, 50*time.Millisecond
	var stalled []*websocket.Conn
	for range 200 {
		ws, _ := d.dial(t, url, hello)
		stalled = append(stalled, ws)
	}
	if !waitFor(func() bool { return s.liveSockets.Load() == 0 }) {
		t.Fatalf("%d stalled connections never ended by the server", s.liveSockets.Load())
	}
	for _, ws := range stalled {
		ws.CloseNow()
	}
	stalled = nil // the clients' own buffers are not the server's heap
	d.trans.CloseIdleConnections()

	var fd, g int
	settled := waitFor(func() bool {
		fd, g = openFiles(t), runtime.NumGoroutine()
		return fd <= fd0 && g <= g0+2
	})
	if !settled {
		t.Errorf("after %d connections: open files %d (started at %d), goroutines %d (started at %d)", 4*each+200, fd, fd0, g, g0)
	}
	if heap := heapInUse(); heap > heap0+4<<20 {
		t.Errorf("heap grew from %d to %d bytes", heap0, heap)
	}
}
