//go:build !js

package store

import (
	"context"
	"fmt"
)

// Ready reports an error unless the database answers and has every
// migration of this program.
func (s *SQLite) Ready(ctx context.Context) error {
	v, err := s.SchemaVersion(ctx)
	if err != nil {
		return fmt.Errorf("store: sqlite: %w", err)
	}
	return checkVersion(v)
}

// Ready reports an error unless the database answers and has every
// migration of this program.
func (p *Postgres) Ready(ctx context.Context) error {
	v, err := p.SchemaVersion(ctx)
	if err != nil {
		return fmt.Errorf("store: postgres: %w", err)
	}
	return checkVersion(v)
}

func checkVersion(v int) error {
	if v != len(migrations) {
		return fmt.Errorf("store: schema at version %d, this program needs %d", v, len(migrations))
	}
	return nil
}
