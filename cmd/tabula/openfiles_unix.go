//go:build unix

package main

import "syscall"

// openFiles is the process's limit of open files (0 if unknown).
func openFiles() int {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0
	}
	return int(min(rl.Cur, 1<<30))
}
