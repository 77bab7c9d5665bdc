package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tabula/internal/classes"
	"tabula/internal/lobby"
	"tabula/internal/rooms"
	"tabula/internal/server"
	"tabula/internal/store"
)

// roomStore is the storage of `tabula serve`: SQLite for one process,
// PostgreSQL for several sharing one database.
type roomStore interface {
	rooms.Store
	classes.Store
	Lobby() store.Lobby
	Ready(ctx context.Context) error
	Close() error
}

// sharedFlags are the settings of several processes on one PostgreSQL.
type sharedFlags struct {
	lease time.Duration
	poll  time.Duration
}

func addSharedFlags(fs *flag.FlagSet) *sharedFlags {
	sf := &sharedFlags{}
	fs.DurationVar(&sf.lease, "lease", rooms.DefaultLease, "with PostgreSQL: how long a computer move's lease runs without a renewal (its holder renews it every third of that while it searches) before another instance takes the move over")
	fs.DurationVar(&sf.poll, "poll", 2*time.Second, "with PostgreSQL: how often rooms in memory are checked against the database (in case a notification was missed) and dead instances' leases taken over")
	return sf
}

func (sf *sharedFlags) check() error {
	if sf.lease <= 0 || sf.poll <= 0 {
		return usagef("--lease and --poll must be positive")
	}
	return nil
}

// isPostgres reports whether --db names a PostgreSQL database rather than
// a SQLite file.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// openStore opens the SQLite file or the PostgreSQL database of --db.
func openStore(db string) (roomStore, error) {
	if !isPostgres(db) {
		return store.OpenSQLite(db)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return store.OpenPostgres(ctx, db)
}

// holderName names this process in computer-move leases: its host and
// process id, so that an operator can tell which instance holds one.
func holderName() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s/%d", host, os.Getpid())
}

// dbLabel is --db for the log: a PostgreSQL URL without its user,
// password and parameters (which may hold a password too).
func dbLabel(db string) string {
	if !isPostgres(db) {
		return db
	}
	u, err := url.Parse(db)
	if err != nil {
		return "postgres://(unreadable URL)"
	}
	u.User, u.RawQuery, u.Fragment = nil, "", ""
	return u.String()
}

// shared runs what several processes on one PostgreSQL need: the
// notification listener, and the poll and lease takeover that cover for
// missed notifications and dead instances. ready is false until the
// listener is connected and again while it is away.
type shared struct {
	listening atomic.Bool
	stopping  atomic.Bool
	// done is closed when run has returned: the leases are released and
	// the presence dropped, so the database may close.
	done chan struct{}
	once sync.Once
}

func newShared() *shared { return &shared{done: make(chan struct{})} }

// stopWait bounds the wait for the cleanup (each of its statements has
// a timeout of its own, RunShared's 2 s).
const stopWait = 10 * time.Second

// stop cancels run's context and waits (bounded) until run has cleaned
// up. Only the first call waits.
func (sh *shared) stop(cancel context.CancelFunc, log *slog.Logger) {
	sh.once.Do(func() {
		cancel()
		select {
		case <-sh.done:
		case <-time.After(stopWait):
			log.Warn("leases and presence not released in time", "waited", stopWait)
		}
	})
}

func (sh *shared) run(ctx context.Context, db roomStore, mgr *rooms.Manager, lob *lobby.Lobby, sf *sharedFlags, log *slog.Logger) {
	defer close(sh.done)
	var wg sync.WaitGroup
	defer wg.Wait()
	wg.Go(func() { lob.Run(ctx, sf.poll) })
	pg, ok := db.(*store.Postgres)
	if !ok {
		sh.listening.Store(true)
		return
	}
	wg.Go(func() { mgr.RunShared(ctx, sf.poll) })
	pg.Listen(ctx, store.Listener{
		Connected: func() {
			sh.listening.Store(true)
			log.Info("listening for room changes")
			go mgr.Poll(ctx)
		},
		Changed:  func(room string, version int) { go mgr.Changed(ctx, room, version) },
		Stepped:  func(room string, from int, events []store.Event) { go mgr.Stepped(ctx, room, from, events) },
		Presence: mgr.PresenceChanged,
		Lobby: func() {
			go func() {
				if err := lob.Refresh(ctx); err != nil && ctx.Err() == nil {
					log.Warn("refreshing the lobby", "err", err)
				}
			}()
		},
		Lost: func(err error) {
			sh.listening.Store(false)
			log.Warn("notification listener lost; polling meanwhile", "err", err)
		},
	})
}

// newLobby is the lobby of db's seeks and identities, making rooms with
// mgr; with PostgreSQL it tells the other instances of its changes.
func newLobby(db roomStore, mgr *rooms.Manager, log *slog.Logger) *lobby.Lobby {
	cfg := lobby.Config{Store: db.Lobby(), Rooms: mgr, Offered: server.OfferedAgents, Log: log}
	if pg, ok := db.(*store.Postgres); ok {
		cfg.Notify = pg.NotifyLobby
	}
	return lobby.New(cfg)
}

// handler answers /healthz and /readyz in front of h.
func (sh *shared) handler(h http.Handler, db roomStore) http.Handler {
	return server.Health(h,
		func(ctx context.Context) error {
			return db.Ready(ctx)
		},
		func(ctx context.Context) error {
			if sh.stopping.Load() {
				return errors.New("stopping")
			}
			if !sh.listening.Load() {
				return errors.New("not yet listening for room changes")
			}
			return db.Ready(ctx)
		})
}
