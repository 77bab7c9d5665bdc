package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSiteWritesTheApp(t *testing.T) {
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if code := run([]string{"site", "--out", dir, "--server", "https://tabula.example/"}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), `<meta name="tabula-site" content="https://tabula.example">`) {
		t.Errorf("index.html does not name the site's server:\n%s", index)
	}
	// a static host serves files as they are: the worker chooses among
	// the compressed files itself (engine-file.js)
	chooser, err := os.ReadFile(filepath.Join(dir, "engine-file.js"))
	if err != nil || !strings.Contains(string(chooser), "const servedByTabula = false;") {
		t.Errorf("the site's engine-file.js does not say that a static host serves it (%v)", err)
	}
	for _, f := range []string{"engine.wasm.br", "engine.wasm.gz", "engine-worker.js", "wasm_exec.js", "sw.js", "embed.js", "vendor/morphdom.js"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the site lacks %s: %v", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "research.html")); err == nil {
		t.Error("the site has the Research page, which needs a server")
	}
	for _, bad := range [][]string{{"site"}, {"site", "--out", dir, "--server", "ftp://x"}, {"site", "--out", dir, "extra"}} {
		errs.Reset()
		if code := run(bad, nil, &out, &errs); code != 2 || strings.Count(strings.TrimSpace(errs.String()), "\n") > 3 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a short reason", bad, code, errs.String())
		}
	}
}
