//go:build !js

package store

import (
	"context"
	"database/sql"
)

const insertRoom = `INSERT INTO rooms (id, game, options, secret, version, status, result, created, updated, clock)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

// hotQueries are the statements of the writer, prepared once at open:
// they run for every move.
var hotQueries = []string{
	`SAVEPOINT step`, `ROLLBACK TO step`, `RELEASE step`,
	selectVersion,
	`INSERT INTO events (room, version, kind, body) VALUES (?, ?, ?, ?)`,
	`INSERT INTO commits (room, seat, move, version) VALUES (?, ?, ?, ?)`,
	`DELETE FROM commits WHERE room = ?`,
	updateRoom, insertRoom, insertSeat,
}

const selectVersion = `SELECT version FROM rooms WHERE id = ?`

const insertSeat = `INSERT OR REPLACE INTO seats (room, seat, kind, agent, name, token_hash, player, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`

// updateRoom sets a room's version and time, and its status and result
// when they are not empty, if the room is at the version given last.
const updateRoom = `UPDATE rooms SET version = ?, updated = ?, status = COALESCE(NULLIF(?, ''), status), result = COALESCE(NULLIF(?, ''), result) WHERE id = ? AND version = ?`

func (s *SQLite) prepare(ctx context.Context) error {
	for _, q := range hotQueries {
		st, err := s.db.PrepareContext(ctx, q)
		if err != nil {
			return err
		}
		s.stmts[q] = st
	}
	return nil
}

// wtx is the writer's transaction of one batch, with the hot statements
// bound to it once a batch rather than once a use.
type wtx struct {
	*sql.Tx
	s     *SQLite
	bound map[string]*sql.Stmt
}

// stmt returns query for tx, prepared if it is a hot one. (Preparing
// inside a transaction would wait for the one connection the transaction
// holds.)
func (w *wtx) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := w.bound[query]; ok {
		return st, nil
	}
	if st, ok := w.s.stmts[query]; ok {
		st = w.StmtContext(ctx, st)
		w.bound[query] = st
		return st, nil
	}
	return w.PrepareContext(ctx, query)
}

// exec runs a statement in tx.
func (w *wtx) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if _, ok := w.s.stmts[query]; ok {
		st, _ := w.stmt(ctx, query)
		return st.ExecContext(ctx, args...)
	}
	return w.ExecContext(ctx, query, args...)
}
