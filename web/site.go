package web

import (
	"bytes"
	"fmt"
	"html"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// serverOnly are the files of the app that need a server: the Research
// page runs its studies there.
var serverOnly = map[string]bool{"research.html": true, "research.js": true}

// WriteSite writes a copy of the app that any static file host serves
// with no Tabula server ("tabula site"): every page plays in the engine
// in the browser. index.html says so in <meta name="tabula-site">, whose
// content is server, the address of a Tabula server that the online
// features point to ("" hides them). It returns the number of files
// written.
func WriteSite(dir, server string) (int, error) {
	if server != "" {
		u, err := url.Parse(server)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			return 0, fmt.Errorf("--server %q: want the address of a Tabula server, http(s)://host[:port][/path]", server)
		}
		server = strings.TrimSuffix(server, "/")
	}
	st := Static()
	n := 0
	err := fs.WalkDir(st, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || serverOnly[name] {
			return err
		}
		body, err := fs.ReadFile(st, name)
		if err != nil {
			return err
		}
		switch name {
		case "index.html":
			body, err = withMeta(body, "tabula-site", server)
		case "engine-file.js":
			body, err = servedAsIs(body)
		}
		if err != nil {
			return err
		}
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		n++
		return os.WriteFile(path, body, 0o644)
	})
	return n, err
}

// withMeta is index.html with <meta name="name" content="content"> after
// its <meta charset>: how the page learns what a server or a copy made it
// (a site with no server, a kiosk).
func withMeta(index []byte, name, content string) ([]byte, error) {
	const charset = `<meta charset="utf-8">`
	if !strings.Contains(string(index), charset) {
		return nil, fmt.Errorf("index.html has no <meta charset>")
	}
	meta := fmt.Sprintf("%s\n<meta name=%q content=\"%s\">", charset, name, html.EscapeString(content))
	return []byte(strings.Replace(string(index), charset, meta, 1)), nil
}

// servedAsIs is engine-file.js for a static file host, which serves the
// engine's compressed files as they are, where a Tabula server encodes
// engine.wasm itself.
func servedAsIs(chooser []byte) ([]byte, error) {
	const served = "const servedByTabula = true;"
	if !bytes.Contains(chooser, []byte(served)) {
		return nil, fmt.Errorf("engine-file.js has no %q", served)
	}
	return bytes.Replace(chooser, []byte(served), []byte("const servedByTabula = false;"), 1), nil
}
