package rooms

import (
	"bytes"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"tabula/engine"
	"tabula/internal/pgtest"
	"tabula/internal/store"
)

// gatedProcesses returns processes A and B on one new PostgreSQL
// database, whose computer players search behind the gates ga and gb;
// setup, if not nil, adjusts each one's config (i is 0 for A).
func gatedProcesses(t *testing.T, ga, gb *gate, setup func(i int, cfg *Config)) (a, b *Manager, pg *store.Postgres) {
	t.Helper()
	url := pgtest.Database(t)
	var ms []*Manager
	for i, g := range []*gate{ga, gb} {
		s, err := store.OpenPostgres(bg, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		pg = s
		cfg := Config{Store: s, Agents: g.agents, Holder: []string{"A", "B"}[i],
			Offered: func(engine.Game, engine.Options) []string { return []string{"random"} },
			Log:     slog.New(slog.NewTextHandler(io.Discard, nil))}
		if setup != nil {
			setup(i, &cfg)
		}
		m := NewManager(cfg)
		t.Cleanup(m.Close)
		ms = append(ms, m)
	}
	return ms[0], ms[1], pg
}

// leaseRoom starts, on process A, a computer move that searches until
// ga opens, with a lease of an hour whose renewals renew ticks, and A's
// log written to logA.
func leaseRoom(t *testing.T, ga, gb *gate, renew chan time.Time, logA io.Writer) (a, b *Manager, pg *store.Postgres, ra *Room, id string) {
	t.Helper()
	a, b, pg = gatedProcesses(t, ga, gb, func(i int, cfg *Config) {
		cfg.Lease = time.Hour
		if i == 0 {
			cfg.renewals = renew
			cfg.Log = slog.New(slog.NewTextHandler(logA, nil))
		}
	})
	c, err := a.Create(bg, "adji-boto", nil, []SeatSpec{{Kind: Person}, {Kind: Computer, Agent: "random"}}, Clock{})
	if err != nil {
		t.Fatal(err)
	}
	ra = roomOn(t, a, c.ID)
	mustMove(t, ra, join(t, ra, c.Tokens[0]), 0, engine.LegalTexts(ra.state, 0)[0])
	return a, b, pg, ra, c.ID
}

// leaseExpiry is when the lease of room runs out, in the database's
// Unix milliseconds.
func leaseExpiry(t *testing.T, pg *store.Postgres, room string) int64 {
	t.Helper()
	var ms int64
	if err := pg.Pool().QueryRow(bg, `SELECT expires FROM leases WHERE room = $1`, room).Scan(&ms); err != nil {
		t.Fatal(err)
	}
	return ms
}

// logWatch closes seen when a line with word is written.
type logWatch struct {
	word string
	seen chan struct{}
	once sync.Once
}

func (w *logWatch) Write(p []byte) (int, error) {
	if bytes.Contains(p, []byte(w.word)) {
		w.once.Do(func() { close(w.seen) })
	}
	return len(p), nil
}

// TestASearchRenewsItsLease: a computer move that searches longer than
// its lease keeps it, because its process renews it; another process
// takes nothing over.
func TestASearchRenewsItsLease(t *testing.T) {
	ga, gb := &gate{open: make(chan struct{})}, &gate{open: make(chan struct{})}
	close(gb.open)
	renew := make(chan time.Time)
	_, b, pg, _, id := leaseRoom(t, ga, gb, renew, io.Discard)
	defer close(ga.open)
	// Almost all of A's lease (an hour) has gone by in its search.
	if _, err := pg.Pool().Exec(bg, `UPDATE leases SET expires = expires - 3599000 WHERE room = $1`, id); err != nil {
		t.Fatal(err)
	}
	before := leaseExpiry(t, pg, id)
	renew <- time.Now()
	renew <- time.Now() // the first renewal is done once the loop takes the second tick
	if after := leaseExpiry(t, pg, id); after-before < 30*60*1000 {
		t.Fatalf("a renewal moved A's lease from %d to %d, want about an hour later", before, after)
	}
	roomOn(t, b, id)
	if err := b.TakeOver(bg); err != nil {
		t.Fatal(err)
	}
	if gb.calls.Load() != 0 {
		t.Fatal("process B computed a move whose lease A renews")
	}
}

// TestALostLeaseStoresNothing: a process whose lease another took over
// while it searched (it stalled past its lease) stops at its next
// renewal and does not store its move: the other process does.
func TestALostLeaseStoresNothing(t *testing.T) {
	ga, gb := &gate{open: make(chan struct{})}, &gate{open: make(chan struct{})}
	close(gb.open)
	renew := make(chan time.Time)
	lost := &logWatch{word: "computer move taken over", seen: make(chan struct{})}
	_, _, pg, ra, id := leaseRoom(t, ga, gb, renew, lost)
	// B took the lease over while A's search went on.
	if _, err := pg.Pool().Exec(bg, `UPDATE leases SET holder = 'B' WHERE room = $1`, id); err != nil {
		t.Fatal(err)
	}
	renew <- time.Now()
	<-lost.seen
	close(ga.open) // A's search ends after it learned of the loss
	for {
		ra.mu.Lock()
		thinking := ra.thinking != nil
		ra.mu.Unlock()
		if !thinking {
			break
		}
		time.Sleep(time.Millisecond)
	}
	sn, err := pg.LoadRoom(bg, id)
	if err != nil {
		t.Fatal(err)
	}
	if sn.Room.Version != 1 {
		t.Fatalf("the room is at version %d: A stored the move of a lease it had lost", sn.Room.Version)
	}
}
