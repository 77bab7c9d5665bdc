//go:build !js

package server

// serverRoutes adds what a server offers and the engine in the browser
// (cmd/tabula-wasm, built with GOOS=js) leaves out to stay small: the
// Research page's studies, the invite links' QR codes and the debug
// profiles.
func (s *Server) serverRoutes() {
	s.route("GET /api/qr", s.getQR)
	s.route("POST /api/research", s.postStudy)
	s.route("GET /api/research", s.listStudies)
	s.route("GET /api/research/{id}", s.getStudy)
	s.route("DELETE /api/research/{id}", s.cancelStudy)
	s.route("GET /api/research/{id}/report", s.getStudyReport)
	s.route("GET /api/debug/stats", s.getStats)
	s.route("GET /api/debug/pprof/{name...}", s.getProfile)
	s.lobbyRoutes()
}
