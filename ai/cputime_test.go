package ai

import "tabula/lab"

// cpuTime is the CPU time the process has used, for rates that do not
// depend on how many other programs share the machine.
var cpuTime = lab.CPUTime
