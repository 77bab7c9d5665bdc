package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"

	"tabula/engine"
)

// decode reads one JSON value from the body into v, refusing unknown
// fields, a key given twice in one object (which would silently keep the
// last) and trailing data. A body that does not arrive within the
// server's read timeout gets 408.
func decode(r *http.Request, v any) error {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(r.Body); err != nil {
		var mbe *http.MaxBytesError
		var ne net.Error
		switch {
		case errors.As(err, &mbe):
			return err
		case errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
			return &httpError{http.StatusRequestTimeout, engine.NewError("server.body_slow")}
		}
		return badRequest("server.body_read", "err", err)
	}
	data := buf.Bytes()
	if len(bytes.TrimSpace(data)) == 0 {
		return badRequest("server.body_empty")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber() // {"max-steps": 10000000} is a whole number, not 1e+07
	if err := dec.Decode(v); err != nil {
		return badRequest("server.json", "err", err)
	}
	if dec.More() {
		return badRequest("server.json_more")
	}
	if key, ok := duplicateKey(data); ok {
		return badRequest("server.json_twice", "key", strconv.Quote(key))
	}
	return nil
}

// duplicateKey returns a key that appears twice in one object of the
// first JSON value of data (compared as encoding/json matches fields,
// without case); false if none does or data is not JSON.
func duplicateKey(data []byte) (string, bool) {
	type frame struct {
		keys    map[string]bool // nil for an array
		wantKey bool
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		top := (*frame)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' || t == '[' {
				f := &frame{}
				if t == '{' {
					f.keys, f.wantKey = map[string]bool{}, true
				}
				stack = append(stack, f)
				continue
			}
			stack = stack[:len(stack)-1] // a value ended: the object or array
			top = nil
			if len(stack) > 0 {
				top = stack[len(stack)-1]
			}
		case string:
			if top != nil && top.keys != nil && top.wantKey {
				k := strings.ToLower(t)
				if top.keys[k] {
					return t, true
				}
				top.keys[k], top.wantKey = true, false
				continue
			}
		}
		if top == nil {
			return "", false // the first value is whole
		}
		if top.keys != nil {
			top.wantKey = true
		}
	}
}
