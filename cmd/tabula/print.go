package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"tabula/docs"
	"tabula/internal/printout"
	"tabula/messages"
)

// runPrint writes a game's board at true scale and its rules sheet as a
// PDF (package printout).
func runPrint(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("print", flag.ContinueOnError)
	var opts optionList
	fs.Var(&opts, "option", "set an option of the game as `name=value` (repeatable; see 'tabula games'): the throws' chances follow them")
	out := fs.String("out", "", "the PDF `FILE` to write")
	paper := fs.String("paper", "a4", "the paper: a4 or a3 (the board is larger on a3)")
	lang := fs.String("lang", messages.Lang(), "the language of the sheets: en or de (default: from LANG)")
	sheet := fs.String("sheet", "all", "what to print: all (the board, then the rules), board or rules")
	gameID, err := parseGameFlags(fs, args)
	if err != nil {
		return err
	}
	if gameID == "" {
		return usagef("name the game to print (see 'tabula games')")
	}
	if *out == "" {
		return usagef("--out FILE is needed: the PDF to write")
	}
	s, err := replayState(gameID, opts, nil)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := printout.Write(&buf, s, docs.RulesFS(), printout.Request{Paper: *paper, Lang: *lang, Sheet: *sheet}); err != nil {
		return usageErr(err)
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Wrote %s (%s, %s, %s) to %s: print it at actual size.\n", s.Game().Name(), *sheet, *paper, *lang, *out)
	return nil
}
