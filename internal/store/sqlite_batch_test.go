package store

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSQLiteBatchRefusesOnlyTheFailingStep commits a batch (as the writer
// groups steps that arrive together) whose third step fails half way,
// after its event was written: that step leaves nothing, and every other
// step, before and after it, is stored.
func TestSQLiteBatchRefusesOnlyTheFailingStep(t *testing.T) {
	s := openWithRooms(t, "a", "b", "c")
	ctx := context.Background()
	turn := func(room string, from int) Step {
		return Step{Room: room, From: from, Events: []Event{{Version: from + 1, Kind: "turn", Body: []byte(`{}`)}}}
	}
	bad := Step{Room: "b", From: 0, Events: []Event{{Version: 1, Kind: "commit", Body: []byte(`{}`)}},
		Commits: []Commit{{Seat: 0, Move: "1", Version: 1}, {Seat: 0, Move: "2", Version: 1}}}
	steps := []Step{turn("a", 0), turn("c", 0), bad, turn("a", 1), turn("zz", 0)}
	batch := make([]applyReq, len(steps))
	for i, st := range steps {
		batch[i] = applyReq{st: st}
	}
	errs := s.commitBatch(batch)
	for i, err := range errs {
		switch i {
		case 2:
			if err == nil {
				t.Errorf("the step with two commitments of one seat succeeded")
			}
		case 4:
			if !errors.Is(err, ErrNotFound) {
				t.Errorf("the step of an unknown room: %v, want ErrNotFound", err)
			}
		default:
			if err != nil {
				t.Errorf("step %d: %v", i, err)
			}
		}
	}
	for id, want := range map[string]int{"a": 2, "b": 0, "c": 1} {
		sn, err := s.LoadRoom(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if sn.Room.Version != want || len(sn.Events) != want || len(sn.Commits) != 0 {
			t.Errorf("room %s: version %d, %d events, %d commitments; want version %d with as many events and none",
				id, sn.Room.Version, len(sn.Events), len(sn.Commits), want)
		}
	}
}

// TestSQLiteDurableOnlyForStoredSteps: steps applied at once (so that
// the writer may take them in one batch), one of them stale: each stored
// step's Durable has run once when its Apply returns, the stale one's
// never.
func TestSQLiteDurableOnlyForStoredSteps(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e", "f"}
	s := openWithRooms(t, ids...)
	var wg sync.WaitGroup
	for i, id := range ids {
		from := 0
		if i == 2 {
			from = 1 // the room is at 0: refused
		}
		wg.Go(func() {
			var calls atomic.Int32
			st := Step{Room: id, From: from, Events: []Event{{Version: from + 1, Kind: "turn", Body: []byte(`{}`)}},
				Durable: func() { calls.Add(1) }}
			err := s.Apply(context.Background(), st)
			switch n := calls.Load(); {
			case err != nil && n != 0:
				t.Errorf("room %s: refused (%v), yet Durable ran %d times", id, err, n)
			case err == nil && n != 1:
				t.Errorf("room %s: stored, and Durable ran %d times before Apply returned, want 1", id, n)
			case (err == nil) != (from == 0):
				t.Errorf("room %s from %d: %v", id, from, err)
			}
		})
	}
	wg.Wait()
}

// openWithRooms opens a new SQLite store holding open rooms of two people
// with the ids given; the test closes it.
func openWithRooms(tb testing.TB, ids ...string) *SQLite {
	s, err := OpenSQLite(filepath.Join(tb.TempDir(), "t.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	now := time.Now()
	for _, id := range ids {
		r := Room{ID: id, Game: "adji-boto", Secret: []byte{1}, Status: Open, Created: now, Updated: now}
		if err := s.CreateRoom(context.Background(), r, []Seat{{Index: 0, Kind: "person"}, {Index: 1, Kind: "person"}}); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}
