package messages_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	_ "tabula/ai" // the words of its codes
	"tabula/engine"
)

// Every code of an error (the engine's, the games', the rooms' and the
// server's) has words in every language, with the same places.
func TestEveryCodeInEveryLanguage(t *testing.T) {
	codes := engine.ErrorCodes()
	if len(codes) < 100 {
		t.Fatalf("only %d codes: are the tables registered?", len(codes))
	}
	for _, code := range slices.Sorted(maps.Keys(codes)) {
		want := places(codes[code][engine.Languages[0]])
		for _, lang := range engine.Languages {
			text := codes[code][lang]
			if text == "" {
				t.Errorf("%s has no %s", code, lang)
			} else if got := places(text); !slices.Equal(got, want) {
				t.Errorf("%s in %s fills %v, in %s %v", code, lang, got, engine.Languages[0], want)
			}
		}
	}
}

// Every code the source makes (a string literal "speaker.name" in a call,
// followed by its arguments as name, value pairs) has words, and its
// arguments are exactly the places of its words; and every code's words
// are used.
func TestEveryCodeIsMadeWithItsArguments(t *testing.T) {
	codes := engine.ErrorCodes()
	speakers := map[string]bool{}
	for c := range codes {
		s, _, _ := strings.Cut(c, ".")
		speakers[s] = true
	}
	used := map[string]bool{}
	fset := token.NewFileSet()
	root := filepath.Join("..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "web" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if i, ok := makers[funcName(call.Fun)]; ok && len(call.Args) > i {
				if key, ok := stringLit(call.Args[i]); ok && codes[key] == nil {
					t.Errorf("%s: %s makes %q, which is no code", fset.Position(call.Pos()), funcName(call.Fun), key)
				}
			}
			for i, a := range call.Args {
				code, ok := stringLit(a)
				speaker, name, dotted := strings.Cut(code, ".")
				if !ok || !dotted || !speakers[speaker] || name == "" || strings.ContainsAny(name, " ./") {
					continue
				}
				where := fset.Position(a.Pos()).String()
				used[code] = true
				words, ok := codes[code]
				if !ok {
					t.Errorf("%s: %s has no words", where, code)
					return true
				}
				var args []string
				rest := call.Args[i+1:]
				for j := 0; j < len(rest); j += 2 {
					n, ok := stringLit(rest[j])
					if !ok {
						t.Errorf("%s: %s: argument %d has no literal name", where, code, j/2+1)
						continue
					}
					args = append(args, n)
				}
				slices.Sort(args)
				args = slices.Compact(args)
				for _, n := range args {
					if strings.HasPrefix(n, "players") {
						t.Errorf("%s: %s: an argument %q is worded as a player's name when it is a number; name it otherwise", where, code, n)
					}
				}
				if want := places(words[engine.Languages[0]]); !slices.Equal(args, want) {
					t.Errorf("%s: %s is made with %v, its words fill %v", where, code, args, want)
				}
				return true
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range slices.Sorted(maps.Keys(codes)) {
		if !used[code] && strings.Contains(code, ".") {
			t.Errorf("%s has words but no code makes it", code)
		}
	}
}

// makers are the functions that make a coded error, by the index of their
// code argument.
var makers = map[string]int{"NewError": 0, "badRequest": 0, "notFound": 0, "refuse": 1}

func funcName(e ast.Expr) string {
	switch f := e.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// places are the names of the {places} of a text, sorted, each once.
func places(text string) []string {
	var out []string
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			break
		}
		name := text[i+1 : i+j]
		if name != "" && !strings.ContainsAny(name, ` "{:.`) {
			out = append(out, name)
		}
		text = text[i+j+1:]
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}
