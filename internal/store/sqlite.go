//go:build !js

package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver, pure Go
)

// migrations are applied in order, each once, on SQLite and (translated
// by pgMigrations) on PostgreSQL; schema_version holds how
// many have been. Never change one that has shipped: add a new one.
var migrations = []string{
	`CREATE TABLE rooms (
		id TEXT PRIMARY KEY,
		game TEXT NOT NULL,
		options TEXT NOT NULL,
		secret BLOB NOT NULL,
		version INTEGER NOT NULL,
		status TEXT NOT NULL,
		result TEXT NOT NULL DEFAULT '',
		created INTEGER NOT NULL,
		updated INTEGER NOT NULL
	);
	CREATE TABLE seats (
		room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
		seat INTEGER NOT NULL,
		kind TEXT NOT NULL,
		agent TEXT NOT NULL,
		name TEXT NOT NULL,
		token_hash BLOB,
		PRIMARY KEY (room, seat)
	);
	CREATE TABLE events (
		room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
		version INTEGER NOT NULL,
		kind TEXT NOT NULL,
		body TEXT NOT NULL,
		PRIMARY KEY (room, version)
	);
	CREATE TABLE commits (
		room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
		seat INTEGER NOT NULL,
		move TEXT NOT NULL,
		version INTEGER NOT NULL,
		PRIMARY KEY (room, seat)
	);
	CREATE TABLE finished (
		room TEXT PRIMARY KEY,
		game TEXT NOT NULL,
		players TEXT NOT NULL,
		result TEXT NOT NULL,
		finished INTEGER NOT NULL,
		record TEXT NOT NULL
	);
	CREATE INDEX finished_by_time ON finished(finished);
	CREATE INDEX rooms_by_status ON rooms(status, updated);`,
	`ALTER TABLE rooms ADD COLUMN clock TEXT NOT NULL DEFAULT ''`,
	// Leases of computer moves, used when several processes share
	// PostgreSQL (see leases.go); SQLite has them too, so that both
	// schemas stay one.
	`CREATE TABLE leases (
		room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,
		version INTEGER NOT NULL,
		holder TEXT NOT NULL,
		expires INTEGER NOT NULL
	);
	CREATE INDEX leases_by_expiry ON leases(expires);`,
	// Presence: the seats each process's connections play, so that every
	// process shows who is online anywhere (see presence.go; used with
	// PostgreSQL only, kept in SQLite for one schema).
	`CREATE TABLE presence (
		room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
		seat INTEGER NOT NULL,
		holder TEXT NOT NULL,
		expires INTEGER NOT NULL,
		PRIMARY KEY (room, seat, holder)
	);
	CREATE INDEX presence_by_holder ON presence(holder);`,
	// Every move sets its room's updated time: with that column in an
	// index, PostgreSQL wrote a new index entry for every move (no
	// heap-only update) and SQLite updated the index. The idle rooms are
	// found among the open ones without it.
	`DROP INDEX rooms_by_status;
	CREATE INDEX rooms_by_status ON rooms(status);`,
	// Presence lives as long as its holder refreshes one row here, not
	// each of its rows (a process rewrote every row at every poll: a
	// sixth of PostgreSQL's time at 1,000 rooms on two instances).
	// presence.expires is no longer read; it stays so that processes of
	// the previous version can still write their rows during an upgrade.
	`CREATE TABLE holders (
		holder TEXT PRIMARY KEY,
		expires INTEGER NOT NULL
	);`,
	// Secrets the processes on one database share (PostgreSQL's key of
	// notifications: postgres_notify.go).
	`CREATE TABLE secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL);`,
	// Results are data (view.Result): migrate.go.
	resultCodes,
	// Classes: a teacher's class, its players and rounds (classes.go).
	classTable,
	// The lobby: identities, ratings, seeks and the seats the lobby gave
	// (lobby.go).
	lobbyTables,
	// The rooms' chat (chat_server.go).
	chatTable,
}

