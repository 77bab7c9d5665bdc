// Package lobby is "Find a game": identities without accounts, open
// challenges (seeks), quick pairing, games against the computer's
// levels, ratings (package rating) and each identity's games. It keeps
// its data in a store.Lobby and makes rooms with a rooms.Manager; the
// server's /api/players, /api/seeks and /api/ratings answer from it
// (docs/api.md, "Lobby").
package lobby

import (
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"

	"tabula/engine"
	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/rating"
)

// Config sets up a Lobby.
type Config struct {
	Store store.Lobby
	Rooms *rooms.Manager
	// Offered lists the computer levels a game offers under its options.
	Offered func(g engine.Game, opts engine.Options) []string
	// Notify, if set, tells the other processes on the database that the
	// seeks changed (PostgreSQL's notifications); they call Refresh.
	Notify func()
	Log    *slog.Logger
	// MaxOpen bounds the open seeks of one player (default 3).
	MaxOpen int
}

// Lobby answers the lobby's requests.
type Lobby struct {
	cfg Config
	hub hub
}

// New returns a lobby for cfg.
func New(cfg Config) *Lobby {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.MaxOpen <= 0 {
		cfg.MaxOpen = 3
	}
	l := &Lobby{cfg: cfg}
	l.hub.init(l)
	return l
}

