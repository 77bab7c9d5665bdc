package failover

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"tabula/view"
	"testing"
	"time"

	"tabula/internal/roomclient"
	"tabula/internal/store"
)

// follower is one live connection that keeps the room's version and
// state from the events it reads.
type follower struct {
	c     *roomclient.Conn
	v     int
	st    view.StateView
	ended bool
}

func follow(ctx context.Context, base, room, token string) (*follower, error) {
	c, w, err := roomclient.Dial(ctx, base, room, token, -1, nil)
	if err != nil {
		return nil, err
	}
	st, err := roomclient.ParseState(w.View.State)
	return &follower{c: c, v: w.View.Version, st: st, ended: w.View.Status != "open"}, err
}

// next reads one message and applies it if it is an event.
func (f *follower) next(ctx context.Context) (roomclient.Msg, error) {
	m, err := f.c.Recv(ctx)
	if err != nil || m.Type != "event" {
		return m, err
	}
	if m.Event.Version != f.v+1 {
		return m, fmt.Errorf("event %d after %d", m.Event.Version, f.v)
	}
	f.v = m.Event.Version
	f.ended = f.ended || m.Event.Kind == "end"
	f.st, err = roomclient.ParseState(m.State)
	return m, err
}

// reach reads until the connection has seen version v.
func (f *follower) reach(ctx context.Context, v int) error {
	for f.v < v {
		if _, err := f.next(ctx); err != nil {
			return err
		}
	}
	return nil
}

// answer reads until the answer to a move (ack or reject).
func (f *follower) answer(ctx context.Context) (roomclient.Msg, error) {
	for {
		m, err := f.next(ctx)
		if err != nil || m.Type == "ack" || m.Type == "reject" {
			return m, err
		}
	}
}

// sameMoveTwice: each seat is connected to two instances, and in every
// turn of a whole game the mover sends the same move through both at the
// same moment. Exactly one instance applies it; the other acknowledges it
// as a duplicate; the log has each move once.
func sameMoveTwice(t *testing.T, ins []*instance, pg *store.Postgres) {
	c := createRoom(t, ins[0], `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"person"}]}`)
	ctx := ctxFor(t, 2*time.Minute)
	var conns [2][2]*follower
	for s := range 2 {
		for k := range 2 {
			f, err := follow(ctx, ins[k].URL, c.ID, tokenOf(c.Seats[s].Link))
			if err != nil {
				t.Fatal(err)
			}
			defer f.c.CloseNow()
			conns[s][k] = f
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	turns := 0
	for ; !conns[0][0].ended && !conns[0][0].st.Terminal && turns < 1000; turns++ {
		v := conns[0][0].v
		for _, pair := range conns {
			for _, f := range pair {
				if err := f.reach(ctx, v); err != nil {
					t.Fatal(err)
				}
			}
		}
		mover := conns[0][0].st.ToMove[0]
		legal := conns[0][0].st.Legal[strconv.Itoa(mover)]
		move := legal[rng.IntN(len(legal))]
		var answers [2]roomclient.Msg
		var errs [2]error
		var wg sync.WaitGroup
		for k, f := range conns[mover] {
			wg.Go(func() {
				if errs[k] = f.c.Send(ctx, map[string]any{"type": "move", "version": v, "move": move}); errs[k] == nil {
					answers[k], errs[k] = f.answer(ctx)
				}
			})
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("turn %d: %v, %v", turns, errs[0], errs[1])
		}
		a, b := answers[0], answers[1]
		if a.Type != "ack" || b.Type != "ack" || a.Duplicate == b.Duplicate || a.Version != v+1 || b.Version != v+1 {
			t.Fatalf("turn %d, %q at %d: answers %s and %s; want one ack and one duplicate ack of %d", turns, move, v, a.Raw, b.Raw, v+1)
		}
		if err := conns[0][0].reach(ctx, v+1); err != nil {
			t.Fatal(err)
		}
	}
	sn, err := pg.LoadRoom(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range sn.Events {
		if e.Kind == "turn" {
			n++
		}
	}
	if n != turns || sn.Room.Status != store.Finished {
		t.Fatalf("%d turns sent twice each; the log has %d turns, the room is %s", turns, n, sn.Room.Status)
	}
	t.Logf("%d moves each sent to two instances at once: each applied once", turns)
}
