package web

import (
	"io/fs"
	"regexp"
	"testing"
)

// TestEmbeddedFiles checks that every file index.html and the modules load
// is embedded.
func TestEmbeddedFiles(t *testing.T) {
	st := Static()
	index, err := fs.ReadFile(st, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`(?:src|href)="([\w.-]+\.(?:js|css))"`).FindAllStringSubmatch(string(index), -1)
	if len(refs) < 2 {
		t.Fatalf("index.html loads %d files", len(refs))
	}
	for _, r := range refs {
		if _, err := fs.Stat(st, r[1]); err != nil {
			t.Errorf("index.html loads %s: %v", r[1], err)
		}
	}
	imports := regexp.MustCompile(`from '\./([\w.-]+\.js)'`)
	entries, _ := fs.ReadDir(st, ".")
	for _, e := range entries {
		data, _ := fs.ReadFile(st, e.Name())
		for _, m := range imports.FindAllStringSubmatch(string(data), -1) {
			if _, err := fs.Stat(st, m[1]); err != nil {
				t.Errorf("%s imports %s: %v", e.Name(), m[1], err)
			}
		}
	}
}
