//go:build js

package server

// serverRoutes: the engine in the browser answers no study, QR code,
// profile or PDF to print (routes_server.go); those requests get the API's
// 404.
func (s *Server) serverRoutes() {}

// lab is the Research page's studies, which only a server runs.
type lab struct{}

func (lab) close() {}
