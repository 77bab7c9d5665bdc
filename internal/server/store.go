package server

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"sync"
	"time"
)

// errNoMatch is returned by a Store for an unknown match id.
var errNoMatch = errors.New("no such match")

// errStoreFull is returned by Add when every match kept is still being
// played: the server answers 503 rather than throw one away.
var errStoreFull = &httpError{http.StatusServiceUnavailable,
	"the server is playing as many matches as it can keep: try again in a few minutes"}

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

// The defaults of NewMemStore.
const (
	DefaultMaxMatches = 1000
	DefaultMaxBytes   = 256 << 20
	DefaultIdle       = 24 * time.Hour
	DefaultActive     = 10 * time.Minute
)

// MemStore keeps matches in memory, at most Max of them and MaxBytes of
// their turns and states. A match not used for Idle is forgotten. When a
// new match does not fit, finished matches go first, then those not used
// for Active, least recently used first; a match used within Active is
// never thrown away: Add fails instead (503).
type MemStore struct {
	Max      int
	MaxBytes int
	Idle     time.Duration
	Active   time.Duration
	// Now is the clock (tests set it).
	Now func() time.Time

	mu      sync.Mutex
	matches map[string]*Match
	used    map[string]time.Time
}

// NewMemStore returns an empty store that keeps at most max matches, with
// the default limits otherwise.
func NewMemStore(max int) *MemStore {
	return &MemStore{Max: max, MaxBytes: DefaultMaxBytes, Idle: DefaultIdle, Active: DefaultActive,
		Now: time.Now, matches: map[string]*Match{}, used: map[string]time.Time{}}
}

// Add stores m under a new random ID.
func (s *MemStore) Add(m *Match) error {
	var b [9]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	bytes := m.size()
	for id, u := range s.used {
		if s.Idle > 0 && now.Sub(u) > s.Idle {
			s.drop(id)
		}
	}
	for _, k := range s.matches {
		bytes += k.size()
	}
	for (s.Max > 0 && len(s.matches) >= s.Max) || (s.MaxBytes > 0 && bytes > s.MaxBytes) {
		id := s.victim(now)
		if id == "" {
			return errStoreFull
		}
		bytes -= s.matches[id].size()
		s.drop(id)
	}
	m.ID = hex.EncodeToString(b[:])
	s.matches[m.ID] = m
	s.used[m.ID] = now
	return nil
}

// victim chooses the match to forget: the least recently used finished
// one, else the least recently used one idle for Active, else none ("").
func (s *MemStore) victim(now time.Time) string {
	var best string
	var bestUsed time.Time
	bestDone := false
	for id, u := range s.used {
		done := s.matches[id].finished()
		if !done && now.Sub(u) <= s.Active {
			continue
		}
		if best == "" || done && !bestDone || done == bestDone && u.Before(bestUsed) {
			best, bestUsed, bestDone = id, u, done
		}
	}
	return best
}

func (s *MemStore) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

func (s *MemStore) drop(id string) {
	delete(s.matches, id)
	delete(s.used, id)
}

// Get returns the match with the given ID.
func (s *MemStore) Get(id string) (*Match, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.matches[id]
	if !ok {
		return nil, errNoMatch
	}
	now := s.now()
	if s.Idle > 0 && now.Sub(s.used[id]) > s.Idle {
		s.drop(id)
		return nil, errNoMatch
	}
	s.used[id] = now
	return m, nil
}

// Len returns the number of matches kept.
func (s *MemStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.matches)
}
