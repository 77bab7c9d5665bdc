//go:build !js

package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Presence is shared by the processes on one PostgreSQL database: each
// writes, for each room it has in memory, the seats its own connections
// play (one row per seat, under its holder name) and keeps them alive by
// refreshing its own expiry (one row of holders). A process that dies
// stops refreshing, so its rows run out by themselves; one that stops
// cleanly deletes them. Like leases, expiry is timed by the database's
// clock.

// presencePrefix starts the payload of a presence notification on
// Channel: "presence ROOM HOLDER". It has three words where a room
// change has two, so neither is ever read as the other.
const presencePrefix = "presence "

// presencePurge is how long after running out a row is deleted. Until
// then its holder's next refresh brings it back, so a process that
// stalled (but did not die) does not lose its rows.
const presencePurge = time.Hour

// SetPresence replaces holder's seats of each room of seats (room id ->
// the seats its connections play; an empty list deletes them), alive for
// ttl, in one transaction that notifies Channel of each room. Rooms that
// do not exist are passed over.
func (p *Postgres) SetPresence(ctx context.Context, holder string, seats map[string][]int, ttl time.Duration) error {
	if len(seats) == 0 {
		return nil
	}
	ids := make([]string, 0, len(seats))
	payloads := make([]string, 0, len(seats))
	var rowRooms []string
	var rowSeats []int64
	for id, ss := range seats {
		ids = append(ids, id)
		payloads = append(payloads, presencePrefix+id+" "+holder)
		for _, s := range ss {
			rowRooms = append(rowRooms, id)
			rowSeats = append(rowSeats, int64(s))
		}
	}
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	// Presence is remade by the next refresh: it need not wait for the
	// disk (and its notifications hold a lock of the whole database until
	// the commit is on disk; see notifyChange).
	b.Queue(`SET LOCAL synchronous_commit TO off`)
	queueHolder(b, holder, ttl)
	b.Queue(`DELETE FROM presence WHERE holder = $1 AND room = ANY($2)`, holder, ids)
	b.Queue(`INSERT INTO presence (room, seat, holder, expires)
		SELECT u.room, u.seat, $1, `+nowMS+` + $4 FROM unnest($2::text[], $3::bigint[]) AS u(room, seat) JOIN rooms r ON r.id = u.room
		ON CONFLICT (room, seat, holder) DO UPDATE SET expires = excluded.expires`, holder, rowRooms, rowSeats, ttl.Milliseconds())
	b.Queue(`SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, Channel, payloads)
	b.Queue(`COMMIT`) // after an error, the server skips to the end of the batch and rolls back
	if err := p.pool.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("store: presence of %s in %d rooms: %w", holder, len(ids), err)
	}
	return nil
}

// RefreshPresence keeps every row of holder alive for ttl from now, and
// deletes the rows of any holder that ran out long ago (processes that
// died). It need not wait for the disk either. It also tells the other
// processes that this one is here, and learns whether any other holder
// is alive (postgres_alone.go).
func (p *Postgres) RefreshPresence(ctx context.Context, holder string, ttl time.Duration) error {
	start := time.Now()
	var others bool
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	b.Queue(`SET LOCAL synchronous_commit TO off`)
	queueHolder(b, holder, ttl)
	b.Queue(`DELETE FROM presence WHERE holder IN (SELECT holder FROM holders WHERE expires < `+nowMS+` - $1)`, presencePurge.Milliseconds())
	b.Queue(`DELETE FROM holders WHERE expires < `+nowMS+` - $1`, presencePurge.Milliseconds())
	b.Queue(`SELECT EXISTS (SELECT 1 FROM holders WHERE holder <> $1 AND expires > `+nowMS+`)`, holder).QueryRow(func(row pgx.Row) error {
		return row.Scan(&others)
	})
	b.Queue(`SELECT pg_notify($1, $2)`, Channel, herePrefix+p.origin)
	b.Queue(`COMMIT`)
	if err := p.pool.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("store: refreshing the presence of %s: %w", holder, err)
	}
	p.notes.refreshed(start, others, ttl)
	return nil
}

// queueHolder adds to b the statement that keeps holder's rows alive for
// ttl from now.
func queueHolder(b *pgx.Batch, holder string, ttl time.Duration) {
	b.Queue(`INSERT INTO holders (holder, expires) VALUES ($1, `+nowMS+` + $2)
		ON CONFLICT (holder) DO UPDATE SET expires = excluded.expires`, holder, ttl.Milliseconds())
}

// Presence returns, for each of the rooms ids, the seats that holders
// other than except play and whose rows have not run out, in order; a
// room without any is left out.
func (p *Postgres) Presence(ctx context.Context, ids []string, except string) (map[string][]int, error) {
	out := map[string][]int{}
	rows, _ := p.pool.Query(ctx, `SELECT DISTINCT p.room, p.seat FROM presence p JOIN holders h ON h.holder = p.holder
		WHERE p.room = ANY($1) AND p.holder <> $2 AND h.expires > `+nowMS+` ORDER BY p.room, p.seat`, ids, except)
	var room string
	var seat int
	_, err := pgx.ForEachRow(rows, []any{&room, &seat}, func() error {
		out[room] = append(out[room], seat)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: reading presence: %w", err)
	}
	return out, nil
}

// DropPresence deletes every row of holder (a process that stops) and
// notifies Channel of each room it was in.
func (p *Postgres) DropPresence(ctx context.Context, holder string) error {
	_, err := p.pool.Exec(ctx, `WITH gone AS (DELETE FROM presence WHERE holder = $1 RETURNING room),
		holder AS (DELETE FROM holders WHERE holder = $1)
		SELECT pg_notify($2, $3 || g.room || ' ' || $1) FROM (SELECT DISTINCT room FROM gone) AS g`,
		holder, Channel, presencePrefix)
	if err != nil {
		return fmt.Errorf("store: dropping the presence of %s: %w", holder, err)
	}
	return nil
}

// parsePresence reads a presence notification's payload, "presence ROOM
// HOLDER"; anything else is not one.
func parsePresence(payload string) (room, holder string, ok bool) {
	rest, ok := strings.CutPrefix(payload, presencePrefix)
	if !ok {
		return "", "", false
	}
	room, holder, ok = strings.Cut(rest, " ")
	if !ok || room == "" || len(room) > 64 || holder == "" || len(holder) > 512 {
		return "", "", false
	}
	return room, holder, true
}
