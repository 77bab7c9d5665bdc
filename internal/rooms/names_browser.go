//go:build js

package rooms

import "strings"

// nickname, in the engine in the browser, is the Nickname profile's
// mapping of spaces only (trimmed, runs folded into one): its Unicode
// normalisation's tables would weigh 150 KB of the download, and a name
// typed at a device is shown only there (CleanName has refused control
// and format characters already).
func nickname(name string) (string, error) { return strings.Join(strings.Fields(name), " "), nil }
