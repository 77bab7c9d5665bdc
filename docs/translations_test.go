package docs

import (
	"io/fs"
	"strings"
	"testing"
)

// Each game's rules page has a German page that restates every rule: the
// same headings (by count and level) and the same number of table rows,
// so that a rule added to one page and not the other fails here.
func TestGermanRulesPagesKeepUp(t *testing.T) {
	names, err := fs.Glob(RulesFS(), "*.md")
	if err != nil {
		t.Fatal(err)
	}
	shape := func(text string) (heads []string, rows int) {
		inCode := false
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "```") {
				inCode = !inCode
			}
			switch {
			case inCode:
			case strings.HasPrefix(line, "#"):
				heads = append(heads, strings.SplitN(line, " ", 2)[0])
			case strings.HasPrefix(line, "|") && !strings.HasPrefix(line, "|---"):
				rows++
			}
		}
		return heads, rows
	}
	pages := 0
	for _, name := range names {
		if name == "README.md" || strings.HasSuffix(name, ".de.md") {
			continue
		}
		pages++
		en, _ := fs.ReadFile(RulesFS(), name)
		de, err := fs.ReadFile(RulesFS(), strings.TrimSuffix(name, ".md")+".de.md")
		if err != nil {
			t.Errorf("%s has no German page: %v", name, err)
			continue
		}
		eh, er := shape(string(en))
		dh, dr := shape(string(de))
		if strings.Join(eh, " ") != strings.Join(dh, " ") || er != dr {
			t.Errorf("%s: headings %v and %d table rows; the German page has %v and %d", name, eh, er, dh, dr)
		}
	}
	if pages < 3 {
		t.Errorf("%d rules pages, want at least 3", pages)
	}
}
