//go:build js

package server

// serverRoutes: the engine in the browser answers no study, QR code or
// profile (routes_server.go); those requests get the API's 404.
func (s *Server) serverRoutes() {}

// lab is the Research page's studies, which only a server runs.
type lab struct{}

func (lab) close() {}

// lobbyState is the lobby's, which only a server runs (lobby.go).
type lobbyState struct{}
