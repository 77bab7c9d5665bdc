//go:build js

package metrics

import "time"

// The engine in the browser counts nothing: nobody scrapes it.

// Events count nothing in the browser.
type Events struct{}

// NewEvents returns nil: nothing to count.
func NewEvents() *Events { return nil }

// Moved counts a move (none in the browser).
func (*Events) Moved(byPerson bool, took time.Duration) {}

// Committed observes a commit (none in the browser).
func (*Events) Committed(took time.Duration) {}

// TookOver counts taken-over rooms (none in the browser).
func (*Events) TookOver(n int) {}

// Refused counts a refusal (none in the browser).
func (*Events) Refused(code, channel string) {}
