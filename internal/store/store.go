// Package store keeps online rooms in SQLite (modernc.org/sqlite, no cgo)
// or, for several server processes sharing one database, in PostgreSQL
// (pgx; postgres.go, leases.go, presence.go): rooms and their seats (token hashes only), the numbered event log of each
// room, the hidden commitments of a simultaneous turn and the archive of
// finished games. Every change of a room is one transaction (Apply) that
// checks the room's version first, so two writers can never both append
// the same version.
//
// The interface the rooms package needs is declared there (rooms.Store);
// storetest holds the conformance suite any backend must pass.
package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"tabula/internal/wire"
)

// ErrNotFound is returned for an unknown room or finished game.
var ErrNotFound = errors.New("store: not found")

// ErrConflict is returned by Apply when the room is not at the version the
// step was computed from (another writer went first).
var ErrConflict = errors.New("store: version conflict")

// Room statuses: the protocol's (wire.Status), as stored.
const (
	Open     = wire.StatusOpen
	Finished = wire.StatusFinished
	Expired  = wire.StatusExpired
)

// Room is the stored part of a room that is not its log.
type Room struct {
	ID      string
	Game    string
	Options []string // name=value
	// Secret seeds the room's chance events (Tamman throws); it is
	// published only when the game is over.
	Secret  []byte
	Version int // the number of events in the log
	Status  wire.Status
	Result  string
	Created time.Time
	Updated time.Time
	// Clock is the room's game clock ("" for none), in the rooms
	// package's form.
	Clock string
}

// Seat is one player's place. TokenHash is the SHA-256 of the seat's
// invite token; the token itself is never stored.
type Seat struct {
	Index     int
	Kind      wire.SeatKind
	Agent     string // the agent spec of a computer seat
	Name      string
	TokenHash []byte
	// Player is the identity (lobby) that holds a person's seat, "" for
	// none; Rating is its rating in the game when it sat down (0: none).
	Player string
	Rating int
}

// Event is one entry of a room's log. Body is JSON owned by the rooms
// package.
type Event struct {
	Version int
	Kind    wire.EventKind
	Body    []byte
}

// Commit is a hidden choice of a simultaneous turn, kept until every actor
// of the turn has chosen.
type Commit struct {
	Seat    int
	Move    string
	Version int // the version of the event that announced it
}

// Step is one change of a room, applied atomically: the room must be at
// From; Events (numbered From+1, From+2, ...) are appended, Seats replace
// the seats with their indexes, Commits are added after ClearCommits
// removed the old ones, and Status and Result are set when not empty.
// Archive, if not nil, is added to the finished games.
type Step struct {
	Room         string
	From         int
	Events       []Event
	Seats        []Seat
	ClearCommits bool
	Commits      []Commit
	Status       wire.Status
	Result       string
	Archive      *Game
	// Durable, if not nil, may be called by the store once the step is
	// durable and before Apply returns, never for a step that fails. It
	// must not block. The writers of SQLite and PostgreSQL call it as
	// soon as their batch is committed, before they wake its callers, so
	// that a move's acknowledgement does not wait behind the broadcasts of
	// the moves committed with it.
	Durable func()
}

// Snapshot is everything stored about a room.
type Snapshot struct {
	Room    Room
	Seats   []Seat
	Events  []Event
	Commits []Commit
}

// Game is a finished game in the archive. Record is its JSON record.
type Game struct {
	Room     string
	Game     string
	Players  []string
	Result   string
	Finished time.Time
	Record   []byte
}

// Filter selects finished games; zero fields match everything.
type Filter struct {
	Game   string
	Player string // a substring of any player's name
	// Result is a result's code (view.Result.Code) or its leading parts:
	// "win:1:resign", "win:1", "win", "draw".
	Result string
	Since  time.Time
	Until  time.Time
	Limit  int // default 100
}

// errClosed refuses a change once the store is closing.
var errClosed = errors.New("store: closed")

// resultMatches reports whether the result code matches f.Result, as the
// databases' queries match it: none, the code, or its leading parts.
func (f Filter) resultMatches(code string) bool {
	return f.Result == "" || code == f.Result || strings.HasPrefix(code, f.Result+":")
}

// enqueueChange hands req to a writer's queue and waits for its answer on
// done. closing is closed when the store starts closing, drained once
// Close has answered what was queued.
func enqueueChange[T any](ctx context.Context, queue chan<- T, req T, done <-chan error, closing, drained <-chan struct{}) error {
	if err := ctx.Err(); err != nil {
		return err // a request already over changes nothing
	}
	select {
	case queue <- req:
	case <-ctx.Done():
		return ctx.Err()
	case <-closing:
		return errClosed
	}
	// Once queued the change will be written or refused: wait for the
	// answer whatever ctx says, so that no stored change is reported lost.
	// A change that slipped into the queue after Close answered it (select
	// picks at random between a free queue and closing) is never written.
	select {
	case err := <-done:
		return err
	case <-drained:
		select {
		case err := <-done:
			return err
		default:
			return errClosed
		}
	}
}

// refuseQueued answers every change left in queue with errClosed (its
// writers have stopped).
func refuseQueued[T any](queue <-chan T, done func(T) chan<- error) {
	for {
		select {
		case req := <-queue:
			done(req) <- errClosed
		default:
			return
		}
	}
}
