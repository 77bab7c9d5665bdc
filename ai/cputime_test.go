//go:build unix

package ai

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, for rates that do not
// depend on how many other programs share the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
