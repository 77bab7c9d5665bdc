//go:build !js

package server

import (
	"encoding/json"

	"tabula/engine"
)

// ProxyTooMany is the body a reverse proxy in front of the instances
// answers with its own 429 (deploy/nginx.conf, when a limit per address
// is hit), in lang: an error like the instances' own, {"error", "code"},
// with the words of the one catalogue. The deployment's tests compare
// nginx's configuration with it.
func ProxyTooMany(lang string) string {
	e := engine.NewError("server.too_many")
	b, _ := json.Marshal(errorBody{e.In(lang), e.Code})
	return string(b)
}
