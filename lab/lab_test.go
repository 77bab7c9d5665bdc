package lab

import (
	"errors"
	"strings"
	"testing"
)

// A measurement run by Run prints its lines, stops at Fatal and says it
// failed, returns a Skip's reason, and runs its cleanups either way.
func TestRunStopsReportsAndCleansUp(t *testing.T) {
	noDir := func() (string, error) { return "", errors.New("no directory here") }
	var out strings.Builder
	cleaned, after := 0, false
	err := Run(&out, noDir, func(tb TB) {
		tb.Cleanup(func() { cleaned++ })
		tb.Logf("line %d", 1)
		tb.Fatalf("broke at %d", 2)
		after = true
	})
	if !errors.Is(err, ErrFailed) || after || cleaned != 1 || out.String() != "line 1\nbroke at 2\n" {
		t.Errorf("Fatal: err %v, went on %v, cleanups %d, output %q", err, after, cleaned, out.String())
	}
	err = Run(&out, noDir, func(tb TB) {
		tb.Cleanup(func() { cleaned++ })
		tb.Skip("give --match A,B")
	})
	if err == nil || err.Error() != "give --match A,B" || errors.Is(err, ErrFailed) || cleaned != 2 {
		t.Errorf("Skip: err %v, cleanups %d", err, cleaned)
	}
	if err := Run(&out, noDir, func(tb TB) { tb.Errorf("one bad figure") }); !errors.Is(err, ErrFailed) {
		t.Errorf("Errorf: err %v, want ErrFailed", err)
	}
	if err := Run(&out, noDir, func(tb TB) { tb.Log("fine") }); err != nil {
		t.Errorf("a run that reports only: err %v", err)
	}
}
