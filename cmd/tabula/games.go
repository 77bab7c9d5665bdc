package main

import (
	"flag"
	"fmt"
	"io"

	"tabula/engine"
)

func runGames(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q: 'tabula games' lists every game and takes no arguments", fs.Arg(0))
	}
	for _, g := range engine.Games() {
		fmt.Fprintf(stdout, "%s\t%s\n", g.ID(), g.Name())
		for _, s := range g.Specs() {
			fmt.Fprintf(stdout, "    --option %s=%s\t(%s: %s) %s\n", s.Name, s.Default, s.Kind, s.Allowed(), s.Doc)
		}
	}
	return nil
}
