package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Apply makes one change of a room in one statement, so in one round trip
// and one transaction; ErrConflict if the room is not at st.From,
// ErrNotFound if there is no such room. The statement's first part is the
// conditional update of the room's version (it takes the row's lock, so
// two processes cannot both pass it); every other part reads its row, so
// that a step that does not match changes nothing. Apply returns once the
// commit is on disk; the other processes are told afterwards (notifier).
func (p *Postgres) Apply(ctx context.Context, st Step) error {
	for i, e := range st.Events {
		if e.Version != st.From+i+1 {
			return fmt.Errorf("store: event %d of a step from %d has version %d", i, st.From, e.Version)
		}
	}
	to := st.From + len(st.Events)
	query, args := stepStatement(st, time.Now().UnixMilli())
	conn, err := p.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("store: postgres: %w", err)
	}
	defer conn.Release()
	var applied int
	if err := conn.QueryRow(ctx, query, args...).Scan(&applied); err != nil {
		return fmt.Errorf("store: step of %s from %d: %w", st.Room, st.From, err)
	}
	if applied == 1 {
		if to != st.From {
			p.notes.add(st.Room, to)
		}
		return nil
	}
	// The version did not match: another writer went first, or no room.
	// (Asked on this connection: taking another could wait for ever on a
	// pool that writers like this one have emptied.)
	var v int
	err = conn.QueryRow(ctx, `SELECT version FROM rooms WHERE id = $1`, st.Room).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	return fmt.Errorf("%w: room %s is at version %d, not %d", ErrConflict, st.Room, v, st.From)
}

// stepStatement is the one statement of st: data-modifying parts (WITH)
// that each take the room's id from the version update, so that all or
// none apply, and a count of the rooms updated (1 or 0). Lists go as
// arrays, so that the text depends only on which parts the step has and
// pgx's cache of prepared statements holds every form.
func stepStatement(st Step, now int64) (string, []any) {
	args := []any{st.Room, st.From + len(st.Events), now, st.From}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	var q strings.Builder
	q.WriteString(`WITH moved AS (UPDATE rooms SET version = $2, updated = $3`)
	if st.Status != "" {
		q.WriteString(`, status = ` + arg(st.Status))
	}
	if st.Result != "" {
		q.WriteString(`, result = ` + arg(st.Result))
	}
	q.WriteString(` WHERE id = $1 AND version = $4 RETURNING id)`)
	if n := len(st.Events); n > 0 {
		versions, kinds, bodies := make([]int64, n), make([]string, n), make([]string, n)
		for i, e := range st.Events {
			versions[i], kinds[i], bodies[i] = int64(e.Version), e.Kind, string(e.Body)
		}
		q.WriteString(`, new_events AS (INSERT INTO events (room, version, kind, body)
			SELECT moved.id, e.version, e.kind, e.body FROM moved, unnest(` + arg(versions) + `::bigint[], ` + arg(kinds) + `::text[], ` + arg(bodies) + `::text[]) AS e(version, kind, body))`)
	}
	if n := len(st.Seats); n > 0 {
		idx, kinds, agents, names, hashes := make([]int64, n), make([]string, n), make([]string, n), make([]string, n), make([][]byte, n)
		for i, s := range st.Seats {
			idx[i], kinds[i], agents[i], names[i], hashes[i] = int64(s.Index), s.Kind, s.Agent, s.Name, s.TokenHash
		}
		q.WriteString(`, new_seats AS (INSERT INTO seats (room, seat, kind, agent, name, token_hash)
			SELECT moved.id, s.seat, s.kind, s.agent, s.name, s.token_hash FROM moved, unnest(` + arg(idx) + `::bigint[], ` + arg(kinds) + `::text[], ` +
			arg(agents) + `::text[], ` + arg(names) + `::text[], ` + arg(hashes) + `::bytea[]) AS s(seat, kind, agent, name, token_hash)
			ON CONFLICT (room, seat) DO UPDATE SET kind = excluded.kind, agent = excluded.agent, name = excluded.name, token_hash = excluded.token_hash)`)
	}
	seats := make([]int64, len(st.Commits))
	for i, c := range st.Commits {
		seats[i] = int64(c.Seat)
	}
	if st.ClearCommits {
		// The parts of one statement do not see each other's rows: the
		// seats given new commitments are kept and overwritten below.
		q.WriteString(`, cleared AS (DELETE FROM commits WHERE room = (SELECT id FROM moved) AND seat <> ALL(` + arg(seats) + `::bigint[]))`)
	}
	if n := len(st.Commits); n > 0 {
		moves, versions := make([]string, n), make([]int64, n)
		for i, c := range st.Commits {
			moves[i], versions[i] = c.Move, int64(c.Version)
		}
		q.WriteString(`, new_commits AS (INSERT INTO commits (room, seat, move, version)
			SELECT moved.id, c.seat, c.move, c.version FROM moved, unnest(` + arg(seats) + `::bigint[], ` + arg(moves) + `::text[], ` + arg(versions) + `::bigint[]) AS c(seat, move, version)`)
		if st.ClearCommits {
			q.WriteString(` ON CONFLICT (room, seat) DO UPDATE SET move = excluded.move, version = excluded.version`)
		}
		q.WriteString(`)`)
	}
	if a := st.Archive; a != nil {
		q.WriteString(`, archived AS (INSERT INTO finished (room, game, players, result, finished, record)
			SELECT ` + arg(a.Room) + `::text, ` + arg(a.Game) + `::text, ` + arg(jsonList(a.Players)) + `::text, ` + arg(a.Result) + `::text, ` +
			arg(a.Finished.UnixMilli()) + `::bigint, ` + arg(string(a.Record)) + `::text FROM moved
			ON CONFLICT (room) DO UPDATE SET game = excluded.game, players = excluded.players, result = excluded.result,
			finished = excluded.finished, record = excluded.record)`)
	}
	q.WriteString(` SELECT count(*) FROM moved`)
	return q.String(), args
}

