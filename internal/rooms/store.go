package rooms

import (
	"context"
	"time"

	"tabula/internal/store"
)

// Store is what rooms need from storage. store.SQLite and store.Postgres
// implement it, and both pass storetest.Run.
type Store interface {
	// CreateRoom stores a new room at version 0 with its seats.
	CreateRoom(ctx context.Context, r store.Room, seats []store.Seat) error
	// Apply makes one change of a room atomically, or none:
	// store.ErrConflict if the room is not at st.From.
	Apply(ctx context.Context, st store.Step) error
	// LoadRoom reads a room, its seats, log and commitments
	// (store.ErrNotFound if unknown).
	LoadRoom(ctx context.Context, id string) (store.Snapshot, error)
	// IdleRooms lists open rooms unchanged since before.
	IdleRooms(ctx context.Context, before time.Time) ([]string, error)
	// CorrespondenceRooms lists the open rooms with a clock per move
	// (store.Room.Clock "move:..."), which the manager keeps in memory so
	// that their flags fall on time.
	CorrespondenceRooms(ctx context.Context) ([]string, error)
	// FinishedGames lists the archive, newest first.
	FinishedGames(ctx context.Context, f store.Filter) ([]store.Game, error)
	// FinishedGame reads one archived game (store.ErrNotFound if unknown).
	FinishedGame(ctx context.Context, room string) (store.Game, error)
	// AddChat keeps a line of a room's chat; Chat reads them in order.
	AddChat(ctx context.Context, l store.ChatLine) error
	Chat(ctx context.Context, room string) ([]store.ChatLine, error)
	// AddFinished archives a game played elsewhere (an import); an id
	// already archived is an error.
	AddFinished(ctx context.Context, g store.Game) error
}
