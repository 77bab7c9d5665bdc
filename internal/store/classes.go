package store

import (
	"context"
	"fmt"
	"time"
)

// Class is a stored class (internal/classes): its id and join code, and
// its Body, JSON owned by the classes package. Version counts its
// changes: SaveClass writes version v only over v-1, so two writers can
// never both change one class.
type Class struct {
	ID      string
	Code    string
	Version int
	Body    []byte
	Created time.Time
	Updated time.Time
}

// classTable is the migration that adds the classes (appended to
// migrations in sqlite.go).
const classTable = `CREATE TABLE classes (
		id TEXT PRIMARY KEY,
		code TEXT NOT NULL UNIQUE,
		version INTEGER NOT NULL,
		body TEXT NOT NULL,
		created INTEGER NOT NULL,
		updated INTEGER NOT NULL
	);`

// CreateClass stores a new class; ErrConflict if its id or code is taken.
func (m *Memory) CreateClass(ctx context.Context, c Class) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.classes == nil {
		m.classes = map[string]Class{}
	}
	for _, o := range m.classes {
		if o.ID == c.ID || o.Code == c.Code {
			return fmt.Errorf("%w: class %s (code %s) exists", ErrConflict, c.ID, c.Code)
		}
	}
	c.Body = append([]byte(nil), c.Body...)
	m.classes[c.ID] = c
	return nil
}

// LoadClass reads a class by its id (ErrNotFound if unknown).
func (m *Memory) LoadClass(ctx context.Context, id string) (Class, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.classes[id]
	if !ok {
		return Class{}, ErrNotFound
	}
	return c, nil
}

// ClassByCode reads a class by its join code (ErrNotFound if unknown).
func (m *Memory) ClassByCode(ctx context.Context, code string) (Class, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, c := range m.classes {
		if c.Code == code {
			return c, nil
		}
	}
	return Class{}, ErrNotFound
}

// SaveClass writes c's body as version c.Version over c.Version-1
// (ErrConflict if the class is at another version).
func (m *Memory) SaveClass(ctx context.Context, c Class) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	old, ok := m.classes[c.ID]
	if !ok {
		return ErrNotFound
	}
	if old.Version != c.Version-1 {
		return fmt.Errorf("%w: class %s is at version %d, not %d", ErrConflict, c.ID, old.Version, c.Version-1)
	}
	old.Version, old.Body, old.Updated = c.Version, append([]byte(nil), c.Body...), c.Updated
	m.classes[c.ID] = old
	return nil
}
