//go:build !js

package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// chatTable keeps the rooms' chat (migrations).
const chatTable = `CREATE TABLE chat (
		room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
		n INTEGER NOT NULL,
		channel TEXT NOT NULL,
		seat INTEGER NOT NULL,
		name TEXT NOT NULL,
		quick TEXT NOT NULL,
		text TEXT NOT NULL,
		at INTEGER NOT NULL,
		PRIMARY KEY (room, n)
	);`

// AddChat keeps a line of a room's chat.
func (s *SQLite) AddChat(ctx context.Context, l ChatLine) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO chat (room, n, channel, seat, name, quick, text, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		l.Room, l.N, l.Channel, l.Seat, l.Name, l.Quick, l.Text, l.At.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: chat of %s: %w", l.Room, err)
	}
	return nil
}

// Chat reads a room's chat, in order.
func (s *SQLite) Chat(ctx context.Context, room string) ([]ChatLine, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT n, channel, seat, name, quick, text, at FROM chat WHERE room = ? ORDER BY n`, room)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ChatLine
	for rows.Next() {
		l := ChatLine{Room: room}
		var at int64
		if err := rows.Scan(&l.N, &l.Channel, &l.Seat, &l.Name, &l.Quick, &l.Text, &at); err != nil {
			return nil, err
		}
		l.At = time.UnixMilli(at)
		out = append(out, l)
	}
	return out, rows.Err()
}

// AddChat keeps a line of a room's chat.
func (p *Postgres) AddChat(ctx context.Context, l ChatLine) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO chat (room, n, channel, seat, name, quick, text, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		l.Room, l.N, l.Channel, l.Seat, l.Name, l.Quick, l.Text, l.At.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: chat of %s: %w", l.Room, err)
	}
	return nil
}

// Chat reads a room's chat, in order.
func (p *Postgres) Chat(ctx context.Context, room string) ([]ChatLine, error) {
	rows, _ := p.pool.Query(ctx, `SELECT n, channel, seat, name, quick, text, at FROM chat WHERE room = $1 ORDER BY n`, room)
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (ChatLine, error) {
		l := ChatLine{Room: room}
		var at int64
		err := row.Scan(&l.N, &l.Channel, &l.Seat, &l.Name, &l.Quick, &l.Text, &at)
		l.At = time.UnixMilli(at)
		return l, err
	})
}
