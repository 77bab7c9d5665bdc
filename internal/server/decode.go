package server

import (
	"bytes"
	"errors"
	"os"

	"tabula/engine"
	"tabula/internal/wire"
)

// decode reads one JSON value from the body into v by the one strict
// decoder of outside JSON (wire.DecodeStrict, as WebSocket messages are). A body that does not
// arrive within the server's read timeout gets 408.
func decode(r *request, v any) error {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(r.Body); err != nil {
		var ne interface{ Timeout() bool } // a net.Error
		switch {
		case bodyTooLarge(err):
			return err
		case errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
			return &httpError{statusRequestTimeout, engine.NewError("server.body_slow")}
		}
		return badRequest("server.body_read", "err", err)
	}
	data := buf.Bytes()
	if len(bytes.TrimSpace(data)) == 0 {
		return badRequest("server.body_empty")
	}
	if err := wire.DecodeStrict(data, v); err != nil {
		return badRequestErr(err)
	}
	return nil
}
