package main

import (
	"flag"
	"fmt"
	"io"

	"tabula/web"
)

// runSite writes the static copy of the app (web.WriteSite).
func runSite(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	out := fs.String("out", "", "directory to write the site into (created if missing; files of the same names are replaced)")
	srv := fs.String("server", "", "address of a Tabula server (http(s)://host[:port]) that the online features point to; without it they are hidden")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *out == "" {
		return usagef("--out DIR is needed: the directory to write the site into")
	}
	n, err := web.WriteSite(*out, *srv)
	if err != nil {
		return usagef("%v", err)
	}
	fmt.Fprintf(stdout, "Wrote %d files of Tabula to %s: serve the directory with any static file server; the games play in the browser.\n", n, *out)
	return nil
}
