package pgtest

import (
	"errors"
	"os"
	"sync"
	"testing"
)

// The cluster of this test binary, started by Main.
var (
	mu       sync.Mutex
	shared   *Cluster
	startErr error
)

// Main runs a package's tests with one cluster for the whole test binary
// (call it from TestMain). The cluster is started lazily, by the first
// test that asks for a database, and removed when the tests end.
func Main(m *testing.M) {
	code := m.Run()
	StopShared()
	os.Exit(code)
}

// StopShared removes the test binary's cluster, if one was started: for
// a TestMain that does more than Main.
func StopShared() {
	mu.Lock()
	defer mu.Unlock()
	if shared != nil {
		shared.Stop()
		shared = nil
	}
}

// Database returns the URL of a new, empty database on the test binary's
// cluster. Without PostgreSQL the test is skipped, or fails when CI=true;
// with -short (the quick suite) it is skipped.
func Database(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("needs a PostgreSQL cluster: not with -short")
	}
	mu.Lock()
	defer mu.Unlock()
	if shared == nil && startErr == nil {
		shared, startErr = Start()
	}
	if errors.Is(startErr, ErrNoPostgres) && os.Getenv("CI") != "true" {
		t.Skip(startErr)
	}
	if startErr != nil {
		t.Fatal(startErr)
	}
	db, err := shared.NewDatabase()
	if err != nil {
		t.Fatal(err)
	}
	return shared.URL(db)
}