// SQLite is the SQLite backend.
type SQLite struct {
	db      *sql.DB // the one connection that writes
	rd      *sql.DB // connections that read, beside the writer (WAL)
	queue   chan applyReq
	closing chan struct{}
	stopped chan struct{}
	drained chan struct{} // closed once Close has answered the queue
	once    sync.Once

	migs []string // the migrations this program knows (migrations but in tests)

	stmts map[string]*sql.Stmt // hotQueries, prepared (read-only after open)
	bound map[string]*sql.Stmt // stmts bound to the batch's transaction (the writer's)
}

// OpenSQLite opens (creating it if needed) the database file at path in
// WAL mode with synchronous=FULL, so that an acknowledged change survives a
// crash, and applies the migrations it lacks.
func OpenSQLite(path string) (*SQLite, error) { return openSQLite(path, migrations) }

// openSQLite is OpenSQLite for a program that knows the migrations migs
// (a test runs a later version's beside this one's).
func openSQLite(path string, migs []string) (*SQLite, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(10000)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// One connection writes: SQLite has one writer anyway, and queueing in
	// Go is cheaper than busy retries.
	db.SetMaxOpenConns(1)
	s := &SQLite{db: db, queue: make(chan applyReq, maxBatch), closing: make(chan struct{}), stopped: make(chan struct{}), drained: make(chan struct{}), stmts: map[string]*sql.Stmt{}, bound: map[string]*sql.Stmt{}, migs: migs}
	if err := s.migrate(context.Background()); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	if err := s.prepare(context.Background()); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	// Reads take connections of their own: in WAL mode they see the last
	// commit without waiting for the writer's next one (and its fsync).
	r := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "query_only(1)"} {
		r.Add("_pragma", p)
	}
	if s.rd, err = sql.Open("sqlite", "file:"+path+"?"+r.Encode()); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s.rd.SetMaxOpenConns(readConns)
	s.rd.SetMaxIdleConns(readConns)
	go s.writer()
	return s, nil
}

// readConns bounds the connections that read at once.
const readConns = 4

func (s *SQLite) migrate(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := migrate(ctx, sqliteTx{tx}, s.migs, contracts); err != nil {
		return err
	}
	return tx.Commit()
}

// sqliteTx is a SQLite transaction as migrate needs it.
type sqliteTx struct{ tx *sql.Tx }

func (t sqliteTx) exec(ctx context.Context, q string) error {
	_, err := t.tx.ExecContext(ctx, q)
	return err
}

func (t sqliteTx) queryInt(ctx context.Context, q string) (int, error) {
	var v int
	err := t.tx.QueryRowContext(ctx, q).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errNoRow
	}
	return v, err
}

// Close stops the writer after the batch it is committing, answers the
// steps still queued with an error, and closes the database.
func (s *SQLite) Close() error {
	first := false
	s.once.Do(func() { close(s.closing); first = true })
	<-s.stopped
	if !first {
		<-s.drained
		return nil
	}
	refuseQueued(s.queue, func(r applyReq) chan<- error { return r.done })
	close(s.drained)
	return errors.Join(s.rd.Close(), s.db.Close())
}

// SchemaVersion is the number of migrations applied.
func (s *SQLite) SchemaVersion(ctx context.Context) (int, error) {
	v, _, err := s.schema(ctx)
	return v, err
}

func (s *SQLite) schema(ctx context.Context) (have, oldest int, err error) {
	err = s.rd.QueryRowContext(ctx, `SELECT v.version, o.version FROM schema_version v, schema_oldest o`).Scan(&have, &oldest)
	return have, oldest, err
}

func jsonList(xs []string) string {
	if xs == nil {
		xs = []string{}
	}
	b, _ := json.Marshal(xs)
	return string(b)
}

// CreateRoom stores a new room and its seats, committed with the steps
// that arrive with it (see Apply).
func (s *SQLite) CreateRoom(ctx context.Context, r Room, seats []Seat) error {
	return s.enqueue(ctx, applyReq{create: &newRoom{r, seats}, done: make(chan error, 1)})
}

// newRoom is a room for the writer to create.
type newRoom struct {
	r     Room
	seats []Seat
}

