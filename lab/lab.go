// Package lab runs the measurement programs of the computer players
// (`tabula lab NAME`): long runs whose figures docs/lab reports, kept out
// of the tests so that a maintainer finds them as commands. A measurement
// is a function of a TB, which a test can drive too.
package lab

import (
	"errors"
	"fmt"
	"io"
	"sync"
)

// TB is what a measurement reports to: testing.TB's methods that the
// measurements use.
type TB interface {
	Helper()
	Log(args ...any)
	Logf(format string, args ...any)
	Error(args ...any)
	Errorf(format string, args ...any)
	Fatal(args ...any)
	Fatalf(format string, args ...any)
	Skip(args ...any)
	Cleanup(func())
	TempDir() string
}

// stop ends a run from inside it (Fatal, Skip), as testing's Goexit does.
type stop struct{ skipped bool }

// runner is the TB of a command: its lines go to w, one a line, with no
// prefix (the logs that other measurements read match their lines
// anywhere).
type runner struct {
	mu       sync.Mutex
	w        io.Writer
	failed   bool
	skip     string
	cleanups []func()
	dirs     []string
	tempDir  func() (string, error)
}

func (r *runner) Helper() {}

func (r *runner) Log(args ...any) { r.line(fmt.Sprintln(args...)) }

func (r *runner) Logf(format string, args ...any) { r.line(fmt.Sprintf(format, args...) + "\n") }

func (r *runner) line(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	io.WriteString(r.w, s)
}

func (r *runner) Error(args ...any) { r.fail(); r.Log(args...) }

func (r *runner) Errorf(format string, args ...any) { r.fail(); r.Logf(format, args...) }

func (r *runner) Fatal(args ...any) { r.Error(args...); panic(stop{}) }

func (r *runner) Fatalf(format string, args ...any) { r.Errorf(format, args...); panic(stop{}) }

func (r *runner) Skip(args ...any) {
	r.mu.Lock()
	r.skip = fmt.Sprint(args...)
	r.mu.Unlock()
	panic(stop{skipped: true})
}

func (r *runner) Cleanup(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cleanups = append(r.cleanups, f)
}

func (r *runner) TempDir() string {
	dir, err := r.tempDir()
	if err != nil {
		r.Fatalf("a temporary directory: %v", err)
	}
	return dir
}

func (r *runner) fail() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = true
}

// ErrFailed is the error of a measurement that reported a failure.
var ErrFailed = errors.New("the measurement failed (see its output)")

// Run runs the measurement f, its lines to w; tempDir makes its
// temporary directories (the caller removes them). A measurement that
// skips (it was not given what it measures) returns the reason as an
// error.
func Run(w io.Writer, tempDir func() (string, error), f func(TB)) (err error) {
	r := &runner{w: w, tempDir: tempDir}
	defer func() {
		for i := len(r.cleanups) - 1; i >= 0; i-- {
			r.cleanups[i]()
		}
	}()
	defer func() {
		if p := recover(); p != nil {
			s, ok := p.(stop)
			if !ok {
				panic(p)
			}
			if s.skipped {
				err = errors.New(r.skip)
			}
		}
		if err == nil && r.failed {
			err = ErrFailed
		}
	}()
	f(r)
	return nil
}
