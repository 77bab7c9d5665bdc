//go:build js

package metrics

import "time"

// The engine in the browser counts nothing: nobody scrapes it.

// Moved counts a move (none in the browser).
func Moved(byPerson bool, took time.Duration) {}

// Committed observes a commit (none in the browser).
func Committed(took time.Duration) {}

// TookOver counts taken-over rooms (none in the browser).
func TookOver(n int) {}

// Refused counts a refusal (none in the browser).
func Refused(code, channel string) {}
