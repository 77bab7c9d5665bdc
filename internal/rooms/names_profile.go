//go:build !js

package rooms

import "golang.org/x/text/secure/precis"

// nickname applies the PRECIS Nickname profile (RFC 8266).
func nickname(name string) (string, error) { return precis.Nickname.String(name) }
