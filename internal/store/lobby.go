package store

import (
	"context"
	"errors"
	"time"

	"tabula/rating"
)

// The lobby's storage: identities (players), their ratings per game, the
// open challenges (seeks) and the seats the lobby gave in rooms it made
// (internal/lobby uses it; docs/api.md, "Lobby").

// ErrTaken is returned when a seek is no longer in the state a change
// expects (accepted or withdrawn meanwhile).
var ErrTaken = errors.New("store: the seek is no longer open")

// Player is an identity without an account: a name and the SHA-256 of
// its secret key (the key itself is never stored).
type Player struct {
	ID      string
	Name    string
	KeyHash []byte
	Created time.Time
}

// Rating is a player's rating in one game.
type Rating struct {
	Player string
	Name   string // the player's name (lists)
	Game   string
	rating.Rating
	Games   int
	Updated time.Time
}

// SeekStatus is where a seek is in its life.
type SeekStatus string

const (
	SeekOpen      SeekStatus = "open"
	SeekTaken     SeekStatus = "taken"
	SeekWithdrawn SeekStatus = "withdrawn"
)

// Seek is an open challenge: a player waits for an opponent for a game
// under options and a clock. Its seat token (the seeker's seat in the
// room made when it is accepted) is made with the seek: TokenHash is its
// hash, Sealed the token sealed under the seeker's key, so that only the
// seeker can learn it.
type Seek struct {
	ID        string
	Player    string
	Name      string         // the seeker's name (reads)
	Rating    *rating.Rating // the seeker's rating in the game (reads; nil: none yet)
	Game      string
	Options   []string // name=value
	Clock     string   // rooms' form, "" for none
	Rated     bool
	Status    SeekStatus
	Taker     string // the player who accepted it
	Room      string // the room made when it was accepted
	TokenHash []byte
	Sealed    []byte
	Created   time.Time
}

// PlayerSeat is a seat the lobby gave a player in a room it made. Sealed
// is the seat's token sealed under the player's key. Status and Result
// are the room's (reads).
type PlayerSeat struct {
	Room    string
	Seat    int
	Player  string
	Game    string
	Rated   bool
	Applied bool // the game's result is in the ratings
	Sealed  []byte
	Created time.Time
	Status  string
	Result  string
	Updated time.Time
}

// RateFunc computes the new ratings of a finished rated room's players
// from their seats and current ratings (rating.New for none); the store
// writes what it returns, each counted as one more game.
type RateFunc func(seats []PlayerSeat, current map[string]rating.Rating) (map[string]rating.Rating, error)

// Lobby is the storage of the lobby; Memory, SQLite and Postgres have it.
type Lobby interface {
	AddPlayer(ctx context.Context, p Player) error
	// PlayerByKey finds the player of a key's hash (ErrNotFound).
	PlayerByKey(ctx context.Context, keyHash []byte) (Player, error)
	PlayerByID(ctx context.Context, id string) (Player, error)
	// PlayerRatings lists a player's ratings, by game.
	PlayerRatings(ctx context.Context, player string) ([]Rating, error)
	// RatingList lists a game's ratings, highest first, at most limit.
	RatingList(ctx context.Context, game string, limit int) ([]Rating, error)
	AddSeek(ctx context.Context, s Seek) error
	// Seek reads one seek with its seeker's name and rating.
	Seek(ctx context.Context, id string) (Seek, error)
	// OpenSeeks lists the open seeks, oldest first (of one game unless
	// game is ""), at most limit.
	OpenSeeks(ctx context.Context, game string, limit int) ([]Seek, error)
	// MoveSeek changes a seek's status from one to another (setting its
	// taker and room) only if it is at from: ErrTaken if it is not,
	// ErrNotFound if there is no such seek.
	MoveSeek(ctx context.Context, id string, from, to SeekStatus, taker, room string) error
	// AddSeats records the seats the lobby gave in a room.
	AddSeats(ctx context.Context, seats []PlayerSeat) error
	// PlayerSeats lists a player's seats with their rooms' status, the
	// open rooms first, then the newest, at most limit.
	PlayerSeats(ctx context.Context, player string, limit int) ([]PlayerSeat, error)
	// LiveRooms lists the open rooms the lobby made, the latest changed
	// first (one seat of each), at most limit.
	LiveRooms(ctx context.Context, limit int) ([]PlayerSeat, error)
	// UnratedRooms lists finished rated rooms whose result is not yet in
	// the ratings (at most limit).
	UnratedRooms(ctx context.Context, limit int) ([]string, error)
	// RateRoom applies a finished rated room's result once: with the
	// room's seats not yet applied it calls f and writes its ratings in
	// the same transaction; false if the room was applied already (or
	// has no rated seats).
	RateRoom(ctx context.Context, room string, f RateFunc) (bool, error)
}

// lobbyTables is the lobby's migration.
const lobbyTables = `ALTER TABLE seats ADD COLUMN player TEXT NOT NULL DEFAULT '';
	ALTER TABLE seats ADD COLUMN rating INTEGER NOT NULL DEFAULT 0;
	CREATE TABLE players (
		id TEXT PRIMARY KEY,
		key_hash BLOB NOT NULL UNIQUE,
		name TEXT NOT NULL,
		created INTEGER NOT NULL
	);
	CREATE TABLE ratings (
		player TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
		game TEXT NOT NULL,
		rating REAL NOT NULL,
		deviation REAL NOT NULL,
		volatility REAL NOT NULL,
		games INTEGER NOT NULL,
		updated INTEGER NOT NULL,
		PRIMARY KEY (player, game)
	);
	CREATE INDEX ratings_by_game ON ratings(game, rating);
	CREATE TABLE seeks (
		id TEXT PRIMARY KEY,
		player TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
		game TEXT NOT NULL,
		options TEXT NOT NULL,
		clock TEXT NOT NULL,
		rated INTEGER NOT NULL,
		status TEXT NOT NULL,
		taker TEXT NOT NULL DEFAULT '',
		room TEXT NOT NULL DEFAULT '',
		token_hash BLOB NOT NULL,
		sealed BLOB NOT NULL,
		created INTEGER NOT NULL
	);
	CREATE INDEX seeks_by_status ON seeks(status, created);
	CREATE TABLE player_seats (
		room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
		seat INTEGER NOT NULL,
		player TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
		game TEXT NOT NULL,
		rated INTEGER NOT NULL,
		applied INTEGER NOT NULL DEFAULT 0,
		sealed BLOB NOT NULL,
		created INTEGER NOT NULL,
		PRIMARY KEY (room, seat)
	);
	CREATE INDEX player_seats_by_player ON player_seats(player, created);
	CREATE INDEX player_seats_unapplied ON player_seats(applied, rated);`

// boolInt is b as the databases keep it.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
