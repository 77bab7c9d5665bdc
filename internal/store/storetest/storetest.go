// Package storetest is the conformance suite of room storage: every
// backend of rooms.Store runs Run against a fresh, empty store.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/internal/wire"
)

// Run checks a backend. open returns a new empty store; reopen, if not
// nil, closes a store and opens the same data again (a restart).
func Run(t *testing.T, open func(t *testing.T) rooms.Store, reopen func(t *testing.T, s rooms.Store) rooms.Store) {
	t.Run("RoundTrip", func(t *testing.T) { roundTrip(t, open(t), reopen) })
	t.Run("Conflict", func(t *testing.T) { conflict(t, open(t)) })
	t.Run("ConcurrentWriters", func(t *testing.T) { concurrentWriters(t, open(t)) })
	t.Run("AtomicStep", func(t *testing.T) { atomicStep(t, open(t)) })
	t.Run("Archive", func(t *testing.T) { archive(t, open(t)) })
	t.Run("Idle", func(t *testing.T) { idle(t, open(t)) })
	t.Run("Correspondence", func(t *testing.T) { correspondence(t, open(t)) })
	t.Run("Chat", func(t *testing.T) { chat(t, open(t)) })
	t.Run("RefusedStepChangesNothing", func(t *testing.T) { refusedStep(t, open(t)) })
	t.Run("ClearAndCommit", func(t *testing.T) { clearAndCommit(t, open(t)) })
	t.Run("Classes", func(t *testing.T) { classStore(t, open(t), reopen) })
}

var ctx = context.Background()

func newRoom(id string) (store.Room, []store.Seat) {
	now := time.Now()
	r := store.Room{ID: id, Game: "adji-boto", Options: []string{"seeds=3"}, Secret: []byte("0123456789abcdef0123456789abcdef"),
		Status: store.Open, Created: now, Updated: now, Clock: "300000+2000"}
	seats := []store.Seat{
		{Index: 0, Kind: "person", Name: "Ana", TokenHash: bytes.Repeat([]byte{1}, 32)},
		{Index: 1, Kind: "computer", Agent: "mcts:easy", Name: ""},
	}
	return r, seats
}

func ev(v int, kind, body string) store.Event {
	return store.Event{Version: v, Kind: wire.EventKind(kind), Body: []byte(body)}
}

func mustCreate(t *testing.T, s rooms.Store, id string) {
	t.Helper()
	r, seats := newRoom(id)
	if err := s.CreateRoom(ctx, r, seats); err != nil {
		t.Fatal(err)
	}
}

func roundTrip(t *testing.T, s rooms.Store, reopen func(t *testing.T, s rooms.Store) rooms.Store) {
	mustCreate(t, s, "r1")
	if _, err := s.LoadRoom(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("LoadRoom of an unknown room: err = %v, want ErrNotFound", err)
	}
	steps := []store.Step{
		{Room: "r1", From: 0, Events: []store.Event{ev(1, "turn", `{"move":"9"}`), ev(2, "turn", `{"move":"3"}`)}},
		{Room: "r1", From: 2, Events: []store.Event{ev(3, "commit", `{"seat":0}`)}, Commits: []store.Commit{{Seat: 0, Move: "7", Version: 3}}},
		{Room: "r1", From: 3, Events: []store.Event{ev(4, "seat", `{"seat":0}`)},
			Seats: []store.Seat{{Index: 0, Kind: "person", Name: "Bea", TokenHash: bytes.Repeat([]byte{2}, 32)}}},
	}
	for _, st := range steps {
		if err := s.Apply(ctx, st); err != nil {
			t.Fatal(err)
		}
	}
	if reopen != nil {
		s = reopen(t, s)
	}
	sn, err := s.LoadRoom(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	r := sn.Room
	if r.ID != "r1" || r.Game != "adji-boto" || !slices.Equal(r.Options, []string{"seeds=3"}) || r.Version != 4 ||
		r.Status != store.Open || string(r.Secret) != "0123456789abcdef0123456789abcdef" || r.Clock != "300000+2000" {
		t.Errorf("room = %+v", r)
	}
	if len(sn.Events) != 4 || sn.Events[3].Kind != "seat" || string(sn.Events[0].Body) != `{"move":"9"}` {
		t.Errorf("events = %+v", sn.Events)
	}
	for i, e := range sn.Events {
		if e.Version != i+1 {
			t.Errorf("event %d has version %d", i, e.Version)
		}
	}
	if len(sn.Seats) != 2 || sn.Seats[0].Name != "Bea" || !bytes.Equal(sn.Seats[0].TokenHash, bytes.Repeat([]byte{2}, 32)) ||
		sn.Seats[1].Kind != "computer" || sn.Seats[1].Agent != "mcts:easy" || sn.Seats[1].TokenHash != nil {
		t.Errorf("seats = %+v", sn.Seats)
	}
	if len(sn.Commits) != 1 || sn.Commits[0] != (store.Commit{Seat: 0, Move: "7", Version: 3}) {
		t.Errorf("commits = %+v", sn.Commits)
	}
	// Resolving the turn clears the commitments in the same step.
	if err := s.Apply(ctx, store.Step{Room: "r1", From: 4, Events: []store.Event{ev(5, "turn", `{"move":"7,2"}`)}, ClearCommits: true}); err != nil {
		t.Fatal(err)
	}
	if sn, _ = s.LoadRoom(ctx, "r1"); len(sn.Commits) != 0 || sn.Room.Version != 5 {
		t.Errorf("after a resolving step: version %d, commits %+v", sn.Room.Version, sn.Commits)
	}
}

func conflict(t *testing.T, s rooms.Store) {
	mustCreate(t, s, "r1")
	if err := s.Apply(ctx, store.Step{Room: "r1", From: 0, Events: []store.Event{ev(1, "turn", `{}`)}}); err != nil {
		t.Fatal(err)
	}
	err := s.Apply(ctx, store.Step{Room: "r1", From: 0, Events: []store.Event{ev(1, "turn", `{"other":1}`)}})
	if !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a second step from version 0: err = %v, want ErrConflict", err)
	}
	if err := s.Apply(ctx, store.Step{Room: "zz", From: 0}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a step of an unknown room: err = %v, want ErrNotFound", err)
	}
	sn, _ := s.LoadRoom(ctx, "r1")
	if len(sn.Events) != 1 || string(sn.Events[0].Body) != `{}` {
		t.Fatalf("the refused step changed the log: %+v", sn.Events)
	}
	if r, seats := newRoom("r1"); s.CreateRoom(ctx, r, seats) == nil {
		t.Fatal("creating a room with an existing id succeeded")
	}
}

