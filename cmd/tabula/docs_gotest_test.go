package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"tabula/internal/servetest"
)

// The documented go test commands: every `go test` command of README.md
// and docs/ (read by pageCommands, as the tabula commands are) is checked
// against its packages, read from their source (no test binary is built
// for a command, but for a benchmark pattern with a sub-benchmark):
//
//   - a benchmark command (-bench) must name at least one benchmark of
//     its packages; the suite runs every benchmark once (scripts/test.sh:
//     -bench . -benchtime 1x), but those too slow for it
//     (slowBenchmarks, skipped there); a sub-benchmark pattern
//     (RandomPlayout/agsinnoninka) is run here once, its package's test
//     binary built for it, and must run at least one sub-benchmark; its
//     -run is not checked (the XXX that matches no test);
//   - any other command is run by the suite itself: its package must exist
//     and its -run pattern must name at least one of its tests;
//   - a measurement is a command (tabula lab NAME, run by
//     TestDocumentedCommandsRun): a go test -run Measure... is refused
//     (TestMeasureBrowser, which needs a browser, is the one left,
//     and its page marks it skip).
//
// Every flag must be one go test or the test binary defines (read from
// the package's flag.Bool, flag.String, ... calls). A synopsis (a
// placeholder in capitals, as in -horizon-turns N) must be marked
// <!-- examples: skip: REASON --> or given a value. `go test` alone names
// the command.

// labReports is what each measurement of `tabula lab` prints: the
// documented lab commands run with the sizes of measureArgs
// (TestDocumentedCommandsRun) and must print it.
var labReports = map[string]string{
	"level-times":          " positions: ",
	"level-game":           "iterations a move",
	"horizon":              "against greedy:",
	"tamman-match":         "luck-adjusted",
	"tamman-match-multi":   "a fair share is",
	"tamman-leaf-judges":   "how often the favourite won",
	"tamman-ceiling":       "ceiling 1 - s/2",
	"tamman-dual-bound":    "upper bound for",
	"tamman-dual-fit":      "calibration ",
	"tamman-shared-throws": "the two games of each pair",
	"tamman-losses":        "lost games studied",
	"tamman-stragglers":    "by the step of the last man",
	"tamman-search-cost":   "positions visited a search",
	"tamman-headroom":      "points of winning chance",
}

// slowBenchmarks run too long for the suite even once: scripts/test.sh
// skips them (TestSlowBenchmarksAreSkippedBySuite).
var slowBenchmarks = map[string]string{
	"tabula/ai.BenchmarkMCTSGame": "ten turns of MCTS at 1,000 iterations: some 10 s of Agsinnoninka",
	"tabula/ai.BenchmarkMCTSDeep": "a search of 40,000 iterations: some 5 s of Agsinnoninka",
}

// goTestFlags are go test's own flags, true for those that take a value.
var goTestFlags = map[string]bool{
	"run": true, "bench": true, "benchtime": true, "count": true, "timeout": true, "cpu": true,
	"cpuprofile": true, "memprofile": true, "blockprofile": true, "mutexprofile": true, "trace": true,
	"coverprofile": true, "list": true, "parallel": true, "skip": true, "shuffle": true, "tags": true,
	"o": true, "outputdir": true, "p": true, "pgo": true,
	"v": false, "benchmem": false, "short": false, "race": false, "cover": false, "failfast": false,
	"json": false, "c": false, "fullpath": false,
}

// goTest is a documented go test command, read.
type goTest struct {
	docCommand
	patterns []string          // the packages as written
	flags    map[string]string // go test's own flags
	binFlags []string          // the rest, for the test binary, as written
	out      string            // the file its output is redirected to
}

var capitalsRE = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)

