package all_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The rules know no format: engine and the games encode nothing (no
// encoding/json, no JSON tags), and a game imports engine and nothing
// else of Tabula but its own packages (view writes their JSON).
func TestGamesAndEngineHaveNoFormat(t *testing.T) {
	files := 0
	for _, dir := range []string{"../../engine", ".."} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			if strings.HasPrefix(filepath.ToSlash(path), "../all/") {
				return nil // the registry imports every game
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			files++
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				switch {
				case strings.HasPrefix(p, "encoding/json"):
					t.Errorf("%s imports %s", path, p)
				case strings.HasPrefix(p, "tabula/") && p != "tabula/engine" && !strings.HasPrefix(p, "tabula/games/"):
					t.Errorf("%s imports %s: a game imports engine only", path, p)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if fl, ok := n.(*ast.Field); ok && fl.Tag != nil && strings.Contains(fl.Tag.Value, "json:") {
					t.Errorf("%s: a JSON tag %s", path, fl.Tag.Value)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 40 {
		t.Fatalf("read only %d files: the walk is broken", files)
	}
}