// concurrentWriters races writers on one room: each version is written
// exactly once, and the losers get ErrConflict.
func concurrentWriters(t *testing.T, s rooms.Store) {
	mustCreate(t, s, "r1")
	const writers, rounds = 4, 10
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				sn, err := s.LoadRoom(ctx, "r1")
				if err != nil {
					t.Error(err)
					return
				}
				v := sn.Room.Version
				err = s.Apply(ctx, store.Step{Room: "r1", From: v, Events: []store.Event{ev(v+1, "turn", fmt.Sprintf(`{"w":%d}`, w))}})
				switch {
				case err == nil:
					mu.Lock()
					wins++
					mu.Unlock()
				case !errors.Is(err, store.ErrConflict):
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	sn, _ := s.LoadRoom(ctx, "r1")
	if sn.Room.Version != wins || len(sn.Events) != wins {
		t.Fatalf("%d steps succeeded but the room is at version %d with %d events", wins, sn.Room.Version, len(sn.Events))
	}
}

// atomicStep: a step that fails half way (a duplicate commitment) leaves
// nothing behind.
func atomicStep(t *testing.T, s rooms.Store) {
	mustCreate(t, s, "r1")
	bad := store.Step{Room: "r1", From: 0, Events: []store.Event{ev(1, "commit", `{}`)},
		Commits: []store.Commit{{Seat: 0, Move: "7", Version: 1}, {Seat: 0, Move: "8", Version: 1}}}
	if err := s.Apply(ctx, bad); err == nil {
		t.Fatal("a step with two commitments of one seat succeeded")
	}
	if err := s.Apply(ctx, store.Step{Room: "r1", From: 0, Events: []store.Event{ev(2, "turn", `{}`)}}); err == nil {
		t.Fatal("a step whose event skips a version succeeded")
	}
	sn, _ := s.LoadRoom(ctx, "r1")
	if sn.Room.Version != 0 || len(sn.Events) != 0 || len(sn.Commits) != 0 {
		t.Fatalf("failed steps left %+v", sn)
	}
}

func archive(t *testing.T, s rooms.Store) {
	base := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	games := []store.Game{
		{Room: "a", Game: "adji-boto", Players: []string{"Ana", "mcts:easy"}, Result: "win:0:end", Finished: base, Record: []byte(`{"game":"adji-boto"}`)},
		{Room: "b", Game: "tamman", Players: []string{"Bea", "Carl", "Dora"}, Result: "win:2:resign", Finished: base.Add(time.Hour), Record: []byte(`{"game":"tamman"}`)},
		{Room: "c", Game: "adji-boto", Players: []string{"carla", "Ana"}, Result: "draw:agreed", Finished: base.Add(2 * time.Hour), Record: []byte(`{}`)},
	}
	for _, g := range games {
		mustCreate(t, s, g.Room)
		if err := s.Apply(ctx, store.Step{Room: g.Room, From: 0, Status: store.Finished, Result: g.Result, Archive: &g}); err != nil {
			t.Fatal(err)
		}
	}
	rooms := func(f store.Filter) []string {
		gs, err := s.FinishedGames(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, g := range gs {
			ids = append(ids, g.Room)
		}
		return ids
	}
	cases := []struct {
		f    store.Filter
		want []string
	}{
		{store.Filter{}, []string{"c", "b", "a"}},
		{store.Filter{Game: "adji-boto"}, []string{"c", "a"}},
		{store.Filter{Player: "carl"}, []string{"c", "b"}},
		{store.Filter{Result: "draw"}, []string{"c"}},
		{store.Filter{Result: "win"}, []string{"b", "a"}},
		{store.Filter{Result: "win:2"}, []string{"b"}},
		{store.Filter{Result: "win:0:end"}, []string{"a"}},
		{store.Filter{Result: "win:0:resign"}, nil},
		{store.Filter{Result: "dra"}, nil},
		{store.Filter{Since: base.Add(time.Minute), Until: base.Add(90 * time.Minute)}, []string{"b"}},
		{store.Filter{Limit: 1}, []string{"c"}},
		{store.Filter{Game: "nope"}, nil},
	}
	for _, c := range cases {
		if got := rooms(c.f); !slices.Equal(got, c.want) {
			t.Errorf("FinishedGames(%+v) = %v, want %v", c.f, got, c.want)
		}
	}
	g, err := s.FinishedGame(ctx, "b")
	if err != nil || g.Game != "tamman" || !slices.Equal(g.Players, []string{"Bea", "Carl", "Dora"}) || string(g.Record) != `{"game":"tamman"}` ||
		!g.Finished.Equal(base.Add(time.Hour)) {
		t.Errorf("FinishedGame(b) = %+v, %v", g, err)
	}
	if _, err := s.FinishedGame(ctx, "x"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("FinishedGame(x): err = %v, want ErrNotFound", err)
	}
	imp := store.Game{Room: "imp", Game: "tamman", Players: []string{"Eve", "Fay"}, Result: "win:1:end", Finished: base.Add(3 * time.Hour), Record: []byte(`{"game":"tamman"}`)}
	if err := s.AddFinished(ctx, imp); err != nil {
		t.Fatal(err)
	}
	if err := s.AddFinished(ctx, imp); err == nil {
		t.Error("the same game archived twice")
	}
	if got := rooms(store.Filter{Player: "eve"}); !slices.Equal(got, []string{"imp"}) {
		t.Errorf("imported game: %v", got)
	}
	if sn, _ := s.LoadRoom(ctx, "a"); sn.Room.Status != store.Finished || sn.Room.Result != "win:0:end" {
		t.Errorf("archived room = %+v", sn.Room)
	}
}

func idle(t *testing.T, s rooms.Store) {
	mustCreate(t, s, "old")
	cut := time.Now().Add(time.Second)
	ids, err := s.IdleRooms(ctx, cut)
	if err != nil || !slices.Equal(ids, []string{"old"}) {
		t.Fatalf("IdleRooms = %v, %v; want [old]", ids, err)
	}
	if err := s.Apply(ctx, store.Step{Room: "old", From: 0, Status: store.Expired}); err != nil {
		t.Fatal(err)
	}
	if ids, _ := s.IdleRooms(ctx, cut); len(ids) != 0 {
		t.Fatalf("an expired room is still listed as idle: %v", ids)
	}
}

// correspondence: the open rooms with a clock per move are listed, and
// no other (a clock per game, a finished one).
func correspondence(t *testing.T, s rooms.Store) {
	mustCreate(t, s, "timed")
	for _, id := range []string{"post", "post-over"} {
		r, seats := newRoom(id)
		r.Clock = "move:86400000"
		if err := s.CreateRoom(ctx, r, seats); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Apply(ctx, store.Step{Room: "post-over", From: 0, Status: store.Finished, Result: "win:0:flag"}); err != nil {
		t.Fatal(err)
	}
	if ids, err := s.CorrespondenceRooms(ctx); err != nil || !slices.Equal(ids, []string{"post"}) {
		t.Fatalf("CorrespondenceRooms = %v, %v; want [post]", ids, err)
	}
}

// chat: a room's chat lines are read back in order, every field kept,
// and no other room's.
func chat(t *testing.T, s rooms.Store) {
	mustCreate(t, s, "r1")
	mustCreate(t, s, "r2")
	at := time.UnixMilli(time.Now().UnixMilli())
	want := []store.ChatLine{
		{Room: "r1", N: 1, Channel: "players", Seat: 0, Name: "Ana", Quick: "hello", At: at},
		{Room: "r1", N: 2, Channel: "spectators", Seat: -1, Text: "nice", At: at.Add(time.Second)},
	}
	for _, l := range append(want[1:], want[0], store.ChatLine{Room: "r2", N: 1, Channel: "players", Text: "x", At: at}) {
		if err := s.AddChat(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Chat(ctx, "r1")
	if err != nil || len(got) != 2 {
		t.Fatalf("Chat = %v, %v", got, err)
	}
	for i := range want {
		if g, w := got[i], want[i]; g.Room != w.Room || g.N != w.N || g.Channel != w.Channel || g.Seat != w.Seat || g.Name != w.Name || g.Quick != w.Quick || g.Text != w.Text || !g.At.Equal(w.At) {
			t.Errorf("line %d: %+v, want %+v", i, g, w)
		}
	}
}

// refusedStep: a step from a version the room is not at changes none of
// what it carries (seats, commitments, status, archive), not only the log.
func refusedStep(t *testing.T, s rooms.Store) {
	mustCreate(t, s, "r1")
	if err := s.Apply(ctx, store.Step{Room: "r1", From: 0, Events: []store.Event{ev(1, "commit", `{}`)},
		Commits: []store.Commit{{Seat: 0, Move: "7", Version: 1}}}); err != nil {
		t.Fatal(err)
	}
	stale := store.Step{Room: "r1", From: 0, Events: []store.Event{ev(1, "turn", `{}`)},
		Seats:        []store.Seat{{Index: 1, Kind: "person", Name: "Eve", TokenHash: bytes.Repeat([]byte{3}, 32)}},
		ClearCommits: true, Commits: []store.Commit{{Seat: 1, Move: "2", Version: 1}},
		Status: store.Finished, Result: "draw:agreed",
		Archive: &store.Game{Room: "r1", Game: "adji-boto", Players: []string{"Ana", "Eve"}, Result: "draw:agreed", Finished: time.Now(), Record: []byte(`{}`)}}
	if err := s.Apply(ctx, stale); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a step from version 0 of a room at 1: err = %v, want ErrConflict", err)
	}
	sn, err := s.LoadRoom(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if sn.Room.Version != 1 || sn.Room.Status != store.Open || sn.Room.Result != "" || sn.Events[0].Kind != "commit" {
		t.Errorf("the refused step changed the room: %+v, events %+v", sn.Room, sn.Events)
	}
	if sn.Seats[1].Kind != "computer" || sn.Seats[1].Name != "" {
		t.Errorf("the refused step changed seat 1: %+v", sn.Seats[1])
	}
	if len(sn.Commits) != 1 || sn.Commits[0] != (store.Commit{Seat: 0, Move: "7", Version: 1}) {
		t.Errorf("the refused step changed the commitments: %+v", sn.Commits)
	}
	if _, err := s.FinishedGame(ctx, "r1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused step archived the game: err = %v", err)
	}
}

// clearAndCommit: a step that clears the commitments and commits one
// seat anew leaves that one commitment, and a seat stored without a token
// has none.
func clearAndCommit(t *testing.T, s rooms.Store) {
	mustCreate(t, s, "r1")
	if err := s.Apply(ctx, store.Step{Room: "r1", From: 0, Events: []store.Event{ev(1, "commit", `{}`)},
		Commits: []store.Commit{{Seat: 0, Move: "7", Version: 1}, {Seat: 1, Move: "3", Version: 1}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, store.Step{Room: "r1", From: 1, Events: []store.Event{ev(2, "commit", `{}`)},
		Seats:        []store.Seat{{Index: 0, Kind: "computer", Agent: "greedy"}},
		ClearCommits: true, Commits: []store.Commit{{Seat: 0, Move: "8", Version: 2}}}); err != nil {
		t.Fatal(err)
	}
	sn, err := s.LoadRoom(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if len(sn.Commits) != 1 || sn.Commits[0] != (store.Commit{Seat: 0, Move: "8", Version: 2}) {
		t.Errorf("commits = %+v, want seat 0's new one only", sn.Commits)
	}
	if st := sn.Seats[0]; st.Kind != "computer" || st.Agent != "greedy" || st.TokenHash != nil {
		t.Errorf("seat 0 = %+v, want a computer without a token", st)
	}
}