// readGoTest reads a go test command line; ok is false for a line that is
// no go test command or names the command only.
func readGoTest(c docCommand) (g goTest, ok bool, err error) {
	text := strings.TrimPrefix(strings.TrimSpace(c.text), "$ ")
	rest, found := strings.CutPrefix(text, "go test ")
	if !found {
		return g, false, nil
	}
	words, err := shellWords(rest)
	if err != nil {
		return g, false, err
	}
	g = goTest{docCommand: c, flags: map[string]string{}}
	// go test reads its own flags anywhere and passes the rest to the test
	// binary (everything after -args); the packages come before any flag
	// of the binary's, so a word after one is its value.
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "-args":
			if i+1 == len(words) {
				return g, false, fmt.Errorf("-args passes nothing")
			}
			g.binFlags = append(g.binFlags, words[i+1:]...)
			i = len(words)
			continue
		case w == ">":
			if i+1 == len(words) {
				return g, false, fmt.Errorf("> names no file")
			}
			g.out = words[i+1]
			i++
			continue
		case !strings.HasPrefix(w, "-"):
			if len(g.binFlags) > 0 {
				g.binFlags = append(g.binFlags, w)
			} else {
				g.patterns = append(g.patterns, w)
			}
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(w, "-"), "=")
		takes, known := goTestFlags[name]
		switch {
		case !known:
			g.binFlags = append(g.binFlags, w)
		case takes && !hasValue:
			if i+1 == len(words) || strings.HasPrefix(words[i+1], "-") || words[i+1] == ">" {
				return g, false, fmt.Errorf("-%s wants a value", name)
			}
			i++
			g.flags[name] = words[i]
		default:
			g.flags[name] = value
		}
	}
	if len(g.patterns) == 0 && len(g.flags) == 0 && len(g.binFlags) == 0 {
		return g, false, nil // `go test`: names the command
	}
	for k, w := range words {
		if k > 0 && slices.Contains([]string{"-run", "-bench", "-skip"}, words[k-1]) {
			continue // a pattern: -run XXX matches no test
		}
		if capitalsRE.MatchString(w) || strings.ContainsAny(w, "[…") || w == "..." {
			if c.mode == "skip" {
				return g, false, nil
			}
			return g, false, fmt.Errorf("a synopsis (%s): give it a value, or mark it <!-- examples: skip: REASON -->", w)
		}
	}
	if len(g.patterns) == 0 {
		return g, false, fmt.Errorf("names no package (from the module's root, go test would test none)")
	}
	return g, true, nil
}

// testPackage is a package a documented command tests, read from its
// source.
type testPackage struct {
	path, dir  string
	tests      []string        // its tests
	benchmarks []string        // its benchmarks
	flags      map[string]bool // its test binary's flags, true for those that take a value
	bin        string          // its test binary, built when a command needs it
	tmp        string          // TMPDIR of its runs
}

// TestDocumentedGoTestsRun checks every documented go test command (see
// measureReports).
func TestDocumentedGoTestsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the test binaries of the documented packages")
	}
	var cmds []goTest
	for _, path := range docPages(t) {
		for _, c := range pageCommands(t, path, strings.TrimPrefix(path, "../../")) {
			g, ok, err := readGoTest(c)
			if err != nil {
				t.Errorf("%s: `%s`: %v", c.where, c.text, err)
			}
			if ok && c.mode != "skip" {
				cmds = append(cmds, g)
			}
		}
	}
	// Tamman's measurements are tabula lab commands now (run by
	// TestDocumentedCommandsRun): 25 were left when they left.
	if len(cmds) < 20 {
		t.Fatalf("found %d documented go test commands; the reader of the pages is broken", len(cmds))
	}
	pkgs, matches := buildTestPackages(t, cmds)
	// A page's commands run in order (one may read the log another
	// wrote), the pages side by side, goTestsAtOnce at a time.
	var pages []string
	byPage := map[string][]goTest{}
	for _, g := range cmds {
		page, _, _ := strings.Cut(g.where, ":")
		if byPage[page] == nil {
			pages = append(pages, page)
		}
		byPage[page] = append(byPage[page], g)
	}
	slots := make(chan struct{}, goTestsAtOnce)
	var wg sync.WaitGroup
	for _, page := range pages {
		dir := t.TempDir() // the page's directory of logs
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			for _, g := range byPage[page] {
				var targets []*testPackage
				for _, p := range g.patterns {
					if len(matches[cleanPattern(p)]) == 0 {
						t.Errorf("%s: `%s`: %s is no package with tests", g.where, g.text, p)
					}
					for _, path := range matches[cleanPattern(p)] {
						targets = append(targets, pkgs[path])
					}
				}
				if len(targets) == 0 {
					continue
				}
				if err := checkGoTest(g, targets, dir); err != nil {
					t.Errorf("%s: `%s`: %v", g.where, g.text, err)
				}
			}
		}()
	}
	wg.Wait()
}

