//go:build !js

package server

import (
	"net/http"
	"net/url"

	qrcode "github.com/skip2/go-qrcode"
)

// getQR answers GET /api/qr?text=...: a PNG QR code of a short text (an
// invite link), so a phone can join from a screen.
func (s *Server) getQR(w http.ResponseWriter, r *http.Request) error {
	text := r.URL.Query().Get("text")
	if text == "" || len(text) > 512 {
		return badRequest("server.qr_text")
	}
	// Only links to this server: the page asks for its own invite links,
	// and nobody else gets a free QR code service.
	if u, err := url.Parse(text); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host != r.Host {
		return badRequest("server.qr_link", "host", r.Host)
	}
	png, err := qrcode.Encode(text, qrcode.Medium, 256)
	if err != nil {
		return badRequest("server.qr", "err", err)
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	_, err = w.Write(png)
	return err
}
