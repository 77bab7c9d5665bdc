//go:build unix

package lab

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time the process has used, for times that do not
// depend on how many other programs share the machine.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
