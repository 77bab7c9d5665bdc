package main

import (
	"flag"
	"fmt"
	"io"

	"tabula/engine"
)

func runGames(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	for _, g := range engine.Games() {
		fmt.Fprintf(stdout, "%s\t%s\n", g.ID(), g.Name())
		for _, s := range g.Specs() {
			fmt.Fprintf(stdout, "    --option %s=%s\t(%s: %s) %s\n", s.Name, s.Default, s.Kind, s.Allowed(), s.Doc)
		}
	}
	return nil
}
