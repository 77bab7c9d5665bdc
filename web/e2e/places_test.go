package e2e

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryTestTakesAPlace: go test lets every parallel test of the
// package start at once (TestMain sets -test.parallel high), and the
// places bound them (parallel, parallelLong). A test that calls
// t.Parallel itself would run beside all the others, unbounded: only a
// test whose subtests take the places (it calls t.Run) may.
func TestEveryTestTakesAPlace(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Test") {
				continue
			}
			var parallel []token.Pos
			runs := false
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok && lit != nil {
					return false // a subtest's body is its own
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "t" {
						switch sel.Sel.Name {
						case "Parallel":
							parallel = append(parallel, call.Pos())
						case "Run":
							runs = true
						}
					}
				}
				return true
			})
			if len(parallel) > 0 && !runs {
				t.Errorf("%s: %s calls t.Parallel: call parallel(t) or parallelLong(t), which wait for a place", fset.Position(parallel[0]), fn.Name.Name)
			}
		}
	}
}
