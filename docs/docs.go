// Package docs embeds the documentation that the programs show: the rules
// of each game (rules/GAME.md), served by "tabula serve".
package docs

import (
	"embed"
	"io/fs"
)

// Rules holds rules/*.md; the rules of game ID are in rules/ID.md.
//
//go:embed rules/*.md
var Rules embed.FS

// RulesFS returns the rules pages with ID.md at the root.
func RulesFS() fs.FS {
	sub, err := fs.Sub(Rules, "rules")
	if err != nil {
		panic(err)
	}
	return sub
}
