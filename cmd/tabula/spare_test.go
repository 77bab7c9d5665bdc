package main

import (
	"runtime"
	"testing"
)

// The server runs one goroutine more than its searches can hold, so that
// a move's goroutines find a processor while every worker searches;
// GOMAXPROCS set in the environment is left as it is.
func TestServeKeepsASpareProcessor(t *testing.T) {
	prev := runtime.GOMAXPROCS(2)
	defer runtime.GOMAXPROCS(prev)
	t.Setenv("GOMAXPROCS", "")
	if n := spareProcessor(2); n != 3 {
		t.Errorf("2 workers on 2 processors: %d processors, want 3", n)
	}
	runtime.GOMAXPROCS(2)
	if n := spareProcessor(1); n != 2 {
		t.Errorf("1 worker on 2 processors: %d processors, want 2", n)
	}
	t.Setenv("GOMAXPROCS", "2")
	if n := spareProcessor(2); n != 2 {
		t.Errorf("GOMAXPROCS=2 in the environment: %d processors, want 2", n)
	}
}
