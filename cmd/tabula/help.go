package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// helpRequest is returned by a command's run function when its arguments
// ask for help (-h, --help): run prints the command's help from its flags
// and exits 0.
type helpRequest struct{ fs *flag.FlagSet }

func (helpRequest) Error() string { return "help requested" }

// parseFlags parses a command's flags. A request for help becomes a
// helpRequest carrying the flags; any other failure is a usageError.
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		return helpRequest{fs}
	}
	return usageErr(err)
}

// flagGiven reports whether the flag name was given on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// help prints the command's synopsis, its flags with their defaults and an
// example.
func (c command) help(w io.Writer, h helpRequest) {
	fmt.Fprintf(w, "tabula %s: %s\n\nUsage:\n  %s\n", c.name, c.summary, strings.TrimSpace("tabula "+c.name+" "+c.usage))
	if h.fs != nil {
		first := true
		h.fs.VisitAll(func(f *flag.Flag) {
			if first {
				fmt.Fprintln(w, "\nFlags:")
				first = false
			}
			fmt.Fprintf(w, "  %s\n", flagHelp(f))
		})
	}
	if c.example != "" {
		fmt.Fprintf(w, "\nExample:\n  tabula %s\n", c.example)
	}
}

// flagHelp gives "--name TYPE  usage (default: x)" for one flag.
func flagHelp(f *flag.Flag) string {
	typ, text := flag.UnquoteUsage(f)
	head := "--" + f.Name
	if typ != "" {
		head += " " + typ
	}
	if def := f.DefValue; def != "" && def != "false" {
		text += fmt.Sprintf(" (default: %s)", def)
	}
	return fmt.Sprintf("%-22s %s", head, text)
}
