package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"net/http/httptest"
	"path"
	"strings"
	"testing"

	"tabula/docs"
	"tabula/web"
)

func staticServer(t testing.TB) *Server {
	t.Helper()
	return New(Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Static: web.Static()})
}

func get(s *Server, path string, header map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", path, nil)
	for k, v := range header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// The app's files go compressed to a browser that takes gzip, and the
// bytes unpack to the file itself.
func TestStaticGzip(t *testing.T) {
	s := staticServer(t)
	plain := get(s, "/app.js", nil)
	if plain.Code != 200 || plain.Header().Get("Content-Encoding") != "" {
		t.Fatalf("plain GET: %d, encoding %q", plain.Code, plain.Header().Get("Content-Encoding"))
	}
	if ct := plain.Header().Get("Content-Type"); !strings.Contains(ct, "javascript") {
		t.Errorf("app.js served as %q", ct)
	}
	gz := get(s, "/app.js", map[string]string{"Accept-Encoding": "gzip, deflate, br"})
	if gz.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("Accept-Encoding gzip: encoding %q", gz.Header().Get("Content-Encoding"))
	}
	if gz.Body.Len() >= plain.Body.Len()/2 {
		t.Errorf("gzipped app.js is %d bytes of %d", gz.Body.Len(), plain.Body.Len())
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	unpacked, _ := io.ReadAll(zr)
	if !bytes.Equal(unpacked, plain.Body.Bytes()) {
		t.Error("the gzipped body does not unpack to the file")
	}
	if !strings.Contains(gz.Header().Get("Vary"), "Accept-Encoding") {
		t.Error("no Vary: Accept-Encoding")
	}
	if refused := get(s, "/app.js", map[string]string{"Accept-Encoding": "gzip;q=0"}); refused.Header().Get("Content-Encoding") != "" {
		t.Error("gzip sent although refused with q=0")
	}
}

// The engine's compressed files (web/static/engine-file.js) go as they
// are, whatever the browser accepts: the worker decompresses them itself.
func TestStaticEngineAsItIs(t *testing.T) {
	s := staticServer(t)
	for _, c := range []struct{ path, ctype string }{
		{"/engine.wasm.br", "application/octet-stream"},
		{"/engine.wasm.gz", "application/gzip"},
	} {
		want, err := fs.ReadFile(web.Static(), strings.TrimPrefix(c.path, "/"))
		if err != nil {
			t.Fatal(err)
		}
		w := get(s, c.path, map[string]string{"Accept-Encoding": "gzip, deflate, br"})
		if w.Code != 200 || w.Header().Get("Content-Encoding") != "" || !bytes.Equal(w.Body.Bytes(), want) {
			t.Errorf("%s: %d, encoding %q, %d bytes of %d", c.path, w.Code, w.Header().Get("Content-Encoding"), w.Body.Len(), len(want))
		}
		if ct := w.Header().Get("Content-Type"); ct != c.ctype {
			t.Errorf("%s served as %q, want %q", c.path, ct, c.ctype)
		}
		if cc, etag := w.Header().Get("Cache-Control"), w.Header().Get("ETag"); cc != "no-cache" || etag == "" {
			t.Errorf("%s: Cache-Control %q, ETag %q", c.path, cc, etag)
		}
	}
}

// The engine, /engine.wasm, goes as the browser accepts it: the committed
// brotli file for "br", the gzip file for gzip, else unpacked.
func TestStaticEngineNegotiated(t *testing.T) {
	s := staticServer(t)
	br, _ := fs.ReadFile(web.Static(), "engine.wasm.br")
	gz, _ := fs.ReadFile(web.Static(), "engine.wasm.gz")
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	wasm, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	etags := map[string]bool{}
	for _, c := range []struct {
		accept, encoding string
		body             []byte
	}{
		{"gzip, deflate, br, zstd", "br", br},
		{"gzip, br;q=0", "gzip", gz},
		{"", "", wasm},
	} {
		w := get(s, "/engine.wasm", map[string]string{"Accept-Encoding": c.accept})
		if w.Code != 200 || w.Header().Get("Content-Encoding") != c.encoding || !bytes.Equal(w.Body.Bytes(), c.body) {
			t.Errorf("Accept-Encoding %q: %d, encoding %q, %d bytes, want %q, %d", c.accept, w.Code, w.Header().Get("Content-Encoding"), w.Body.Len(), c.encoding, len(c.body))
		}
		if ct := w.Header().Get("Content-Type"); ct != "application/wasm" {
			t.Errorf("Accept-Encoding %q: served as %q", c.accept, ct)
		}
		if !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: no Vary: Accept-Encoding", c.accept)
		}
		etag := w.Header().Get("ETag")
		etags[etag] = true
		if again := get(s, "/engine.wasm", map[string]string{"Accept-Encoding": c.accept, "If-None-Match": etag}); again.Code != http.StatusNotModified {
			t.Errorf("Accept-Encoding %q with its ETag: %d", c.accept, again.Code)
		}
	}
	if len(etags) != 3 {
		t.Errorf("the three encodings have ETags %v, want three", etags)
	}
}

