//go:build !js

package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pgMigrations are the migrations in PostgreSQL's dialect: the same
// statements with its names of the column types (every integer 64-bit,
// like SQLite's). TestMigrationsInStep checks that both give the same
// tables and columns. They are made when a PostgreSQL store is first
// opened, not at the start of every tabula command.
var pgMigrations = sync.OnceValue(func() []string { return pgDialect(migrations) })

func pgDialect(migs []string) []string {
	dialect := strings.NewReplacer("BLOB", "BYTEA", "INTEGER", "BIGINT", "REAL", "DOUBLE PRECISION")
	out := make([]string, len(migs))
	for i, m := range migs {
		out[i] = dialect.Replace(m)
	}
	return out
}

// Channel is the PostgreSQL notification channel of room changes; the
// payload is "room version".
const Channel = "tabula_rooms"

// Postgres is the PostgreSQL backend, for several server processes
// sharing one database. Every step is one statement that updates the
// room's row only if it is at the step's version (taking the row's lock),
// so two processes can never append the same version; committed steps
// are notified on Channel.
type Postgres struct {
	pool   *pgxpool.Pool
	q      *writeQueue
	notes  *notifier
	origin string   // this Postgres's name in notifications (postgres_notify.go)
	key    []byte   // the database's key of notifications
	migs   []string // the migrations this program knows (pgMigrations but in tests)
}

// DefaultStatementTimeout bounds each statement unless the connection
// string sets statement_timeout.
const DefaultStatementTimeout = "10s"

// DefaultPoolConns is the connections of an instance's pool unless the
// connection string sets pool_max_conns (pgx's own default is 4 on this
// size of machine). A move holds a connection until its commit is on
// disk: 4 carried about 700 moves a second, short of 1,000 rooms of
// people (docs/lab/server-load-postgres.md).
const DefaultPoolConns = 16

// OpenPostgres connects to the database of dsn (a postgres:// URL or
// key=value string; pool_max_conns and statement_timeout may be set in it)
// and applies the migrations it lacks. Several processes may open the
// same database at once: migrations take an advisory lock.
func OpenPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	return openPostgres(ctx, dsn, pgMigrations())
}

// openPostgres is OpenPostgres for a program that knows the migrations
// migs, in PostgreSQL's dialect (a test runs a later version's beside
// this one's).
func openPostgres(ctx context.Context, dsn string, migs []string) (*Postgres, error) {
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
	p := &Postgres{pool: pool, origin: newOrigin(), migs: migs}
	if err := p.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: postgres %s@%s/%s: %w", cfg.ConnConfig.User, cfg.ConnConfig.Host, cfg.ConnConfig.Database, err)
	}
	p.notes = newNotifier(pool, p.origin, p.key)
	p.startWriters()
	return p, nil
}

// migrateLock is the advisory lock key that serializes migrations.
const migrateLock = 0x7461_6275_6c61 // "tabula"

func (p *Postgres) migrate(ctx context.Context) error {
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrateLock)); err != nil {
			return err
		}
		if err := migrate(ctx, pgTx{tx}, p.migs, contracts); err != nil {
			return err
		}
		var err error
		p.key, err = notifyKey(ctx, tx)
		return err
	})
}

// pgTx is a PostgreSQL transaction as migrate needs it.
type pgTx struct{ tx pgx.Tx }

func (t pgTx) exec(ctx context.Context, q string) error {
	_, err := t.tx.Exec(ctx, q)
	return err
}

func (t pgTx) queryInt(ctx context.Context, q string) (int, error) {
	var v int
	err := t.tx.QueryRow(ctx, q).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, errNoRow
	}
	return v, err
}

// Close stops the writers after the transactions they are in, answers
// the changes still queued with an error, sends the notifications still
// queued and closes the pool.
func (p *Postgres) Close() error {
	p.stopWriters()
	p.notes.close()
	p.pool.Close()
	return nil
}

