package rooms

import (
	"context"
	"time"

	"tabula/internal/store"
)

// A mode is how a manager shares its rooms with other processes. NewManager
// chooses it once, from what its store offers: alone, on a store of its own
// (SQLite), or shared, with the other processes on one database
// (PostgreSQL, a Shared store; shared.go and presence.go).
type mode interface {
	// claim reports whether this process may compute the computer move
	// at the room's version. The caller holds r.mu.
	claim(r *Room) bool
	// holdLease keeps, from another goroutine, the claim on the computer
	// move at version while it is computed, until ctx is done; if another
	// process takes it over, it calls lost.
	holdLease(ctx context.Context, r *Room, version int, lost func())
	// since reads what is stored of room id after version.
	since(ctx context.Context, id string, version int) (store.Snapshot, error)
	// poll catches up the rooms in memory that are behind the store, and
	// publishes, refreshes and reads presence.
	poll(ctx context.Context) error
	// takeOver computes the computer moves whose leases ran out in other
	// processes.
	takeOver(ctx context.Context) error
	// follow polls and takes over every interval, and publishes presence
	// as it changes, until ctx is done; it then lets go of this process's
	// leases and presence.
	follow(ctx context.Context, every time.Duration)
	// seatsChanged notes that the seats the room's connections here play
	// may have changed. The caller holds r.mu.
	seatsChanged(r *Room)
	// roomLoaded notes a room just loaded into memory.
	roomLoaded(id string)
	// presenceChanged notes that holder changed its seats of room.
	presenceChanged(room, holder string)
}

// alone is the mode of a process with a store of its own: every room is
// this process's, so nothing is leased, polled or published, and the
// store changes only through this process.
type alone struct{ store Store }

func (alone) claim(*Room) bool { return true }

func (alone) holdLease(context.Context, *Room, int, func()) {}

func (a alone) since(ctx context.Context, id string, version int) (store.Snapshot, error) {
	sn, err := a.store.LoadRoom(ctx, id)
	if err == nil && len(sn.Events) >= version {
		sn.Events = sn.Events[version:]
	}
	return sn, err
}

func (alone) poll(context.Context) error            { return nil }
func (alone) takeOver(context.Context) error        { return nil }
func (alone) follow(context.Context, time.Duration) {}
func (alone) seatsChanged(*Room)                    {}
func (alone) roomLoaded(string)                     {}
func (alone) presenceChanged(room, holder string)   {}