// Error is a refusal with the HTTP status to answer it with; Err is a
// coded error (engine.Error).
type Error struct {
	Status int
	Err    error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

func refuse(status int, code string, args ...any) error {
	return &Error{status, engine.NewError(code, args...)}
}

// maxList bounds every list the lobby answers.
const maxList = 200

// Register makes an identity named name; the key is given only here.
func (l *Lobby) Register(ctx context.Context, name string) (store.Player, string, error) {
	clean, err := rooms.CleanName(name)
	if err != nil {
		return store.Player{}, "", &Error{http.StatusBadRequest, engine.NewError("lobby.name", "err", err)}
	}
	if clean == "" {
		return store.Player{}, "", refuse(http.StatusBadRequest, "lobby.name_needed")
	}
	key := newSecret(32)
	p := store.Player{ID: newSecret(9), Name: clean, KeyHash: KeyHash(key), Created: time.Now()}
	if err := l.cfg.Store.AddPlayer(ctx, p); err != nil {
		return store.Player{}, "", err
	}
	return p, key, nil
}

// Auth is the player of key.
func (l *Lobby) Auth(ctx context.Context, key string) (store.Player, error) {
	if key == "" {
		return store.Player{}, refuse(http.StatusUnauthorized, "lobby.no_key")
	}
	p, err := l.cfg.Store.PlayerByKey(ctx, KeyHash(key))
	if errors.Is(err, store.ErrNotFound) {
		return p, refuse(http.StatusUnauthorized, "lobby.bad_key")
	}
	return p, err
}

// Me is a caller who showed its key.
type Me struct {
	store.Player
	Key string
}

// SeekRequest asks for a game.
type SeekRequest struct {
	Game     string
	Settings []string // the options, name=value
	Clock    rooms.Clock
	Rated    bool
	// Pair asks for "Play now": take the open seek of the same game,
	// options, clock and kind nearest in rating, or wait in a new one.
	Pair bool
	// Computer asks for a game against this computer level at once.
	Computer string
}

// SeekView is a seek as the API shows it. Room and Link are set once it
// is accepted, Link only for its seeker (and the accepter, in Match).
type SeekView struct {
	ID      string      `json:"id"`
	Game    string      `json:"game"`
	Options []string    `json:"options"`
	Clock   *ClockView  `json:"clock,omitempty"`
	Rated   bool        `json:"rated"`
	Status  string      `json:"status"`
	Player  string      `json:"player"`
	Name    string      `json:"name"`
	Rating  *RatingView `json:"rating,omitempty"`
	Created int64       `json:"created"` // Unix ms
	Room    string      `json:"room,omitempty"`
	Seat    *int        `json:"seat,omitempty"`
	Link    string      `json:"link,omitempty"`
}

// ClockView is a clock in seconds, as requests give it.
type ClockView struct {
	Initial   float64 `json:"initial"`
	Increment float64 `json:"increment"`
}

// RatingView is a rating as the API shows it.
type RatingView struct {
	Rating      int     `json:"rating"`
	Deviation   int     `json:"deviation"`
	Volatility  float64 `json:"volatility"`
	Provisional bool    `json:"provisional"`
}

func ratingView(r rating.Rating) *RatingView {
	return &RatingView{rounded(r.Rating), rounded(r.Deviation), math.Round(r.Volatility*1e6) / 1e6, r.IsProvisional()}
}

func clockView(s string) *ClockView {
	c, err := rooms.ParseClock(s)
	if err != nil || !c.On() {
		return nil
	}
	return &ClockView{c.Initial.Seconds(), c.Increment.Seconds()}
}

func seekView(s store.Seek) SeekView {
	v := SeekView{ID: s.ID, Game: s.Game, Options: s.Options, Clock: clockView(s.Clock), Rated: s.Rated, Status: string(s.Status),
		Player: s.Player, Name: s.Name, Created: s.Created.UnixMilli(), Room: s.Room}
	if v.Options == nil {
		v.Options = []string{}
	}
	if s.Rating != nil {
		v.Rating = ratingView(*s.Rating)
	}
	return v
}

// Match is a room the lobby made: the caller's seat in it.
type Match struct {
	Seek      string `json:"id,omitempty"` // the seek accepted, if any
	Room      string `json:"room"`
	Seat      int    `json:"seat"`
	Link      string `json:"link"`
	Spectator string `json:"spectator"`
}

func seatLink(room, token string) string { return "/#/room/" + room + "/" + token }

// checkSeek checks what a seek asks for, and gives its options as
// stored: every option named, so that equal readings compare equal.
func (l *Lobby) checkSeek(req *SeekRequest) (engine.Game, engine.Options, error) {
	if req.Game == "" {
		return nil, engine.Options{}, refuse(http.StatusBadRequest, "lobby.no_game")
	}
	g, opts, s, err := rooms.GameOf(req.Game, req.Settings)
	if err != nil {
		return nil, opts, badRequest(err)
	}
	if n := s.NumPlayers(); n != 2 {
		return nil, opts, refuse(http.StatusBadRequest, "lobby.two_players", "game", g.ID(), "count", n)
	}
	req.Game, req.Settings = g.ID(), opts.Settings()
	if req.Rated {
		_, def, _, err := rooms.GameOf(g.ID(), nil)
		if err != nil || !slices.Equal(def.Settings(), req.Settings) {
			return nil, opts, refuse(http.StatusBadRequest, "lobby.rated_reading")
		}
	}
	if req.Computer != "" && req.Pair {
		return nil, opts, refuse(http.StatusBadRequest, "lobby.computer_pair")
	}
	return g, opts, nil
}

// badRequest is a 400 for a refusal of the rooms package.
func badRequest(err error) error {
	var re *rooms.Error
	if errors.As(err, &re) {
		return &Error{http.StatusBadRequest, re.Err}
	}
	return err
}

// Seek makes a seek, or with req.Pair takes the nearest matching one,
// or with req.Computer starts a game against the computer. A seek made
// is answered with its view (Status open); a game started with its Match.
func (l *Lobby) Seek(ctx context.Context, me Me, req SeekRequest) (*SeekView, *Match, error) {
	g, opts, err := l.checkSeek(&req)
	if err != nil {
		return nil, nil, err
	}
	if req.Computer != "" {
		m, err := l.playComputer(ctx, me, g, opts, req)
		return nil, m, err
	}
	if req.Pair {
		if m, err := l.pair(ctx, me, req); m != nil || err != nil {
			return nil, m, err
		}
	}
	mine, err := l.cfg.Store.OpenSeeks(ctx, "", maxList)
	if err != nil {
		return nil, nil, err
	}
	if n := countBy(mine, me.ID); n >= l.cfg.MaxOpen {
		return nil, nil, refuse(http.StatusConflict, "lobby.seeks_open", "max", l.cfg.MaxOpen)
	}
	token := newSecret(16)
	s := store.Seek{ID: newSecret(9), Player: me.ID, Game: req.Game, Options: req.Settings, Clock: req.Clock.String(), Rated: req.Rated,
		Status: store.SeekOpen, TokenHash: rooms.HashToken(token), Sealed: seal(me.Key, token), Created: time.Now()}
	if err := l.cfg.Store.AddSeek(ctx, s); err != nil {
		return nil, nil, err
	}
	l.changed()
	s, err = l.cfg.Store.Seek(ctx, s.ID)
	if err != nil {
		return nil, nil, err
	}
	v := seekView(s)
	return &v, nil, nil
}

func countBy(seeks []store.Seek, player string) int {
	n := 0
	for _, s := range seeks {
		if s.Player == player {
			n++
		}
	}
	return n
}

// pair takes the open seek of another player that asks for the same
// game, options, clock and kind, nearest in rating first; nil if none.
func (l *Lobby) pair(ctx context.Context, me Me, req SeekRequest) (*Match, error) {
	open, err := l.cfg.Store.OpenSeeks(ctx, req.Game, maxList)
	if err != nil {
		return nil, err
	}
	mine := l.ratingOf(ctx, me.ID, req.Game)
	var fits []store.Seek
	for _, s := range open {
		if s.Player != me.ID && s.Rated == req.Rated && s.Clock == req.Clock.String() && slices.Equal(s.Options, req.Settings) {
			fits = append(fits, s)
		}
	}
	gap := func(s store.Seek) float64 {
		r := rating.New()
		if s.Rating != nil {
			r = *s.Rating
		}
		return math.Abs(r.Rating - mine.Rating)
	}
	slices.SortStableFunc(fits, func(a, b store.Seek) int { return cmp.Compare(gap(a), gap(b)) })
	for _, s := range fits {
		m, err := l.Accept(ctx, me, s.ID)
		var le *Error
		if errors.As(err, &le) && le.Status == http.StatusConflict {
			continue // taken meanwhile: the next nearest
		}
		return m, err
	}
	return nil, nil
}

// ratingOf is a player's rating in game (rating.New for none).
func (l *Lobby) ratingOf(ctx context.Context, player, game string) rating.Rating {
	rs, err := l.cfg.Store.PlayerRatings(ctx, player)
	if err == nil {
		for _, r := range rs {
			if r.Game == game {
				return r.Rating
			}
		}
	}
	return rating.New()
}

// seatRating is a player's rating as a seat shows it: 0 for none yet.
func (l *Lobby) seatRating(ctx context.Context, player, game string) int {
	rs, err := l.cfg.Store.PlayerRatings(ctx, player)
	if err == nil {
		for _, r := range rs {
			if r.Game == game {
				return rounded(r.Rating.Rating)
			}
		}
	}
	return 0
}

// coin is a fair random seat, 0 or 1.
func coin() int {
	var b [1]byte
	rand.Read(b[:])
	return int(b[0] & 1)
}

// Accept takes seek id for me: a room is made with the seeker and me
// seated (who moves first drawn at random), and me answered my seat.
// Exactly one of several accepts at once wins; an accept that fails makes
// no room.
func (l *Lobby) Accept(ctx context.Context, me Me, id string) (*Match, error) {
	s, err := l.cfg.Store.Seek(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuse(http.StatusNotFound, "lobby.no_seek", "id", id)
	}
	if err != nil {
		return nil, err
	}
	if s.Player == me.ID {
		return nil, refuse(http.StatusBadRequest, "lobby.own_seek")
	}
	if err := l.cfg.Store.MoveSeek(ctx, id, store.SeekOpen, store.SeekTaken, me.ID, ""); err != nil {
		return nil, l.gone(ctx, id, err)
	}
	m, err := l.startRoom(ctx, me, s)
	if err != nil {
		// No room: the seek is open again.
		if rerr := l.cfg.Store.MoveSeek(context.WithoutCancel(ctx), id, store.SeekTaken, store.SeekOpen, "", ""); rerr != nil {
			l.cfg.Log.Error("reopening a seek after a failed accept", "seek", id, "err", rerr)
		}
		return nil, err
	}
	if err := l.cfg.Store.MoveSeek(ctx, id, store.SeekTaken, store.SeekTaken, me.ID, m.Room); err != nil {
		l.cfg.Log.Error("noting an accepted seek's room", "seek", id, "err", err)
	}
	l.changed()
	return m, nil
}

// gone is the refusal of a seek that is not open (err from MoveSeek).
func (l *Lobby) gone(ctx context.Context, id string, err error) error {
	if !errors.Is(err, store.ErrTaken) {
		if errors.Is(err, store.ErrNotFound) {
			return refuse(http.StatusNotFound, "lobby.no_seek", "id", id)
		}
		return err
	}
	if s, rerr := l.cfg.Store.Seek(ctx, id); rerr == nil && s.Status == store.SeekWithdrawn {
		return refuse(http.StatusConflict, "lobby.seek_withdrawn", "id", id)
	}
	return refuse(http.StatusConflict, "lobby.seek_taken", "id", id)
}

// startRoom makes the room of seek s accepted by me.
func (l *Lobby) startRoom(ctx context.Context, me Me, s store.Seek) (*Match, error) {
	clock, err := rooms.ParseClock(s.Clock)
	if err != nil {
		return nil, err
	}
	mine := coin()
	seats := make([]rooms.SeatSpec, 2)
	seats[mine] = rooms.SeatSpec{Kind: rooms.Person, Name: me.Name, Player: me.ID, Rating: l.seatRating(ctx, me.ID, s.Game)}
	seats[1-mine] = rooms.SeatSpec{Kind: rooms.Person, Name: s.Name, Player: s.Player, Rating: l.seatRating(ctx, s.Player, s.Game), TokenHash: s.TokenHash}
	c, err := l.cfg.Rooms.Create(ctx, s.Game, s.Options, seats, clock)
	if err != nil {
		return nil, badRequest(err)
	}
	now := time.Now()
	token := c.Tokens[mine]
	err = l.cfg.Store.AddSeats(ctx, []store.PlayerSeat{
		{Room: c.ID, Seat: mine, Player: me.ID, Game: s.Game, Rated: s.Rated, Sealed: seal(me.Key, token), Created: now},
		{Room: c.ID, Seat: 1 - mine, Player: s.Player, Game: s.Game, Rated: s.Rated, Sealed: s.Sealed, Created: now},
	})
	if err != nil {
		return nil, err
	}
	return &Match{Seek: s.ID, Room: c.ID, Seat: mine, Link: seatLink(c.ID, token), Spectator: "/#/room/" + c.ID}, nil
}

// playComputer starts a game of me against a computer level.
func (l *Lobby) playComputer(ctx context.Context, me Me, g engine.Game, opts engine.Options, req SeekRequest) (*Match, error) {
	var offered []string
	if l.cfg.Offered != nil {
		offered = l.cfg.Offered(g, opts)
	}
	if !slices.Contains(offered, req.Computer) {
		return nil, refuse(http.StatusBadRequest, "lobby.computer_level", "agent", req.Computer, "levels", strings.Join(offered, ", "))
	}
	if _, ok := Anchors[req.Computer]; req.Rated && !ok {
		return nil, refuse(http.StatusBadRequest, "lobby.computer_level", "agent", req.Computer, "levels", strings.Join(slices.Sorted(mapKeys(Anchors)), ", "))
	}
	mine := coin()
	seats := make([]rooms.SeatSpec, 2)
	seats[mine] = rooms.SeatSpec{Kind: rooms.Person, Name: me.Name, Player: me.ID, Rating: l.seatRating(ctx, me.ID, req.Game)}
	seats[1-mine] = rooms.SeatSpec{Kind: rooms.Computer, Agent: req.Computer}
	c, err := l.cfg.Rooms.Create(ctx, req.Game, req.Settings, seats, req.Clock)
	if err != nil {
		return nil, badRequest(err)
	}
	token := c.Tokens[mine]
	if err := l.cfg.Store.AddSeats(ctx, []store.PlayerSeat{{Room: c.ID, Seat: mine, Player: me.ID, Game: req.Game, Rated: req.Rated,
		Sealed: seal(me.Key, token), Created: time.Now()}}); err != nil {
		return nil, err
	}
	return &Match{Room: c.ID, Seat: mine, Link: seatLink(c.ID, token), Spectator: "/#/room/" + c.ID}, nil
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// Withdraw withdraws me's open seek id.
func (l *Lobby) Withdraw(ctx context.Context, me Me, id string) error {
	s, err := l.cfg.Store.Seek(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return refuse(http.StatusNotFound, "lobby.no_seek", "id", id)
	}
	if err != nil {
		return err
	}
	if s.Player != me.ID {
		return refuse(http.StatusForbidden, "lobby.not_yours", "id", id)
	}
	if err := l.cfg.Store.MoveSeek(ctx, id, store.SeekOpen, store.SeekWithdrawn, "", ""); err != nil {
		return l.gone(ctx, id, err)
	}
	l.changed()
	return nil
}

// SeekOf reads seek id; its seeker (me, if given) learns its seat link
// once it is accepted.
func (l *Lobby) SeekOf(ctx context.Context, me *Me, id string) (SeekView, error) {
	s, err := l.cfg.Store.Seek(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return SeekView{}, refuse(http.StatusNotFound, "lobby.no_seek", "id", id)
	}
	if err != nil {
		return SeekView{}, err
	}
	v := seekView(s)
	if me != nil && me.ID == s.Player && s.Room != "" {
		l.addLink(&v, me.Key, s)
	}
	return v, nil
}

// addLink adds the seeker's seat and link to v, the view of its accepted
// seek s.
func (l *Lobby) addLink(v *SeekView, key string, s store.Seek) {
	token, err := unseal(key, s.Sealed)
	if err != nil {
		return
	}
	if room, err := l.cfg.Rooms.Read(context.Background(), s.Room); err == nil {
		for i, st := range room.View(rooms.Spectator).Seats {
			if st.Player == s.Player {
				v.Seat = &i
				break
			}
		}
	}
	v.Link = seatLink(s.Room, token)
}

// Open lists the open seeks (of one game unless game is "").
func (l *Lobby) Open(ctx context.Context, game string) ([]SeekView, error) {
	ss, err := l.cfg.Store.OpenSeeks(ctx, game, maxList)
	if err != nil {
		return nil, err
	}
	out := make([]SeekView, 0, len(ss))
	for _, s := range ss {
		out = append(out, seekView(s))
	}
	return out, nil
}

// RatingEntry is one line of a game's rating list.
type RatingEntry struct {
	Player string `json:"player"`
	Name   string `json:"name"`
	RatingView
	Games int `json:"games"`
}

// Ratings is game's rating list, highest first.
func (l *Lobby) Ratings(ctx context.Context, game string) ([]RatingEntry, error) {
	if _, err := engine.Lookup(game); err != nil {
		return nil, &Error{http.StatusNotFound, err}
	}
	rs, err := l.cfg.Store.RatingList(ctx, game, maxList)
	if err != nil {
		return nil, err
	}
	out := make([]RatingEntry, 0, len(rs))
	for _, r := range rs {
		out = append(out, RatingEntry{Player: r.Player, Name: r.Name, RatingView: *ratingView(r.Rating), Games: r.Games})
	}
	return out, nil
}
