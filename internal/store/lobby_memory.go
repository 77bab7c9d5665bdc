package store

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"tabula/rating"
)

// memLobby is the lobby's part of Memory.
type memLobby struct {
	players map[string]Player
	ratings map[[2]string]Rating // by player and game
	seeks   map[string]Seek
	seats   []PlayerSeat
}

// Lobby is the lobby's storage in memory (tests; the browser has none).
func (m *Memory) Lobby() Lobby { return memoryLobby{m} }

type memoryLobby struct{ m *Memory }

// lock takes the store's lock with the lobby's maps made.
func (l memoryLobby) lock() *memLobby {
	l.m.mu.Lock()
	lb := &l.m.lobby
	if lb.players == nil {
		lb.players, lb.ratings, lb.seeks = map[string]Player{}, map[[2]string]Rating{}, map[string]Seek{}
	}
	return lb
}

func (l memoryLobby) unlock() { l.m.mu.Unlock() }

func (l memoryLobby) AddPlayer(ctx context.Context, p Player) error {
	lb := l.lock()
	defer l.unlock()
	for _, q := range lb.players {
		if q.ID == p.ID || bytes.Equal(q.KeyHash, p.KeyHash) {
			return fmt.Errorf("store: player %s: it exists", p.ID)
		}
	}
	lb.players[p.ID] = p
	return nil
}

func (l memoryLobby) PlayerByKey(ctx context.Context, keyHash []byte) (Player, error) {
	lb := l.lock()
	defer l.unlock()
	for _, p := range lb.players {
		if bytes.Equal(p.KeyHash, keyHash) {
			return p, nil
		}
	}
	return Player{}, ErrNotFound
}

func (l memoryLobby) PlayerByID(ctx context.Context, id string) (Player, error) {
	lb := l.lock()
	defer l.unlock()
	p, ok := lb.players[id]
	if !ok {
		return Player{}, ErrNotFound
	}
	return p, nil
}

