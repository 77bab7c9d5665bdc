package servetest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The flag in force is the last one given: a test's own flags follow
// Start's defaults and override them.
func TestFlagIsTheLastGiven(t *testing.T) {
	in := &Instance{Cmd: exec.Command("tabula", "serve", "--lease", "3s", "--poll", "200ms", "--lease", "6s")}
	if got := in.Flag("lease"); got != "6s" {
		t.Errorf("lease %q, want 6s", got)
	}
	if got := in.Flag("poll"); got != "200ms" {
		t.Errorf("poll %q, want 200ms", got)
	}
	if got := in.Flag("drain"); got != "" {
		t.Errorf("drain %q, want none", got)
	}
}

// Two builds link tabula once: the second finds the shared build up to
// date (the same file), and each dir gets a file of its own that runs.
func TestBuildsShareOneLink(t *testing.T) {
	if testing.Short() {
		t.Skip("builds tabula")
	}
	a, err := BuildInto(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	shared, err := sharedBuild()
	if err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(shared)
	if err != nil {
		t.Fatal(err)
	}
	b, err := BuildInto(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(shared)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) {
		t.Errorf("the second build linked tabula again")
	}
	for _, bin := range []string{a, b} {
		if out, err := exec.Command(bin, "version").CombinedOutput(); err != nil || !strings.Contains(string(out), Stamp) {
			t.Errorf("%s version: %v: %s", bin, err, out)
		}
	}
}
