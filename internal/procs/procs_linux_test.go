package procs

import (
	"os/exec"
	"syscall"
	"testing"
)

// DieWithParent sets the parent-death signal and keeps what the caller
// set before (a process group, a user to run as).
func TestDieWithParentKeepsTheOtherAttributes(t *testing.T) {
	cmd := exec.Command("true")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	DieWithParent(cmd, syscall.SIGQUIT)
	if a := cmd.SysProcAttr; !a.Setpgid || a.Pdeathsig != syscall.SIGQUIT {
		t.Errorf("attributes %+v, want Setpgid and Pdeathsig SIGQUIT", a)
	}
	bare := exec.Command("true")
	DieWithParent(bare, syscall.SIGKILL)
	if bare.SysProcAttr == nil || bare.SysProcAttr.Pdeathsig != syscall.SIGKILL {
		t.Errorf("a command without attributes gets %+v, want Pdeathsig SIGKILL", bare.SysProcAttr)
	}
	if err := bare.Run(); err != nil {
		t.Errorf("the command does not run with the signal set: %v", err)
	}
}