// goTestsAtOnce is how many pages' go test commands run at once: most
// are short measurements that use a core each.
var goTestsAtOnce = max(2, runtime.NumCPU())

// buildTestPackages resolves the commands' package patterns (from the
// module's root), reads each package's tests, benchmarks and flags from
// its source and builds a test binary only for the packages a
// sub-benchmark pattern needs one of; matches maps each pattern to the
// packages it names that have tests.
func buildTestPackages(t *testing.T, cmds []goTest) (pkgs map[string]*testPackage, matches map[string][]string) {
	t.Helper()
	var patterns, needBinary []string
	for _, g := range cmds {
		for _, p := range g.patterns {
			if !slices.Contains(patterns, p) {
				patterns = append(patterns, p)
			}
			if strings.Contains(g.flags["bench"], "/") && !slices.Contains(needBinary, cleanPattern(p)) {
				needBinary = append(needBinary, cleanPattern(p)) // as go list reports it matched
			}
		}
	}
	list := exec.Command("go", append([]string{"list", "-e", "-f",
		`{{.ImportPath}}	{{.Dir}}	{{join .TestGoFiles ","}}	{{join .XTestGoFiles ","}}	{{join .Match " "}}	{{if .Error}}{{.Error.Err}}{{end}}	{{join .GoFiles ","}}`}, patterns...)...)
	list.Dir = "../.."
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const self = "tabula/cmd/tabula"
	pkgs, matches = map[string]*testPackage{}, map[string][]string{}
	bins, tmp := t.TempDir(), t.TempDir()
	build := []string{"test", "-c", "-o", bins + "/"}
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 7 || f[5] != "" || f[2]+f[3] == "" {
			continue // an error: the pattern matches nothing, reported by the caller
		}
		p := &testPackage{path: f[0], dir: f[1], tmp: tmp, flags: map[string]bool{}}
		for i, files := range []string{f[2] + "," + f[3], f[6]} {
			for _, file := range strings.Split(files, ",") {
				if file != "" {
					readTestFile(t, filepath.Join(p.dir, file), p, i == 0)
				}
			}
		}
		pkgs[p.path] = p
		for _, m := range strings.Fields(f[4]) {
			if !slices.Contains(matches[m], p.path) {
				matches[m] = append(matches[m], p.path)
			}
			switch {
			case !slices.Contains(needBinary, m) || p.bin != "":
			case p.path == self:
				// This package's test binary is the one running: no link
				// of the largest binary of all.
				if p.bin, err = os.Executable(); err != nil {
					t.Fatal(err)
				}
			default:
				p.bin = filepath.Join(bins, filepath.Base(p.path)+".test")
				build = append(build, p.path)
			}
		}
	}
	if len(build) > 4 {
		if b, err := exec.Command("go", build...).CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(build, " "), err, b)
		}
	}
	return pkgs, matches
}

