package failover

import (
	"context"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tabula/internal/roomclient"
	"tabula/internal/store"
	"tabula/internal/wire"
)

var logVersion = regexp.MustCompile(`version=(\d+)`)

// killLeaseHolder: a person plays the computer (mcts:hard: in Adji-Boto
// tens of milliseconds of processor time a move) through a balancer, and
// the instance that logs leasing a computer move is killed with SIGKILL at
// once. Once the killed process's database connections are gone nothing it
// sent can still commit, so the room's stored version then says what the
// kill interrupted: still at the leased version, the search (another
// instance must lease the move, by its sweep of expired leases or on
// reloading the room, and store it); past it, the move was stored first (a
// fresh instance takes the dead one's place and the next computer move is
// tried). The person's client resumes through another instance, and the
// game ends with nothing lost or doubled.
func killLeaseHolder(t *testing.T, ins []*instance, pg *store.Postgres, bin, db string) {
	c := createRoom(t, ins[0], `{"game":"adji-boto","seats":[{"kind":"person","name":"Ana"},{"kind":"computer","agent":"mcts:hard"}]}`)
	ctx := ctxFor(t, 3*time.Minute)
	var insMu sync.Mutex
	live := func() []*instance {
		insMu.Lock()
		defer insMu.Unlock()
		return slices.Clone(ins)
	}
	every := live() // every instance that served, the killed ones too
	t.Cleanup(func() {
		if t.Failed() {
			for _, in := range every {
				t.Logf("pid %d, room %s:\n%s", in.Pid(), c.ID, roomLines(in.Logs.String(), c.ID))
			}
		}
	})
	lb := newBalancer(t, live)
	bot := &roomclient.Bot{Base: lb.URL, Room: c.ID, Token: tokenOf(c.Seats[0].Link), Rand: rand.New(rand.NewPCG(3, 4))}
	seenCh := make(chan wire.Event, 1024)
	var wg sync.WaitGroup
	var seen []wire.Event
	var specErr error
	spec := newBalancer(t, func() []*instance { l := live(); slices.Reverse(l); return l })
	wg.Go(func() { seen, specErr = spectate(ctx, spec.URL, c.ID, func(e wire.Event) { seenCh <- e }) })
	wg.Go(func() {
		if err := bot.Run(ctx); err != nil {
			t.Errorf("the person's client: %v", err)
		}
	})
	// The leases of this room's computer moves, from every instance; a
	// takeover by the sweep (its line names no version) has v = -1.
	type lease struct {
		in *instance
		v  int
	}
	leases := make(chan lease, 64)
	follow := func(in *instance) {
		took := in.Logs.Watch("taking over a computer move", "room="+c.ID)
		go func() {
			for {
				select {
				case l := <-in.Leased:
					if m := logVersion.FindStringSubmatch(l); m != nil && strings.Contains(l, "room="+c.ID) {
						v, _ := strconv.Atoi(m[1])
						leases <- lease{in, v}
					}
				case <-took:
					leases <- lease{in, -1}
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	for _, in := range ins {
		follow(in)
	}
	version := func() int {
		vs, err := pg.Versions(context.Background(), []string{c.ID})
		if err != nil {
			t.Fatal(err)
		}
		return vs[c.ID]
	}
	const attempts = 5
	var dead *instance // the holder killed in the middle of its search
	killedV, attempt := 0, 0
	var killedAt time.Time
	var takeover, resumed time.Duration
	leasedAgain := false // a live instance leased the killed move
	for dead == nil || takeover == 0 || resumed == 0 || !leasedAgain {
		select {
		case l := <-leases:
			if l.in.Dead.Load() {
				continue
			}
			if dead != nil {
				leasedAgain = leasedAgain || l.v == killedV || l.v < 0
				continue
			}
			if l.v < 0 {
				continue
			}
			holder, v := l.in, l.v
			holder.Kill()
			at := time.Now()
			attempt++
			connectionsGone(ctx, t, pg, holder)
			if version() == v {
				dead, killedV, killedAt = holder, v, at
				continue
			}
			// The move was stored before the kill: a new instance takes
			// the dead one's place, and the next computer move is tried.
			t.Logf("attempt %d: the move at version %d was stored before the kill", attempt, v)
			if attempt == attempts {
				t.Fatalf("in %d attempts, no computer move was still being searched when its holder was killed", attempts)
			}
			fresh := startInstance(t, bin, db)
			insMu.Lock()
			ins[slices.Index(ins, holder)] = fresh
			insMu.Unlock()
			every = append(every, fresh)
			follow(fresh)
			for len(leases) > 0 { // leased while the new one started: stored by now
				<-leases
			}
		case e := <-seenCh:
			if dead == nil {
				if e.Kind == wire.KindEnd {
					t.Fatalf("the game ended after %d attempts, none killing a computer move in its search", attempt)
				}
				continue
			}
			if e.Version == killedV+1 && e.Kind == wire.KindTurn && slices.Equal(e.Actors, []int{1}) {
				takeover = time.Since(killedAt)
			}
			if e.Version > killedV+1 && slices.Contains(e.By, 0) && resumed == 0 {
				resumed = time.Since(killedAt)
			}
			if e.Kind == wire.KindEnd {
				if takeover == 0 {
					t.Fatalf("the game ended without the computer's move at version %d", killedV+1)
				}
				resumed = max(resumed, 1)
			}
		case <-ctx.Done():
			t.Fatalf("killed at version %d: takeover %v, resumed %v, leased again by a live instance %v", killedV, takeover, resumed, leasedAgain)
		}
	}
	t.Logf("killed pid %d holding the lease at version %d: another instance moved after %v; the person moved again after %v (lease %s, poll %s)",
		dead.Pid(), killedV, takeover.Round(time.Millisecond), resumed.Round(time.Millisecond), dead.Flag("lease"), dead.Flag("poll"))
	playOut(t, &wg, seenCh, func() error { return specErr })
	checkLog(t, pg, c.ID, []*roomclient.Bot{bot, nil}, seen)
}

// connectionsGone waits until the database has no connection of in left
// (a killed process's connections end when the server finds their
// sockets closed, after any statement in flight): from then on nothing in
// sent can still commit.
func connectionsGone(ctx context.Context, t *testing.T, pg *store.Postgres, in *instance) {
	t.Helper()
	for {
		var n int
		err := pg.Pool().QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, appName(in)).Scan(&n)
		if err != nil {
			t.Fatalf("connections of pid %d: %v", in.Pid(), err)
		}
		if n == 0 {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("pid %d was killed, and %d of its database connections remain", in.Pid(), n)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// roomLines is the lines of log that name room.
func roomLines(log, room string) string {
	var b strings.Builder
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, "room="+room) {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}
