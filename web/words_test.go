package web

import (
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/messages"
)

// catalogue is every word of the one catalogue, by key: messages' tables
// (the page's among them), the engine's own words and every game's.
func catalogue() map[string]engine.Text {
	all := map[string]engine.Text{}
	for _, table := range []map[string]engine.Text{messages.App, messages.Rooms, messages.Server, messages.Research, messages.Page} {
		maps.Copy(all, table)
	}
	for _, k := range []string{"player", "chance"} {
		if v, ok := engine.ErrorWords(k); ok {
			all[k] = v
		}
	}
	for _, g := range engine.Games() {
		if c, ok := engine.CatalogueOf(g); ok {
			maps.Copy(all, c.Words)
		}
	}
	return all
}

// notWords are the literals of the page's modules that read as words but
// are none a person is told: the names of keys (KeyboardEvent.key) and of
// HTTP headers, a list of classes and Tabula's own name.
var notWords = map[string]bool{
	"Tabula": true, "Home": true, "End": true, "Enter": true, "Escape": true, "Arrow": true,
	"Content-Type": true, "Accept-Language": true, "Bearer": true,
	"note copied": true,
}

var (
	// tags are HTML tags, a template's last one perhaps unclosed
	tags = regexp.MustCompile(`<[^>]*(>|$)`)
	// twoWords are two words in a row: a phrase a person reads
	twoWords = regexp.MustCompile(`\pL{2,}\p{Zs}+\pL{2,}`)
	// selector is a CSS selector ("#board [data-move]", ".seat li")
	selector = regexp.MustCompile(`^[#.\[]|\[`)
	// label is one capitalised word ("Cancel")
	label = regexp.MustCompile(`^\p{Lu}\p{Ll}{2,}$`)
)

// The catalogue is the one table of words: no module of the page (i18n.js
// among them) and no HTML page writes words of its own. A literal (a string, or the text
// of a template outside its HTML tags and ${...}) with two words in a row
// is a phrase, unless it is a CSS selector; a literal that is a text of
// the catalogue is its copy (one word counts when it is capitalised: a
// label, "Cancel"). The page takes its words from words.js (the
// catalogue's, generated) or from the server with the game or the room.
func TestNoWordsWrittenInThePage(t *testing.T) {
	texts := map[string]string{}
	cat := catalogue()
	for _, k := range slices.Sorted(maps.Keys(cat)) {
		for _, lang := range engine.Languages {
			s := strings.TrimSpace(cat[k][lang])
			if _, seen := texts[s]; !seen && (claims(s) || label.MatchString(s)) {
				texts[s] = k
			}
		}
	}
	st := Static()
	mods, _ := fs.Glob(st, "*.js")
	if len(mods) < 20 {
		t.Fatalf("only %d modules", len(mods))
	}
	pages, _ := fs.Glob(st, "*.html")
	for _, mod := range append(mods, pages...) {
		if mod == "words.js" || mod == "contract.js" || mod == "starts.js" || mod == "wasm_exec.js" {
			continue // generated from Go
		}
		src, _ := fs.ReadFile(st, mod)
		lits := jsLiterals(string(src))
		if strings.HasSuffix(mod, ".html") {
			lits = htmlTexts(string(src))
		}
		for _, lit := range lits {
			text := strings.TrimSpace(tags.ReplaceAllString(lit, " "))
			if notWords[text] {
				continue
			}
			if k, ok := texts[text]; ok {
				t.Errorf("%s writes %q, the catalogue's %s: t(%q)", mod, text, k, k)
			} else if twoWords.MatchString(text) && !selector.MatchString(text) {
				t.Errorf("%s writes words of its own: %q (put them in package messages, Page)", mod, text)
			}
		}
	}
}

// The list of languages is one (engine.Languages, in words.js): the
// pages' choice of language is filled from it (i18n.js fillLanguages), not
// written in their HTML.
func TestOneListOfLanguages(t *testing.T) {
	for _, page := range []string{"index.html", "research.html"} {
		html, err := fs.ReadFile(Static(), page)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(html), `<select id="lang"></select>`) {
			t.Errorf("%s has no empty choice of language to fill", page)
		}
		for _, l := range engine.Languages {
			if strings.Contains(string(html), `value="`+l+`"`) {
				t.Errorf("%s offers the language %s itself", page, l)
			}
		}
	}
	for _, l := range engine.Languages {
		if messages.Page["languageName"][l] == "" {
			t.Errorf("the language %s has no name", l)
		}
	}
}

