package procs

import (
	"os/exec"
	"syscall"
)

// Signal is the signal a child gets when its parent dies.
type Signal = syscall.Signal

func dieWithParent(cmd *exec.Cmd, sig Signal) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = sig
}
