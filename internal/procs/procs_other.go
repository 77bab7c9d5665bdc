//go:build !linux

package procs

import (
	"os/exec"
	"syscall"
)

// Signal is the signal a child gets when its parent dies.
type Signal = syscall.Signal

// dieWithParent: only Linux can tie a child's life to its parent's.
func dieWithParent(*exec.Cmd, Signal) {}
