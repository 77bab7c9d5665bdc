package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A load server started by loadtest stops when loadtest is killed: a
// parent (this test binary, in the role below) starts a stand-in server
// the way loadtest starts `tabula serve`, says its process id, and is
// killed with SIGKILL; the stand-in would otherwise sleep ten minutes.
func TestLoadServerDiesWithLoadtest(t *testing.T) {
	fake := filepath.Join(t.TempDir(), "fake-serve")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho listening on http://127.0.0.1:1/\nexec sleep 600\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	parent := exec.Command(os.Args[0], "-test.run=^TestLoadServerParentRole$")
	parent.Env = append(os.Environ(), "TABULA_FAKE_SERVE="+fake)
	out, err := parent.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	pid, perr := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "child ")))
	if err != nil || perr != nil {
		parent.Process.Kill()
		t.Fatalf("the parent said %q: %v %v", line, err, perr)
	}
	parent.Process.Kill()
	parent.Wait()
	// The kernel signals the child at once; the bound only keeps a
	// broken build from hanging the suite.
	for deadline := time.Now().Add(30 * time.Second); alive(pid); {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the load server (pid %d) still runs after its loadtest was killed", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestLoadServerParentRole is the parent of the test above, and nothing
// when run on its own.
func TestLoadServerParentRole(t *testing.T) {
	fake := os.Getenv("TABULA_FAKE_SERVE")
	if fake == "" {
		t.Skip("the parent role of TestLoadServerDiesWithLoadtest")
	}
	c, err := startServe(fake, nil, "127.0.0.1:0", "unused.db", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("child " + strconv.Itoa(c.cmd.Process.Pid) + "\n")
	time.Sleep(time.Minute) // until the test above kills this process
}

// alive reports whether process pid runs (a zombie counts as ended).
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	f := strings.Fields(string(b))
	return len(f) > 2 && f[2] != "Z"
}
