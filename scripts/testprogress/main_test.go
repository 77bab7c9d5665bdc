package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// testdata/events.json is `go test -json ./...` of two packages: tp/a
// with a passing test and a failing subtest, tp/b with a pass and a skip.
func TestProgressPrintsWhatGoTestPrintsAsPackagesFinish(t *testing.T) {
	f, err := os.Open("testdata/events.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	clock := time.Date(2026, 12, 5, 7, 0, 0, 0, time.UTC)
	p := newProgress(&out, 2, func() time.Time { clock = clock.Add(time.Second); return clock })
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p.line(sc.Text())
	}
	want := "--- FAIL: TestBad/sub (0.00s)\n" +
		"    a_test.go:7: boom\n" +
		"--- FAIL: TestBad (0.00s)\n" +
		"FAIL\n" +
		"FAIL\ttp/a\t0.164s\t[1/2 "
	if got := out.String(); !strings.HasPrefix(got, want) {
		t.Errorf("got\n%s\nwant it to start with\n%s", got, want)
	}
	if !strings.Contains(out.String(), "\nok  \ttp/b\t0.126s\t[2/2 ") {
		t.Errorf("no closing line of tp/b with its count:\n%s", out.String())
	}
	if got := p.summary(); got != "tests: 2 passed, 2 failed, 1 skipped\n" {
		t.Errorf("summary %q, want the tests passed (TestGood, tp/b's pass), failed (TestBad, TestBad/sub) and skipped", got)
	}
	for _, quiet := range []string{"quiet", "=== RUN", "--- PASS", "--- SKIP", "later", "PASS\n"} {
		if strings.Contains(out.String(), quiet) {
			t.Errorf("printed %q, which go test without -v does not:\n%s", quiet, out.String())
		}
	}
	if !p.failed {
		t.Error("a failed package did not fail the run")
	}
}

func TestProgressSaysWhatStillRunsAfterASilence(t *testing.T) {
	var out strings.Builder
	clock := time.Date(2026, 12, 5, 7, 0, 0, 0, time.UTC)
	p := newProgress(&out, 0, func() time.Time { return clock })
	p.line(`{"Action":"start","Package":"tabula/web/e2e"}`)
	p.line(`{"Action":"output","Package":"tabula/web/e2e","Test":"TestX","Output":"=== RUN   TestX\n"}`)
	clock = clock.Add(10 * time.Second)
	p.still(30 * time.Second)
	if out.Len() != 0 {
		t.Fatalf("spoke after 10 s of 30: %q", out.String())
	}
	clock = clock.Add(25 * time.Second)
	p.still(30 * time.Second)
	if got := out.String(); got != "... 35s: still running tabula/web/e2e\n" {
		t.Errorf("got %q", got)
	}
}

func TestProgressPrintsATimedOutTestsOutput(t *testing.T) {
	var out strings.Builder
	p := newProgress(&out, 0, time.Now)
	for _, l := range []string{
		`{"Action":"start","Package":"tabula/x"}`,
		`{"Action":"output","Package":"tabula/x","Test":"TestSlow","Output":"panic: test timed out after 1s\n"}`,
		`{"Action":"output","Package":"tabula/x","Output":"FAIL\ttabula/x\t1.0s\n"}`,
		`{"Action":"fail","Package":"tabula/x"}`,
		`not json: printed as it is`,
	} {
		p.line(l)
	}
	got := out.String()
	if !strings.HasPrefix(got, "panic: test timed out after 1s\nFAIL\ttabula/x\t1.0s\t[1 ") || !strings.HasSuffix(got, "not json: printed as it is\n") {
		t.Errorf("got %q", got)
	}
}

