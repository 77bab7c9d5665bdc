package e2e

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestEveryTestTakesAPlace: go test lets every parallel test of the
// package start at once (TestMain sets -test.parallel high), and the
// places bound them (parallel, parallelLong). A test that calls
// t.Parallel itself would run beside all the others, unbounded: only a
// test whose subtests take the places (it calls t.Run) may. A subtest
// (a function literal given to t.Run) is held to the same rule, and the
// subtests of a test that calls t.Parallel must each take a place.
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
		for _, msg := range placeErrors(fset, f) {
			t.Error(msg)
		}
	}
}

// placeErrors lists the tests and subtests of f that run in parallel
// without a place.
func placeErrors(fset *token.FileSet, f *ast.File) []string {
	var errs []string
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if ok && fn.Body != nil && strings.HasPrefix(fn.Name.Name, "Test") {
			checkPlaces(fset, fn.Name.Name, fn.Type, fn.Body, &errs)
		}
	}
	return errs
}

// checkPlaces checks the body of a test or subtest, and then its
// subtests, and tells whether it runs in a place: it takes one
// (parallel(t), parallelLong(t)), or it calls t.Parallel and each of its
// subtests takes one. A body that runs in parallel outside a place is an
// error, added to errs.
func checkPlaces(fset *token.FileSet, name string, typ *ast.FuncType, body *ast.BlockStmt, errs *[]string) bool {
	tv := "t"
	if p := typ.Params.List; len(p) > 0 && len(p[0].Names) > 0 {
		tv = p[0].Names[0].Name
	}
	var (
		parallel    []token.Pos
		runs, takes bool
		subtests    []*ast.FuncLit
	)
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && slices.Contains(subtests, lit) {
			return false // a subtest's body is checked on its own
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "parallel" || id.Name == "parallelLong") && len(call.Args) == 1 && isIdent(call.Args[0], tv) {
			takes = true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && isIdent(sel.X, tv) {
			switch sel.Sel.Name {
			case "Parallel":
				parallel = append(parallel, call.Pos())
			case "Run":
				runs = true
				if len(call.Args) == 2 {
					if lit, ok := call.Args[1].(*ast.FuncLit); ok {
						subtests = append(subtests, lit)
					}
				}
			}
		}
		return true
	})
	placed := true
	for _, lit := range subtests {
		if !checkPlaces(fset, name+"/(subtest)", lit.Type, lit.Body, errs) {
			placed = false
			if len(parallel) > 0 {
				*errs = append(*errs, fmt.Sprintf("%s: a subtest of %s runs beside the other tests without a place: call parallel(t) or parallelLong(t) in it", fset.Position(lit.Pos()), name))
			}
		}
	}
	switch {
	case takes:
		return true
	case len(parallel) == 0:
		return false
	case !runs:
		*errs = append(*errs, fmt.Sprintf("%s: %s calls t.Parallel: call parallel(t) or parallelLong(t), which wait for a place", fset.Position(parallel[0]), name))
		return false
	}
	return placed
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// The checker itself, on tests written for it: each of the bad ones is
// found, in its subtests too, and none of the good ones.
func TestPlaceCheckerLooksIntoSubtests(t *testing.T) {
	src := `package e2e

func TestGoodTakesAPlace(t *testing.T) { parallel(t) }

func TestGoodSubtestsTakePlaces(t *testing.T) {
	t.Parallel()
	for _, c := range cases {
		t.Run(c, func(t *testing.T) { parallelLong(t) })
	}
}

func TestGoodNested(u *testing.T) {
	u.Parallel()
	u.Run("a", func(v *testing.T) {
		v.Parallel()
		v.Run("b", func(w *testing.T) { parallel(w) })
	})
}

func TestGoodSerialSubtests(t *testing.T) { t.Run("a", func(t *testing.T) {}) }

func TestBadParallel(t *testing.T) { t.Parallel() }

func TestBadSubtestParallel(t *testing.T) {
	t.Run("a", func(t *testing.T) { t.Parallel() })
}

func TestBadSubtestWithoutAPlace(t *testing.T) {
	t.Parallel()
	t.Run("a", func(t *testing.T) { parallel(t) })
	t.Run("b", func(t *testing.T) {})
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	errs := placeErrors(fset, f)
	for _, want := range []string{
		"x_test.go:22:38: TestBadParallel calls t.Parallel",
		"x_test.go:25:34: TestBadSubtestParallel/(subtest) calls t.Parallel",
		"x_test.go:31:13: a subtest of TestBadSubtestWithoutAPlace runs",
	} {
		if !slices.ContainsFunc(errs, func(e string) bool { return strings.HasPrefix(e, want) }) {
			t.Errorf("not found: %s", want)
		}
	}
	if len(errs) != 3 || t.Failed() {
		t.Errorf("%d errors, want 3:\n%s", len(errs), strings.Join(errs, "\n"))
	}
}
