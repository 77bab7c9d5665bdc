package enginetest

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Golden checks lines (perft counts, playthroughs) against the file
// testdata/name, ignoring blank lines and # comments. With update it first
// rewrites the file from got, headed by header.
func Golden(t *testing.T, name, header string, got []string, update bool) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(header+strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if len(want) != len(got) {
		t.Fatalf("%s: %d lines, testdata has %d", name, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s line %d:\n got %s\nwant %s", name, i+1, got[i], want[i])
		}
	}
}
