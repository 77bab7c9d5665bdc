package failover

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"tabula/internal/pgtest"
)

// TestDrainThenCleanStop: an instance started with a long --drain gets
// SIGTERM. /readyz answers 503 from then on, while /healthz and the room
// go on serving; a second SIGTERM stops it, and by the time the process
// has exited its presence rows are deleted and its leases released (the
// database is closed only after that cleanup).
func TestDrainThenCleanStop(t *testing.T) {
	db := pgtest.Database(t)
	bin := buildTabula(t)
	in := startInstance(t, bin, db, "--drain", "10m", "--lease", "10m")
	c := createRoom(t, in, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"random"}]}`)
	ctx := ctxFor(t, 2*time.Minute)
	f, err := follow(ctx, in.URL, c.ID, tokenOf(c.Seats[0].Link))
	if err != nil {
		t.Fatal(err)
	}
	defer f.c.CloseNow()
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	host, _ := os.Hostname()
	holder := fmt.Sprintf("%s/%d", host, in.Pid())
	count := func(query string) int {
		t.Helper()
		var n int
		if err := conn.QueryRow(ctx, query, holder).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	const (
		presenceRows = `SELECT count(*) FROM presence WHERE holder = $1`
		liveLeases   = `SELECT count(*) FROM leases WHERE holder = $1 AND expires > 0`
	)
	// The person moves and the computer answers: the instance holds the
	// lease of that answer (for 10 minutes) and the person's presence.
	playOne(t, ctx, f)
	for count(presenceRows) == 0 || count(liveLeases) == 0 {
		select {
		case <-ctx.Done():
			t.Fatalf("no presence or no lease of %s in the database", holder)
		case <-time.After(20 * time.Millisecond):
		}
	}

	if err := in.Cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for {
		code, body := get(in.URL + "/readyz")
		if code == http.StatusServiceUnavailable {
			break
		}
		if code != http.StatusOK || ctx.Err() != nil {
			t.Fatalf("/readyz while draining: %d %s", code, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code, body := get(in.URL + "/healthz"); code != http.StatusOK {
		t.Errorf("/healthz while draining: %d %s", code, body)
	}
	playOne(t, ctx, f) // the room still plays

	in.Dead.Store(true)
	if err := in.Cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := in.Cmd.Wait(); err != nil {
		t.Fatalf("the instance did not exit cleanly: %v\n%s", err, in.Logs)
	}
	if n := count(presenceRows); n != 0 {
		t.Errorf("%d presence rows of the stopped instance are left", n)
	}
	if n := count(liveLeases); n != 0 {
		t.Errorf("%d leases of the stopped instance are not released", n)
	}
	for _, bad := range []string{"closed pool", "releasing leases", "dropping presence"} {
		if strings.Contains(in.Logs.String(), bad) {
			t.Errorf("the log says %q:\n%s", bad, in.Logs)
		}
	}
}

// playOne makes the person's first legal move and waits for the
// computer's answer.
func playOne(t *testing.T, ctx context.Context, f *follower) {
	t.Helper()
	v := f.v
	legal := f.st.Legal["0"]
	if len(legal) == 0 {
		t.Fatalf("no legal move for the person at version %d", v)
	}
	if err := f.c.Send(ctx, map[string]any{"type": "move", "version": v, "move": legal[0]}); err != nil {
		t.Fatal(err)
	}
	if m, err := f.answer(ctx); err != nil || m.Type != "ack" {
		t.Fatalf("move %q at %d: %s %v", legal[0], v, m.Raw, err)
	}
	if err := f.reach(ctx, v+1); err != nil {
		t.Fatal(err)
	}
	for !f.st.Terminal && !slices.Contains(f.st.ToMove, 0) {
		if _, err := f.next(ctx); err != nil {
			t.Fatalf("the computer did not answer: %v", err)
		}
	}
}
