// Command testprogress reads the events of `go test -json` on its input
// and prints what `go test` prints, but as each package finishes rather
// than in the order of the packages: the failures of a package's tests
// (their "--- FAIL" lines and logs), then its closing line ("ok", "FAIL",
// "?"), which it ends with the count of packages done and the time since
// the start ("[12/61 1m05s]"). While packages run it says every
// -quiet-for which ones are still running, so a long suite is never
// silent. It exits 1 if a package or a build failed, else 0.
//
// It reads its input, or each file named (FIFOs of several go test
// runs side by side, read at once) until all of them end; a test
// binary's run through `go tool test2json -p PKG` reads as go test's
// (its closing line is made from its last event). scripts/test.sh runs
// it:
//
//	go test -json ./... | go run ./scripts/testprogress -packages 61
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action      string
	Package     string
	Test        string
	Output      string
	ImportPath  string // of build-output and build-fail
	FailedBuild string
	Elapsed     float64 // seconds, of a package's pass or fail
}

// progress follows the packages of one run.
type progress struct {
	out      io.Writer
	total    int // the packages of the run, 0 if not known
	start    time.Time
	now      func() time.Time
	done     int
	failed   bool
	tests    [3]int // tests (and subtests) passed, failed, skipped
	running  map[string]bool
	buffered map[string][]string // output of a package ("pkg") or a test ("pkg\x00Test")
	printed  time.Time           // when the last line was printed
}

func (p *progress) print(s string) {
	fmt.Fprint(p.out, s)
	p.printed = p.now()
}

func newProgress(out io.Writer, total int, now func() time.Time) *progress {
	return &progress{out: out, total: total, start: now(), now: now, printed: now(),
		running: map[string]bool{}, buffered: map[string][]string{}}
}

// line handles one line of input: an event, or anything else (printed).
func (p *progress) line(text string) { p.lineOf(0, text) }

// lineOf handles a line of the run-th input. A package may run in two
// inputs at once (its tests in one, its benchmarks in another): each
// run's output is kept apart (runKey).
func (p *progress) lineOf(run int, text string) {
	var e event
	if !strings.HasPrefix(text, "{") || json.Unmarshal([]byte(text), &e) != nil {
		p.print(text + "\n")
		return
	}
	e.Package = runKey(run, e.Package)
	key := e.Package
	if e.Test != "" {
		key += "\x00" + e.Test
	}
	switch e.Action {
	case "build-output":
		p.print(e.Output)
	case "build-fail":
		p.failed = true
	case "start":
		p.running[e.Package] = true
	case "output":
		if !framing(e.Output) && (e.Test != "" || !benchHeader(e.Output)) {
			p.buffered[key] = append(p.buffered[key], e.Output)
		}
	case "fail":
		p.failed = true
		fallthrough
	case "pass", "skip":
		if e.Test != "" {
			p.tests[slices.Index([]string{"pass", "fail", "skip"}, e.Action)]++
			if e.Action == "fail" {
				p.print(failFirst(p.buffered[key]))
			}
			delete(p.buffered, key)
			return
		}
		p.finishAfter(e.Package, e.Action, e.Elapsed)
	}
}

// finishAfter finishes a package that ended with action after elapsed
// seconds. A test binary's run through test2json (scripts/test.sh runs
// the binaries it built) has no closing line of go test's: it gets one
// ("ok  \tpkg\t1.234s", "FAIL\tpkg\t1.234s"), as go test prints it.
func (p *progress) finishAfter(pkg, action string, elapsed float64) {
	lines := p.buffered[pkg]
	if action != "skip" && (len(lines) == 0 || !closing(lines[len(lines)-1])) {
		word := "ok  "
		if action == "fail" {
			word = "FAIL"
		}
		p.buffered[pkg] = append(lines, fmt.Sprintf("%s\t%s\t%.3fs\n", word, pkgOf(pkg), elapsed))
	}
	p.finish(pkg, action == "fail")
}

// closing is go test's closing line of a package.
func closing(line string) bool {
	for _, f := range []string{"ok  \t", "FAIL\t", "?   \t"} {
		if strings.HasPrefix(line, f) {
			return true
		}
	}
	return false
}

// runKey names a package of the run-th input: the package's own path in
// the first, with the input's number after a \x01 in the others.
func runKey(run int, pkg string) string {
	if run == 0 {
		return pkg
	}
	return pkg + "\x01" + strconv.Itoa(run)
}

// pkgOf is the package's path in a runKey.
func pkgOf(key string) string {
	pkg, _, _ := strings.Cut(key, "\x01")
	return pkg
}

// summary is the closing line of the run, in the plain form CI reads
// whatever the runner: "tests: N passed, N failed, N skipped".
func (p *progress) summary() string {
	return fmt.Sprintf("tests: %d passed, %d failed, %d skipped\n", p.tests[0], p.tests[1], p.tests[2])
}

