package lobby

import (
	"context"
	"errors"
	"net/http"
	"slices"

	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/rating"
	"tabula/view"
)

// GameView is a room the lobby seated a player in.
type GameView struct {
	Room   string       `json:"room"`
	Game   string       `json:"game"`
	Seat   int          `json:"seat"`
	Rated  bool         `json:"rated"`
	Status string       `json:"status"`
	Result *view.Result `json:"result,omitempty"`
	// YourTurn is set while the seat is to move (my games only).
	YourTurn bool `json:"yourTurn"`
	// Link is the seat's invite (my games only: the identity's key
	// opens it).
	Link      string `json:"link,omitempty"`
	Spectator string `json:"spectator"`
	Updated   int64  `json:"updated"` // Unix ms
}

// maxGames bounds the games listed for a player.
const maxGames = 50

func gameView(s store.PlayerSeat) GameView {
	g := GameView{Room: s.Room, Game: s.Game, Seat: s.Seat, Rated: s.Rated, Status: s.Status, Spectator: "/#/room/" + s.Room, Updated: s.Updated.UnixMilli()}
	if r, err := view.ParseResult(s.Result); err == nil && r.How != "" {
		g.Result = &r
	}
	return g
}

// MyGames lists the rooms me holds a seat in: those where it is me's
// turn first, then the other open ones, then the finished, newest first.
func (l *Lobby) MyGames(ctx context.Context, me Me) ([]GameView, error) {
	seats, err := l.cfg.Store.PlayerSeats(ctx, me.ID, maxGames)
	if err != nil {
		return nil, err
	}
	out := make([]GameView, 0, len(seats))
	for _, s := range seats {
		g := gameView(s)
		if token, err := unseal(me.Key, s.Sealed); err == nil {
			g.Link = seatLink(s.Room, token)
		}
		if s.Status == string(store.Open) {
			if room, err := l.cfg.Rooms.Read(ctx, s.Room); err == nil {
				g.YourTurn = slices.Contains(room.ToMove(), s.Seat)
			}
		}
		out = append(out, g)
	}
	slices.SortStableFunc(out, func(a, b GameView) int { return boolInt(!a.YourTurn) - boolInt(!b.YourTurn) })
	return out, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// PlayerView is a player as anyone may see it.
type PlayerView struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	Ratings []GameRating `json:"ratings"`
	Games   []GameView   `json:"games"`
	Created int64        `json:"created"`
}

// GameRating is a player's rating in one game.
type GameRating struct {
	Game string `json:"game"`
	RatingView
	Games int `json:"games"`
}

// Player is a player's ratings and recent games (without their links).
func (l *Lobby) Player(ctx context.Context, id string) (PlayerView, error) {
	p, err := l.cfg.Store.PlayerByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return PlayerView{}, refuse(http.StatusNotFound, "lobby.no_player", "id", id)
	}
	if err != nil {
		return PlayerView{}, err
	}
	out := PlayerView{ID: p.ID, Name: p.Name, Ratings: []GameRating{}, Games: []GameView{}, Created: p.Created.UnixMilli()}
	rs, err := l.cfg.Store.PlayerRatings(ctx, id)
	if err != nil {
		return out, err
	}
	for _, r := range rs {
		out.Ratings = append(out.Ratings, GameRating{Game: r.Game, RatingView: *ratingView(r.Rating), Games: r.Games})
	}
	seats, err := l.cfg.Store.PlayerSeats(ctx, id, maxGames)
	for _, s := range seats {
		out.Games = append(out.Games, gameView(s))
	}
	return out, err
}

// Rate puts the result of room, if it is a finished rated room of the
// lobby's, into its players' ratings, once (whichever process calls it
// first). The rooms package calls it when a game ends (rooms.Config.Ended).
func (l *Lobby) Rate(ctx context.Context, room string) error {
	r, err := l.cfg.Rooms.Read(ctx, room)
	if err != nil {
		return err
	}
	v := r.View(rooms.Spectator)
	if v.Result == nil || len(v.Seats) != 2 {
		return nil
	}
	now := map[int]sitter{}
	for i, seat := range v.Seats {
		if seat.Kind == rooms.Computer {
			now[i] = sitter{level: seat.Agent}
		} else {
			now[i] = sitter{player: seat.Player}
		}
	}
	_, err = l.cfg.Store.RateRoom(ctx, room, func(seats []store.PlayerSeat, cur map[string]rating.Rating) (map[string]rating.Rating, error) {
		return newRatings(seats, now, *v.Result, cur), nil
	})
	if err == nil {
		l.cfg.Log.Info("room rated", "room", room)
	}
	return err
}

// CatchUp rates the finished rated rooms not rated yet (a process that
// stopped between a game's end and its rating): at start and now and
// then.
func (l *Lobby) CatchUp(ctx context.Context) error {
	ids, err := l.cfg.Store.UnratedRooms(ctx, maxList)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := l.Rate(ctx, id); err != nil {
			l.cfg.Log.Warn("rating a room", "room", id, "err", err)
		}
	}
	return nil
}

// Live lists the open rooms the lobby made, to watch: the latest changed
// first, without links.
func (l *Lobby) Live(ctx context.Context) ([]GameView, error) {
	seats, err := l.cfg.Store.LiveRooms(ctx, maxGames)
	out := make([]GameView, 0, len(seats))
	for _, s := range seats {
		g := gameView(s)
		g.Seat = -1
		out = append(out, g)
	}
	return out, err
}
