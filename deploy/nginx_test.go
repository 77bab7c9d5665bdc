package deploy

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/internal/server"
)

// nginx's 429 (the map $tabula_too_many of nginx.conf) says the
// catalogue's words for server.too_many in every language, and picks the
// language as the instances do: the first of Accept-Language, English
// when it is none we have. (web/e2e's classroom test asks the real nginx.)
func TestNginxTooManyInTheReadersLanguage(t *testing.T) {
	b, err := os.ReadFile("nginx.conf")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)map \$http_accept_language \$tabula_too_many \{\n(.*?)\n\}`).FindSubmatch(b)
	if block == nil {
		t.Fatal("nginx.conf: no map $http_accept_language $tabula_too_many")
	}
	if !strings.Contains(string(b), `return 429 "$tabula_too_many\n";`) {
		t.Error("nginx.conf: the 429 does not answer $tabula_too_many")
	}
	// Each line: a key (default, or "~*REGEX") and a body in quotes.
	line := regexp.MustCompile(`^\s*(default|"~\*[^"]+")\s+'([^']*)';$`)
	type entry struct {
		re   *regexp.Regexp // nil for the default
		body string
	}
	var entries []entry
	var def string
	for _, l := range strings.Split(string(block[1]), "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("nginx.conf: map line %q is not a key and a quoted body", l)
		}
		if m[1] == "default" {
			def = m[2]
			continue
		}
		re, err := regexp.Compile("(?i)" + strings.TrimSuffix(strings.TrimPrefix(m[1], `"~*`), `"`))
		if err != nil {
			t.Fatalf("nginx.conf: map key %s: %v", m[1], err)
		}
		entries = append(entries, entry{re, m[2]})
	}
	// What nginx answers for a header: the first regex that matches, or
	// the default.
	answer := func(header string) string {
		for _, e := range entries {
			if e.re.MatchString(header) {
				return e.body
			}
		}
		return def
	}
	for _, c := range []struct{ header, lang string }{
		{"", "en"}, {"en", "en"}, {"en-US,en;q=0.9,de;q=0.8", "en"}, {"fr-FR,de;q=0.9", "en"}, {"dee", "en"}, {"*", "en"},
		{"de", "de"}, {"DE", "de"}, {"de-AT", "de"}, {"de-DE,de;q=0.9,en;q=0.5", "de"}, {"de;q=1", "de"}, {" de", "de"},
	} {
		if got, want := answer(c.header), server.ProxyTooMany(c.lang); got != want {
			t.Errorf("Accept-Language %q: nginx answers %s, want %s", c.header, got, want)
		}
	}
	for _, lang := range engine.Languages {
		found := false
		for _, e := range append(entries, entry{nil, def}) {
			found = found || e.body == server.ProxyTooMany(lang)
		}
		if !found {
			t.Errorf("nginx.conf has no 429 in %s: %s", lang, server.ProxyTooMany(lang))
		}
	}
}
