// Package classes runs a teacher's class: pupils join by a short code and
// a name, the class pairs them round after round (package pairing) and
// each game is an ordinary room (package rooms). A class has no account:
// its teacher holds its secret, each pupil a token of her own; the store
// keeps their hashes only. docs/class.md is the teacher's guide,
// docs/api.md ("Classes") the API.
package classes

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"tabula/engine"
	"tabula/internal/pairing"
	"tabula/internal/policy"
	"tabula/internal/rooms"
	"tabula/internal/store"
	"tabula/internal/wire"
)

// Store keeps classes: store.SQLite, store.Postgres and store.Memory.
type Store interface {
	// CreateClass stores a new class (store.ErrConflict if its id or
	// code is taken).
	CreateClass(ctx context.Context, c store.Class) error
	// LoadClass and ClassByCode read one (store.ErrNotFound if unknown).
	LoadClass(ctx context.Context, id string) (store.Class, error)
	ClassByCode(ctx context.Context, code string) (store.Class, error)
	// SaveClass writes version c.Version over c.Version-1
	// (store.ErrConflict if it is at another).
	SaveClass(ctx context.Context, c store.Class) error
}

// Rooms makes and reads the rooms of the games: rooms.Manager.
type Rooms interface {
	Create(ctx context.Context, game string, settings []string, seats []rooms.SeatSpec, clock rooms.Clock) (rooms.Created, error)
	Read(ctx context.Context, id string) (*rooms.Room, error)
	// Room is a room to act on (Read's, kept in memory).
	Room(ctx context.Context, id string) (*rooms.Room, error)
}

// Config sets up a Service.
type Config struct {
	Store Store
	Rooms Rooms
	// Offered lists the computer players a room may seat for a game
	// under its options (server.OfferedAgents).
	Offered func(g engine.Game, opts engine.Options) []string
	Now     func() time.Time // default time.Now
}

// Service runs the classes.
type Service struct {
	cfg   Config
	mu    sync.Mutex
	locks map[string]*sync.Mutex // one per class: its changes go one at a time here
}

// New returns a service for cfg.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{cfg: cfg, locks: map[string]*sync.Mutex{}}
}

// Kind is what a refusal is; the server answers each kind with its own
// status.
type Kind int

// The kinds of refusal.
const (
	Bad         Kind = iota // the request is wrong (400)
	NoSecret                // it needs a secret and has none (401)
	WrongSecret             // its secret or token is not this class's (403)
	NotFound                // no such class (404)
	Conflict                // the class is not in a state to do it (409)
)