// The test above finds words wherever a module may write them, and reads
// no code, comment or regular expression as words.
func TestJSLiterals(t *testing.T) {
	src := "// a comment's words\nconst a = 'one', b = \"two\"; /* more words */\n" +
		"x = y / 2 / z; r = /it's a regexp/g; s = `<p title=\"t\">${f(`in ${g('deep')} there`)}: done</p>`;\n" +
		"if (m) return /a b/.test(s) ? 'yes, yes' : `${{ a: 1 }.a} end`;"
	got := jsLiterals(src)
	want := []string{"one", "two", "deep", "in \x00 there", "<p title=\"t\">\x00: done</p>", "yes, yes", "\x00 end"}
	if !slices.Equal(got, want) {
		t.Errorf("jsLiterals:\n got %q\nwant %q", got, want)
	}
	for _, phrase := range []string{"you pass", "<b>Your turn</b>", "${n} moves ago"} {
		lits := jsLiterals("`" + phrase + "`")
		if len(lits) != 1 || !twoWords.MatchString(tags.ReplaceAllString(lits[0], " ")) {
			t.Errorf("%q is not seen as words: %q", phrase, lits)
		}
	}
}

// htmlTexts are the texts of an HTML page a person reads without its
// modules: between its tags (not in a script, a style or a drawing) and in
// its attributes aria-label, title, alt and placeholder.
func htmlTexts(src string) []string {
	src = regexp.MustCompile(`(?s)<(script|style|svg)\b.*?</(script|style|svg)>`).ReplaceAllString(src, "")
	var out []string
	for _, m := range regexp.MustCompile(`\b(?:aria-label|title|alt|placeholder)="([^"]*)"`).FindAllStringSubmatch(src, -1) {
		out = append(out, m[1])
	}
	for _, text := range regexp.MustCompile(`<[^>]*>`).Split(src, -1) {
		if text = strings.TrimSpace(text); text != "" {
			out = append(out, text)
		}
	}
	return out
}

// claims reports whether a text is the catalogue's own wording, not a
// common word that two tables may share by chance: a placeholder, or more
// than one word.
func claims(text string) bool {
	return strings.Contains(text, "{") || strings.Contains(strings.TrimSpace(text), " ")
}

// jsLiterals are the texts of the string and template literals of a
// JavaScript source (each ${...} of a template as "\x00", its literals
// read too), its comments and regular expressions skipped.
func jsLiterals(src string) []string {
	var (
		lits  []string
		open  []int              // for each template whose ${ is open: the braces open in it
		tmpls []*strings.Builder // the text so far of each template being read
		prev  = byte('(')        // the last character of code: after it, is a / a division?
		word  string             // the last word of code
		i     int
	)
	template := func() { // from just after ` or the } that closes a ${
		b := tmpls[len(tmpls)-1]
		for ; i < len(src); i++ {
			switch {
			case src[i] == '\\' && i+1 < len(src):
				i++
				b.WriteByte(src[i])
			case src[i] == '`':
				lits = append(lits, b.String())
				tmpls = tmpls[:len(tmpls)-1]
				i, prev = i+1, '`'
				return
			case strings.HasPrefix(src[i:], "${"):
				b.WriteByte(0)
				open = append(open, 0)
				i, prev = i+2, '('
				return
			default:
				b.WriteByte(src[i])
			}
		}
	}
	for i < len(src) {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return lits
			}
			i += end + 4
		case c == '\'' || c == '"':
			var b strings.Builder
			for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
				if src[i] == '\\' && i+1 < len(src) {
					i++
				}
				b.WriteByte(src[i])
			}
			lits = append(lits, b.String())
			i, prev = i+1, c
		case c == '`':
			tmpls = append(tmpls, &strings.Builder{})
			i++
			template()
		case c == '/' && (strings.IndexByte("(,=:[!&|?{};+-*%<>~^", prev) >= 0 || word == "return" || word == "typeof"):
			class := false
			for i++; i < len(src) && src[i] != '\n' && (src[i] != '/' || class); i++ {
				switch src[i] {
				case '\\':
					i++
				case '[':
					class = true
				case ']':
					class = false
				}
			}
			i, prev, word = i+1, '/', ""
		case c == '}' && len(open) > 0 && open[len(open)-1] == 0:
			open = open[:len(open)-1]
			i++
			template()
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case isIdent(c):
			j := i
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			word, prev, i = src[i:j], 'a', j
		default:
			if len(open) > 0 && c == '{' {
				open[len(open)-1]++
			} else if len(open) > 0 && c == '}' {
				open[len(open)-1]--
			}
			word, prev = "", c
			i++
		}
	}
	return lits
}

// isIdent reports whether c may be part of a JavaScript name or number.
func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