func (s *SQLite) createRoom(ctx context.Context, tx *wtx, nr *newRoom) error {
	r := nr.r
	if _, err := tx.exec(ctx, insertRoom,
		r.ID, r.Game, jsonList(r.Options), r.Secret, r.Version, r.Status, r.Result, r.Created.UnixMilli(), r.Updated.UnixMilli(), r.Clock); err != nil {
		return fmt.Errorf("store: create room %s: %w", r.ID, err)
	}
	return s.putSeats(ctx, tx, r.ID, nr.seats)
}

func (s *SQLite) putSeats(ctx context.Context, tx *wtx, room string, seats []Seat) error {
	for _, st := range seats {
		if _, err := tx.exec(ctx, insertSeat,
			room, st.Index, st.Kind, st.Agent, st.Name, st.TokenHash, st.Player, st.Rating); err != nil {
			return fmt.Errorf("store: seat %d of %s: %w", st.Index, room, err)
		}
	}
	return nil
}

// Apply makes one change of a room atomically; ErrConflict if the room is
// not at st.From, ErrNotFound if there is no such room. Steps of many
// rooms that arrive together are committed in one transaction (group
// commit: one fsync for all), each in its own savepoint, so that one
// failing step changes nothing and does not fail the others. Apply
// returns only once its step is durable or has failed.
func (s *SQLite) Apply(ctx context.Context, st Step) error {
	return s.enqueue(ctx, applyReq{st: st, done: make(chan error, 1)})
}

// enqueue hands req to the writer and waits for its answer.
func (s *SQLite) enqueue(ctx context.Context, req applyReq) error {
	return enqueueChange(ctx, s.queue, req, req.done, s.closing, s.drained)
}

type applyReq struct {
	st     Step
	create *newRoom // a room to create instead of st
	done   chan error
}

// maxBatch bounds the steps committed together.
const maxBatch = 256

// writer commits the queued steps in batches until the store closes.
func (s *SQLite) writer() {
	defer close(s.stopped)
	for {
		var batch []applyReq
		select {
		case r := <-s.queue:
			batch = append(batch, r)
		case <-s.closing:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-s.queue:
				batch = append(batch, r)
			default:
				break more
			}
		}
		errs := s.commitBatch(batch)
		// Tell the durable steps first (their acknowledgements wake the
		// connections' writers), then wake the callers, which go on to
		// their broadcasts.
		for i, r := range batch {
			if errs[i] == nil && r.st.Durable != nil {
				r.st.Durable()
			}
		}
		for i, r := range batch {
			r.done <- errs[i]
		}
	}
}

func (s *SQLite) commitBatch(batch []applyReq) []error {
	errs, err := s.tryBatch(batch, false)
	if errors.Is(err, errStepFailed) {
		// Only now pay for a savepoint a step, so that the failing step
		// alone is refused.
		errs, err = s.tryBatch(batch, true)
	}
	if err != nil {
		errs = make([]error, len(batch))
		for i := range errs {
			errs[i] = err
		}
	}
	return errs
}

// errStepFailed stops a batch tried without savepoints.
var errStepFailed = errors.New("store: a step of the batch failed")

// tryBatch writes the batch in one transaction and commits it. Without
// savepoints the first step that fails rolls everything back
// (errStepFailed); with them each step is in its own, so that a failing
// step changes nothing and fails no other.
func (s *SQLite) tryBatch(batch []applyReq, savepoints bool) ([]error, error) {
	ctx := context.Background()
	t, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer t.Rollback()
	clear(s.bound)
	tx := &wtx{Tx: t, s: s, bound: s.bound}
	errs := make([]error, len(batch))
	for i, r := range batch {
		if savepoints {
			if _, err := tx.exec(ctx, `SAVEPOINT step`); err != nil {
				return nil, err
			}
		}
		if r.create != nil {
			errs[i] = s.createRoom(ctx, tx, r.create)
		} else {
			errs[i] = s.applyStep(ctx, tx, r.st)
		}
		if errs[i] != nil {
			if !savepoints {
				return nil, errStepFailed
			}
			if _, err := tx.exec(ctx, `ROLLBACK TO step`); err != nil {
				return nil, err
			}
		}
		if savepoints {
			if _, err := tx.exec(ctx, `RELEASE step`); err != nil {
				return nil, err
			}
		}
	}
	if err := t.Commit(); err != nil {
		return nil, err
	}
	return errs, nil
}

