// Package web holds the browser app of "tabula serve": plain HTML, CSS and
// JavaScript files in static/, embedded in the binary. There is no build
// step.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var files embed.FS

// Static returns the files of the app, index.html at the root.
func Static() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err)
	}
	return sub
}
