package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"tabula/internal/compute"
)

// httpError is an error with the status to answer it with. Handlers return
// errors; writeError is the one place that turns them into responses.
type httpError struct {
	Status int
	Msg    string
}

func (e *httpError) Error() string { return e.Msg }

// retryLater is an error (a 429 or 503) that says when to try again.
type retryLater struct {
	err   error
	after time.Duration
}

func (e *retryLater) Error() string { return e.err.Error() }
func (e *retryLater) Unwrap() error { return e.err }

// retryIn is err with a Retry-After of after (rounded up to seconds).
func retryIn(after time.Duration, err error) error { return &retryLater{err, after} }

func badRequest(format string, args ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

func notFound(format string, args ...any) error {
	return &httpError{http.StatusNotFound, fmt.Sprintf(format, args...)}
}

// errorBody is the JSON of every error response.
type errorBody struct {
	Error string `json:"error"`
}

// writeError answers err as JSON {"error": "..."}: its own status for an
// httpError, 503 for a busy compute pool, 413 for a large body, 500 (logged, message hidden) for
// anything else.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	status, msg := http.StatusInternalServerError, "internal error"
	var he *httpError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &he):
		status, msg = he.Status, he.Msg
	case errors.Is(err, compute.ErrBusy):
		status, msg = http.StatusServiceUnavailable, "the computer players are busy: "+err.Error()+"; try again in a few seconds"
	case errors.Is(err, context.DeadlineExceeded) && r.Context().Err() != nil:
		// The request's budget ran out (storing a room, say): the
		// server is slow now, not broken.
		status, msg = http.StatusServiceUnavailable, "the request took longer than it may take: try again in a few seconds"
	case errors.As(err, &mbe):
		status, msg = http.StatusRequestEntityTooLarge, fmt.Sprintf("request body is larger than %d bytes", mbe.Limit)
	default:
		log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		after := retryAfter
		var rl *retryLater
		if errors.As(err, &rl) {
			after = max(time.Second, rl.after.Round(time.Second))
		}
		w.Header().Set("Retry-After", strconv.Itoa(int(after/time.Second)))
	}
	if wantsGerman(r) {
		msg = inGerman(msg)
	}
	writeJSON(w, status, errorBody{msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
