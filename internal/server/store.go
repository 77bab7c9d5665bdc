package server

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
	"time"
)

// errNoMatch is returned by a Store for an unknown match id.
var errNoMatch = errors.New("no such match")

// Store keeps the matches being played. The server needs only these three
// operations, so another store (a database) can replace the memory one.
type Store interface {
	// Add stores a new match and sets its ID.
	Add(m *Match) error
	// Get returns the match with the given ID, or errNoMatch.
	Get(id string) (*Match, error)
	// Len is the number of matches kept.
	Len() int
}

// MemStore keeps matches in memory. When it holds Max matches it forgets
// the one least recently used.
type MemStore struct {
	Max int

	mu      sync.Mutex
	matches map[string]*Match
	used    map[string]time.Time
}

// NewMemStore returns an empty store that keeps at most max matches.
func NewMemStore(max int) *MemStore {
	return &MemStore{Max: max, matches: map[string]*Match{}, used: map[string]time.Time{}}
}

// Add stores m under a new random ID.
func (s *MemStore) Add(m *Match) error {
	var b [9]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	m.ID = hex.EncodeToString(b[:])
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Max > 0 && len(s.matches) >= s.Max {
		var oldest string
		var t time.Time
		for id, u := range s.used {
			if oldest == "" || u.Before(t) {
				oldest, t = id, u
			}
		}
		delete(s.matches, oldest)
		delete(s.used, oldest)
	}
	s.matches[m.ID] = m
	s.used[m.ID] = time.Now()
	return nil
}

// Get returns the match with the given ID.
func (s *MemStore) Get(id string) (*Match, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.matches[id]
	if !ok {
		return nil, errNoMatch
	}
	s.used[id] = time.Now()
	return m, nil
}

// Len returns the number of matches kept.
func (s *MemStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.matches)
}
