//go:build !js

package rooms

import "log/slog"

func defaultLog() Logger { return slog.Default() }
