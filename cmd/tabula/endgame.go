package main

import (
	"flag"

	"tabula/engine"
)

// addEndgameFlag declares --endgame, the table files the level max plays
// from; loadEndgames reads them once the flags are parsed, each into the
// endgame of the game it is for (engine.LoadEndgame).
func addEndgameFlag(fs *flag.FlagSet) *optionList {
	var files optionList
	fs.Var(&files, "endgame", "an endgame table `FILE` made by 'tabula solve' for the level max to play from (repeatable)")
	return &files
}

func loadEndgames(files *optionList) error {
	for _, name := range *files {
		if err := engine.LoadEndgame(name); err != nil {
			return usagef("--endgame %s: %v", name, err)
		}
	}
	return nil
}
