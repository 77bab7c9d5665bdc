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
	`SELECT version FROM rooms WHERE id = ?`,
	`INSERT INTO events (room, version, kind, body) VALUES (?, ?, ?, ?)`,
	`INSERT INTO commits (room, seat, move, version) VALUES (?, ?, ?, ?)`,
	`DELETE FROM commits WHERE room = ?`,
	updateRoom, insertRoom, insertSeat,
}

const insertSeat = `INSERT OR REPLACE INTO seats (room, seat, kind, agent, name, token_hash) VALUES (?, ?, ?, ?, ?, ?)`

// updateRoom sets a room's version and time, and its status and result
// when they are not empty.
const updateRoom = `UPDATE rooms SET version = ?, updated = ?, status = COALESCE(NULLIF(?, ''), status), result = COALESCE(NULLIF(?, ''), result) WHERE id = ?`

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

// stmt returns query for tx, prepared if it is a hot one. (Preparing
// inside a transaction would wait for the one connection the transaction
// holds.)
func (s *SQLite) stmt(ctx context.Context, tx *sql.Tx, query string) (*sql.Stmt, error) {
	if st, ok := s.stmts[query]; ok {
		return tx.StmtContext(ctx, st), nil
	}
	return tx.PrepareContext(ctx, query)
}

// exec runs a statement in tx.
func (s *SQLite) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	if st, ok := s.stmts[query]; ok {
		return tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return tx.ExecContext(ctx, query, args...)
}
