// Package procs ties a child process's life to its parent's: a test
// binary or a loadtest killed mid-run (kill -9, a timeout, SIGPIPE into
// `| head`) leaves no server, nginx or PostgreSQL behind, holding a port,
// a core and a temporary directory.
package procs

import "os/exec"

// DieWithParent has the kernel send sig to cmd's process when its parent
// dies, however it dies (on Linux; elsewhere it does nothing). Call it
// before cmd.Start; it keeps cmd's other process attributes. The signal
// follows the thread that started the child, and Go does not end its
// threads while the process lives.
func DieWithParent(cmd *exec.Cmd, sig Signal) { dieWithParent(cmd, sig) }
