//go:build !js

package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// nowMS is the database's clock in Unix milliseconds: leases are timed by
// the one clock every process shares, not by each process's own.
const nowMS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`

// Claim takes the lease on computing the computer's move of room at
// version for holder, for ttl. It reports false if another holder's lease
// on that version has not run out. A lease on an older version is
// replaced, and the holder may renew its own.
func (p *Postgres) Claim(ctx context.Context, room string, version int, holder string, ttl time.Duration) (bool, error) {
	rows, _ := p.pool.Query(ctx, `INSERT INTO leases (room, version, holder, expires) VALUES ($1, $2, $3, `+nowMS+` + $4)
		ON CONFLICT (room) DO UPDATE SET version = excluded.version, holder = excluded.holder, expires = excluded.expires
		WHERE leases.version < excluded.version OR leases.expires < `+nowMS+` OR leases.holder = excluded.holder
		RETURNING holder`, room, version, holder, ttl.Milliseconds())
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return false, fmt.Errorf("store: lease of %s at %d: %w", room, version, err)
	}
	return len(got) == 1, nil
}

// TakeExpired takes over up to n leases that ran out while their room
// stayed at the lease's version (the holder died or gave up before
// storing the move) and returns those rooms. The rows are taken with FOR
// UPDATE SKIP LOCKED, so processes sweeping at once take different rooms.
func (p *Postgres) TakeExpired(ctx context.Context, holder string, ttl time.Duration, n int) ([]string, error) {
	var ids []string
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		rows, _ := tx.Query(ctx, `SELECT l.room FROM leases l JOIN rooms r ON r.id = l.room
			WHERE l.expires < `+nowMS+` AND l.version = r.version AND r.status = $1
			ORDER BY l.expires LIMIT $2 FOR UPDATE OF l SKIP LOCKED`, Open, n)
		var err error
		if ids, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil || len(ids) == 0 {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE leases SET holder = $1, expires = `+nowMS+` + $2 WHERE room = ANY($3)`, holder, ttl.Milliseconds(), ids)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: taking over leases: %w", err)
	}
	return ids, nil
}

// Release ends every lease of holder at once (a process that stops), so
// that other processes take its computer moves over at their next look.
func (p *Postgres) Release(ctx context.Context, holder string) error {
	if _, err := p.pool.Exec(ctx, `UPDATE leases SET expires = 0 WHERE holder = $1`, holder); err != nil {
		return fmt.Errorf("store: releasing the leases of %s: %w", holder, err)
	}
	return nil
}

// Versions returns the stored version of each of the rooms that exists.
func (p *Postgres) Versions(ctx context.Context, ids []string) (map[string]int, error) {
	out := make(map[string]int, len(ids))
	rows, _ := p.pool.Query(ctx, `SELECT id, version FROM rooms WHERE id = ANY($1)`, ids)
	var id string
	var v int
	_, err := pgx.ForEachRow(rows, []any{&id, &v}, func() error { out[id] = v; return nil })
	return out, err
}

// Listener is what Listen calls on; nil fields are not called.
type Listener struct {
	// Connected is called each time the connection is (re)made: the
	// caller then polls for what it may have missed.
	Connected func()
	// Changed is called for every room change committed by any process
	// (its own included, but not its steps sent with their events).
	Changed func(room string, version int)
	// Stepped is called, if set, for a step of another process that only
	// appended events, with the room's version before it and its events
	// (verified: they are what was stored). Without it, Changed is.
	Stepped func(room string, from int, events []Event)
	// Presence is called when holder changed its seats of room
	// (SetPresence, DropPresence).
	Presence func(room, holder string)
	// Lobby is called when any process changed the lobby's seeks
	// (NotifyLobby), its own included.
	Lobby func()
	// Lost is told why the connection was lost; it is remade after a pause.
	Lost func(error)
}

// Listen follows Channel from one connection of its own until ctx is
// done, and calls l.
func (p *Postgres) Listen(ctx context.Context, l Listener) {
	for ctx.Err() == nil {
		err := p.listenOnce(ctx, l)
		if ctx.Err() != nil {
			return
		}
		if l.Lost != nil {
			l.Lost(err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Second): // a pause before reconnecting
		}
	}
}

func (p *Postgres) listenOnce(ctx context.Context, l Listener) error {
	// The pool's settings, without its own (pool_max_conns and such).
	conn, err := pgx.ConnectConfig(ctx, p.pool.Config().ConnConfig)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `LISTEN `+Channel); err != nil {
		return err
	}
	p.notes.queue(helloPrefix + p.origin) // postgres_alone.go
	if l.Connected != nil {
		l.Connected()
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if p.notes.heardFrom(n.Payload) {
			continue
		}
		if n.Payload == lobbyPayload {
			if l.Lobby != nil {
				l.Lobby()
			}
			continue
		}
		if room, from, events, own, verified, ok := parseSteps(n.Payload, p.origin, p.key); ok {
			switch {
			case own:
			case verified && l.Stepped != nil:
				l.Stepped(room, from, events)
			case l.Changed != nil:
				l.Changed(room, from+len(events)) // not verified: only a hint
			}
		} else if room, version, ok := parseChange(n.Payload); ok {
			if l.Changed != nil {
				l.Changed(room, version)
			}
		} else if room, holder, ok := parsePresence(n.Payload); ok && l.Presence != nil {
			l.Presence(room, holder)
		}
	}
}

// lobbyPayload is the notification that the lobby's seeks changed: the
// listeners read them again (processes of earlier versions ignore it).
const lobbyPayload = "lobby"

// NotifyLobby tells every process's listener that the seeks changed.
func (p *Postgres) NotifyLobby() { p.notes.queue(lobbyPayload) }

// parseChange reads a notification's payload, "ROOM VERSION". Anyone who
// may connect to the database can notify the channel: anything else is
// ignored.
func parseChange(payload string) (room string, version int, ok bool) {
	room, v, ok := strings.Cut(payload, " ")
	version, err := strconv.Atoi(v)
	if !ok || err != nil || version < 0 || room == "" || len(room) > 64 {
		return "", 0, false
	}
	return room, version, true
}