// A browser that has a file revalidates it with its ETag and gets 304.
func TestStaticRevalidates(t *testing.T) {
	s := staticServer(t)
	for _, path := range []string{"/", "/style.css", "/app.js"} {
		for _, enc := range []string{"", "gzip"} {
			first := get(s, path, map[string]string{"Accept-Encoding": enc})
			etag := first.Header().Get("ETag")
			if first.Code != 200 || etag == "" {
				t.Fatalf("%s (%q): %d, ETag %q", path, enc, first.Code, etag)
			}
			if cc := first.Header().Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("%s: Cache-Control %q, want no-cache (revalidate)", path, cc)
			}
			again := get(s, path, map[string]string{"Accept-Encoding": enc, "If-None-Match": etag})
			if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
				t.Errorf("%s (%q) with its ETag: %d, %d bytes", path, enc, again.Code, again.Body.Len())
			}
			stale := get(s, path, map[string]string{"Accept-Encoding": enc, "If-None-Match": `"old"`})
			if stale.Code != 200 {
				t.Errorf("%s with a stale ETag: %d", path, stale.Code)
			}
		}
	}
	if w := get(s, "/nope.js", nil); w.Code != 404 {
		t.Errorf("a missing file: %d", w.Code)
	}
}

// FuzzStaticRequest: any path and Accept-Encoding, If-None-Match and Range
// get an answer of a known kind, never a panic.
func FuzzStaticRequest(f *testing.F) {
	f.Add("/app.js", "gzip", `"x"`, "bytes=0-10")
	f.Add("/", "gzip;q=0, br", "", "")
	f.Add("/engine.wasm", "br", "", "bytes=0-10")
	f.Add("/style.css", "GZIP ; q=0.5", "*", "bytes=99999-")
	s := staticServer(f)
	f.Fuzz(func(t *testing.T, path, enc, inm, rng string) {
		r, err := http.NewRequest("GET", "http://localhost/", nil)
		if err != nil {
			t.Fatal(err)
		}
		r.URL.Path = "/" + strings.TrimPrefix(path, "/")
		r.Header.Set("Accept-Encoding", enc)
		r.Header.Set("If-None-Match", inm)
		r.Header.Set("Range", rng)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		switch w.Code {
		case 200, 206, 301, 304, 307, 308, 400, 404, 416: // the mux redirects unclean paths
		default:
			t.Errorf("GET %q: %d", r.URL.Path, w.Code)
		}
	})
}

// The German rules page comes with ?lang=de; a language without a page,
// or not a language at all, gets the English one, and the answer says so.
func TestRulesInGerman(t *testing.T) {
	s := New(Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Rules: docs.RulesFS()})
	for q, want := range map[string]string{"?lang=de": "de", "": "en", "?lang=fr": "en", "?lang=..%2Fx": "en", "?lang=en": "en"} {
		w := get(s, "/api/games/tamman/rules"+q, nil)
		var page struct{ Lang, Markdown string }
		if err := json.Unmarshal(w.Body.Bytes(), &page); err != nil || w.Code != 200 {
			t.Fatalf("rules%s: %d %v", q, w.Code, err)
		}
		german := strings.Contains(page.Markdown, "Lesarten")
		if page.Lang != want || german != (want == "de") {
			t.Errorf("rules%s: lang %q, German text %v; want %s", q, page.Lang, german, want)
		}
	}
}

// The engine is unpacked only for a browser that takes neither of its
// encodings: one that takes brotli or gzip leaves the server holding the
// compressed files alone.
func TestStaticEngineUnpackedOnlyWhenAskedPlain(t *testing.T) {
	s, err := loadStatic(web.Static())
	if err != nil {
		t.Fatal(err)
	}
	f := s.files["/engine.wasm"]
	if f == nil {
		t.Fatal("no engine.wasm among the app's files")
	}
	for _, accept := range []string{"br", "gzip", ""} {
		r := httptest.NewRequest(http.MethodGet, "/engine.wasm", nil)
		r.Header.Set("Accept-Encoding", accept)
		if err := s.serve(httptest.NewRecorder(), r); err != nil {
			t.Fatal(err)
		}
		if unpacked := f.body != nil; unpacked != (accept == "") {
			t.Errorf("after a request accepting %q: unpacked %v", accept, unpacked)
		}
	}
}

// A server that starts reads and compresses nothing: a file is read,
// gzipped and tagged at its first request (but one whose type only its
// content tells, a LICENSE file).
func TestStaticPreparedAtTheFirstRequest(t *testing.T) {
	s, err := loadStatic(web.Static())
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range s.files {
		sniffed := mime.TypeByExtension(path.Ext(name)) == "" && compressed[path.Ext(name)] == ""
		if !sniffed && (f.body != nil || f.gz != nil || f.br != nil || f.etag != "") {
			t.Errorf("%s: read, gzipped or tagged before any request", name)
		}
	}
	f := s.files["/app.js"]
	r := httptest.NewRequest(http.MethodGet, "/app.js", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	w := httptest.NewRecorder()
	if err := s.serve(w, r); err != nil {
		t.Fatal(err)
	}
	if f.gz == nil || f.etag == "" || w.Header().Get("ETag") != `"`+f.etag+`-gz"` {
		t.Errorf("after a request: %d gzipped bytes, ETag %q, header %q", len(f.gz), f.etag, w.Header().Get("ETag"))
	}
}
