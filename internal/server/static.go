//go:build !js

package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"tabula/engine"
)

// staticFile is one file of the app, read once: its bytes, compressed
// bytes when they are smaller (gzip, and brotli where the app holds them
// made), and an ETag from its content, so that a browser revalidates
// with If-None-Match instead of downloading it again. A file is read,
// gzipped and tagged at its first request (prepared): a server that
// started did it for every file, most of its CPU until it listened,
// for files no one may ask it for.
type staticFile struct {
	body, gz, br []byte
	etag         string
	ctype        string
	// fsys and name are where body is read from; pack asks for the gzip
	// bytes; a file served in the encodings of others (engine.wasm) has
	// gzOf and brOf instead, and the ETag of gzOf
	fsys       fs.FS
	name       string
	pack       bool
	gzOf, brOf *staticFile
	prepOnce   sync.Once
	prepErr    error
	// plain, when set, gives body the first time it is asked for: the
	// engine's bytes, kept compressed only, since every browser takes one
	// of its encodings
	plain    func() ([]byte, error)
	once     sync.Once
	plainErr error // plain's, kept for every later request
}

// bytes are f's bytes, uncompressed.
func (f *staticFile) bytes() ([]byte, error) {
	f.once.Do(func() {
		if f.plain != nil {
			f.body, f.plainErr = f.plain()
		}
	})
	return f.body, f.plainErr
}

// prepared reads f, makes its ETag and, where asked and smaller, its
// gzip bytes, once.
func (f *staticFile) prepared() error {
	f.prepOnce.Do(func() {
		switch {
		case f.gzOf != nil:
			if f.prepErr = f.gzOf.prepared(); f.prepErr == nil {
				f.prepErr = f.brOf.prepared()
			}
			f.gz, f.br, f.etag = f.gzOf.body, f.brOf.body, f.gzOf.etag
			return
		case f.fsys != nil:
			if f.body, f.prepErr = fs.ReadFile(f.fsys, f.name); f.prepErr != nil {
				return
			}
		}
		sum := sha256.Sum256(f.body)
		f.etag = hex.EncodeToString(sum[:8])
		if !f.pack || len(f.body) < minGzip {
			return
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(f.body)
		zw.Close()
		if buf.Len() < len(f.body) {
			f.gz = buf.Bytes()
		}
	})
	return f.prepErr
}

// staticFiles serves the app from memory: compressed for a browser that
// accepts gzip or brotli, with an ETag and "Cache-Control: no-cache"
// (keep, but ask before using), since the files change with each build
// of the binary.
type staticFiles struct {
	files map[string]*staticFile
}

// minGzip is the size under which compressing a file is not worth it.
const minGzip = 512

// compressed are the app's files that are compressed already, the
// engine's: served as they are, as plain bytes (no Content-Encoding), as
// any static file host serves them, and never compressed again. From a
// Tabula server the page asks for engine.wasm instead (addEncoded,
// static/engine-file.js).
var compressed = map[string]string{".br": "application/octet-stream", ".gz": "application/gzip"}

// loadStatic lists the app's files; each is read at its first request
// but a file whose type only its content tells.
func loadStatic(fsys fs.FS) (*staticFiles, error) {
	s := &staticFiles{files: map[string]*staticFile{}}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := path.Ext(name)
		f := &staticFile{fsys: fsys, name: name, ctype: compressed[ext], pack: compressed[ext] == ""}
		if f.ctype == "" {
			f.ctype = mime.TypeByExtension(ext)
		}
		if f.ctype == "" {
			if err := f.prepared(); err != nil {
				return err
			}
			f.ctype = http.DetectContentType(f.body)
		}
		s.files["/"+name] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("server: reading the app's files: %w", err)
	}
	s.addEncoded()
	return s, nil
}

// addEncoded serves NAME for each NAME.br and NAME.gz of the app (the
// engine, engine.wasm) with the encoding the browser accepts, brotli
// first: the browser decodes it itself, where from a static file host
// the page's code must (engine-file.js).
func (s *staticFiles) addEncoded() {
	for name, br := range s.files {
		base, ok := strings.CutSuffix(name, ".br")
		gz := s.files[base+".gz"]
		if !ok || gz == nil || s.files[base] != nil {
			continue
		}
		s.files[base] = &staticFile{gzOf: gz, brOf: br,
			ctype: mime.TypeByExtension(path.Ext(base)),
			plain: func() ([]byte, error) {
				zr, err := gzip.NewReader(bytes.NewReader(gz.body))
				if err != nil {
					return nil, err
				}
				return io.ReadAll(zr)
			}}
	}
}

func (s *staticFiles) serve(w http.ResponseWriter, r *http.Request) error {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		return &httpError{http.StatusMethodNotAllowed, engine.NewError("server.method_any")}
	}
	name := r.URL.Path
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	f := s.files[name]
	if f == nil {
		return notFound("server.no_file", "path", r.URL.Path)
	}
	if err := f.prepared(); err != nil {
		return fmt.Errorf("server: %s: %w", name, err)
	}
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	// The app's files are public: another site's page may load embed.js
	// (a module script, fetched with CORS) to show a board (docs/embed.md).
	h.Set("Access-Control-Allow-Origin", "*")
	etag := `"` + f.etag + `"`
	if f.gz != nil || f.br != nil {
		h.Add("Vary", "Accept-Encoding")
	}
	var body []byte
	switch {
	case f.br != nil && accepts(r, "br"):
		body, etag = f.br, `"`+f.etag+`-br"`
		h.Set("Content-Encoding", "br")
	case f.gz != nil && accepts(r, "gzip"):
		body, etag = f.gz, `"`+f.etag+`-gz"`
		h.Set("Content-Encoding", "gzip")
	default:
		// Unpacked only for a browser that takes neither encoding.
		var err error
		if body, err = f.bytes(); err != nil {
			return fmt.Errorf("server: %s: %w", name, err)
		}
	}
	h.Set("ETag", etag)
	// ServeContent answers If-None-Match (304) and ranges; the zero time
	// sends no Last-Modified, the ETag is the validator.
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
	return nil
}

// accepts reports whether the request's Accept-Encoding takes encoding
// (and does not refuse it with q=0).
func accepts(r *http.Request, encoding string) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), encoding) {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// staticHandler serves fsys, or answers every request with the error of
// reading it.
func (s *Server) staticHandler(fsys fs.FS) func(http.ResponseWriter, *http.Request) error {
	files, err := loadStatic(fsys)
	if err != nil {
		s.cfg.Log.Error("the app cannot be served", "err", err)
		return func(http.ResponseWriter, *http.Request) error { return err }
	}
	return files.serve
}
