package view

import (
	"encoding/json"
	"slices"
	"strconv"

	"tabula/engine"
)

// detailsJSON encodes a value of a state's Details: engine.Details as an
// object with its facts in order, anything else as encoding/json does.
func detailsJSON(v any) ([]byte, error) {
	return appendDetail(make([]byte, 0, 512), v)
}

// appendDetail appends the JSON of v as encoding/json writes it, by hand
// for the kinds of values games give (a state's JSON is made at every
// move a room shows), else by encoding/json.
func appendDetail(b []byte, v any) ([]byte, error) {
	var err error
	switch x := v.(type) {
	case engine.Details:
		return appendDetails(b, x)
	case []engine.Details:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, d := range x {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendDetails(b, d); err != nil {
				return b, err
			}
		}
		return append(b, ']'), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case string:
		if plain(x) {
			return appendString(b, x), nil
		}
	case []int:
		return appendList(b, x, appendInt), nil
	case []bool:
		return appendList(b, x, strconv.AppendBool), nil
	case []string:
		if allPlain(x) {
			return appendList(b, x, appendString), nil
		}
	case [][]int:
		return appendList(b, x, func(b []byte, y []int) []byte { return appendList(b, y, appendInt) }), nil
	case [][]string:
		if slices.IndexFunc(x, func(y []string) bool { return !allPlain(y) }) < 0 {
			return appendList(b, x, func(b []byte, y []string) []byte { return appendList(b, y, appendString) }), nil
		}
	}
	data, err := json.Marshal(v)
	return append(b, data...), err
}

// appendDetails appends d as an object with its facts in order.
func appendDetails(b []byte, d engine.Details) ([]byte, error) {
	if d == nil {
		return append(b, "null"...), nil
	}
	var err error
	b = append(b, '{')
	for i, x := range d {
		if i > 0 {
			b = append(b, ',')
		}
		if plain(x.Name) {
			b = appendString(b, x.Name)
		} else {
			name, _ := json.Marshal(x.Name)
			b = append(b, name...)
		}
		b = append(b, ':')
		if b, err = appendDetail(b, x.Value); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

// appendList appends a list as encoding/json does (nil is null), each
// element by add.
func appendList[T any](b []byte, xs []T, add func([]byte, T) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = add(b, x)
	}
	return append(b, ']')
}

func appendInt(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// appendString appends a plain text between quotes.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

func allPlain(xs []string) bool {
	return !slices.ContainsFunc(xs, func(s string) bool { return !plain(s) })
}

// plain reports whether s is written in JSON as it is, between quotes:
// printable ASCII that encoding/json neither escapes nor HTML-escapes.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}
