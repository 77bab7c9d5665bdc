package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pgMigrations are the migrations in PostgreSQL's dialect: the same
// statements with its names of the column types (every integer 64-bit,
// like SQLite's). TestMigrationsInStep checks that both give the same
// tables and columns.
var pgMigrations = func() []string {
	dialect := strings.NewReplacer("BLOB", "BYTEA", "INTEGER", "BIGINT")
	out := make([]string, len(migrations))
	for i, m := range migrations {
		out[i] = dialect.Replace(m)
	}
	return out
}()

// Channel is the PostgreSQL notification channel of room changes; the
// payload is "room version".
const Channel = "tabula_rooms"

// Postgres is the PostgreSQL backend, for several server processes
// sharing one database. Every step is one transaction that locks the
// room's row (SELECT ... FOR UPDATE) and checks its version, so two
// processes can never append the same version; a committed step notifies
// Channel.
type Postgres struct {
	pool *pgxpool.Pool
}

// DefaultStatementTimeout bounds each statement unless the connection
// string sets statement_timeout.
const DefaultStatementTimeout = "10s"

// DefaultPoolConns is the connections of an instance's pool unless the
// connection string sets pool_max_conns (pgx's own default is 4 on this
// size of machine). A move holds a connection until its commit is on
// disk: 4 carried about 700 moves a second, short of 1,000 rooms of
// people (docs/server-load.md).
const DefaultPoolConns = 16

// OpenPostgres connects to the database of dsn (a postgres:// URL or
// key=value string; pool_max_conns and statement_timeout may be set in it)
// and applies the migrations it lacks. Several processes may open the
// same database at once: migrations take an advisory lock.
func OpenPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: postgres connection string: %w", err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = DefaultPoolConns
	}
	if _, ok := cfg.ConnConfig.RuntimeParams["statement_timeout"]; !ok {
		cfg.ConnConfig.RuntimeParams["statement_timeout"] = DefaultStatementTimeout
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: postgres: %w", err)
	}
	p := &Postgres{pool: pool}
	if err := p.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: postgres %s@%s/%s: %w", cfg.ConnConfig.User, cfg.ConnConfig.Host, cfg.ConnConfig.Database, err)
	}
	return p, nil
}

// migrateLock is the advisory lock key that serializes migrations.
const migrateLock = 0x7461_6275_6c61 // "tabula"

func (p *Postgres) migrate(ctx context.Context) error {
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrateLock)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
			return err
		}
		var have int
		err := tx.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&have)
		if errors.Is(err, pgx.ErrNoRows) {
			if _, err := tx.Exec(ctx, `INSERT INTO schema_version VALUES (0)`); err != nil {
				return err
			}
		} else if err != nil {
			return err
		}
		if have > len(pgMigrations) {
			return fmt.Errorf("schema version %d is newer than this program (%d)", have, len(pgMigrations))
		}
		for i := have; i < len(pgMigrations); i++ {
			if _, err := tx.Exec(ctx, pgMigrations[i]); err != nil {
				return fmt.Errorf("migration %d: %w", i+1, err)
			}
		}
		_, err = tx.Exec(ctx, `UPDATE schema_version SET version = $1`, len(pgMigrations))
		return err
	})
}

// Close closes the pool.
func (p *Postgres) Close() error { p.pool.Close(); return nil }

// Pool is the connection pool, for tests and tools.
func (p *Postgres) Pool() *pgxpool.Pool { return p.pool }

// SchemaVersion is the number of migrations applied.
func (p *Postgres) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := p.pool.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&v)
	return v, err
}

