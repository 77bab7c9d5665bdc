//go:build !js

package store

import (
	"context"
	"fmt"
)

// Ready reports an error unless the database answers, has every
// migration of this program and no contract that excludes it.
func (s *SQLite) Ready(ctx context.Context) error {
	have, oldest, err := s.schema(ctx)
	if err != nil {
		return fmt.Errorf("store: sqlite: %w", err)
	}
	return ready(have, oldest, len(s.migs))
}

// Ready reports an error unless the database answers, has every
// migration of this program and no contract that excludes it.
func (p *Postgres) Ready(ctx context.Context) error {
	have, oldest, err := p.schema(ctx)
	if err != nil {
		return fmt.Errorf("store: postgres: %w", err)
	}
	return ready(have, oldest, len(p.migs))
}