func (l memoryLobby) ratingsWhere(keep func(Rating) bool, order func(a, b Rating) int, limit int) []Rating {
	lb := l.lock()
	defer l.unlock()
	out := []Rating{}
	for _, r := range lb.ratings {
		if keep(r) {
			r.Name = lb.players[r.Player].Name
			out = append(out, r)
		}
	}
	slices.SortFunc(out, order)
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

func (l memoryLobby) PlayerRatings(ctx context.Context, player string) ([]Rating, error) {
	return l.ratingsWhere(func(r Rating) bool { return r.Player == player },
		func(a, b Rating) int { return cmp.Compare(a.Game, b.Game) }, 0), nil
}

func (l memoryLobby) RatingList(ctx context.Context, game string, limit int) ([]Rating, error) {
	return l.ratingsWhere(func(r Rating) bool { return r.Game == game },
		func(a, b Rating) int {
			return cmp.Or(cmp.Compare(b.Rating.Rating, a.Rating.Rating), cmp.Compare(a.Player, b.Player))
		}, limit), nil
}

func (l memoryLobby) AddSeek(ctx context.Context, s Seek) error {
	lb := l.lock()
	defer l.unlock()
	if _, ok := lb.seeks[s.ID]; ok {
		return fmt.Errorf("store: seek %s: it exists", s.ID)
	}
	if _, ok := lb.players[s.Player]; !ok {
		return fmt.Errorf("store: seek %s: no player %s", s.ID, s.Player)
	}
	s.Options = slices.Clone(s.Options)
	lb.seeks[s.ID] = s
	return nil
}

// read is s as reads give it, with its seeker's name and rating.
func (lb *memLobby) read(s Seek) Seek {
	s.Name = lb.players[s.Player].Name
	s.Options = slices.Clone(s.Options)
	s.Rating = nil
	if r, ok := lb.ratings[[2]string{s.Player, s.Game}]; ok {
		rr := r.Rating
		s.Rating = &rr
	}
	return s
}

func (l memoryLobby) Seek(ctx context.Context, id string) (Seek, error) {
	lb := l.lock()
	defer l.unlock()
	s, ok := lb.seeks[id]
	if !ok {
		return Seek{}, ErrNotFound
	}
	return lb.read(s), nil
}

func (l memoryLobby) OpenSeeks(ctx context.Context, game string, limit int) ([]Seek, error) {
	lb := l.lock()
	defer l.unlock()
	var out []Seek
	for _, s := range lb.seeks {
		if s.Status == SeekOpen && (game == "" || s.Game == game) {
			out = append(out, lb.read(s))
		}
	}
	slices.SortFunc(out, func(a, b Seek) int { return cmp.Or(a.Created.Compare(b.Created), cmp.Compare(a.ID, b.ID)) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (l memoryLobby) MoveSeek(ctx context.Context, id string, from, to SeekStatus, taker, room string) error {
	lb := l.lock()
	defer l.unlock()
	s, ok := lb.seeks[id]
	if !ok {
		return ErrNotFound
	}
	if s.Status != from {
		return ErrTaken
	}
	s.Status, s.Taker, s.Room = to, taker, room
	lb.seeks[id] = s
	return nil
}

func (l memoryLobby) AddSeats(ctx context.Context, seats []PlayerSeat) error {
	lb := l.lock()
	defer l.unlock()
	for _, s := range seats {
		if slices.ContainsFunc(lb.seats, func(x PlayerSeat) bool { return x.Room == s.Room && x.Seat == s.Seat }) {
			return fmt.Errorf("store: seat %d of %s: it exists", s.Seat, s.Room)
		}
	}
	lb.seats = append(lb.seats, seats...)
	return nil
}

// withRoom is s with its room's status, result and time.
func (m *Memory) withRoom(s PlayerSeat) (PlayerSeat, bool) {
	sn, ok := m.rooms[s.Room]
	if !ok {
		return s, false
	}
	s.Status, s.Result, s.Updated = string(sn.Room.Status), sn.Room.Result, sn.Room.Updated
	return s, true
}

func (l memoryLobby) PlayerSeats(ctx context.Context, player string, limit int) ([]PlayerSeat, error) {
	lb := l.lock()
	defer l.unlock()
	out := []PlayerSeat{}
	for _, s := range lb.seats {
		if s, ok := l.m.withRoom(s); ok && s.Player == player {
			out = append(out, s)
		}
	}
	open := func(s PlayerSeat) int { return boolInt(s.Status != string(Open)) }
	slices.SortFunc(out, func(a, b PlayerSeat) int {
		return cmp.Or(open(a)-open(b), b.Updated.Compare(a.Updated), cmp.Compare(a.Room, b.Room))
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (l memoryLobby) LiveRooms(ctx context.Context, limit int) ([]PlayerSeat, error) {
	lb := l.lock()
	defer l.unlock()
	out := []PlayerSeat{}
	for _, s := range lb.seats {
		if s, ok := l.m.withRoom(s); ok && s.Status == string(Open) && !slices.ContainsFunc(out, func(x PlayerSeat) bool { return x.Room == s.Room }) {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b PlayerSeat) int { return cmp.Or(b.Updated.Compare(a.Updated), cmp.Compare(a.Room, b.Room)) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (l memoryLobby) UnratedRooms(ctx context.Context, limit int) ([]string, error) {
	lb := l.lock()
	defer l.unlock()
	var out []string
	for _, s := range lb.seats {
		if s, ok := l.m.withRoom(s); ok && s.Rated && !s.Applied && s.Status == string(Finished) && !slices.Contains(out, s.Room) {
			out = append(out, s.Room)
		}
	}
	slices.Sort(out)
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (l memoryLobby) RateRoom(ctx context.Context, room string, f RateFunc) (bool, error) {
	lb := l.lock()
	defer l.unlock()
	var seats []PlayerSeat
	current := map[string]rating.Rating{}
	for _, s := range lb.seats {
		if s.Room == room && s.Rated && !s.Applied {
			s, _ = l.m.withRoom(s)
			seats = append(seats, s)
			current[s.Player] = rating.New()
			if r, ok := lb.ratings[[2]string{s.Player, s.Game}]; ok {
				current[s.Player] = r.Rating
			}
		}
	}
	if len(seats) == 0 {
		return false, nil
	}
	slices.SortFunc(seats, func(a, b PlayerSeat) int { return a.Seat - b.Seat })
	next, err := f(seats, current)
	if err != nil {
		return false, err
	}
	for i := range lb.seats {
		if lb.seats[i].Room == room && lb.seats[i].Rated {
			lb.seats[i].Applied = true
		}
	}
	for p, r := range next {
		k := [2]string{p, seats[0].Game}
		old := lb.ratings[k]
		lb.ratings[k] = Rating{Player: p, Game: seats[0].Game, Rating: r, Games: old.Games + 1, Updated: time.Now()}
	}
	return true, nil
}
