package main

import (
	"flag"
	"fmt"
	"io"

	"tabula/internal/version"
)

func runVersion(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	// A build without Go's VCS stamp (go run, -buildvcs=false, a
	// container without .git) still names its revision when the linker
	// stamped version.Revision.
	fmt.Fprintln(stdout, version.Get())
	return nil
}
