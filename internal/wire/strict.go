package wire

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"tabula/engine"
)

// DecodeStrict reads data, one JSON value, into v: the one decoder of
// outside JSON, for HTTP bodies and WebSocket messages alike. Beyond
// encoding/json it refuses what that would silently repair or guess:
// bytes that are not UTF-8 and lone surrogate escapes (both would become
// U+FFFD), a key given twice in one object (the last would win), a key
// that names a field in another case ("Token" would be read as "token"),
// unknown fields and trailing data. Every refusal is a coded error.
func DecodeStrict(data []byte, v any) error {
	if !utf8.Valid(data) {
		return engine.NewError("server.json_utf8")
	}
	if at, ok := loneSurrogate(data); ok {
		return engine.NewError("server.json_surrogate", "at", at)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber() // {"max-steps": 10000000} is a whole number, not 1e+07
	if err := dec.Decode(v); err != nil {
		return engine.NewError("server.json", "err", err)
	}
	if dec.More() {
		return engine.NewError("server.json_more")
	}
	keys := json.NewDecoder(bytes.NewReader(data))
	keys.UseNumber()
	return checkKeys(keys, reflect.TypeOf(v))
}

// loneSurrogate finds a \u escape of a UTF-16 surrogate that is not one
// half of a pair, giving its byte offset. Backslashes only occur inside
// strings of valid JSON, so a scan from escape to escape suffices.
func loneSurrogate(data []byte) (int, bool) {
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' || i+1 >= len(data) {
			continue
		}
		i++ // the escaped byte: a second backslash is not an escape
		if data[i] != 'u' {
			continue
		}
		r, ok := hex4(data, i+1)
		if !ok {
			continue // malformed: encoding/json says so
		}
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return i - 1, true
		case r >= 0xD800 && r <= 0xDBFF:
			if i+6 < len(data) && data[i+5] == '\\' && data[i+6] == 'u' {
				if lo, ok := hex4(data, i+7); ok && lo >= 0xDC00 && lo <= 0xDFFF {
					i += 10 // the pair, whole
					continue
				}
			}
			return i - 1, true
		}
		i += 4
	}
	return 0, false
}

func hex4(data []byte, at int) (rune, bool) {
	if at+4 > len(data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(data[at:at+4]), 16, 32)
	return rune(n), err == nil
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
var jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()

// checkKeys walks the next value of dec along the Go type t it was
// decoded into (nil where the type says nothing about keys: any, a type
// with its own decoding), refusing a key seen twice in one object
// (without case, as encoding/json matches fields) and a struct field's
// key spelled in another case.
func checkKeys(dec *json.Decoder, t reflect.Type) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t != nil && (reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler)) {
		t = nil
	}
	tok, err := dec.Token()
	if err != nil {
		return engine.NewError("server.json", "err", err)
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return nil // a scalar
	}
	if delim == '[' {
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for dec.More() {
			if err := checkKeys(dec, elem); err != nil {
				return err
			}
		}
		_, err := dec.Token()
		return err
	}
	var fields map[string]reflect.Type
	if t != nil && t.Kind() == reflect.Struct {
		fields = jsonFields(t)
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return engine.NewError("server.json", "err", err)
		}
		key, _ := tok.(string)
		low := strings.ToLower(key)
		if seen[low] {
			return engine.NewError("server.json_twice", "key", strconv.Quote(key))
		}
		seen[low] = true
		var sub reflect.Type
		switch {
		case fields != nil:
			ft, ok := fields[key]
			if !ok {
				for name := range fields {
					if strings.EqualFold(name, key) {
						return engine.NewError("server.json_case", "key", strconv.Quote(key), "want", strconv.Quote(name))
					}
				}
			}
			sub = ft
		case t != nil && t.Kind() == reflect.Map:
			sub = t.Elem()
		}
		if err := checkKeys(dec, sub); err != nil {
			return err
		}
	}
	_, err = dec.Token()
	return err
}

// jsonFields maps the keys of struct t, as encoding/json names them, to
// their types (the fields of embedded structs included).
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() && !f.Anonymous {
			continue
		}
		ft := f.Type
		if f.Anonymous && name == "" {
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					if _, ok := out[k]; !ok {
						out[k] = v
					}
				}
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}
