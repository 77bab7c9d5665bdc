package server

import (
	"context"
	"io"
	"net/url"
)

// The API's handlers know nothing of net/http: they read a request and
// write a response of this file's own, so that the engine in the browser
// (cmd/tabula-wasm, built with GOOS=js) runs the very same handlers
// without net/http, which would more than double its download. A server
// makes them from its HTTP requests (server_http.go); the browser from
// its worker's messages (server_browser.go).

// request is one API request, whatever carried it.
type request struct {
	ctx    context.Context
	Method string
	Path   string
	// RawQuery is the query without its "?".
	RawQuery string
	// Lang is the request's Accept-Language, as sent.
	Lang string
	// Addr is the client's address: the per-address limits count it.
	Addr string
	// Host is the Host the request was sent to.
	Host string
	// Authorization is the request's Authorization header.
	Authorization string
	Body          io.Reader
	// param gives the path's wildcards by name.
	param func(name string) string
}

// Context is the request's context: it ends with the request's time
// budget or when the client goes away.
func (r *request) Context() context.Context { return r.ctx }

// WithContext is r with ctx.
func (r *request) WithContext(ctx context.Context) *request {
	out := *r
	out.ctx = ctx
	return &out
}

// PathValue is the path's wildcard name ({id} in "GET /api/rooms/{id}").
func (r *request) PathValue(name string) string {
	if r.param == nil {
		return ""
	}
	return r.param(name)
}

// Query is the request's query, parsed (ill-formed pairs left out).
func (r *request) Query() url.Values {
	q, _ := url.ParseQuery(r.RawQuery)
	return q
}

// response is where a handler writes its answer.
type response interface {
	// SetHeader sets a header before WriteHeader.
	SetHeader(name, value string)
	WriteHeader(status int)
	Write(body []byte) (int, error)
}

// handlerFunc is a handler that returns its error to one mapper
// (writeError).
type handlerFunc func(w response, r *request) error

// The statuses the API answers with (RFC 9110).
const (
	statusOK                    = 200
	statusCreated               = 201
	statusAccepted              = 202
	statusNoContent             = 204
	statusBadRequest            = 400
	statusUnauthorized          = 401
	statusForbidden             = 403
	statusNotFound              = 404
	statusMethodNotAllowed      = 405
	statusRequestTimeout        = 408
	statusConflict              = 409
	statusRequestEntityTooLarge = 413
	statusUnsupportedMediaType  = 415
	statusMisdirectedRequest    = 421
	statusTooManyRequests       = 429
	statusInternalServerError   = 500
	statusServiceUnavailable    = 503
)