// Pool is the connection pool, for tests and tools.
func (p *Postgres) Pool() *pgxpool.Pool { return p.pool }

// SchemaVersion is the number of migrations applied.
func (p *Postgres) SchemaVersion(ctx context.Context) (int, error) {
	v, _, err := p.schema(ctx)
	return v, err
}

func (p *Postgres) schema(ctx context.Context) (have, oldest int, err error) {
	err = p.pool.QueryRow(ctx, `SELECT v.version, o.version FROM schema_version v, schema_oldest o`).Scan(&have, &oldest)
	return have, oldest, err
}

// LoadRoom reads everything stored about a room, as of one moment.
func (p *Postgres) LoadRoom(ctx context.Context, id string) (Snapshot, error) {
	return p.LoadSince(ctx, id, 0)
}

// LoadSince is LoadRoom with only the events after version after: what
// a process that has the room in memory needs to catch up. Its
// statements go in one round trip, in one read-only transaction that
// sees one moment.
func (p *Postgres) LoadSince(ctx context.Context, id string, after int) (Snapshot, error) {
	var sn Snapshot
	found := false
	b := &pgx.Batch{}
	b.Queue(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`)
	b.Queue(`SELECT id, game, options, secret, version, status, result, created, updated, clock FROM rooms WHERE id = $1`, id).Query(func(rows pgx.Rows) error {
		if !rows.Next() {
			return rows.Err()
		}
		found = true
		r := &sn.Room
		var opts string
		var created, updated int64
		if err := rows.Scan(&r.ID, &r.Game, &opts, &r.Secret, &r.Version, &r.Status, &r.Result, &created, &updated, &r.Clock); err != nil {
			return err
		}
		r.Created, r.Updated = time.UnixMilli(created), time.UnixMilli(updated)
		if err := json.Unmarshal([]byte(opts), &r.Options); err != nil {
			return fmt.Errorf("store: options of %s: %w", id, err)
		}
		return nil
	})
	b.Queue(`SELECT seat, kind, agent, name, token_hash, player, rating FROM seats WHERE room = $1 ORDER BY seat`, id).Query(func(rows pgx.Rows) (err error) {
		sn.Seats, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Seat, error) {
			var st Seat
			return st, row.Scan(&st.Index, &st.Kind, &st.Agent, &st.Name, &st.TokenHash, &st.Player, &st.Rating)
		})
		return err
	})
	b.Queue(`SELECT version, kind, body FROM events WHERE room = $1 AND version > $2 ORDER BY version`, id, after).Query(func(rows pgx.Rows) (err error) {
		sn.Events, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Event, error) {
			var e Event
			var body string
			err := row.Scan(&e.Version, &e.Kind, &body)
			e.Body = []byte(body)
			return e, err
		})
		return err
	})
	b.Queue(`SELECT seat, move, version FROM commits WHERE room = $1 ORDER BY seat`, id).Query(func(rows pgx.Rows) (err error) {
		sn.Commits, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Commit, error) {
			var c Commit
			return c, row.Scan(&c.Seat, &c.Move, &c.Version)
		})
		return err
	})
	b.Queue(`COMMIT`)
	if err := p.pool.SendBatch(ctx, b).Close(); err != nil {
		return Snapshot{}, err
	}
	if !found {
		return Snapshot{}, ErrNotFound
	}
	return sn, nil
}

// CorrespondenceRooms lists the open rooms with a clock per move.
func (p *Postgres) CorrespondenceRooms(ctx context.Context) ([]string, error) {
	rows, _ := p.pool.Query(ctx, `SELECT id FROM rooms WHERE status = $1 AND clock LIKE 'move:%' ORDER BY id`, Open)
	return pgx.CollectRows(rows, pgx.RowTo[string])
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
		args = append(args, f.Result, len(f.Result)+1, f.Result+":")
		n := len(args)
		where = append(where, fmt.Sprintf("(result = $%d OR substr(result, 1, $%d::int) = $%d)", n-2, n-1, n))
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
