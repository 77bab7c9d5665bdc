package roomclient

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tabula/internal/wire"
)

// TestThinkIsNotRestartedByOtherMessages: a message that does not change
// the position (here the other seat coming online) arrives while the bot
// thinks; the bot then waits out the rest of its pause, not a whole new
// one. The clock is the test's: it moves only when the test says.
func TestThinkIsNotRestartedByOtherMessages(t *testing.T) {
	const think = time.Second
	presence := make(chan struct{})
	moved := make(chan wire.ClientMsg, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx := r.Context()
		if _, _, err := c.Read(ctx); err != nil { // the hello
			return
		}
		state := `{"game":"x","ply":0,"toMove":[0],"legal":{"0":["a"]},"terminal":false}`
		c.Write(ctx, websocket.MessageText, wire.Welcome(wire.View{Room: "r", Seat: 0, State: []byte(state), Status: "open"}, nil))
		<-presence
		c.Write(ctx, websocket.MessageText, wire.Presence([]bool{true, true}))
		_, b, err := c.Read(ctx)
		if err != nil {
			return
		}
		m, err := wire.DecodeClient(b)
		if err != nil {
			t.Error(err)
			return
		}
		moved <- m
		c.Read(ctx) // until the bot goes
	}))
	defer srv.Close()

	var mu sync.Mutex
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type wait struct {
		d    time.Duration
		fire chan time.Time
	}
	waits := make(chan wait, 4)
	b := &Bot{Base: srv.URL, Room: "r", Token: "t", Think: think, Rand: rand.New(rand.NewPCG(1, 2))}
	b.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	b.after = func(d time.Duration) <-chan time.Time {
		w := wait{d, make(chan time.Time, 1)}
		waits <- w
		return w.fire
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	done := make(chan struct{})
	go func() { defer close(done); b.Run(ctx) }()

	first := <-waits
	if first.d != think {
		t.Fatalf("first pause %v, want %v", first.d, think)
	}
	mu.Lock()
	clock = clock.Add(400 * time.Millisecond)
	mu.Unlock()
	close(presence)
	second := <-waits
	if second.d != think-400*time.Millisecond {
		t.Fatalf("after a presence 400 ms into the pause the bot waits %v more, want %v", second.d, think-400*time.Millisecond)
	}
	second.fire <- clock
	if m := <-moved; m.Type != wire.TypeMove || m.Move != "a" {
		t.Fatalf("the bot sent %+v, want its move", m)
	}
	cancel()
	<-done
}

// TestPausesSpreadAroundThink: with ThinkSpread 0.2 every pause lies in
// 0.8 to 1.2 times Think, the pauses differ, and they average Think; with
// 0 every pause is Think.
func TestPausesSpreadAroundThink(t *testing.T) {
	const think = time.Second
	b := &Bot{Think: think, ThinkSpread: 0.2, Rand: rand.New(rand.NewPCG(3, 4))}
	var sum time.Duration
	seen := map[time.Duration]bool{}
	const n = 10000
	for range n {
		p := b.pause()
		if p < 800*time.Millisecond || p > 1200*time.Millisecond {
			t.Fatalf("pause %v outside 0.8-1.2 s", p)
		}
		sum += p
		seen[p] = true
	}
	if len(seen) < n/2 {
		t.Errorf("%d distinct pauses of %d", len(seen), n)
	}
	if mean := sum / n; mean < 990*time.Millisecond || mean > 1010*time.Millisecond {
		t.Errorf("mean pause %v, want about %v", mean, think)
	}
	b.ThinkSpread = 0
	if p := b.pause(); p != think {
		t.Errorf("no spread: pause %v, want %v", p, think)
	}
}
