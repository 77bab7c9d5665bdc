package web

import (
	"bytes"
	"io/fs"
	"net/url"
	"time"
)

// Kiosk returns the app's files made a kiosk ("tabula serve --kiosk",
// docs/museum.md): index.html says so in <meta name="tabula-kiosk"
// content="idle=90s&game=ID">, and every page it opens is a kiosk that
// goes back to its attract screen after idle without a touch, showing
// game (or every game, for "").
func Kiosk(idle time.Duration, game string) (fs.FS, error) {
	st := Static()
	index, err := fs.ReadFile(st, "index.html")
	if err != nil {
		return nil, err
	}
	q := url.Values{"idle": {idle.String()}}
	if game != "" {
		q.Set("game", game)
	}
	index, err = withMeta(index, "tabula-kiosk", q.Encode())
	if err != nil {
		return nil, err
	}
	return overlay{st, "index.html", index}, nil
}

// overlay is fsys with the file name's contents replaced by data.
type overlay struct {
	fs.FS
	name string
	data []byte
}

func (o overlay) Open(name string) (fs.File, error) {
	if name != o.name {
		return o.FS.Open(name)
	}
	f, err := o.FS.Open(name)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	f.Close()
	if err != nil {
		return nil, err
	}
	return &memFile{bytes.NewReader(o.data), sized{info, int64(len(o.data))}}, nil
}

// ReadFile reads name, the replaced file's new contents for its name.
func (o overlay) ReadFile(name string) ([]byte, error) {
	if name == o.name {
		return bytes.Clone(o.data), nil
	}
	return fs.ReadFile(o.FS, name)
}

// ReadDir lists a directory of fsys (the replaced file keeps its entry).
func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(o.FS, name) }

type memFile struct {
	*bytes.Reader
	info fs.FileInfo
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Close() error               { return nil }

// sized is a file's information with another size.
type sized struct {
	fs.FileInfo
	size int64
}

func (s sized) Size() int64 { return s.size }