// readTestFile adds what a file of p declares to p: the flags it defines
// on the command line's flag set when the test binary starts (flag.Bool("name", ...),
// flag.StringVar(&v, "name", ...), ... in a package-level var, in init or
// in a test file's TestMain: a package's own non-test files are in its
// test binary, but a flag a function defines later, a command's main
// say, is not) and, for a test file, its tests and benchmarks as go
// test finds them (TestXxx(t *testing.T), BenchmarkXxx(b *testing.B)).
func readTestFile(t *testing.T, file string, p *testPackage, test bool) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	define := func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "flag" {
			return true
		}
		arg, defines := flagDefiners[sel.Sel.Name]
		if !defines || len(call.Args) <= arg {
			return true
		}
		if lit, ok := call.Args[arg].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if name, err := strconv.Unquote(lit.Value); err == nil {
				kind := strings.TrimSuffix(sel.Sel.Name, "Var")
				p.flags[name] = kind != "Bool" && kind != "BoolFunc"
			}
		}
		return true
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok == token.VAR {
				ast.Inspect(d, define)
			}
		case *ast.FuncDecl:
			if d.Recv == nil && d.Body != nil && (d.Name.Name == "init" || test && d.Name.Name == "TestMain") {
				ast.Inspect(d.Body, define)
			}
		}
	}
	if !test {
		return
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || len(fn.Type.Params.List) != 1 {
			continue
		}
		star, ok := fn.Type.Params.List[0].Type.(*ast.StarExpr)
		if !ok {
			continue
		}
		sel, ok := star.X.(*ast.SelectorExpr)
		switch {
		case !ok:
		case sel.Sel.Name == "T" && testName.MatchString(fn.Name.Name):
			p.tests = append(p.tests, fn.Name.Name)
		case sel.Sel.Name == "B" && benchmarkName.MatchString(fn.Name.Name):
			p.benchmarks = append(p.benchmarks, fn.Name.Name)
		}
	}
}

// flagDefiners are package flag's functions that define a flag on the
// command line's set, each with the place of the flag's name among its
// arguments.
var flagDefiners = map[string]int{
	"Bool": 0, "Int": 0, "Int64": 0, "Uint": 0, "Uint64": 0, "String": 0, "Float64": 0, "Duration": 0,
	"Func": 0, "BoolFunc": 0,
	"BoolVar": 1, "IntVar": 1, "Int64Var": 1, "UintVar": 1, "Uint64Var": 1, "StringVar": 1, "Float64Var": 1,
	"DurationVar": 1, "TextVar": 1, "Var": 1,
}

var (
	testName      = regexp.MustCompile(`^Test($|[^a-z])`)
	benchmarkName = regexp.MustCompile(`^Benchmark($|[^a-z])`)
)

// cleanPattern is a package pattern as go list reports it matched.
func cleanPattern(p string) string {
	if strings.HasPrefix(p, "./") {
		return "./" + path.Clean(p)
	}
	return p
}

// command runs p's test binary in p's directory, as go test does.
func (p *testPackage) command(args ...string) *exec.Cmd {
	cmd := exec.Command(p.bin, args...)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), "TMPDIR="+p.tmp)
	return cmd
}

// checkGoTest checks one command against its packages (their tests, and
// the test binaries of those it needs), the logs of its page in dir.
func checkGoTest(g goTest, targets []*testPackage, dir string) error {
	for i := 0; i < len(g.binFlags); i++ {
		w := g.binFlags[i]
		if !strings.HasPrefix(w, "-") {
			return fmt.Errorf("%q is no flag", w)
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(w, "-"), "=")
		for _, p := range targets {
			if _, ok := p.flags[name]; !ok {
				return fmt.Errorf("the test binary of %s has no flag -%s", p.path, name)
			}
		}
		if targets[0].flags[name] && !hasValue {
			if i+1 == len(g.binFlags) {
				return fmt.Errorf("-%s wants a value", name)
			}
			i++ // its value
		}
	}
	switch {
	case g.flags["bench"] != "":
		return checkBenchmarks(g, targets, dir)
	case measureRE.MatchString(g.flags["run"]):
		return fmt.Errorf("a measurement is a command now: tabula lab NAME (lab/, docs/lab/README.md)")
	}
	top, _, _ := strings.Cut(g.flags["run"], "/")
	re, err := regexp.Compile(top)
	if err != nil {
		return fmt.Errorf("-run %q: %v", g.flags["run"], err)
	}
	for _, p := range targets {
		if !slices.ContainsFunc(p.tests, re.MatchString) {
			return fmt.Errorf("-run %q names no test of %s", g.flags["run"], p.path)
		}
	}
	return nil
}

