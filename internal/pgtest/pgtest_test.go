package pgtest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestClusterStartsAndStops starts a cluster, runs a query through psql
// and checks the cluster leaves nothing behind but the template of its
// data directory in the user's cache.
func TestClusterStartsAndStops(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster: not with -short")
	}
	c, err := Start()
	if errors.Is(err, ErrNoPostgres) && os.Getenv("CI") != "true" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	db, err := c.NewDatabase()
	if err != nil {
		c.Stop()
		t.Fatal(err)
	}
	psql := filepath.Join(c.bin, "psql")
	out, err := exec.Command(psql, "-X", "-A", "-t", c.DSN(db), "-c", "select 6*7").CombinedOutput()
	if err != nil {
		c.Stop()
		t.Fatalf("psql: %v: %s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != "42" {
		t.Errorf("select 6*7 = %q, want 42", got)
	}
	// The next cluster is a copy of the template this one left.
	if template := c.template(); template == "" {
		t.Errorf("no template of the data directory kept")
	} else if _, err := os.Stat(filepath.Join(c.Dir, "template")); !os.IsNotExist(err) {
		t.Errorf("the template made is left in the cluster's directory (err %v)", err)
	}
	dir := c.Dir
	c.Stop()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("cluster directory %s still there after Stop (err %v)", dir, err)
	}
}
