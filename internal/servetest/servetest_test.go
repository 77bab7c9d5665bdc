package servetest

import (
	"os/exec"
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