// notifier tells the listeners of every process of committed steps, in
// batches: one transaction carries every change committed while the last
// one was being sent. Not in the steps' transactions: a transaction that
// notifies holds one lock of the whole database from its commit until the
// commit is on disk, so steps that notified would wait for each other's
// fsync instead of sharing one; and not one transaction a step, which
// cost each move a round trip and a commit. Its transactions do not wait
// for the disk (a notification does not outlive a crash anyway). If one
// fails, the others see the steps at their next poll.
type notifier struct {
	pool *pgxpool.Pool
	mu   sync.Mutex
	next []string // payloads to send, "ROOM VERSION", in commit order
	wake chan struct{}
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

func newNotifier(pool *pgxpool.Pool) *notifier {
	n := &notifier{pool: pool, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go n.run()
	return n
}

// add queues the news that room is at version.
func (n *notifier) add(room string, version int) {
	n.mu.Lock()
	n.next = append(n.next, room+" "+strconv.Itoa(version))
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

func (n *notifier) run() {
	defer close(n.done)
	var sending []string
	for {
		select {
		case <-n.wake:
		case <-n.stop:
			n.send(sending[:0]) // what came before Close
			return
		}
		sending = n.send(sending[:0])
	}
}

// send sends what is queued, using buf for it, and returns buf.
func (n *notifier) send(buf []string) []string {
	n.mu.Lock()
	buf, n.next = n.next, buf
	n.mu.Unlock()
	if len(buf) == 0 {
		return buf
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	b.Queue(`SET LOCAL synchronous_commit TO off`)
	b.Queue(`SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, Channel, buf)
	b.Queue(`COMMIT`) // after an error, the server skips to the end of the batch and rolls back
	_ = n.pool.SendBatch(ctx, b).Close()
	clear(buf)
	return buf
}

// close sends what is queued and stops.
func (n *notifier) close() {
	n.once.Do(func() { close(n.stop) })
	<-n.done
}
