package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// SIGTERM, as Kubernetes sends it to a pod it stops, ends `tabula analyze`
// as Ctrl-C does: the buffered games are written, every line whole, the
// exit status is 0, and the run directory holds them for a resume.
func TestAnalyzeSIGTERMKeepsTheGames(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	// Far more games than are played before the signal comes.
	args := []string{"analyze", "--game", "adji-boto", "--agents", "random", "--games", "400000", "--threads", "1",
		"--quiet", "--out", dir}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "TABULA_AS_COMMAND=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	games := filepath.Join(dir, "games.jsonl")
	// Wait for the first written games (bounded: the test fails rather
	// than hangs if none come).
	for i := 0; ; i++ {
		if fi, err := os.Stat(games); err == nil && fi.Size() > 0 {
			break
		}
		if i == 3000 {
			cmd.Process.Kill()
			t.Fatal("no game written in 30 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("after SIGTERM: %v, want exit 0; stderr %s", err, stderr.String())
	}
	if !bytes.Contains(stderr.Bytes(), []byte("run the same command to resume")) {
		t.Errorf("stderr does not say how to resume: %q", stderr.String())
	}
	data, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatal("games.jsonl ends in a cut line")
	}
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		var r map[string]any
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		n++
	}
	if n == 0 || n >= 400000 {
		t.Fatalf("%d games kept, want some but not all", n)
	}
	// The kept games load as the run's (research's
	// TestResumeAfterInterruption plays such a run to its end).
	code, out, errs := runArgs(t, "analyze", "report", "--json", dir)
	if code != 0 {
		t.Fatalf("report of the stopped run: exit %d: %s", code, errs)
	}
	var rep struct {
		Readings []struct{ Games int } `json:"readings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Readings) != 1 || rep.Readings[0].Games != n {
		t.Errorf("report of the stopped run: %v, %+v, want %d games", err, rep.Readings, n)
	}
}
