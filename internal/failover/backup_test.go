package failover

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"tabula/internal/pgtest"
)

// TestBackupAndRestoreAsDocumented runs the backup and restore of
// docs/deploy.md: pg_dump -Fc while an instance serves a game, more moves,
// then the instance stopped, pg_restore --clean --if-exists into the same
// database (and into a scratch one, as the regular check of a restore
// does), and the instance started again. Both programs exit 0 and say
// nothing, and the game goes on from where the dump was taken.
func TestBackupAndRestoreAsDocumented(t *testing.T) {
	db := pgtest.Database(t)
	pgbin, err := pgtest.BinDir()
	if err != nil {
		t.Fatal(err)
	}
	run := func(name string, args ...string) {
		t.Helper()
		out, err := exec.Command(filepath.Join(pgbin, name), args...).CombinedOutput()
		if err != nil || len(out) > 0 {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
	}
	bin := buildTabula(t)
	in := startInstance(t, bin, db)
	c := createRoom(t, in, `{"game":"adji-boto","seats":[{"kind":"person"},{"kind":"computer","agent":"random"}]}`)
	ctx := ctxFor(t, 2*time.Minute)
	f, err := follow(ctx, in.URL, c.ID, tokenOf(c.Seats[0].Link))
	if err != nil {
		t.Fatal(err)
	}
	playOne(t, ctx, f)
	dumped := f.v
	dump := filepath.Join(t.TempDir(), "tabula.dump")
	run("pg_dump", "-Fc", "-d", db, "-f", dump)
	playOne(t, ctx, f) // the database goes on past the dump
	f.c.CloseNow()
	in.Stop() // the instances stop before a restore

	restore := []string{"--clean", "--if-exists", dump}
	run("pg_restore", append([]string{"-d", db}, restore...)...)
	// The regular check: the same restore into a scratch database.
	run("pg_restore", append([]string{"-d", pgtest.Database(t)}, restore...)...)
	again := startInstance(t, bin, db)
	g, err := follow(ctx, again.URL, c.ID, tokenOf(c.Seats[0].Link))
	if err != nil {
		t.Fatal(err)
	}
	defer g.c.CloseNow()
	if g.v != dumped {
		t.Fatalf("after the restore the room is at version %d, the dump was taken at %d", g.v, dumped)
	}
	playOne(t, ctx, g)
}
