package rooms

import (
	"context"
	"time"
)

// DefaultLease is how long a computer move's lease runs without a
// renewal. The holder renews it every third of that while it searches,
// so a search may take longer than its lease; a process that dies stops
// renewing, and another takes the move over within a lease and a poll.
const DefaultLease = 6 * time.Second

// holdLease renews the lease of the computer move at version, every
// third of the lease, until ctx is done. If another process has taken
// the lease (this one stalled past it), it calls lost and returns: that
// process computes and stores the move. A renewal that fails for another
// reason is tried again at the next tick.
func (s *shared) holdLease(ctx context.Context, r *Room, version int, lost func()) {
	go s.renew(ctx, r, version, lost)
}

// renew is holdLease's goroutine.
func (s *shared) renew(ctx context.Context, r *Room, version int, lost func()) {
	ticks := r.m.cfg.renewals
	if ticks == nil {
		t := time.NewTicker(r.m.cfg.Lease / 3)
		defer t.Stop()
		ticks = t.C
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticks:
		}
		got, err := s.store.Claim(ctx, r.ID, version, r.m.cfg.Holder, r.m.cfg.Lease)
		if err != nil {
			if ctx.Err() == nil {
				r.m.cfg.Log.Warn("renewing the lease of a computer move", "room", r.ID, "version", version, "err", err)
			}
			continue
		}
		if !got {
			r.m.cfg.Log.Info("computer move taken over", "room", r.ID, "version", version)
			lost()
			return
		}
	}
}
