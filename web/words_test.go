package web

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/messages"
)

// catalogue is every word of the one catalogue, by key: messages' tables,
// the engine's own words and every game's.
func catalogue() map[string]engine.Text {
	all := map[string]engine.Text{}
	for _, table := range []map[string]engine.Text{messages.App, messages.Rooms, messages.Server, messages.Research} {
		for k, v := range table {
			all[k] = v
		}
	}
	for _, k := range []string{"player", "chance"} {
		if v, ok := engine.ErrorWords(k); ok {
			all[k] = v
		}
	}
	for _, g := range engine.Games() {
		if c, ok := engine.CatalogueOf(g); ok {
			for k, v := range c.Words {
				all[k] = v
			}
		}
	}
	return all
}

// claims reports whether a text is the catalogue's own wording, not a
// common word that two tables may share by chance: a placeholder, or more
// than one word.
func claims(text string) bool {
	return strings.Contains(text, "{") || strings.Contains(strings.TrimSpace(text), " ")
}

// The catalogue is the one table of words: the page's own table
// (static/i18n.js) has no key of it and none of its sentences, and no
// other module of the page writes one of its sentences; the page takes
// those words from the server (static/contract.js's appWords, the game's
// and the room's words).
func TestNoCatalogueWordInThePage(t *testing.T) {
	cat := catalogue()
	src, err := os.ReadFile("static/i18n.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range engine.Languages {
		byText := map[string]string{}
		for k, v := range cat {
			if claims(v[lang]) {
				byText[v[lang]] = k
			}
		}
		for k, text := range wordsOf(t, string(src), lang) {
			if _, ok := cat[k]; ok {
				t.Errorf("static/i18n.js (%s) has the catalogue's key %q: take it from the server (contract.js appWords)", lang, k)
			} else if ck, ok := byText[text]; ok {
				t.Errorf("static/i18n.js (%s) writes %s = %q, the catalogue's %s", lang, k, text, ck)
			}
		}
		files, _ := filepath.Glob("static/*.js")
		literal := regexp.MustCompile(`'((?:[^'\\\n]|\\.)*)'`)
		for _, f := range files {
			if b := filepath.Base(f); b == "i18n.js" || b == "contract.js" || b == "wasm_exec.js" {
				continue
			}
			js, _ := os.ReadFile(f)
			for _, m := range literal.FindAllStringSubmatch(string(js), -1) {
				if ck, ok := byText[m[1]]; ok {
					t.Errorf("%s writes %q, the catalogue's %s (%s)", f, m[1], ck, lang)
				}
			}
		}
	}
}