// CreateRoom stores a new room and its seats, in one round trip (the
// statements of a batch run in one transaction).
func (p *Postgres) CreateRoom(ctx context.Context, r Room, seats []Seat) error {
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	b.Queue(`INSERT INTO rooms (id, game, options, secret, version, status, result, created, updated, clock)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		r.ID, r.Game, jsonList(r.Options), r.Secret, r.Version, r.Status, r.Result, r.Created.UnixMilli(), r.Updated.UnixMilli(), r.Clock)
	queueSeats(b, r.ID, seats)
	b.Queue(`COMMIT`) // after an error, the server skips to the end of the batch and rolls back
	if err := p.pool.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("store: create room %s: %w", r.ID, err)
	}
	return nil
}

// queueSeats adds the upserts of seats to b and says what each does.
func queueSeats(b *pgx.Batch, room string, seats []Seat) []string {
	var what []string
	for _, st := range seats {
		b.Queue(`INSERT INTO seats (room, seat, kind, agent, name, token_hash) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (room, seat) DO UPDATE SET kind = excluded.kind, agent = excluded.agent, name = excluded.name, token_hash = excluded.token_hash`,
			room, st.Index, st.Kind, st.Agent, st.Name, st.TokenHash)
		what = append(what, fmt.Sprintf("seat %d", st.Index))
	}
	return what
}

// Apply makes one change of a room in one transaction; ErrConflict if
// the room is not at st.From, ErrNotFound if there is no such room. The
// transaction's statements go in one round trip, the conditional update
// of the room's version first (it takes the row's lock, so two processes
// cannot both pass it), and the commit in a second.
func (p *Postgres) Apply(ctx context.Context, st Step) error {
	for i, e := range st.Events {
		if e.Version != st.From+i+1 {
			return fmt.Errorf("store: event %d of a step from %d has version %d", i, st.From, e.Version)
		}
	}
	to := st.From + len(st.Events)
	b := &pgx.Batch{}
	what := []string{"begin", "version"} // what each queued statement does, for errors
	b.Queue(`BEGIN`)
	set := []string{"version = $2", "updated = $3"}
	args := []any{st.Room, to, time.Now().UnixMilli(), st.From}
	if st.Status != "" {
		args = append(args, st.Status)
		set = append(set, fmt.Sprintf("status = $%d", len(args)))
	}
	if st.Result != "" {
		args = append(args, st.Result)
		set = append(set, fmt.Sprintf("result = $%d", len(args)))
	}
	b.Queue(`UPDATE rooms SET `+strings.Join(set, ", ")+` WHERE id = $1 AND version = $4`, args...)
	for _, e := range st.Events {
		b.Queue(`INSERT INTO events (room, version, kind, body) VALUES ($1, $2, $3, $4)`, st.Room, e.Version, e.Kind, string(e.Body))
		what = append(what, fmt.Sprintf("event %d", e.Version))
	}
	what = append(what, queueSeats(b, st.Room, st.Seats)...)
	if st.ClearCommits {
		b.Queue(`DELETE FROM commits WHERE room = $1`, st.Room)
		what = append(what, "clearing the commitments")
	}
	for _, c := range st.Commits {
		b.Queue(`INSERT INTO commits (room, seat, move, version) VALUES ($1, $2, $3, $4)`, st.Room, c.Seat, c.Move, c.Version)
		what = append(what, fmt.Sprintf("commitment of seat %d", c.Seat))
	}
	if a := st.Archive; a != nil {
		b.Queue(`INSERT INTO finished (room, game, players, result, finished, record) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (room) DO UPDATE SET game = excluded.game, players = excluded.players, result = excluded.result,
			finished = excluded.finished, record = excluded.record`,
			a.Room, a.Game, jsonList(a.Players), a.Result, a.Finished.UnixMilli(), string(a.Record))
		what = append(what, "archive")
	}
	conn, err := p.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("store: postgres: %w", err)
	}
	// A connection released inside a transaction is closed by the pool.
	defer conn.Release()
	applied, err := runStep(ctx, conn.Conn(), b, what)
	if err == nil && applied {
		_, err = conn.Exec(ctx, `COMMIT`)
		if err != nil {
			return fmt.Errorf("store: commit of %s at %d: %w", st.Room, to, err)
		}
		if to != st.From {
			notifyChange(ctx, conn.Conn(), st.Room, to)
		}
		return nil
	}
	if _, rerr := conn.Exec(context.WithoutCancel(ctx), `ROLLBACK`); rerr != nil {
		conn.Conn().Close(context.WithoutCancel(ctx))
		if err == nil {
			err = rerr
		}
	}
	if err != nil {
		return fmt.Errorf("store: step of %s from %d: %w", st.Room, st.From, err)
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

// notifyChange tells the listeners of every process that room is at
// version, once the step is stored. Not in the step's transaction: a
// transaction that notifies holds one lock of the whole database from its
// commit until the commit is on disk, so steps that notified would wait
// for each other's fsync instead of sharing one. This one does not wait
// for the disk (a notification does not outlive a crash anyway). If it
// fails, the others see the step at their next poll.
func notifyChange(ctx context.Context, conn *pgx.Conn, room string, version int) {
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	b.Queue(`SET LOCAL synchronous_commit TO off`)
	b.Queue(`SELECT pg_notify($1, $2)`, Channel, fmt.Sprintf("%s %d", room, version))
	b.Queue(`COMMIT`)
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		conn.Exec(context.WithoutCancel(ctx), `ROLLBACK`)
	}
}

// runStep sends a step's batch and reads its answers; applied is false
// if the room was not at the step's version.
func runStep(ctx context.Context, conn *pgx.Conn, b *pgx.Batch, what []string) (applied bool, err error) {
	br := conn.SendBatch(ctx, b)
	defer func() {
		if cerr := br.Close(); err == nil && applied {
			err = cerr
		}
	}()
	for i := range what {
		tag, err := br.Exec()
		if err != nil {
			return false, fmt.Errorf("%s: %w", what[i], err)
		}
		if what[i] == "version" && tag.RowsAffected() != 1 {
			return false, nil
		}
	}
	return true, nil
}

// LoadRoom reads everything stored about a room, as of one moment.
func (p *Postgres) LoadRoom(ctx context.Context, id string) (Snapshot, error) {
	return p.LoadSince(ctx, id, 0)
}

// LoadSince is LoadRoom with only the events after version after: what
// a process that has the room in memory needs to catch up.
func (p *Postgres) LoadSince(ctx context.Context, id string, after int) (Snapshot, error) {
	var sn Snapshot
	err := pgx.BeginTxFunc(ctx, p.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly, IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		r := &sn.Room
		var opts string
		var created, updated int64
		err := tx.QueryRow(ctx, `SELECT id, game, options, secret, version, status, result, created, updated, clock FROM rooms WHERE id = $1`, id).
			Scan(&r.ID, &r.Game, &opts, &r.Secret, &r.Version, &r.Status, &r.Result, &created, &updated, &r.Clock)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		r.Created, r.Updated = time.UnixMilli(created), time.UnixMilli(updated)
		if err := json.Unmarshal([]byte(opts), &r.Options); err != nil {
			return fmt.Errorf("store: options of %s: %w", id, err)
		}
		rows, _ := tx.Query(ctx, `SELECT seat, kind, agent, name, token_hash FROM seats WHERE room = $1 ORDER BY seat`, id)
		if sn.Seats, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Seat, error) {
			var st Seat
			return st, row.Scan(&st.Index, &st.Kind, &st.Agent, &st.Name, &st.TokenHash)
		}); err != nil {
			return err
		}
		rows, _ = tx.Query(ctx, `SELECT version, kind, body FROM events WHERE room = $1 AND version > $2 ORDER BY version`, id, after)
		if sn.Events, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Event, error) {
			var e Event
			var body string
			err := row.Scan(&e.Version, &e.Kind, &body)
			e.Body = []byte(body)
			return e, err
		}); err != nil {
			return err
		}
		rows, _ = tx.Query(ctx, `SELECT seat, move, version FROM commits WHERE room = $1 ORDER BY seat`, id)
		sn.Commits, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Commit, error) {
			var c Commit
			return c, row.Scan(&c.Seat, &c.Move, &c.Version)
		})
		return err
	})
	return sn, err
}

// IdleRooms lists the open rooms not changed since before.
func (p *Postgres) IdleRooms(ctx context.Context, before time.Time) ([]string, error) {
	rows, _ := p.pool.Query(ctx, `SELECT id FROM rooms WHERE status = $1 AND updated < $2 ORDER BY updated LIMIT 1000`, Open, before.UnixMilli())
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// FinishedGames lists finished games, newest first.
func (p *Postgres) FinishedGames(ctx context.Context, f Filter) ([]Game, error) {
	where, args := []string{"true"}, []any{}
	add := func(cond string, arg any) {
		args = append(args, arg)
		where = append(where, strings.ReplaceAll(cond, "$?", fmt.Sprintf("$%d", len(args))))
	}
	if f.Game != "" {
		add("game = $?", f.Game)
	}
	if f.Result != "" {
		add("result = $?", f.Result)
	}
	if f.Player != "" {
		add("EXISTS (SELECT 1 FROM json_array_elements_text(players::json) AS p(name) WHERE strpos(lower(p.name), lower($?)) > 0)", f.Player)
	}
	if !f.Since.IsZero() {
		add("finished >= $?", f.Since.UnixMilli())
	}
	if !f.Until.IsZero() {
		add("finished < $?", f.Until.UnixMilli())
	}
	if f.Limit <= 0 || f.Limit > 1000 {
		f.Limit = 100
	}
	args = append(args, f.Limit)
	rows, _ := p.pool.Query(ctx, `SELECT room, game, players, result, finished, record FROM finished WHERE `+
		strings.Join(where, " AND ")+fmt.Sprintf(` ORDER BY finished DESC, room LIMIT $%d`, len(args)), args...)
	return pgx.CollectRows(rows, pgGame)
}

// AddFinished puts a game into the archive that was not played in a room
// here (an imported record).
func (p *Postgres) AddFinished(ctx context.Context, g Game) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO finished (room, game, players, result, finished, record) VALUES ($1, $2, $3, $4, $5, $6)`,
		g.Room, g.Game, jsonList(g.Players), g.Result, g.Finished.UnixMilli(), string(g.Record))
	if err != nil {
		return fmt.Errorf("store: archive %s: %w", g.Room, err)
	}
	return nil
}

// FinishedGame returns one finished game by its room.
func (p *Postgres) FinishedGame(ctx context.Context, room string) (Game, error) {
	rows, _ := p.pool.Query(ctx, `SELECT room, game, players, result, finished, record FROM finished WHERE room = $1`, room)
	g, err := pgx.CollectExactlyOneRow(rows, pgGame)
	if errors.Is(err, pgx.ErrNoRows) {
		return g, ErrNotFound
	}
	return g, err
}

func pgGame(row pgx.CollectableRow) (Game, error) {
	var g Game
	var players, record string
	var fin int64
	if err := row.Scan(&g.Room, &g.Game, &players, &g.Result, &fin, &record); err != nil {
		return g, err
	}
	g.Finished = time.UnixMilli(fin)
	g.Record = []byte(record)
	if err := json.Unmarshal([]byte(players), &g.Players); err != nil {
		return g, fmt.Errorf("store: players of %s: %w", g.Room, err)
	}
	return g, nil
}