// measureRE is a -run pattern that names a measurement (TestMeasureX,
// -run MeasureX, ^TestMeasureX), not a test whose name goes on in
// lower case (TestMeasuresByTurn).
var measureRE = regexp.MustCompile(`^\^?(Test)?Measure($|[^a-z])`)

// checkBenchmarks checks that a -bench command names benchmarks of its
// packages (the suite runs each once), and runs the sub-benchmarks of a
// pattern that names some once each, the slow ones aside.
func checkBenchmarks(g goTest, targets []*testPackage, dir string) error {
	pattern := g.flags["bench"]
	top, sub, hasSub := strings.Cut(pattern, "/")
	re, err := regexp.Compile(top)
	if err != nil {
		return fmt.Errorf("-bench %q: %v", pattern, err)
	}
	found := 0
	for _, p := range targets {
		names := slices.DeleteFunc(slices.Clone(p.benchmarks), func(n string) bool { return !re.MatchString(n) })
		found += len(names)
		names = slices.DeleteFunc(names, func(n string) bool { return slowBenchmarks[p.path+"."+n] != "" })
		if !hasSub || len(names) == 0 {
			continue
		}
		args := []string{"-test.run=^$", "-test.bench=^(" + strings.Join(names, "|") + ")$/" + sub, "-test.benchtime=1x"}
		for _, f := range []string{"benchmem", "cpu"} {
			if v, ok := g.flags[f]; ok {
				if v == "" {
					v = "true" // -benchmem
				}
				args = append(args, "-test."+f+"="+v)
			}
		}
		if _, ok := g.flags["cpuprofile"]; ok && len(targets) == 1 {
			args = append(args, "-test.cpuprofile="+filepath.Join(dir, "cpu.out"))
		}
		out, err := p.command(args...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s %s: %v\n%s", p.path, strings.Join(args, " "), err, lastLines(string(out)))
		}
		if !regexp.MustCompile(`(?m)^Benchmark\S*\s+1\s+\d`).Match(out) {
			return fmt.Errorf("-bench %q runs no benchmark of %s:\n%s", pattern, p.path, lastLines(string(out)))
		}
	}
	if found == 0 {
		return fmt.Errorf("-bench %q names no benchmark", pattern)
	}
	return nil
}

