//go:build !js

package store

import (
	"strconv"
	"strings"
	"time"
)

// A process alone on its database need not notify its steps: nobody
// listens. Notifying cost a lone server about a twentieth of its
// processor time (a transaction for every batch of steps, and each
// notification delivered back to its own listener). A process is alone
// while no other holder's row of presence is alive (RefreshPresence
// reads that at every poll) and it has heard no other process on
// Channel for a lifetime of presence. A process says "hello ORIGIN"
// when its listener connects, and "here ORIGIN" when it refreshes its
// presence and when it hears a hello. One that was alone and hears
// another sends again, as "ROOM VERSION", the steps it kept to itself in
// the last seconds, which the newcomer may have loaded before (its own
// poll after connecting covers anything older). A Postgres that never
// refreshes presence always notifies.

const (
	helloPrefix = "hello "
	herePrefix  = "here "
)

// skipKept is how long a process alone remembers the steps it did not
// notify, to send them when another process appears.
const skipKept = 10 * time.Second

// alone is the notifier's knowledge of other processes.
type alone struct {
	until   time.Time      // alone until then (zero: not alone)
	heard   time.Time      // when another process was last heard
	skipped map[string]int // rooms not notified since rotated, and their versions
	older   map[string]int // those of the period before
	rotated time.Time
}

// skip reports whether the step that took room to version need not be
// notified, and keeps it if so.
func (a *alone) skip(room string, version int) bool {
	now := time.Now()
	if !now.Before(a.until) {
		return false
	}
	if a.skipped == nil || now.Sub(a.rotated) > skipKept {
		a.older, a.skipped, a.rotated = a.skipped, map[string]int{}, now
	}
	a.skipped[room] = version
	return true
}

// refreshed takes what a refresh of presence that started at start
// found: whether another holder's row is alive. The process is then
// alone for ttl, unless it heard another since ttl before start.
func (a *alone) refreshed(start time.Time, others bool, ttl time.Duration) {
	if others || start.Sub(a.heard) < ttl {
		a.until = time.Time{}
		return
	}
	a.until = time.Now().Add(ttl)
}

// hear notes that another process spoke, and returns the payloads of
// the steps not notified while alone.
func (a *alone) hear() []string {
	a.heard, a.until = time.Now(), time.Time{}
	var out []string
	for _, m := range []map[string]int{a.older, a.skipped} {
		for room, v := range m {
			out = append(out, room+" "+strconv.Itoa(v))
		}
	}
	a.older, a.skipped = nil, nil
	return out
}

// heardFrom handles a payload of the form "hello ORIGIN" or "here
// ORIGIN" (ok), from another process or this one: another's means this
// one is not alone, and a hello is answered.
func (n *notifier) heardFrom(payload string) (ok bool) {
	origin, hello := strings.CutPrefix(payload, helloPrefix)
	if !hello {
		if origin, ok = strings.CutPrefix(payload, herePrefix); !ok {
			return false
		}
	}
	if len(origin) != originLen || strings.ContainsRune(origin, ' ') {
		return false
	}
	if origin == n.origin {
		return true
	}
	n.mu.Lock()
	missed := n.alone.hear()
	n.mu.Unlock()
	if hello {
		missed = append(missed, herePrefix+n.origin)
	}
	if len(missed) > 0 {
		n.queue(missed...)
	}
	return true
}

// refreshed takes what a refresh of presence found (alone.refreshed).
func (n *notifier) refreshed(start time.Time, others bool, ttl time.Duration) {
	n.mu.Lock()
	n.alone.refreshed(start, others, ttl)
	n.mu.Unlock()
}