// Two runs side by side: every line of both inputs arrives, whole, and
// the input ends when both have ended.
func TestReadLinesReadsEveryFile(t *testing.T) {
	dir := t.TempDir()
	var names []string
	want := map[string]bool{}
	for _, run := range []string{"e2e", "rest"} {
		var b strings.Builder
		for i := range 1000 {
			l := run + strings.Repeat("x", i%50) + "|" + string(rune('a'+i%26))
			b.WriteString(l + "\n")
			want[l] = true
		}
		name := dir + "/" + run
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	lines, err := readLines(names)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for l := range lines {
		if !want[l.text] {
			t.Fatalf("line %q was not in either input", l.text)
		}
		if run := []string{"e2e", "rest"}[l.run]; !strings.HasPrefix(l.text, run) {
			t.Fatalf("line %q said to be of input %d (%s)", l.text, l.run, run)
		}
		n++
	}
	if n != 2000 {
		t.Errorf("%d lines, want the 2000 of both inputs", n)
	}
	if _, err := readLines([]string{dir + "/missing"}); err == nil {
		t.Error("a missing input gave no error")
	}
}

// A package whose benchmarks ran once (the full suite) closes with its
// ok line alone: the benchmarks' header says nothing of the run.
func TestBenchmarkHeaderIsQuiet(t *testing.T) {
	var out strings.Builder
	p := newProgress(&out, 1, time.Now)
	for _, l := range []string{
		`{"Action":"start","Package":"tp/c"}`,
		`{"Action":"output","Package":"tp/c","Output":"goos: linux\n"}`,
		`{"Action":"output","Package":"tp/c","Output":"goarch: amd64\n"}`,
		`{"Action":"output","Package":"tp/c","Output":"pkg: tp/c\n"}`,
		`{"Action":"output","Package":"tp/c","Output":"cpu: Some CPU\n"}`,
		`{"Action":"output","Package":"tp/c","Output":"PASS\n"}`,
		`{"Action":"output","Package":"tp/c","Output":"ok  \ttp/c\t0.1s\n"}`,
		`{"Action":"pass","Package":"tp/c","Elapsed":0.1}`,
	} {
		p.line(l)
	}
	if got := out.String(); !strings.HasPrefix(got, "ok  \ttp/c\t0.1s\t[1/1 ") {
		t.Errorf("got\n%s\nwant the ok line alone", got)
	}
}

// A package whose tests run in one input while its benchmarks run in
// another: each run's output closes with its own ok line, the two counted
// apart, and a still-running line names the package as it is.
func TestTwoRunsOfAPackageStayApart(t *testing.T) {
	var out strings.Builder
	clock := time.Unix(0, 0)
	p := newProgress(&out, 2, func() time.Time { return clock })
	p.lineOf(0, `{"Action":"start","Package":"tp/a"}`)
	p.lineOf(1, `{"Action":"start","Package":"tp/a"}`)
	p.lineOf(1, `{"Action":"output","Package":"tp/a","Output":"BenchmarkX \t1\t5 ns/op\n"}`)
	p.lineOf(0, `{"Action":"output","Package":"tp/a","Output":"ok  \ttp/a\t2.0s\n"}`)
	clock = clock.Add(40 * time.Second)
	p.still(30 * time.Second)
	p.lineOf(0, `{"Action":"pass","Package":"tp/a"}`)
	p.lineOf(1, `{"Action":"output","Package":"tp/a","Output":"ok  \ttp/a\t0.1s\n"}`)
	p.lineOf(1, `{"Action":"pass","Package":"tp/a"}`)
	want := "... 40s: still running tp/a, tp/a\n" +
		"ok  \ttp/a\t2.0s\t[1/2 40s]\n" +
		"BenchmarkX \t1\t5 ns/op\nok  \ttp/a\t0.1s\t[2/2 40s]\n"
	if got := out.String(); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// A test binary run through `go tool test2json -p` ends with the
// package's pass or fail and no closing line of go test's: the line is
// made from the event, with its elapsed time.
func TestABinarysRunGetsGoTestsClosingLine(t *testing.T) {
	var out strings.Builder
	p := newProgress(&out, 2, time.Now)
	for _, l := range []string{
		`{"Action":"start","Package":"tp/a"}`,
		`{"Action":"output","Package":"tp/a","Output":"PASS\n"}`,
		`{"Action":"pass","Package":"tp/a","Elapsed":1.5}`,
		`{"Action":"start","Package":"tp/b"}`,
		`{"Action":"output","Package":"tp/b","Test":"TestX","Output":"--- FAIL: TestX (0.00s)\n"}`,
		`{"Action":"fail","Package":"tp/b","Test":"TestX"}`,
		`{"Action":"output","Package":"tp/b","Output":"FAIL\n"}`,
		`{"Action":"fail","Package":"tp/b","Elapsed":0.25}`,
	} {
		p.line(l)
	}
	for _, want := range []string{"ok  \ttp/a\t1.500s\t[1/2 ", "FAIL\ttp/b\t0.250s\t[2/2 "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	if strings.Count(out.String(), "tp/a") != 1 {
		t.Errorf("tp/a's closing line twice or never:\n%s", out.String())
	}
}

// A FIFO whose writer comes late (scripts/test.sh starts the late
// packages once the browser tests end) holds up no other input: the
// other's lines are all read before the first's writer opens it.
func TestALateInputHoldsUpNoOther(t *testing.T) {
	dir := t.TempDir()
	late, early := dir+"/late", dir+"/early"
	for _, name := range []string{late, early} {
		if err := syscall.Mkfifo(name, 0o600); err != nil {
			t.Skipf("no FIFO here: %v", err)
		}
	}
	lines, err := readLines([]string{late, early})
	if err != nil {
		t.Fatal(err)
	}
	w, err := os.OpenFile(early, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// More than a pipe holds: the writer would wait for a reader that
	// waited for the late input's writer.
	go func() {
		for i := 0; i < 5000; i++ {
			fmt.Fprintf(w, "early line %d with some padding to fill the pipe's buffer\n", i)
		}
		w.Close()
	}()
	for i := 0; i < 5000; i++ {
		l := <-lines
		if l.run != 1 || l.err != nil {
			t.Fatalf("line %d: %+v, want the early input's", i, l)
		}
	}
	lw, err := os.OpenFile(late, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(lw, "late line")
	lw.Close()
	l := <-lines
	if l.run != 0 || l.text != "late line" {
		t.Fatalf("%+v, want the late input's line", l)
	}
	if _, open := <-lines; open {
		t.Error("the lines did not end with both inputs")
	}
}