// TestSlowBenchmarksAreSkippedBySuite: the suite runs every benchmark
// once (scripts/test.sh), but the slow ones, which its -skip names.
func TestSlowBenchmarksAreSkippedBySuite(t *testing.T) {
	script, err := os.ReadFile("../../scripts/test.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`-test.bench \. -test.benchtime 1x -test.skip '([^']+)'`).FindSubmatch(script)
	if m == nil {
		t.Fatal("scripts/test.sh runs no benchmark once (-test.bench . -test.benchtime 1x -test.skip '...')")
	}
	skip := regexp.MustCompile(string(m[1]))
	for name := range slowBenchmarks {
		_, bench, _ := strings.Cut(name, ".")
		if !skip.MatchString(bench) {
			t.Errorf("scripts/test.sh's -skip %q runs the slow %s", m[1], name)
		}
	}
}

// measureArgs is a measurement's flag with its size cut to a tiny one:
// one pair of games, one lost game studied with one rollout, one position,
// one level, small budgets (servetest.SmallBudgets); the committed
// network (net.txt) for one trained as the page says; the logs that a
// page's commands write and read in dir.
func measureArgs(name, value, dir string) []string {
	switch name {
	case "match-games", "dual-games", "dual-fit", "horizon-games", "headroom-games":
		value = "2"
	case "study-games", "study-rollouts", "measure-levels", "cost-positions", "leaf-games":
		value = "1"
	case "leaf-playouts":
		value = "2"
	case "horizon-iterations":
		value = "20"
	case "luck-depth":
		value = "2" // the network a level down: the luck of the whole turn is most of a tiny match's time
	case "level-levels":
		value, _, _ = strings.Cut(value, ",")
	case "match", "match-shared", "dual-policy", "cost-variants", "headroom-player", "headroom-judges":
		value = servetest.SmallBudgets(value)
	case "multi-games":
		value = "3"
	case "multi-match":
		value = multiIterationsRE.ReplaceAllString(levelNameRE.ReplaceAllString(value, "easy"), "")
	case "match-net", "match-net2":
		value, _ = filepath.Abs("../../games/tamman/tammanai/net.txt")
	case "study-log":
		value = filepath.Join(dir, filepath.Base(value))
	case "ceiling-logs":
		var logs []string
		for _, p := range strings.Split(value, ",") {
			logs = append(logs, filepath.Join(dir, filepath.Base(p)))
		}
		value = strings.Join(logs, ",")
	}
	if value == "" {
		return []string{"-" + name}
	}
	return []string{"-" + name + "=" + value}
}

// sizeFlags are the flags that measureArgs cuts to a tiny size: a lab
// command that leaves one at its default runs with the tiny size too.
var sizeFlags = []string{"match-games", "headroom-games", "multi-games", "horizon-games", "study-games", "study-rollouts",
	"measure-levels", "horizon-iterations", "level-levels", "cost-positions", "luck-depth", "leaf-games", "leaf-playouts"}

// levelNameRE finds the levels above easy in a -multi-match value, which
// runs at easy's budgets.
var levelNameRE = regexp.MustCompile(`\b(medium|hard|max)\b`)

// multiIterationsRE finds a -multi-match variant's own iterations (/iN),
// which the check drops for easy's.
var multiIterationsRE = regexp.MustCompile(`/i\d+\b`)

// The flags of a test binary are those its package defines as it starts
// (a package-level var, init, TestMain), in its test files and its own
// non-test files: not a flag a command's main defines, nor one a test
// defines as it runs, nor a name flag.Lookup or flag.NewFlagSet is given.
func TestGoTestFlagsAreTheTestBinarys(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.go": `package x
import "flag"
var shown = flag.Int("shown", 1, "")
var quiet bool
func init() { flag.BoolVar(&quiet, "quiet", false, "") }
func main() {
	flag.String("later", "", "")
	flag.NewFlagSet("set", flag.ExitOnError)
	_ = flag.Lookup("looked")
}`,
		"a_test.go": `package x
import ("flag"; "testing")
var size = flag.String("size", "", "")
func TestMain(m *testing.M) { flag.Duration("wait", 0, ""); m.Run() }
func TestX(t *testing.T) { flag.Int("inside", 0, "") }`,
	}
	p := &testPackage{flags: map[string]bool{}}
	for name, src := range files {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		readTestFile(t, file, p, strings.HasSuffix(name, "_test.go"))
	}
	want := map[string]bool{"shown": true, "quiet": false, "size": true, "wait": true}
	if !maps.Equal(p.flags, want) {
		t.Errorf("flags %v, want %v", p.flags, want)
	}
	if !slices.Equal(p.tests, []string{"TestX"}) {
		t.Errorf("tests %v, want [TestX]", p.tests)
	}
}

// A documented go test of a measurement (TestMeasureX, however the -run
// pattern writes it) is refused: measurements are tabula lab commands.
func TestGoTestOfAMeasurementIsRefused(t *testing.T) {
	p := &testPackage{path: "tabula/x", tests: []string{"TestMeasureSpeed", "TestMeasuresByTurn"}}
	for run, measures := range map[string]bool{
		"TestMeasureSpeed": true, "^TestMeasureSpeed$": true, "MeasureSpeed": true,
		"TestMeasuresByTurn": false, "^TestMeasuresByTurn$": false,
	} {
		err := checkGoTest(goTest{flags: map[string]string{"run": run}}, []*testPackage{p}, t.TempDir())
		if refused := err != nil && strings.Contains(err.Error(), "tabula lab"); refused != measures {
			t.Errorf("-run %s: %v (a measurement: %v)", run, err, measures)
		}
	}
}