// finish prints a package's own lines, its closing line last, with the
// count of packages done. A failed package's tests that never ended (a
// panic, a timeout) have their output printed first.
func (p *progress) finish(pkg string, failed bool) {
	delete(p.running, pkg)
	var open []string
	for k := range p.buffered {
		if strings.HasPrefix(k, pkg+"\x00") {
			open = append(open, k)
		}
	}
	slices.Sort(open)
	for _, k := range open {
		if failed {
			p.print(strings.Join(p.buffered[k], ""))
		}
		delete(p.buffered, k)
	}
	p.done++
	lines := p.buffered[pkg]
	delete(p.buffered, pkg)
	count := fmt.Sprintf("[%d", p.done)
	if p.total > 0 {
		count += fmt.Sprintf("/%d", p.total)
	}
	count += " " + p.now().Sub(p.start).Round(time.Second).String() + "]"
	for i, l := range lines {
		l = strings.TrimSuffix(l, "\n")
		if l == "PASS" {
			continue
		}
		if i == len(lines)-1 {
			l += "\t" + count
		}
		p.print(l + "\n")
	}
	if len(lines) == 0 {
		p.print(fmt.Sprintf("?   \t%s\t%s\n", pkgOf(pkg), count))
	}
}

// still says which packages are running, if nothing was printed for
// quiet.
func (p *progress) still(quiet time.Duration) {
	if len(p.running) == 0 || p.now().Sub(p.printed) < quiet {
		return
	}
	var names []string
	for n := range p.running {
		names = append(names, pkgOf(n))
	}
	slices.Sort(names)
	p.print(fmt.Sprintf("... %s: still running %s\n", p.now().Sub(p.start).Round(time.Second), strings.Join(names, ", ")))
}

// failFirst is a failed test's output with its "--- FAIL" line first, as
// go test prints it (test2json's stream has the logs before it).
func failFirst(lines []string) string {
	i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(strings.TrimLeft(l, " "), "--- FAIL") })
	if i > 0 {
		lines = append(append([]string{lines[i]}, lines[:i]...), lines[i+1:]...)
	}
	return strings.Join(lines, "")
}

// framing is a line test2json adds in -v mode, which go test without
// -v does not print.
func framing(out string) bool {
	for _, f := range []string{"=== RUN", "=== PAUSE", "=== CONT", "=== NAME", "--- PASS", "--- SKIP"} {
		if strings.HasPrefix(strings.TrimLeft(out, " "), f) {
			return true
		}
	}
	return false
}

// benchHeader is a line a package's benchmarks start with (the full
// suite runs them once: scripts/test.sh), which says nothing of the run.
func benchHeader(out string) bool {
	for _, f := range []string{"goos: ", "goarch: ", "pkg: ", "cpu: "} {
		if strings.HasPrefix(out, f) {
			return true
		}
	}
	return false
}

// input is a line of the run-th input, or why it could not be read.
type input struct {
	run  int
	text string
	err  error
}

// readLines sends the lines of standard input, or of every file named,
// each read as it comes, and closes the channel when all have ended. A
// file is opened by its own reader: a FIFO's open waits for its writer
// (scripts/test.sh starts some runs late), and the others are read
// meanwhile.
func readLines(files []string) (<-chan input, error) {
	for _, name := range files {
		if _, err := os.Stat(name); err != nil {
			return nil, err
		}
	}
	open := []func() (io.Reader, error){func() (io.Reader, error) { return os.Stdin, nil }}
	if len(files) > 0 {
		open = open[:0]
		for _, name := range files {
			open = append(open, func() (io.Reader, error) { return os.Open(name) })
		}
	}
	lines := make(chan input)
	var wg sync.WaitGroup
	for run, opener := range open {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in, err := opener()
			if err != nil {
				lines <- input{run: run, err: err}
				return
			}
			sc := bufio.NewScanner(in)
			sc.Buffer(nil, 16<<20)
			for sc.Scan() {
				lines <- input{run: run, text: sc.Text()}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(lines)
	}()
	return lines, nil
}

func main() {
	total := flag.Int("packages", 0, "the packages of the run, for the count (0: not known)")
	quiet := flag.Duration("quiet-for", 30*time.Second, "say which packages are still running after this long without a line")
	flag.Parse()
	// A reader that goes away (| head) must not end this one: the runs
	// writing into its inputs would wait on their FIFOs for ever.
	signal.Ignore(syscall.SIGPIPE)
	p := newProgress(os.Stdout, *total, time.Now)
	lines, err := readLines(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "testprogress:", err)
		os.Exit(2)
	}
	tick := time.NewTicker(*quiet / 3)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				p.print(p.summary())
				if p.failed {
					os.Exit(1)
				}
				return
			}
			if l.err != nil {
				fmt.Fprintln(os.Stderr, "testprogress:", l.err)
				p.failed = true
				continue
			}
			p.lineOf(l.run, l.text)
		case <-tick.C:
			p.still(*quiet)
		}
	}
}
