//go:build !js

package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"tabula/engine"
)

// staticFile is one file of the app, read once: its bytes, gzipped bytes
// when they are smaller, and an ETag from its content, so that a browser
// revalidates with If-None-Match instead of downloading it again.
type staticFile struct {
	body, gz []byte
	etag     string
	ctype    string
}

// staticFiles serves the app from memory: compressed for a browser that
// accepts gzip, with an ETag and "Cache-Control: no-cache" (keep, but ask
// before using), since the files change with each build of the binary.
type staticFiles struct {
	files map[string]*staticFile
}

// minGzip is the size under which compressing a file is not worth it.
const minGzip = 512

func loadStatic(fsys fs.FS) (*staticFiles, error) {
	s := &staticFiles{files: map[string]*staticFile{}}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		f := &staticFile{body: body, etag: hex.EncodeToString(sum[:8]),
			ctype: mime.TypeByExtension(path.Ext(name))}
		if f.ctype == "" {
			f.ctype = http.DetectContentType(body)
		}
		if len(body) >= minGzip {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			zw.Write(body)
			zw.Close()
			if buf.Len() < len(body) {
				f.gz = buf.Bytes()
			}
		}
		s.files["/"+name] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("server: reading the app's files: %w", err)
	}
	return s, nil
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
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	// The app's files are public: another site's page may load embed.js
	// (a module script, fetched with CORS) to show a board (docs/embed.md).
	h.Set("Access-Control-Allow-Origin", "*")
	body, etag := f.body, `"`+f.etag+`"`
	if f.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			body, etag = f.gz, `"`+f.etag+`-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	// ServeContent answers If-None-Match (304) and ranges; the zero time
	// sends no Last-Modified, the ETag is the validator.
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
	return nil
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip
// (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
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
