// Package failover holds the tests of several `tabula serve` processes on
// one PostgreSQL database: whole games played through different
// instances, a spectator on another, and an instance killed (SIGKILL)
// while it holds a computer move's lease. It has no code of its own.
package failover
