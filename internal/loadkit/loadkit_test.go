package loadkit

import (
	"os"
	"testing"
)

func TestLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "127.0.0.1": true, "127.8.9.10": true, "::1": true,
		"10.0.0.1": false, "192.168.1.1": false, "example.com": false, "": false, "0.0.0.0": false,
	} {
		if got := LoopbackHost(host); got != want {
			t.Errorf("LoopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestProcStatusKB(t *testing.T) {
	kb, err := ProcStatusKB(os.Getpid(), "VmRSS")
	if err != nil {
		t.Skip(err) // no /proc here
	}
	if kb <= 0 {
		t.Errorf("this process's VmRSS is %d KiB, want more than 0", kb)
	}
	if _, err := ProcStatusKB(os.Getpid(), "NoSuchField"); err == nil {
		t.Error("a missing field gave no error")
	}
}
