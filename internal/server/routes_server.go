//go:build !js

package server

// serverRoutes adds what a server offers and the engine in the browser
// (cmd/tabula-wasm, built with GOOS=js) leaves out to stay small: the
// rooms' WebSockets (the browser plays its rooms over a message port,
// Live), the app's static files, the Research page's studies, the invite
// links' QR codes, the debug profiles and the PDFs to print (print.go).
func (s *Server) serverRoutes() {
	s.httpRoute("GET /api/rooms/{id}/ws", s.roomSocket)
	if s.cfg.Static != nil {
		s.httpRoute("/", s.staticHandler(s.cfg.Static))
	}
	s.httpRoute("GET /api/qr", s.getQR)
	s.classRoutes()
	s.httpRoute("GET /api/games/{id}/print.pdf", s.getPrint)
	s.route("POST /api/research", s.postStudy)
	s.route("GET /api/research", s.listStudies)
	s.route("GET /api/research/{id}", s.getStudy)
	s.route("DELETE /api/research/{id}", s.cancelStudy)
	s.route("GET /api/research/{id}/report", s.getStudyReport)
	s.httpRoute("GET /api/debug/stats", s.getStats)
	s.httpRoute("GET /api/debug/pprof/{name...}", s.getProfile)
	s.lobbyRoutes()
}
