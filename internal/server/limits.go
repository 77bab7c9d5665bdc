package server

import (
	"context"
	"time"

	"tabula/engine"
	"tabula/internal/policy"
)

// The limits that keep every request cheap. They are the server's, not the
// games': the game packages accept wider values for research with the
// command line.
const (
	// MaxTurns bounds the turns of a record sent to the server (to
	// replay, analyse or go on with in a room), far above any real game (a two-player Tamman game has a few
	// hundred turns, an Agsinnoninka match of 50 rounds a few thousand).
	MaxTurns = 20000
	// MaxStatesPage is the most states one GET .../states answer holds.
	MaxStatesPage = 1000
	// DefaultRequestTimeout is the time budget of an API request: a
	// computer player searches at most until then, and a request waiting
	// for a free core gets 503 when it passes.
	DefaultRequestTimeout = 30 * time.Second
	// DefaultMaxConns is the most live connections a server holds at once
	// by default: each is an open file, and a process may commonly hold
	// 20,000 or more (ulimit -n), with room left for the database and
	// for requests.
	DefaultMaxConns = 10000
	// DefaultHTTPConns is the most TCP connections a server holds at
	// once by default: the live connections (DefaultMaxConns) and a
	// thousand for requests. With the database's files and the logs, it
	// assumes an open-files limit (ulimit -n) of 12,000 or more.
	DefaultHTTPConns = DefaultMaxConns + 1000
	// DefaultHTTPConnsPerIP is the most TCP connections one address holds
	// by default: a browser opens six and a live connection per tab, so a
	// dozen people behind one address (a classroom behind NAT, more with
	// a trusted proxy, which is not capped).
	DefaultHTTPConnsPerIP = 128
	// DefaultHeavyPerMinute is how many heavy requests (analyses, graphs,
	// replays of long records) one address may make a minute by default:
	// one a second for a person stepping through a game, and a loop of
	// graphs (up to 8 s of a core each) held to its fair share anyway.
	DefaultHeavyPerMinute = 60
	// retryAfter is the Retry-After of a 429 or 503 that knows no better.
	retryAfter = 5 * time.Second
)

// checkTurns refuses a record longer than MaxTurns.
func checkTurns(n int) error {
	if n > MaxTurns {
		return badRequest("server.record_long", "n", n, "max", MaxTurns)
	}
	return nil
}

// parseOptions parses the settings of g within the server's bounds
// (policy.ParseOptions).
func parseOptions(g engine.Game, sets []string) (engine.Options, error) {
	opts, err := policy.ParseOptions(g, sets)
	if err != nil {
		return opts, badRequestErr(err)
	}
	return opts, nil
}

// budgetSpent reports whether a request's budget is spent. It reads the
// deadline as well as the cancellation: the timer that cancels the
// context may run late on a loaded machine, and work past the deadline
// is work nobody waits for.
func budgetSpent(ctx context.Context) bool {
	if ctx.Err() != nil {
		return true
	}
	d, ok := ctx.Deadline()
	return ok && !time.Now().Before(d)
}
