package docs

import (
	"io/fs"
	"os"
	"regexp"
	"strings"
	"testing"
)

// The sources are cited by reference and public address, never by a path
// outside the repository (a clone has no ../shared/seeds/).
func TestSourcesAreCitedByAddress(t *testing.T) {
	pages := map[string]string{}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	pages["../README.md"] = string(readme)
	names, err := fs.Glob(RulesFS(), "*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		b, err := fs.ReadFile(RulesFS(), name)
		if err != nil {
			t.Fatal(err)
		}
		pages[name] = string(b)
	}
	outside := regexp.MustCompile(`\.\./shared|seeds/\d`)
	for name, text := range pages {
		if m := outside.FindString(text); m != "" {
			t.Errorf("%s points outside the repository: %q", name, m)
		}
	}
	// Each game's page and the README give the source's address.
	for name, addr := range map[string]string{
		"adji-boto.md":    "https://mancala.fandom.com/wiki/Adji-boto",
		"tamman.md":       "https://ludii.games/details.php?keyword=Tamman",
		"agsinnoninka.md": "http://www.wikinfo.org/index.php/Agsinnoninka",
	} {
		for _, page := range []string{name, "../README.md"} {
			if !strings.Contains(pages[page], addr) {
				t.Errorf("%s does not give the address %s", page, addr)
			}
		}
	}
}
