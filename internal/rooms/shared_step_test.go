package rooms

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"tabula/engine"
	"tabula/internal/pgtest"
	"tabula/internal/store"
	"tabula/internal/wire"
)

// countingStore counts the catch-up reads of a process.
type countingStore struct {
	*store.Postgres
	since atomic.Int32
}

func (c *countingStore) LoadSince(ctx context.Context, id string, after int) (store.Snapshot, error) {
	c.since.Add(1)
	return c.Postgres.LoadSince(ctx, id, after)
}

// TestSteppedTakesEventsWithoutReading: a process told the events of
// another's step (Stepped) at the version it has takes them as they are
// and reads nothing; told them while behind, it catches up by reading.
// Its spectator sees every event once, in order, as stored.
func TestSteppedTakesEventsWithoutReading(t *testing.T) {
	url := pgtest.Database(t)
	var stores [2]*store.Postgres
	for i := range stores {
		s, err := store.OpenPostgres(bg, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores[i] = s
	}
	cb := &countingStore{Postgres: stores[1]}
	var ms [2]*Manager
	for i, s := range []Store{stores[0], cb} {
		ms[i] = NewManager(Config{Store: s, Agents: randomAgents, Offered: func(engine.Game, engine.Options) []string { return []string{"random"} },
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Holder: []string{"A", "B"}[i]})
		t.Cleanup(ms[i].Close)
	}
	a, b := ms[0], ms[1]
	c, err := a.Create(bg, "adji-boto", nil, people(2), Clock{})
	if err != nil {
		t.Fatal(err)
	}
	ra, rb := roomOn(t, a, c.ID), roomOn(t, b, c.ID)
	subs := []*Sub{join(t, ra, c.Tokens[0]), join(t, ra, c.Tokens[1])}
	spec := join(t, rb, "")
	rng := rand.New(rand.NewPCG(3, 4))
	const skipped = 3 // the turn whose step b is not told
	seen, turns := 0, 0
	for ; ; turns++ {
		v, mover, move, done := randomMove(ra, rng)
		if done {
			break
		}
		if _, err := ra.Move(bg, subs[mover], v, move); err != nil {
			t.Fatal(err)
		}
		drain(subs...)
		sn, err := stores[0].LoadSince(bg, c.ID, v)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case sn.Room.Status != store.Open:
			b.Changed(bg, c.ID, sn.Room.Version) // the end: not a step of events only
		case turns != skipped:
			b.Stepped(bg, c.ID, v, sn.Events)
		}
		for len(spec.Out) > 0 {
			var m msg
			if err := json.Unmarshal(<-spec.Out, &m); err != nil {
				t.Fatal(err)
			}
			if m.Type == wire.TypeEvent {
				if m.Event.Version != seen+1 {
					t.Fatalf("the spectator saw version %d after %d", m.Event.Version, seen)
				}
				seen++
			}
		}
	}
	sn, err := stores[0].LoadRoom(bg, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	rb.mu.Lock()
	bv, bs := rb.version, rb.status
	rb.mu.Unlock()
	if turns <= skipped+1 || bv != sn.Room.Version || bs != store.Finished || seen != len(sn.Events) {
		t.Fatalf("after %d turns b is at %d (%s), its spectator saw %d events; stored %d", turns, bv, bs, seen, sn.Room.Version)
	}
	// Two reads: the turn after the one b missed, and the end.
	if n := cb.since.Load(); n != 2 {
		t.Fatalf("b read the room %d times in %d turns, want 2", n, turns)
	}
}
