package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// The engine in the browser (cmd/tabula-wasm) is built and committed
// twice compressed, static/engine.wasm.br (brotli) and
// static/engine.wasm.gz (gzip, for a browser without brotli streams;
// static/engine-file.js chooses), so that "go run ./cmd/tabula serve" and
// "tabula site" serve it with no build step. These tests rebuild it with
// the same toolchain and fixed flags and check that both committed files
// decompress to that build, byte for byte; "go test ./web -run TestEngine
// -update" compresses and writes them anew after a change of the Go code
// it holds.

// EngineBuild is how the engine is built: every flag that decides its
// bytes is fixed here (no VCS stamp, no paths, no symbols).
var EngineBuild = []string{"build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o"}

// engineFiles are the committed files of the engine: how each compresses
// the build (the same bytes each time: no name, no time), how it reads
// back, and the most it may weigh (what it weighs now, 1.35 MB and
// 1.85 MB, and a little room; the issue aimed at 1.5 MB, which the
// brotli file meets: what a Tabula server sends every browser, and a
// static host a browser with brotli streams).
var engineFiles = []struct {
	name       string
	compress   func(io.Writer) io.WriteCloser
	decompress func(io.Reader) (io.Reader, error)
	max        int
}{
	{"engine.wasm.br",
		// quality 11, the best; a window of 2^22 bytes came out smaller
		// than 2^24 for this file, and asks less memory of the decoder
		func(w io.Writer) io.WriteCloser {
			return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: 11, LGWin: 22})
		},
		func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		1_400_000},
	{"engine.wasm.gz",
		func(w io.Writer) io.WriteCloser {
			zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression)
			return zw
		},
		func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		1_900_000},
}

func buildEngine(t *testing.T) []byte {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the WebAssembly engine (minutes on a cold cache)")
	}
	out := filepath.Join(t.TempDir(), "engine.wasm")
	cmd := exec.Command("go", append(EngineBuild, out, "tabula/cmd/tabula-wasm")...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(cmd.Args[1:], " "), err, b)
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return wasm
}

func TestEngineIsBuiltFromSource(t *testing.T) {
	wasm := buildEngine(t)
	for _, f := range engineFiles {
		path := filepath.Join("static", f.name)
		if *update {
			var buf bytes.Buffer
			zw := f.compress(&buf)
			zw.Write(wasm)
			if err := zw.Close(); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		committed, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var got []byte
		r, err := f.decompress(bytes.NewReader(committed))
		if err == nil {
			got, err = io.ReadAll(r)
		}
		if err != nil || !bytes.Equal(got, wasm) {
			t.Errorf("%s (%d bytes) is not the build of cmd/tabula-wasm (%d bytes) by this toolchain (%v): run go test ./web -run TestEngine -update", path, len(committed), len(wasm), err)
		}
		if len(committed) > f.max {
			t.Errorf("%s weighs %d bytes, more than %d", path, len(committed), f.max)
		}
	}
}

// TestEngineSupportIsGos: static/wasm_exec.js is the toolchain's own
// support file of the js/wasm port, unchanged.
func TestEngineSupportIsGos(t *testing.T) {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("static", "wasm_exec.js")
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from the toolchain's: run go test ./web -run TestEngine -update", path)
	}
}

// TestOfflineKeepsEveryFile: the service worker (static/sw.js) keeps
// every file of the app for offline use, and only files that exist;
// the Research page, which needs the server, is left out. Of the
// engine's files it keeps the one engine-file.js chooses, which names
// both.
func TestOfflineKeepsEveryFile(t *testing.T) {
	st := Static()
	src, err := fs.ReadFile(st, "sw.js")
	if err != nil {
		t.Fatal(err)
	}
	list := regexp.MustCompile(`(?s)const files = \[(.*?)\];`).FindSubmatch(src)
	if list == nil {
		t.Fatal("sw.js has no list of files")
	}
	kept := map[string]bool{}
	for _, m := range regexp.MustCompile(`'([^']+)'`).FindAllSubmatch(list[1], -1) {
		name := string(m[1])
		kept[name] = true
		if name == "./" {
			continue
		}
		if _, err := fs.Stat(st, name); err != nil {
			t.Errorf("sw.js keeps %s: %v", name, err)
		}
	}
	if !strings.Contains(string(src), "importScripts('engine-file.js')") || !strings.Contains(string(src), "engineFile().path") {
		t.Error("sw.js does not keep the engine's file that engine-file.js chooses")
	}
	chooser, err := fs.ReadFile(st, "engine-file.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range engineFiles {
		if !strings.Contains(string(chooser), "'"+f.name+"'") {
			t.Errorf("engine-file.js never chooses %s", f.name)
		}
		kept[f.name] = true
	}
	leftOut := map[string]bool{"sw.js": true, "research.html": true, "research.js": true, "vendor/morphdom.LICENSE": true}
	fs.WalkDir(st, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !kept[name] && !leftOut[name] {
			t.Errorf("sw.js does not keep %s for offline use", name)
		}
		return err
	})
}

// TestEngineLeavesOutWhatOnlyAServerNeeds: the browser's engine does not
// compile in what only a server uses, which would weigh on its download
// (docs/browser.md): HTTP, the database drivers, log/slog, the names'
// Unicode tables, the teachers' classes.
func TestEngineLeavesOutWhatOnlyAServerNeeds(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "tabula/cmd/tabula-wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	banned := []string{"net/http", "crypto/tls", "log/slog", "golang.org/x/text/", "github.com/coder/websocket", "database/sql", "tabula/internal/classes", "tabula/research"}
	for _, pkg := range strings.Fields(string(out)) {
		for _, b := range banned {
			if pkg == b || strings.HasSuffix(b, "/") && strings.HasPrefix(pkg, b) {
				t.Errorf("the browser's engine compiles in %s", pkg)
			}
		}
	}
}
