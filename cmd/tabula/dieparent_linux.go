package main

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel stop a load server when its loadtest dies
// however it dies (kill -9, a timeout's SIGTERM, SIGPIPE into `| head`):
// left running it would hold a port, a core and a temporary database.
// The signal follows the thread that started the child, and Go does not
// end its threads while the process lives.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
