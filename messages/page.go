//go:build !js

package messages

import (
	"fmt"
	"maps"
	"strings"

	"tabula/engine"
)

// The words of the web page (web/static) are here, in the one catalogue,
// and reach the page generated into web/static/words.js (web's
// TestContractJS); the page's i18n.js looks them up and writes none. They
// are kept out of the browser's engine (cmd/tabula-wasm, GOOS=js), which
// never says them.

// Page holds the words the web page says by itself, by key: the list of
// games, the play at this device, the online room, the finished games,
// "Find a game", a teacher's class and the Research page. Each group lives
// in its own file (page_*.go); no key is in two of them.
var Page = join(homePage, researchPage, playPage, roomPage, onlinePage, classPage, lobbyPage)

// pageAppKeys are App's and the engine's words the page says by itself
// too (the rest come with the game or the room): seats' names, chance and
// a hidden choice made; and every level's (lvl_).
var pageAppKeys = []string{"seatName", "computerName", "computerNameN", "chance", "t_chosen"}

// PageWords are all the words the page gets from the catalogue without a
// game: Page and, from App and the engine, pageAppKeys and the levels.
func PageWords() map[string]engine.Text {
	out := maps.Clone(Page)
	keys := pageAppKeys
	for k := range App {
		if strings.HasPrefix(k, "lvl_") {
			keys = append(keys[:len(keys):len(keys)], k)
		}
	}
	for _, k := range keys {
		w, ok := AppWords(k)
		if !ok {
			panic(fmt.Sprintf("messages: the page's word %q is in no table", k))
		}
		if _, dup := out[k]; dup {
			panic(fmt.Sprintf("messages: the page's word %q is in Page and App", k))
		}
		out[k] = w
	}
	return out
}

// join is one table of the tables ts, which share no key.
func join(ts ...map[string]engine.Text) map[string]engine.Text {
	out := map[string]engine.Text{}
	for _, t := range ts {
		for k, v := range t {
			if _, dup := out[k]; dup {
				panic(fmt.Sprintf("messages: the page's word %q is in two groups", k))
			}
			out[k] = v
		}
	}
	return out
}