func (s *SQLite) applyStep(ctx context.Context, tx *wtx, st Step) error {
	for i, e := range st.Events {
		if e.Version != st.From+i+1 {
			return fmt.Errorf("store: event %d of a step from %d has version %d", i, st.From, e.Version)
		}
	}
	// The version is checked by the update itself: one statement fewer a
	// step than reading it first.
	res, err := tx.exec(ctx, updateRoom, st.From+len(st.Events), time.Now().UnixMilli(), st.Status, st.Result, st.Room, st.From)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		q, err := tx.stmt(ctx, selectVersion)
		if err != nil {
			return err
		}
		var v int
		err = q.QueryRowContext(ctx, st.Room).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		return fmt.Errorf("%w: room %s is at version %d, not %d", ErrConflict, st.Room, v, st.From)
	}
	for _, e := range st.Events {
		if _, err := tx.exec(ctx, `INSERT INTO events (room, version, kind, body) VALUES (?, ?, ?, ?)`,
			st.Room, e.Version, e.Kind, string(e.Body)); err != nil {
			return fmt.Errorf("store: event %d of %s: %w", e.Version, st.Room, err)
		}
	}
	if err := s.putSeats(ctx, tx, st.Room, st.Seats); err != nil {
		return err
	}
	if st.ClearCommits {
		if _, err := tx.exec(ctx, `DELETE FROM commits WHERE room = ?`, st.Room); err != nil {
			return err
		}
	}
	for _, c := range st.Commits {
		if _, err := tx.exec(ctx, `INSERT INTO commits (room, seat, move, version) VALUES (?, ?, ?, ?)`,
			st.Room, c.Seat, c.Move, c.Version); err != nil {
			return fmt.Errorf("store: commitment of seat %d in %s: %w", c.Seat, st.Room, err)
		}
	}
	if a := st.Archive; a != nil {
		if _, err := tx.exec(ctx, `INSERT OR REPLACE INTO finished (room, game, players, result, finished, record) VALUES (?, ?, ?, ?, ?, ?)`,
			a.Room, a.Game, jsonList(a.Players), a.Result, a.Finished.UnixMilli(), string(a.Record)); err != nil {
			return fmt.Errorf("store: archive %s: %w", a.Room, err)
		}
	}
	return nil
}

