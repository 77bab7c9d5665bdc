package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tabula print writes the PDF (its reading back is package printout's
// test) and refuses bad input with status 2 and one line that names it,
// writing no file.
func TestPrint(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "t.pdf")
	if code, _, stderr := runTabula(t, "", "print", "--lang", "de", "tamman", "--out", out, "--option", "mouth-up=0.75"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil || !strings.HasPrefix(string(b), "%PDF-1.4") || !strings.Contains(string(b), "(0.39 %) Tj") {
		t.Fatalf("%v: %.60q: want a PDF with the chance of 8 at mouth-up=0.75", err, b)
	}
	bad := filepath.Join(dir, "bad.pdf")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"print", "tamman", "--out", bad, "--paper", "a5"}, "paper a5"},
		{[]string{"print", "tamman", "--out", bad, "--lang", "fr"}, "language fr"},
		{[]string{"print", "tamman", "--out", bad, "--sheet", "cover"}, "sheet cover"},
		{[]string{"print", "chess", "--out", bad}, "chess"},
		{[]string{"print", "tamman", "--out", bad, "--option", "players=9"}, "players"},
		{[]string{"print", "tamman"}, "--out"},
		{[]string{"print", "--out", bad}, "name the game"},
		{[]string{"print", "tamman", "adji-boto", "--out", bad}, "adji-boto"},
	} {
		code, _, stderr := runTabula(t, "", c.args...)
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and one line with %q", c.args, code, stderr, c.want)
		}
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a refused print wrote its file")
	}
}
