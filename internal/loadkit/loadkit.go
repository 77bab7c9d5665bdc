// Package loadkit holds what Tabula's load generators share: the check
// that traffic goes to this machine only, and the memory of a process.
package loadkit

import (
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
)

// LoopbackHost reports whether host is localhost or a loopback IP address
// (no name is looked up): the only targets a load generator may send to.
func LoopbackHost(host string) bool {
	ip := net.ParseIP(host)
	return host == "localhost" || (ip != nil && ip.IsLoopback())
}

// ProcStatusKB reads a size field of /proc/PID/status ("VmRSS", "VmHWM"),
// in KiB.
func ProcStatusKB(pid int, field string) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == field+":" {
			return strconv.ParseInt(f[1], 10, 64)
		}
	}
	return 0, fmt.Errorf("loadkit: no %s in /proc/%d/status", field, pid)
}

// Stats is what a server process holds at one moment, as its loopback
// debug endpoint (GET /api/debug/stats) tells it: what a day of play must
// give back.
type Stats struct {
	Goroutines int   `json:"goroutines"`
	OpenFiles  int   `json:"openFiles"`
	HeapBytes  int64 `json:"heapBytes"`
	RSSBytes   int64 `json:"rssBytes"`
	// Rooms is the rooms in memory: open rooms stay there an hour after
	// their last viewer left, finished ones until the next sweep.
	Rooms int `json:"rooms"`
	// LevelsLowered counts the levels the compute pool took off computer
	// players' searches under load (compute.Stats.Lowered).
	LevelsLowered uint64 `json:"levelsLowered"`
}

// OpenFiles counts the open file descriptors of process pid (sockets
// included).
func OpenFiles(pid int) (int, error) {
	ents, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	return len(ents), err
}
