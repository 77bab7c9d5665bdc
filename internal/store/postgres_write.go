//go:build !js

package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Changes (steps and new rooms) are committed by a few writers, each
// taking every change queued when it is free: the changes that arrive
// together go in one transaction and one round trip, so they share one
// commit and one flush of the log, as on SQLite. One transaction per
// change cost each its own commit, and at a thousand moves a second the
// pool's connections and the server's processor time went to waiting on
// each other's flushes.

// pgWriters is how many transactions of changes may be in flight at
// once (each holds one of the pool's connections).
const pgWriters = 4

// pgMaxBatch bounds the changes of one transaction.
const pgMaxBatch = 256

// pgWriteTimeout bounds one transaction of changes (each statement is
// bounded by statement_timeout too).
const pgWriteTimeout = 30 * time.Second

// pgWrite is a change waiting for a writer: a step or a new room.
type pgWrite struct {
	room    string
	step    *Step
	create  *newRoom
	done    chan error
	applied bool // set by the writer: the room was at the step's version
}

func (w *pgWrite) statement(now int64) (string, []any) {
	if w.create != nil {
		return createStatement(w.create)
	}
	return stepStatement(*w.step, now)
}

// fail wraps err with what w was.
func (w *pgWrite) fail(err error) error {
	if w.create != nil {
		return fmt.Errorf("store: create room %s: %w", w.room, err)
	}
	return fmt.Errorf("store: step of %s from %d: %w", w.room, w.step.From, err)
}

// writeQueue is the changes waiting for the writers.
type writeQueue struct {
	ch      chan *pgWrite
	closing chan struct{}
	drained chan struct{} // closed once Close has answered the queue
	writers sync.WaitGroup
	once    sync.Once
}

func (p *Postgres) startWriters() {
	p.q = &writeQueue{ch: make(chan *pgWrite, pgMaxBatch), closing: make(chan struct{}), drained: make(chan struct{})}
	for range pgWriters {
		p.q.writers.Go(p.writer)
	}
}

// stopWriters lets the writers finish the transactions they are in and
// answers the changes still queued with an error.
func (p *Postgres) stopWriters() {
	q := p.q
	q.once.Do(func() {
		close(q.closing)
		q.writers.Wait()
		refuseQueued(q.ch, func(w *pgWrite) chan<- error { return w.done })
		close(q.drained)
	})
}

// enqueue hands w to the writers and waits for its answer.
func (p *Postgres) enqueue(ctx context.Context, w *pgWrite) error {
	w.done = make(chan error, 1)
	return enqueueChange(ctx, p.q.ch, w, w.done, p.q.closing, p.q.drained)
}

// writer commits the queued changes in batches until the store closes.
func (p *Postgres) writer() {
	for {
		var batch []*pgWrite
		select {
		case w := <-p.q.ch:
			batch = append(batch, w)
		case <-p.q.closing:
			return
		}
	more:
		for len(batch) < pgMaxBatch {
			select {
			case w := <-p.q.ch:
				batch = append(batch, w)
			default:
				break more
			}
		}
		p.commitBatch(batch)
	}
}

// commitBatch commits batch in one transaction and answers each change.
// The rooms' rows are locked in the order of their ids, so that two
// processes' transactions never wait for each other in a circle. If a
// change fails, the transaction is rolled back and each change is made
// alone, so that it fails alone.
func (p *Postgres) commitBatch(batch []*pgWrite) {
	ctx, cancel := context.WithTimeout(context.Background(), pgWriteTimeout)
	defer cancel()
	now := time.Now().UnixMilli()
	conn, err := p.pool.Acquire(ctx)
	if err != nil {
		for _, w := range batch {
			w.done <- w.fail(err)
		}
		return
	}
	defer conn.Release() // a connection released inside a transaction is closed by the pool
	if len(batch) == 1 {
		p.answer(ctx, conn, batch, []error{p.writeAlone(ctx, conn, batch[0], now)})
		return
	}
	slices.SortStableFunc(batch, func(a, b *pgWrite) int { return strings.Compare(a.room, b.room) })
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	for _, w := range batch {
		query, args := w.statement(now)
		b.Queue(query, args...).QueryRow(func(row pgx.Row) error {
			var n int
			err := row.Scan(&n)
			w.applied = n == 1
			return err
		})
	}
	b.Queue(`COMMIT`)
	errs := make([]error, len(batch))
	err = conn.SendBatch(ctx, b).Close()
	var pgErr *pgconn.PgError
	switch {
	case err == nil:
	case errors.As(err, &pgErr):
		// The server refused a statement, so nothing of the batch is
		// stored: each change alone.
		if _, rerr := conn.Exec(ctx, `ROLLBACK`); rerr != nil {
			conn.Conn().Close(ctx)
			for i, w := range batch {
				errs[i] = w.fail(err)
			}
			break
		}
		for i, w := range batch {
			w.applied = false
			errs[i] = p.writeAlone(ctx, conn, w, now)
		}
	default:
		for i, w := range batch {
			errs[i] = w.fail(err)
		}
	}
	p.answer(ctx, conn, batch, errs)
}

// writeAlone makes one change in a transaction of its own.
func (p *Postgres) writeAlone(ctx context.Context, conn *pgxpool.Conn, w *pgWrite, now int64) error {
	query, args := w.statement(now)
	var n int
	if err := conn.QueryRow(ctx, query, args...).Scan(&n); err != nil {
		return w.fail(err)
	}
	w.applied = n == 1
	return nil
}

// answer tells each change of batch how it went (errs[i], or, for a step
// that did not apply, why: the room's version or its absence) and queues
// the notifications of the steps stored.
func (p *Postgres) answer(ctx context.Context, conn *pgxpool.Conn, batch []*pgWrite, errs []error) {
	// The steps stored are told first (Step.Durable: their acks go out),
	// before any caller wakes to its broadcast.
	for i, w := range batch {
		if errs[i] == nil && w.applied && w.step != nil && w.step.Durable != nil {
			w.step.Durable()
		}
	}
	var stale []string
	for i, w := range batch {
		if errs[i] == nil && !w.applied && w.step != nil {
			stale = append(stale, w.room)
		}
	}
	versions := map[string]int{}
	var verr error
	if len(stale) > 0 {
		// Asked on this connection: taking another could wait for ever
		// on a pool that writers like this one have emptied.
		rows, _ := conn.Query(ctx, `SELECT id, version FROM rooms WHERE id = ANY($1)`, stale)
		var id string
		var v int
		_, verr = pgx.ForEachRow(rows, []any{&id, &v}, func() error { versions[id] = v; return nil })
	}
	for i, w := range batch {
		err := errs[i]
		switch {
		case err != nil:
		case w.applied || w.create != nil:
			if st := w.step; st != nil && len(st.Events) > 0 {
				p.notes.add(st)
			}
		case verr != nil:
			err = w.fail(verr)
		default:
			v, ok := versions[w.room]
			if !ok {
				err = ErrNotFound
			} else {
				err = fmt.Errorf("%w: room %s is at version %d, not %d", ErrConflict, w.room, v, w.step.From)
			}
		}
		w.done <- err
	}
}
