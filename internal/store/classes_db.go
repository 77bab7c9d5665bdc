//go:build !js

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// CreateClass stores a new class; ErrConflict if its id or code is taken.
func (s *SQLite) CreateClass(ctx context.Context, c Class) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO classes (id, code, version, body, created, updated) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		c.ID, c.Code, c.Version, string(c.Body), c.Created.UnixMilli(), c.Updated.UnixMilli())
	return created(c, res, err)
}

// created is CreateClass's answer from its statement's.
func created(c Class, res interface{ RowsAffected() (int64, error) }, err error) error {
	if err != nil {
		return fmt.Errorf("store: create class %s: %w", c.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("%w: class %s (code %s) exists", ErrConflict, c.ID, c.Code)
	}
	return nil
}

// LoadClass reads a class by its id (ErrNotFound if unknown).
func (s *SQLite) LoadClass(ctx context.Context, id string) (Class, error) {
	return scanClass(s.rd.QueryRowContext(ctx, `SELECT id, code, version, body, created, updated FROM classes WHERE id = ?`, id))
}

// ClassByCode reads a class by its join code (ErrNotFound if unknown).
func (s *SQLite) ClassByCode(ctx context.Context, code string) (Class, error) {
	return scanClass(s.rd.QueryRowContext(ctx, `SELECT id, code, version, body, created, updated FROM classes WHERE code = ?`, code))
}

// SaveClass writes c's body as version c.Version over c.Version-1
// (ErrConflict if the class is at another version).
func (s *SQLite) SaveClass(ctx context.Context, c Class) error {
	res, err := s.db.ExecContext(ctx, `UPDATE classes SET version = ?, body = ?, updated = ? WHERE id = ? AND version = ?`,
		c.Version, string(c.Body), c.Updated.UnixMilli(), c.ID, c.Version-1)
	return saved(c, res, err)
}

// saved is SaveClass's answer from its statement's.
func saved(c Class, res interface{ RowsAffected() (int64, error) }, err error) error {
	if err != nil {
		return fmt.Errorf("store: save class %s: %w", c.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("%w: class %s is not at version %d", ErrConflict, c.ID, c.Version-1)
	}
	return nil
}

// classRow is a row of classes, as either database scans it.
type classRow interface{ Scan(dst ...any) error }

func scanClass(row classRow) (Class, error) {
	var c Class
	var body string
	var created, updated int64
	err := row.Scan(&c.ID, &c.Code, &c.Version, &body, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, pgx.ErrNoRows) {
		return Class{}, ErrNotFound
	}
	if err != nil {
		return Class{}, err
	}
	c.Body, c.Created, c.Updated = []byte(body), time.UnixMilli(created), time.UnixMilli(updated)
	return c, nil
}

// pgRows is pgx's command tag as created and saved read it.
type pgRows struct{ n int64 }

func (r pgRows) RowsAffected() (int64, error) { return r.n, nil }

// CreateClass stores a new class; ErrConflict if its id or code is taken.
func (p *Postgres) CreateClass(ctx context.Context, c Class) error {
	tag, err := p.pool.Exec(ctx, `INSERT INTO classes (id, code, version, body, created, updated) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
		c.ID, c.Code, c.Version, string(c.Body), c.Created.UnixMilli(), c.Updated.UnixMilli())
	return created(c, pgRows{tag.RowsAffected()}, err)
}

// LoadClass reads a class by its id (ErrNotFound if unknown).
func (p *Postgres) LoadClass(ctx context.Context, id string) (Class, error) {
	return scanClass(p.pool.QueryRow(ctx, `SELECT id, code, version, body, created, updated FROM classes WHERE id = $1`, id))
}

// ClassByCode reads a class by its join code (ErrNotFound if unknown).
func (p *Postgres) ClassByCode(ctx context.Context, code string) (Class, error) {
	return scanClass(p.pool.QueryRow(ctx, `SELECT id, code, version, body, created, updated FROM classes WHERE code = $1`, code))
}

// SaveClass writes c's body as version c.Version over c.Version-1
// (ErrConflict if the class is at another version).
func (p *Postgres) SaveClass(ctx context.Context, c Class) error {
	tag, err := p.pool.Exec(ctx, `UPDATE classes SET version = $1, body = $2, updated = $3 WHERE id = $4 AND version = $5`,
		c.Version, string(c.Body), c.Updated.UnixMilli(), c.ID, c.Version-1)
	return saved(c, pgRows{tag.RowsAffected()}, err)
}
