package server

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"tabula/engine"
	"tabula/internal/compute"
	_ "tabula/messages" // the words of its codes
)

// httpError is an error with the status to answer it with: Err, a coded
// error (engine.Error), says what for people. Handlers return errors;
// writeError is the one place that turns them into responses.
type httpError struct {
	Status int
	Err    error
}

func (e *httpError) Error() string { return e.Err.Error() }
func (e *httpError) Unwrap() error { return e.Err }

// retryLater is an error (a 429 or 503) that says when to try again.
type retryLater struct {
	err   error
	after time.Duration
}

func (e *retryLater) Error() string { return e.err.Error() }
func (e *retryLater) Unwrap() error { return e.err }

// retryIn is err with a Retry-After of after (rounded up to seconds).
func retryIn(after time.Duration, err error) error { return &retryLater{err, after} }

// badRequest is a 400 with the message key (package messages) and its
// arguments as name, value pairs.
func badRequest(key string, args ...any) error {
	return &httpError{statusBadRequest, engine.NewError(key, args...)}
}

// badRequestErr is a 400 that says err, a coded error of another package.
func badRequestErr(err error) error { return &httpError{statusBadRequest, err} }

func notFound(key string, args ...any) error {
	return &httpError{statusNotFound, engine.NewError(key, args...)}
}

func notFoundErr(err error) error { return &httpError{statusNotFound, err} }

// errorBody is the JSON of every error response: the message in the
// request's language, and its code.
type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// writeError answers err as JSON {"error": "...", "code": "..."}: its own
// status for an httpError, 503 for a busy compute pool, 413 for a large
// body, 500 (logged, message hidden) for anything else. The message is
// worded in the request's language (Accept-Language).
func (s *Server) writeError(w response, r *request, err error) {
	status, msg := statusInternalServerError, engine.NewError("server.internal")
	var he *httpError
	switch {
	case errors.As(err, &he):
		status = he.Status
		if c, ok := engine.Coded(he.Err); ok {
			msg = c
		} else {
			// an error that reaches a person without a code: a
			// defect, which the tests catch (uncodedErrors)
			uncoded(r, he.Err)
			msg = engine.NewError("server.uncoded", "err", he.Err.Error())
		}
	case errors.Is(err, compute.ErrBusy):
		status, msg = statusServiceUnavailable, engine.NewError("server.busy", "err", err)
	case errors.Is(err, context.DeadlineExceeded) && r.Context().Err() != nil:
		// The request's budget ran out (storing a room, say): the
		// server is slow now, not broken.
		status, msg = statusServiceUnavailable, engine.NewError("server.slow")
	case bodyTooLarge(err):
		status, msg = statusRequestEntityTooLarge, engine.NewError("server.body_large", "max", maxBody)
	default:
		s.cfg.Log.Error("request failed", "method", r.Method, "path", r.Path, "err", err)
	}
	if status == statusTooManyRequests || status == statusServiceUnavailable {
		after := retryAfter
		var rl *retryLater
		if errors.As(err, &rl) {
			after = max(time.Second, rl.after.Round(time.Second))
		}
		w.SetHeader("Retry-After", strconv.Itoa(int(after/time.Second)))
	}
	s.metrics.Refused(msg.Code, "http")
	writeJSON(w, status, bodyOf(r, msg))
}

// bodyOf is the response body of e, in r's language.
func bodyOf(r *request, e *engine.Error) errorBody { return errorBody{e.In(langOf(r)), e.Code} }

// uncoded is called with an error that reached a person without a code;
// tests set it to fail.
var uncoded = func(r *request, err error) {}

// inLang is a coded error worded in a language of its own: a refusal sent
// over a room's WebSocket in the page's language.
type inLang struct {
	err  error
	lang string
}

func (e inLang) Error() string { return engine.InLang(e.err, e.lang) }
func (e inLang) Unwrap() error { return e.err }

// langOf is the language the request asks for first (Accept-Language: the
// app sends its own), "en" when it asks for none we have.
func langOf(r *request) string {
	first, _, _ := strings.Cut(r.Lang, ",")
	first, _, _ = strings.Cut(strings.TrimSpace(first), ";")
	first, _, _ = strings.Cut(strings.ToLower(first), "-")
	for _, l := range engine.Languages {
		if first == l {
			return l
		}
	}
	return engine.Languages[0]
}

func writeJSON(w response, status int, v any) {
	w.SetHeader("Content-Type", "application/json; charset=utf-8")
	w.SetHeader("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