// LoadRoom reads everything stored about a room.
func (s *SQLite) LoadRoom(ctx context.Context, id string) (Snapshot, error) {
	var sn Snapshot
	tx, err := s.rd.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return sn, err
	}
	defer tx.Rollback()
	r := &sn.Room
	var opts string
	var created, updated int64
	err = tx.QueryRowContext(ctx, `SELECT id, game, options, secret, version, status, result, created, updated, clock FROM rooms WHERE id = ?`, id).
		Scan(&r.ID, &r.Game, &opts, &r.Secret, &r.Version, &r.Status, &r.Result, &created, &updated, &r.Clock)
	if errors.Is(err, sql.ErrNoRows) {
		return sn, ErrNotFound
	}
	if err != nil {
		return sn, err
	}
	r.Created, r.Updated = time.UnixMilli(created), time.UnixMilli(updated)
	if err := json.Unmarshal([]byte(opts), &r.Options); err != nil {
		return sn, fmt.Errorf("store: options of %s: %w", id, err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT seat, kind, agent, name, token_hash, player, rating FROM seats WHERE room = ? ORDER BY seat`, id)
	if err != nil {
		return sn, err
	}
	for rows.Next() {
		var st Seat
		if err := rows.Scan(&st.Index, &st.Kind, &st.Agent, &st.Name, &st.TokenHash, &st.Player, &st.Rating); err != nil {
			rows.Close()
			return sn, err
		}
		sn.Seats = append(sn.Seats, st)
	}
	rows.Close()
	if rows, err = tx.QueryContext(ctx, `SELECT version, kind, body FROM events WHERE room = ? ORDER BY version`, id); err != nil {
		return sn, err
	}
	for rows.Next() {
		var e Event
		var body string
		if err := rows.Scan(&e.Version, &e.Kind, &body); err != nil {
			rows.Close()
			return sn, err
		}
		e.Body = []byte(body)
		sn.Events = append(sn.Events, e)
	}
	rows.Close()
	if rows, err = tx.QueryContext(ctx, `SELECT seat, move, version FROM commits WHERE room = ? ORDER BY seat`, id); err != nil {
		return sn, err
	}
	defer rows.Close()
	for rows.Next() {
		var c Commit
		if err := rows.Scan(&c.Seat, &c.Move, &c.Version); err != nil {
			return sn, err
		}
		sn.Commits = append(sn.Commits, c)
	}
	return sn, rows.Err()
}

// CorrespondenceRooms lists the open rooms with a clock per move.
func (s *SQLite) CorrespondenceRooms(ctx context.Context) ([]string, error) {
	return s.roomIDs(ctx, `SELECT id FROM rooms WHERE status = ? AND clock LIKE 'move:%' ORDER BY id`, Open)
}

// IdleRooms lists the open rooms not changed since before.
func (s *SQLite) IdleRooms(ctx context.Context, before time.Time) ([]string, error) {
	return s.roomIDs(ctx, `SELECT id FROM rooms WHERE status = ? AND updated < ? ORDER BY updated LIMIT 1000`, Open, before.UnixMilli())
}

// roomIDs runs query q, whose rows are rooms' ids.
func (s *SQLite) roomIDs(ctx context.Context, q string, args ...any) ([]string, error) {
	rows, err := s.rd.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// FinishedGames lists finished games, newest first.
func (s *SQLite) FinishedGames(ctx context.Context, f Filter) ([]Game, error) {
	where, args := []string{"1=1"}, []any{}
	if f.Game != "" {
		where, args = append(where, "game = ?"), append(args, f.Game)
	}
	if f.Result != "" {
		where, args = append(where, "(result = ? OR substr(result, 1, ?) = ?)"), append(args, f.Result, len(f.Result)+1, f.Result+":")
	}
	if f.Player != "" {
		where = append(where, "EXISTS (SELECT 1 FROM json_each(players) WHERE instr(lower(json_each.value), lower(?)) > 0)")
		args = append(args, f.Player)
	}
	if !f.Since.IsZero() {
		where, args = append(where, "finished >= ?"), append(args, f.Since.UnixMilli())
	}
	if !f.Until.IsZero() {
		where, args = append(where, "finished < ?"), append(args, f.Until.UnixMilli())
	}
	if f.Limit <= 0 || f.Limit > 1000 {
		f.Limit = 100
	}
	args = append(args, f.Limit)
	rows, err := s.rd.QueryContext(ctx, `SELECT room, game, players, result, finished, record FROM finished WHERE `+
		strings.Join(where, " AND ")+` ORDER BY finished DESC, room LIMIT ?`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// AddFinished puts a game into the archive that was not played in a room
// here (an imported record).
func (s *SQLite) AddFinished(ctx context.Context, g Game) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO finished (room, game, players, result, finished, record) VALUES (?, ?, ?, ?, ?, ?)`,
		g.Room, g.Game, jsonList(g.Players), g.Result, g.Finished.UnixMilli(), string(g.Record))
	if err != nil {
		return fmt.Errorf("store: archive %s: %w", g.Room, err)
	}
	return nil
}

// FinishedGame returns one finished game by its room.
func (s *SQLite) FinishedGame(ctx context.Context, room string) (Game, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT room, game, players, result, finished, record FROM finished WHERE room = ?`, room)
	if err != nil {
		return Game{}, err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return Game{}, err
		}
		return Game{}, ErrNotFound
	}
	return scanGame(rows)
}

func scanGame(rows *sql.Rows) (Game, error) {
	var g Game
	var players, record string
	var fin int64
	if err := rows.Scan(&g.Room, &g.Game, &players, &g.Result, &fin, &record); err != nil {
		return g, err
	}
	g.Finished = time.UnixMilli(fin)
	g.Record = []byte(record)
	if err := json.Unmarshal([]byte(players), &g.Players); err != nil {
		return g, fmt.Errorf("store: players of %s: %w", g.Room, err)
	}
	return g, nil
}

// DB is the database, for tests and tools.
func (s *SQLite) DB() *sql.DB { return s.db }
