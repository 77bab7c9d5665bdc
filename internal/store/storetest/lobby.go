package storetest

import (
	"bytes"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/rating"
)

// LobbyStore is a backend with the lobby's storage beside its rooms.
type LobbyStore interface {
	rooms.Store
	Lobby() store.Lobby
}

// RunLobby checks a backend's lobby storage; open returns a new empty
// store.
func RunLobby(t *testing.T, open func(t *testing.T) LobbyStore) {
	t.Run("Players", func(t *testing.T) { players(t, open(t).Lobby()) })
	t.Run("Seeks", func(t *testing.T) { seeks(t, open(t).Lobby()) })
	t.Run("OneTakerWins", func(t *testing.T) { oneTaker(t, open(t).Lobby()) })
	t.Run("RateOnce", func(t *testing.T) { rateOnce(t, open(t)) })
}

func key(b byte) []byte { return bytes.Repeat([]byte{b}, 32) }

func addPlayers(t *testing.T, l store.Lobby, names ...string) {
	t.Helper()
	for i, n := range names {
		if err := l.AddPlayer(ctx, store.Player{ID: "p" + n, Name: n, KeyHash: key(byte(i + 1)), Created: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
}

func players(t *testing.T, l store.Lobby) {
	addPlayers(t, l, "Ana", "Bea")
	p, err := l.PlayerByKey(ctx, key(2))
	if err != nil || p.ID != "pBea" || p.Name != "Bea" {
		t.Errorf("PlayerByKey = %+v, %v", p, err)
	}
	if p, err := l.PlayerByID(ctx, "pAna"); err != nil || !bytes.Equal(p.KeyHash, key(1)) {
		t.Errorf("PlayerByID = %+v, %v", p, err)
	}
	if _, err := l.PlayerByKey(ctx, key(9)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown key: %v, want ErrNotFound", err)
	}
	if _, err := l.PlayerByID(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown id: %v, want ErrNotFound", err)
	}
	if err := l.AddPlayer(ctx, store.Player{ID: "pOther", Name: "X", KeyHash: key(1), Created: time.Now()}); err == nil {
		t.Error("a second player with the same key was stored")
	}
	if rs, err := l.PlayerRatings(ctx, "pAna"); err != nil || len(rs) != 0 {
		t.Errorf("a new player's ratings: %v, %v", rs, err)
	}
}

func seek(id, player, game string, at time.Time) store.Seek {
	return store.Seek{ID: id, Player: player, Game: game, Options: []string{"seeds=3"}, Clock: "300000+2000", Rated: true,
		Status: store.SeekOpen, TokenHash: key(7), Sealed: []byte("sealed"), Created: at}
}

func seeks(t *testing.T, l store.Lobby) {
	addPlayers(t, l, "Ana", "Bea")
	now := time.Now()
	for _, s := range []store.Seek{seek("s1", "pAna", "adji-boto", now), seek("s2", "pBea", "tamman", now.Add(time.Second)), seek("s3", "pAna", "adji-boto", now.Add(2*time.Second))} {
		if err := l.AddSeek(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(ss []store.Seek) (out []string) {
		for _, s := range ss {
			out = append(out, s.ID)
		}
		return out
	}
	if ss, err := l.OpenSeeks(ctx, "", 10); err != nil || !slices.Equal(ids(ss), []string{"s1", "s2", "s3"}) {
		t.Errorf("open seeks = %v, %v", ids(ss), err)
	}
	if ss, _ := l.OpenSeeks(ctx, "adji-boto", 1); !slices.Equal(ids(ss), []string{"s1"}) {
		t.Errorf("open seeks of adji-boto, at most 1 = %v", ids(ss))
	}
	s, err := l.Seek(ctx, "s1")
	if err != nil || s.Name != "Ana" || s.Game != "adji-boto" || !slices.Equal(s.Options, []string{"seeds=3"}) || s.Clock != "300000+2000" ||
		!s.Rated || s.Status != store.SeekOpen || s.Rating != nil || !bytes.Equal(s.TokenHash, key(7)) || string(s.Sealed) != "sealed" {
		t.Errorf("Seek(s1) = %+v, %v", s, err)
	}
	if err := l.MoveSeek(ctx, "s1", store.SeekOpen, store.SeekWithdrawn, "", ""); err != nil {
		t.Fatal(err)
	}
	if err := l.MoveSeek(ctx, "s1", store.SeekOpen, store.SeekTaken, "pBea", "r1"); !errors.Is(err, store.ErrTaken) {
		t.Errorf("taking a withdrawn seek: %v, want ErrTaken", err)
	}
	if err := l.MoveSeek(ctx, "zz", store.SeekOpen, store.SeekTaken, "pBea", ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("taking an unknown seek: %v, want ErrNotFound", err)
	}
	if err := l.MoveSeek(ctx, "s2", store.SeekOpen, store.SeekTaken, "pAna", "r9"); err != nil {
		t.Fatal(err)
	}
	if s, _ := l.Seek(ctx, "s2"); s.Status != store.SeekTaken || s.Taker != "pAna" || s.Room != "r9" {
		t.Errorf("a taken seek reads %+v", s)
	}
	if ss, _ := l.OpenSeeks(ctx, "", 10); !slices.Equal(ids(ss), []string{"s3"}) {
		t.Errorf("open seeks after a withdrawal and a take = %v", ids(ss))
	}
}

func oneTaker(t *testing.T, l store.Lobby) {
	addPlayers(t, l, "Ana", "Bea")
	if err := l.AddSeek(ctx, seek("s1", "pAna", "adji-boto", time.Now())); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won, lost := 0, 0
	for range 8 {
		wg.Go(func() {
			err := l.MoveSeek(ctx, "s1", store.SeekOpen, store.SeekTaken, "pBea", "")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case errors.Is(err, store.ErrTaken):
				lost++
			default:
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if won != 1 || lost != 7 {
		t.Errorf("8 takers at once: %d won, %d refused; want 1 and 7", won, lost)
	}
}

func rateOnce(t *testing.T, s LobbyStore) {
	l := s.Lobby()
	addPlayers(t, l, "Ana", "Bea")
	mustCreate(t, s, "r1")
	mustCreate(t, s, "r2")
	now := time.Now()
	if err := l.AddSeats(ctx, []store.PlayerSeat{
		{Room: "r1", Seat: 0, Player: "pAna", Game: "adji-boto", Rated: true, Sealed: []byte("a"), Created: now},
		{Room: "r1", Seat: 1, Player: "pBea", Game: "adji-boto", Rated: true, Sealed: []byte("b"), Created: now},
		{Room: "r2", Seat: 0, Player: "pAna", Game: "adji-boto", Sealed: []byte("c"), Created: now},
	}); err != nil {
		t.Fatal(err)
	}
	if err := l.AddSeats(ctx, []store.PlayerSeat{{Room: "r1", Seat: 0, Player: "pBea", Game: "adji-boto", Sealed: []byte("x"), Created: now}}); err == nil {
		t.Error("a seat given twice was stored")
	}
	if ids, err := l.UnratedRooms(ctx, 10); err != nil || len(ids) != 0 {
		t.Errorf("unrated rooms while r1 is open: %v, %v", ids, err)
	}
	if err := s.Apply(ctx, store.Step{Room: "r1", From: 0, Events: []store.Event{ev(1, "end", `{}`)}, Status: store.Finished, Result: "win:0:end"}); err != nil {
		t.Fatal(err)
	}
	if ids, err := l.UnratedRooms(ctx, 10); err != nil || !slices.Equal(ids, []string{"r1"}) {
		t.Errorf("unrated rooms once r1 ended: %v, %v", ids, err)
	}
	seen := 0
	rate := func(seats []store.PlayerSeat, cur map[string]rating.Rating) (map[string]rating.Rating, error) {
		seen++
		if len(seats) != 2 || seats[0].Player != "pAna" || seats[1].Player != "pBea" || seats[0].Result != "win:0:end" || cur["pAna"] != rating.New() {
			t.Errorf("rating r1 from %+v, %+v", seats, cur)
		}
		a, b := rating.Game(cur["pAna"], cur["pBea"], 1)
		return map[string]rating.Rating{"pAna": a, "pBea": b}, nil
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	applied := 0
	for range 3 {
		wg.Go(func() {
			ok, err := l.RateRoom(ctx, "r1", rate)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			applied += boolInt(ok)
			mu.Unlock()
		})
	}
	wg.Wait()
	if applied != 1 || seen != 1 {
		t.Errorf("r1 rated %d times (f called %d times), want once", applied, seen)
	}
	list, err := l.RatingList(ctx, "adji-boto", 10)
	if err != nil || len(list) != 2 || list[0].Player != "pAna" || list[0].Name != "Ana" || list[0].Games != 1 || !(list[0].Rating.Rating > 1500) || list[1].Player != "pBea" {
		t.Errorf("rating list = %+v, %v", list, err)
	}
	if ids, _ := l.UnratedRooms(ctx, 10); len(ids) != 0 {
		t.Errorf("unrated rooms after rating: %v", ids)
	}
	if rs, _ := l.PlayerRatings(ctx, "pBea"); len(rs) != 1 || rs[0].Game != "adji-boto" || !(rs[0].Rating.Rating < 1500) {
		t.Errorf("Bea's ratings = %+v", rs)
	}
	if s, err := l.Seek(ctx, "none"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Seek(none) = %+v, %v", s, err)
	}
	seats, err := l.PlayerSeats(ctx, "pAna", 10)
	if err != nil || len(seats) != 2 || seats[0].Room != "r2" || seats[0].Status != string(store.Open) || seats[1].Room != "r1" || seats[1].Status != string(store.Finished) || !seats[1].Applied {
		t.Errorf("Ana's seats (open first) = %+v, %v", seats, err)
	}
	if live, err := l.LiveRooms(ctx, 10); err != nil || len(live) != 1 || live[0].Room != "r2" {
		t.Errorf("live rooms (r2 open, r1 over) = %+v, %v", live, err)
	}
	// A room's seats keep their players and ratings.
	r, st := newRoom("r3")
	st[0].Player, st[0].Rating = "pAna", 1612
	if err := s.CreateRoom(ctx, r, st); err != nil {
		t.Fatal(err)
	}
	if sn, err := s.LoadRoom(ctx, "r3"); err != nil || sn.Seats[0].Player != "pAna" || sn.Seats[0].Rating != 1612 || sn.Seats[1].Player != "" {
		t.Errorf("seats of r3 = %+v, %v", sn.Seats, err)
	}
	// A new rated seek reads its seeker's rating.
	if err := l.AddSeek(ctx, seek("s1", "pAna", "adji-boto", now)); err != nil {
		t.Fatal(err)
	}
	if sk, _ := l.Seek(ctx, "s1"); sk.Rating == nil || sk.Rating.Rating != list[0].Rating.Rating {
		t.Errorf("the seek's rating = %+v, want %v", sk.Rating, list[0].Rating.Rating)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
