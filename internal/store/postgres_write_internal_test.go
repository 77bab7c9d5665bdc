package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"tabula/internal/pgtest"
)

// openBatchPG opens a fresh database with rooms r0 .. r(n-1), each at
// version 0.
func openBatchPG(t *testing.T, n int) *Postgres {
	t.Helper()
	p, err := OpenPostgres(context.Background(), pgtest.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	now := time.Now()
	for i := range n {
		if err := p.CreateRoom(context.Background(), Room{ID: fmt.Sprintf("r%d", i), Game: "adji-boto", Secret: []byte{1}, Status: Open, Created: now, Updated: now}, nil); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func stepWrite(room string, from int, commits ...Commit) *pgWrite {
	st := Step{Room: room, From: from, Events: []Event{{Version: from + 1, Kind: "turn", Body: []byte(`{}`)}}, Commits: commits}
	return &pgWrite{room: room, step: &st, done: make(chan error, 1)}
}

// TestABatchedChangeFailsAlone: in one transaction of changes, a change
// the database refuses (two commitments of one seat, a room that
// exists), a step from the wrong version and one of no room get their
// own answers, and the others are stored.
func TestABatchedChangeFailsAlone(t *testing.T) {
	p := openBatchPG(t, 5)
	now := time.Now()
	batch := []*pgWrite{
		stepWrite("r4", 0),
		stepWrite("r2", 0, Commit{Seat: 0, Move: "7", Version: 1}, Commit{Seat: 0, Move: "8", Version: 1}),
		stepWrite("r0", 0),
		stepWrite("r3", 5),
		{room: "r1", create: &newRoom{r: Room{ID: "r1", Game: "adji-boto", Secret: []byte{2}, Status: Open, Created: now, Updated: now}}, done: make(chan error, 1)},
		stepWrite("r1", 0),
		stepWrite("zz", 0),
		{room: "r5", create: &newRoom{r: Room{ID: "r5", Game: "adji-boto", Secret: []byte{3}, Status: Open, Created: now, Updated: now}}, done: make(chan error, 1)},
	}
	p.commitBatch(batch)
	got := map[string]error{}
	for _, w := range batch {
		key := w.room
		if w.create != nil {
			key = "create " + w.room
		}
		got[key] = <-w.done
	}
	for _, ok := range []string{"r4", "r0", "r1", "create r5"} {
		if got[ok] != nil {
			t.Errorf("%s: %v, want it stored", ok, got[ok])
		}
	}
	for _, bad := range []string{"r2", "create r1"} {
		if got[bad] == nil || errors.Is(got[bad], ErrConflict) {
			t.Errorf("%s: err = %v, want the database's refusal", bad, got[bad])
		}
	}
	if !errors.Is(got["r3"], ErrConflict) {
		t.Errorf("r3: err = %v, want ErrConflict", got["r3"])
	}
	if !errors.Is(got["zz"], ErrNotFound) {
		t.Errorf("zz: err = %v, want ErrNotFound", got["zz"])
	}
	vs, err := p.Versions(context.Background(), []string{"r0", "r1", "r2", "r3", "r4", "r5"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"r0": 1, "r1": 1, "r2": 0, "r3": 0, "r4": 1, "r5": 0}
	for id, v := range want {
		if got, ok := vs[id]; !ok || got != v {
			t.Errorf("room %s at version %d (exists %v), want %d", id, got, ok, v)
		}
	}
	sn, err := p.LoadRoom(context.Background(), "r1")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sn.Room.Secret, []byte{1}) {
		t.Errorf("the refused creation of r1 replaced it: secret %v", sn.Room.Secret)
	}
}

// TestPostgresDurableOnlyForStoredSteps: in one transaction of changes,
// each stored step's Durable has run once when its answer comes, and
// that of a step refused (stale, or refused by the database) never.
func TestPostgresDurableOnlyForStoredSteps(t *testing.T) {
	p := openBatchPG(t, 4)
	batch := []*pgWrite{
		stepWrite("r0", 0),
		stepWrite("r1", 5),
		stepWrite("r2", 0, Commit{Seat: 0, Move: "7", Version: 1}, Commit{Seat: 0, Move: "8", Version: 1}),
		stepWrite("r3", 0),
	}
	calls := map[string]int{}
	for _, w := range batch {
		w.step.Durable = func() { calls[w.room]++ }
	}
	p.commitBatch(batch)
	for _, w := range batch {
		err := <-w.done
		switch n, stored := calls[w.room], w.room == "r0" || w.room == "r3"; {
		case stored && (err != nil || n != 1):
			t.Errorf("%s: %v, and Durable ran %d times before the answer, want stored and once", w.room, err, n)
		case !stored && (err == nil || n != 0):
			t.Errorf("%s: %v, and Durable ran %d times, want refused and never", w.room, err, n)
		}
	}
}
