// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb
// into a temporary directory, a server that listens only on a Unix socket
// in that directory, and removal of it all at the end. No test needs a
// database that someone else started.
//
// The binaries come from Debian's postgresql package (scripts/test.sh
// installs it). As root, initdb and postgres refuse to run, so the cluster
// then runs as the system user "postgres".
package pgtest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"tabula/internal/procs"
)

// ErrNoPostgres means the PostgreSQL server binaries are not installed.
var ErrNoPostgres = errors.New("pgtest: PostgreSQL server binaries not found (install Debian's postgresql)")

// Cluster is a running throwaway cluster.
type Cluster struct {
	// Dir holds the data directory and the socket.
	Dir  string
	bin  string
	cmd  *exec.Cmd
	cred *syscall.Credential
	done chan error
	next int
}

// User is the cluster's superuser; it connects without a password.
const User = "tabula"

// BinDir finds the directory of initdb and postgres: $PGBIN, or the newest
// /usr/lib/postgresql/N/bin.
func BinDir() (string, error) {
	if d := os.Getenv("PGBIN"); d != "" {
		return d, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int {
		va, _ := strconv.Atoi(filepath.Base(filepath.Dir(a)))
		vb, _ := strconv.Atoi(filepath.Base(filepath.Dir(b)))
		return va - vb
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i], nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", ErrNoPostgres
}

// Start makes and starts a cluster. Stop it with Stop.
func Start() (*Cluster, error) {
	c, err := newCluster()
	if err != nil {
		return nil, err
	}
	dir, bin := c.Dir, c.bin
	data := filepath.Join(dir, "data")
	if err := c.initdb(data); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	// Only a Unix socket in dir: no TCP port to collide with other runs.
	c.cmd = exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-k", dir,
		"-c", "listen_addresses=", "-c", "fsync=off", "-c", "synchronous_commit=off",
		"-c", "full_page_writes=off", "-c", "max_connections=200")
	c.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred, Setpgid: true}
	// A test binary killed mid-run leaves no server behind: SIGQUIT is
	// PostgreSQL's immediate shutdown, which ends its backends too.
	procs.DieWithParent(c.cmd, syscall.SIGQUIT)
	var logBuf bytes.Buffer
	c.cmd.Stdout, c.cmd.Stderr = &logBuf, &logBuf
	if err := c.cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: start postgres: %w", err)
	}
	go func() { c.done <- c.cmd.Wait() }()
	// Wait until it accepts connections: pg_isready, bounded.
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := c.run("pg_isready", "-q", "-h", dir, "-U", User, "-d", "postgres"); err == nil {
			return c, nil
		}
		select {
		case err := <-c.done:
			os.RemoveAll(dir)
			return nil, fmt.Errorf("pgtest: postgres exited: %v: %s", err, logBuf.String())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			c.Stop()
			return nil, fmt.Errorf("pgtest: postgres did not become ready in 60 s: %s", logBuf.String())
		}
	}
}

// newCluster makes the cluster's directory, owned by the user its
// binaries run as.
func newCluster() (*Cluster, error) {
	bin, err := BinDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "tabula-pg-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{Dir: dir, bin: bin, done: make(chan error, 1)}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("pgtest: running as root needs the system user postgres: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		c.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	return c, nil
}

// Template is the data directory that initdb made once for the newest
// binaries and initArgs (in the user's cache; made now the first time).
// scripts/pgload.sh, whose initdb takes the same arguments, copies it
// when given it (PGLOAD_TEMPLATE): a copy costs a fifth of an initdb.
func Template() (string, error) {
	c, err := newCluster()
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(c.Dir)
	if t := c.template(); t != "" {
		return t, nil
	}
	return "", errors.New("pgtest: no template of the data directory could be made")
}

// initArgs are initdb's arguments but the data directory's.
var initArgs = []string{"-U", User, "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"}

// initdb makes the cluster's data directory: a copy of a template that
// initdb made once for these binaries and arguments (in the user's
// cache; an initdb costs about a CPU-second, a copy a fifth of it), or
// initdb itself where the template cannot be kept.
func (c *Cluster) initdb(data string) error {
	if template := c.template(); template != "" {
		if exec.Command("cp", "-a", template, data).Run() == nil {
			return nil
		}
		os.RemoveAll(data) // a partial copy: initdb makes it
	}
	if out, err := c.run("initdb", append([]string{"-D", data}, initArgs...)...); err != nil {
		return fmt.Errorf("pgtest: initdb: %v: %s", err, out)
	}
	return nil
}

// template returns the template data directory of the cluster's binaries
// and initArgs, made by initdb in the cluster's directory and moved to
// the user's cache the first time; "" where it cannot be made.
func (c *Cluster) template() string {
	cache, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	sum := sha256.Sum256([]byte(c.bin + "\x00" + strings.Join(initArgs, "\x00")))
	parent := filepath.Join(cache, "tabula-tests")
	template := filepath.Join(parent, "pgdata-"+hex.EncodeToString(sum[:8]))
	if _, err := os.Stat(filepath.Join(template, "PG_VERSION")); err == nil {
		return template
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return ""
	}
	made := filepath.Join(c.Dir, "template")
	if _, err := c.run("initdb", append([]string{"-D", made}, initArgs...)...); err != nil {
		return ""
	}
	// Another test binary may have made it meanwhile: the rename fails
	// and its template serves.
	if err := os.Rename(made, template); err != nil {
		os.RemoveAll(made)
	}
	if _, err := os.Stat(filepath.Join(template, "PG_VERSION")); err != nil {
		return ""
	}
	return template
}

// run runs one of the cluster's binaries as the cluster's user.
func (c *Cluster) run(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(filepath.Join(c.bin, name), args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	cmd.Dir = c.Dir
	return cmd.CombinedOutput()
}

// DSN is the connection string of database db (libpq key=value form, which
// pgx reads).
func (c *Cluster) DSN(db string) string {
	return fmt.Sprintf("host=%s user=%s dbname=%s sslmode=disable", c.Dir, User, db)
}

// URL is the connection string of database db as a postgres:// URL, the
// form `tabula serve --db` takes.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://%s@/%s?host=%s&sslmode=disable", User, db, c.Dir)
}

// NewDatabase creates an empty database with a fresh name and returns the
// name, so each test starts clean.
func (c *Cluster) NewDatabase() (string, error) {
	c.next++
	name := fmt.Sprintf("t%d_%d", os.Getpid(), c.next)
	if out, err := c.run("createdb", "-h", c.Dir, "-U", User, name); err != nil {
		return "", fmt.Errorf("pgtest: createdb %s: %v: %s", name, err, out)
	}
	return name, nil
}

// Stop shuts the server down at once and removes the cluster.
func (c *Cluster) Stop() {
	if c.cmd != nil && c.cmd.Process != nil {
		_ = syscall.Kill(-c.cmd.Process.Pid, syscall.SIGQUIT)
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL)
			<-c.done
		}
	}
	os.RemoveAll(c.Dir)
}