// Error is a refusal: its kind, and the coded error (package messages)
// that says why.
type Error struct {
	Kind Kind
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

func refuse(kind Kind, key string, args ...any) error {
	return &Error{kind, engine.NewError(key, args...)}
}

// Limits of a class.
const (
	MaxPlayers     = 64
	DefaultPlayers = 40
	codeLetters    = "ACDEFGHJKMNPQRTUVWXY" // no look-alikes: B 8, I L 1, O 0, S 5, Z 2
	codeLen        = 6
)

// Statuses of a class.
const (
	Open   = "open"   // pupils join; the teacher starts rounds
	Paused = "paused" // nobody joins and no round starts; games in play go on
	Ended  = "ended"  // over: the results are final
)

// data is a class as stored (store.Class.Body).
type data struct {
	Game     string         `json:"game"`
	Options  []string       `json:"options"`
	Pairing  pairing.System `json:"pairing"`
	Clock    string         `json:"clock,omitempty"` // initial+increment in ms
	Computer string         `json:"computer"`        // the computer's agent spec
	Max      int            `json:"max"`
	Status   string         `json:"status"`
	Secret   []byte         `json:"secret"` // SHA-256 of the teacher's secret
	Players  []player       `json:"players"`
	Rounds   []round        `json:"rounds"`
}

type player struct {
	Name   string    `json:"name"`
	Token  []byte    `json:"token"` // SHA-256 of the pupil's token
	Joined time.Time `json:"joined"`
}

type round struct {
	Started time.Time `json:"started"`
	Games   []game    `json:"games"`
}

// game is one game of a round. Links are the seats' invite tokens, kept
// so that the pupil's page and the teacher can open the seat again (the
// room keeps their hashes only).
type game struct {
	A      int       `json:"a"`
	B      int       `json:"b"`
	Room   string    `json:"room"`
	Tokens [2]string `json:"tokens"`
	Result string    `json:"result,omitempty"` // view.Result's code, once over
}

// CreateRequest is a new class.
type CreateRequest struct {
	Game     string
	Options  []string // name=value
	Pairing  string
	Clock    rooms.Clock
	Computer string // "": the easiest offered
	Max      int    // 0: DefaultPlayers
}

// Created is a new class with its teacher's secret, given only here.
type Created struct {
	ID, Code, Secret string
}

// Create makes a class, checking everything a round will need (the game,
// its options, the clock, the computer) before anything is stored.
func (s *Service) Create(ctx context.Context, req CreateRequest) (Created, error) {
	g, err := engine.Lookup(req.Game)
	if err != nil {
		return Created{}, &Error{Bad, err}
	}
	opts, err := policy.ParseOptions(g, req.Options)
	if err != nil {
		return Created{}, &Error{Bad, err}
	}
	st, err := g.NewState(opts)
	if err != nil {
		return Created{}, &Error{Bad, err}
	}
	if n := st.NumPlayers(); n != 2 {
		return Created{}, refuse(Bad, "class.two_players", "game", g.ID(), "n", n)
	}
	sys := pairing.System(req.Pairing)
	if req.Pairing == "" {
		sys = pairing.RoundRobin
	}
	if !sys.Valid() {
		return Created{}, refuse(Bad, "class.pairing", "value", fmt.Sprintf("%q", req.Pairing))
	}
	if err := req.Clock.Check(); err != nil {
		return Created{}, &Error{Bad, errors.Unwrap(err)}
	}
	offered := s.cfg.Offered(g, opts)
	if req.Computer == "" {
		req.Computer = offered[0]
		if slices.Contains(offered, "mcts:easy") {
			req.Computer = "mcts:easy"
		}
	}
	if !slices.Contains(offered, req.Computer) {
		return Created{}, refuse(Bad, "class.computer", "value", fmt.Sprintf("%q", req.Computer), "offered", strings.Join(offered, ", "))
	}
	if req.Max == 0 {
		req.Max = DefaultPlayers
	}
	if req.Max < 2 || req.Max > MaxPlayers {
		return Created{}, refuse(Bad, "class.max", "value", req.Max, "limit", MaxPlayers)
	}
	secret := randomHex(32)
	d := data{Game: g.ID(), Options: opts.Settings(), Pairing: sys, Clock: req.Clock.String(), Computer: req.Computer,
		Max: req.Max, Status: Open, Secret: hash(secret), Players: []player{}, Rounds: []round{}}
	body, err := json.Marshal(d)
	if err != nil {
		return Created{}, err
	}
	now := s.cfg.Now()
	for range 5 { // a code already taken: draw another
		c := store.Class{ID: randomHex(8), Code: newCode(), Version: 1, Body: body, Created: now, Updated: now}
		err = s.cfg.Store.CreateClass(ctx, c)
		if err == nil {
			return Created{ID: c.ID, Code: c.Code, Secret: secret}, nil
		}
		if !errors.Is(err, store.ErrConflict) {
			return Created{}, err
		}
	}
	return Created{}, err
}

// Joined is a pupil in a class, with her token, given only here.
type Joined struct {
	Class  string
	Player int
	Name   string
	Token  string
}

// Join adds a pupil by her name to the class of code (any case).
func (s *Service) Join(ctx context.Context, code, name string) (Joined, error) {
	clean, err := rooms.CleanName(name)
	if err != nil {
		return Joined{}, &Error{Bad, err}
	}
	if clean == "" {
		return Joined{}, refuse(Bad, "class.name_empty")
	}
	c, err := s.cfg.Store.ClassByCode(ctx, strings.ToUpper(strings.TrimSpace(code)))
	if err != nil {
		return Joined{}, notFound(err)
	}
	var out Joined
	err = s.change(ctx, c.ID, func(d *data) error {
		switch {
		case d.Status == Ended:
			return refuse(Conflict, "class.ended")
		case d.Status == Paused:
			return refuse(Conflict, "class.paused")
		case len(d.Rounds) > 0 && d.Pairing != pairing.Swiss:
			return refuse(Conflict, "class.started", "pairing", string(d.Pairing))
		case len(d.Players) >= d.Max:
			return refuse(Conflict, "class.full", "max", d.Max)
		}
		for _, p := range d.Players {
			if strings.EqualFold(p.Name, clean) {
				return refuse(Conflict, "class.name_taken", "name", fmt.Sprintf("%q", clean))
			}
		}
		tok := randomHex(16)
		d.Players = append(d.Players, player{Name: clean, Token: hash(tok), Joined: s.cfg.Now()})
		out = Joined{Class: c.ID, Player: len(d.Players) - 1, Name: clean, Token: tok}
		return nil
	})
	return out, err
}

// Who is who asks about a class: the teacher, a pupil (Player ≥ 0) or
// anyone.
type Who struct {
	Teacher bool
	Player  int
}

// Anyone is who shows no token.
var Anyone = Who{Player: -1}

// who tells who token is in d: the teacher, a pupil, or, for no token,
// anyone; a token of nobody is refused (403).
func (d *data) who(token string) (Who, error) {
	if token == "" {
		return Anyone, nil
	}
	h := hash(token)
	if subtle.ConstantTimeCompare(h, d.Secret) == 1 {
		return Who{Teacher: true, Player: -1}, nil
	}
	for i, p := range d.Players {
		if subtle.ConstantTimeCompare(h, p.Token) == 1 {
			return Who{Player: i}, nil
		}
	}
	return Anyone, refuse(WrongSecret, "class.wrong_token")
}

// teacher refuses anyone but the teacher: 401 without a secret, 403
// with another.
func (d *data) teacher(secret string) error {
	if secret == "" {
		return refuse(NoSecret, "class.no_secret")
	}
	if subtle.ConstantTimeCompare(hash(secret), d.Secret) != 1 {
		return refuse(WrongSecret, "class.wrong_secret")
	}
	return nil
}

// SetStatus pauses, resumes (Open) or ends the class; only its teacher
// may. An ended class stays ended.
func (s *Service) SetStatus(ctx context.Context, id, secret, status string) error {
	return s.change(ctx, id, func(d *data) error {
		if err := d.teacher(secret); err != nil {
			return err
		}
		if d.Status == Ended && status != Ended {
			return refuse(Conflict, "class.ended")
		}
		d.Status = status
		return nil
	})
}

// load reads class id and its data.
func (s *Service) load(ctx context.Context, id string) (store.Class, *data, error) {
	c, err := s.cfg.Store.LoadClass(ctx, id)
	if err != nil {
		return c, nil, notFound(err)
	}
	var d data
	if err := json.Unmarshal(c.Body, &d); err != nil {
		return c, nil, fmt.Errorf("classes: class %s: %w", id, err)
	}
	return c, &d, nil
}

// change applies f to class id and stores the result, one change of a
// class at a time in this process; a change made at the same moment by
// another process is refused (409) rather than lost. Nothing is stored
// when f fails.
func (s *Service) change(ctx context.Context, id string, f func(d *data) error) error {
	l := s.lock(id)
	l.Lock()
	defer l.Unlock()
	c, d, err := s.load(ctx, id)
	if err != nil {
		return err
	}
	if err := f(d); err != nil {
		return err
	}
	return s.save(ctx, c, d)
}

func (s *Service) save(ctx context.Context, c store.Class, d *data) error {
	body, err := json.Marshal(d)
	if err != nil {
		return err
	}
	c.Version++
	c.Body, c.Updated = body, s.cfg.Now()
	if err := s.cfg.Store.SaveClass(ctx, c); errors.Is(err, store.ErrConflict) {
		return refuse(Conflict, "class.busy")
	} else if err != nil {
		return err
	}
	return nil
}

func (s *Service) lock(id string) *sync.Mutex {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.locks[id]
	if !ok {
		if len(s.locks) > 10000 { // forget the idle ones rather than grow without bound
			for k, v := range s.locks {
				if v.TryLock() {
					delete(s.locks, k)
					v.Unlock()
				}
			}
		}
		l = &sync.Mutex{}
		s.locks[id] = l
	}
	return l
}

func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return refuse(NotFound, "class.not_found")
	}
	return err
}

func hash(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// newCode draws a join code: codeLen letters of codeLetters.
func newCode() string {
	b := make([]byte, codeLen)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = codeLetters[int(b[i])%len(codeLetters)]
	}
	return string(b)
}

// seat is the room's seat of player p of a game (0 or 1; the computer's
// for Computer).
func (g game) seat(p int) int {
	if g.A == p {
		return 0
	}
	return 1
}

// personSeat is the SeatSpec of player p (or the computer).
func (d *data) personSeat(p int) rooms.SeatSpec {
	if p == pairing.Computer {
		return rooms.SeatSpec{Kind: wire.SeatComputer, Agent: d.Computer}
	}
	return rooms.SeatSpec{Kind: wire.SeatPerson, Name: d.Players[p].Name}
}
