package rooms

// Logger is where rooms and the server write what happened: a
// *slog.Logger on a server; the engine in the browser, which has no one
// to read it, gives one that drops everything (log_browser.go), so that
// log/slog is not in its download.
type Logger interface {
	Info(msg string, args ...any)
	Warn(msg string, args ...any)
	Error(msg string, args ...any)
}

// DefaultLog is the Logger of a Config that gives none.
func DefaultLog() Logger { return defaultLog() }

// Discard is a Logger that drops everything.
type Discard struct{}

func (Discard) Info(string, ...any)  {}
func (Discard) Warn(string, ...any)  {}
func (Discard) Error(string, ...any) {}
