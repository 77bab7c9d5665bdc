package web

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabula/messages"
)

// TestEmbeddedFiles checks that every file index.html and the modules load
// is embedded.
func TestEmbeddedFiles(t *testing.T) {
	st := Static()
	index, err := fs.ReadFile(st, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`(?:src|href)="([\w.-]+\.(?:js|css))"`).FindAllStringSubmatch(string(index), -1)
	if len(refs) < 2 {
		t.Fatalf("index.html loads %d files", len(refs))
	}
	for _, r := range refs {
		if _, err := fs.Stat(st, r[1]); err != nil {
			t.Errorf("index.html loads %s: %v", r[1], err)
		}
	}
	for mod, deps := range moduleImports(t, st) {
		for _, d := range deps {
			if _, err := fs.Stat(st, d); err != nil {
				t.Errorf("%s imports %s: %v", mod, d, err)
			}
		}
	}
}

// importLine is an import of a module of the app: import ... from './x.js'
// (or export ... from), anywhere in a line.
var importLine = regexp.MustCompile(`(?:import|export)\s[^;]*?\sfrom\s+'\./([\w./-]+\.js)'|import\s+'\./([\w./-]+\.js)'`)

// moduleImports reads the modules each JavaScript file of the app imports,
// by path in st.
func moduleImports(t *testing.T, st fs.FS) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := fs.WalkDir(st, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".js" {
			return err
		}
		data, err := fs.ReadFile(st, p)
		if err != nil {
			return err
		}
		deps := []string{}
		for _, m := range importLine.FindAllStringSubmatch(string(data), -1) {
			dep := m[1] + m[2]
			deps = append(deps, path.Join(path.Dir(p), dep))
		}
		out[p] = deps
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestNoImportCycles checks that the app's modules import each other
// without a cycle: words, boards and the connection below the room view,
// the pages on top. A cycle is named module by module.
func TestNoImportCycles(t *testing.T) {
	graph := moduleImports(t, Static())
	if len(graph["app.js"]) < 5 || len(graph["room.js"]) < 5 {
		t.Fatalf("the imports of app.js and room.js were not read: %v", graph)
	}
	if cycle := findCycle(graph); cycle != nil {
		t.Errorf("import cycle: %s", strings.Join(cycle, " -> "))
	}
}

// TestFindCycle checks the cycle finder on a graph with a cycle and one
// without.
func TestFindCycle(t *testing.T) {
	if c := findCycle(map[string][]string{"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": {"a.js"}}); len(c) != 4 || c[0] != c[3] {
		t.Errorf("a -> b -> c -> a: found %v", c)
	}
	if c := findCycle(map[string][]string{"a.js": {"b.js", "c.js"}, "b.js": {"c.js"}, "c.js": nil}); c != nil {
		t.Errorf("a graph without a cycle: found %v", c)
	}
}

// findCycle returns a cycle of the import graph (its first module again
// at the end), or nil.
func findCycle(graph map[string][]string) []string {
	const (
		unseen = iota
		open
		done
	)
	mark := map[string]int{}
	var stack []string
	var visit func(m string) []string
	visit = func(m string) []string {
		mark[m] = open
		stack = append(stack, m)
		for _, d := range graph[m] {
			switch mark[d] {
			case open:
				i := slices.Index(stack, d)
				return append(slices.Clone(stack[i:]), d)
			case unseen:
				if c := visit(d); c != nil {
					return c
				}
			}
		}
		stack = stack[:len(stack)-1]
		mark[m] = done
		return nil
	}
	mods := make([]string, 0, len(graph))
	for m := range graph {
		mods = append(mods, m)
	}
	slices.Sort(mods)
	for _, m := range mods {
		if mark[m] == unseen {
			if c := visit(m); c != nil {
				return c
			}
		}
	}
	return nil
}

// TestOneTableOfWords checks that the page has one table of words, the
// catalogue's (words.js, generated from messages.PageWords), and that
// every word a module asks for by a literal key is in it (a game's own
// words come from the server and are asked for by keys the code builds).
func TestOneTableOfWords(t *testing.T) {
	st := Static()
	page := messages.PageWords()
	// the words of the games' own packages that the app asks for by name
	fromGames := map[string]bool{"scoreNote": true, "thrown": true, "cowries": true, "round": true}
	tables := regexp.MustCompile(`(?m)^(?:export )?const (?:strings|words|\w*[wW]ords) = \{`)
	asked := regexp.MustCompile(`\b(?:t|w|tn)\('(\w+)'[,)]`)
	n := 0
	for mod := range moduleImports(t, st) {
		if strings.HasPrefix(mod, "vendor/") {
			continue
		}
		data, _ := fs.ReadFile(st, mod)
		if mod != "words.js" && tables.Match(data) {
			t.Errorf("%s has a table of words of its own", mod)
		}
		for _, m := range asked.FindAllStringSubmatch(string(data), -1) {
			n++
			_, own := page[m[1]]
			_, count := page[m[1]+"_one"]
			if !own && !count && !fromGames[m[1]] {
				t.Errorf("%s asks for %q, which is not in the table", mod, m[1])
			}
		}
	}
	if n < 200 {
		t.Errorf("only %d words asked for", n)
	}
}

// A mark's shape is styled by its element, not by its class alone: the
// square that holds the mark (g.sq.mark-eye) carries the class too, and
// its labels took the stroke and looked smeared (issue #37).
func TestMarkStylesDoNotReachTheSquaresLabels(t *testing.T) {
	css, err := fs.ReadFile(Static(), "style.css")
	if err != nil {
		t.Fatal(err)
	}
	bare := regexp.MustCompile(`(?m)(^|[,}]\s*)\.mark-[a-z-]+\s*[,{]`)
	if m := bare.Find(css); m != nil {
		t.Errorf("style.css styles a mark by its class alone, which the square's labels inherit: %q", m)
	}
	if !strings.Contains(string(css), "circle.mark-eye") {
		t.Error("style.css lost the eye's style")
	}
}
