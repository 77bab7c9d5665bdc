package research

import (
	"encoding/json"
	"math"
	"strconv"
)

// appendResult appends r's JSON line (without its newline) to dst, the
// bytes json.Marshal gives, without reflection or allocation: games.jsonl
// gets a line a game, which by reflection cost as much as a random game.
// A result that is not plain (an evaluation, a float that is not finite, a
// stall's name that JSON escapes) goes through json.Marshal.
func appendResult(dst []byte, r Result) ([]byte, error) { return appendResultIn(dst, r, nil) }

// appendResultIn is appendResult with the text of fractions kept in fc
// (nil keeps none).
func appendResultIn(dst []byte, r Result, fc *floatTexts) ([]byte, error) {
	if r.Eval != nil || !plainString(r.Stall) || !finite(r.Secure) || !finite(r.Margin) || !allFinite(r.Lead) {
		line, err := json.Marshal(r)
		return append(dst, line...), err
	}
	b := append(dst, `{"r":`...)
	b = appendInt(b, int64(r.Reading))
	b = append(b, `,"g":`...)
	b = appendInt(b, int64(r.Game))
	if r.Skill {
		b = append(b, `,"skill":true`...)
	}
	b = append(b, `,"w":`...)
	b = appendInt(b, int64(r.Winner))
	b = append(b, `,"a":`...)
	b = appendInt(b, int64(r.Agent))
	if r.Stall != "" {
		b = append(b, `,"stall":"`...)
		b = append(b, r.Stall...)
		b = append(b, '"')
	}
	b = append(b, `,"plies":`...)
	b = appendInt(b, int64(r.Plies))
	b = append(b, `,"turns":`...)
	b = appendInt(b, int64(r.Turns))
	if r.Rounds != 0 {
		b = append(b, `,"rounds":`...)
		b = appendInt(b, int64(r.Rounds))
	}
	b = append(b, `,"dec":`...)
	b = appendInt(b, int64(r.Decisions))
	b = append(b, `,"choices":`...)
	b = appendInt(b, int64(r.Choices))
	b = append(b, `,"options":`...)
	b = appendInt(b, int64(r.Options))
	b = append(b, `,"leadChanges":`...)
	b = appendInt(b, int64(r.LeadChanges))
	if r.Trailed {
		b = append(b, `,"trailed":true`...)
	}
	b = append(b, `,"secure":`...)
	b = fc.append(b, r.Secure)
	b = append(b, `,"margin":`...)
	b = fc.append(b, r.Margin)
	if len(r.Lead) > 0 {
		b = append(b, `,"lead":[`...)
		for i, v := range r.Lead {
			if i > 0 {
				b = append(b, ',')
			}
			b = fc.append(b, v)
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// appendFloat formats a finite f as encoding/json does (ES6 number to
// string: no exponent between 1e-6 and 1e21, and none padded).
func appendFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	if f == math.Trunc(f) && abs < 1<<53 && (f != 0 || !math.Signbit(f)) {
		// A whole number (a lead in steps or seeds) has its digits
		// exactly, without the search for the shortest.
		return appendInt(b, int64(f))
	}
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		b = strconv.AppendFloat(b, f, 'e', -1, 64)
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
		return b
	}
	return strconv.AppendFloat(b, f, 'f', -1, 64)
}

// floatTexts keeps the text appendFloat gave of the last fractions seen,
// by their bits (a table of floatSlots, each value in one slot): a run's
// lines repeat a few thousand fractions (a game's secure share is turns
// over turns), and a look-up costs a tenth of the shortest digits' search.
type floatTexts struct {
	bits [floatSlots]uint64 // 0: empty (zero is whole, never kept)
	n    [floatSlots]uint8
	text [floatSlots][floatText]byte
}

const (
	floatSlots = 4096
	floatText  = 24 // the longest text kept (a float's shortest is at most 24 bytes)
)

// append appends appendFloat's text of f; on a nil fc it is appendFloat.
func (fc *floatTexts) append(b []byte, f float64) []byte {
	if fc == nil {
		return appendFloat(b, f)
	}
	// A small whole number (a lead in steps or seeds) as appendFloat writes
	// it, tested without a call: f converts to an int64 and back unchanged.
	if i := int64(f); float64(i) == f && i > -1000 && i < 1000 && (i != 0 || !math.Signbit(f)) {
		return appendInt(b, i)
	}
	if f == math.Trunc(f) {
		return appendFloat(b, f)
	}
	x := math.Float64bits(f)
	i := (x * 0x9e3779b97f4a7c15) >> 52 // 12 bits: floatSlots
	if fc.bits[i] == x {
		return append(b, fc.text[i][:fc.n[i]]...)
	}
	n := len(b)
	b = appendFloat(b, f)
	if t := b[n:]; len(t) <= floatText {
		fc.bits[i], fc.n[i] = x, uint8(copy(fc.text[i][:], t))
	}
	return b
}

// appendInt appends v in decimal as strconv.AppendInt does, a number
// below 1,000 in size without its call (most of a result line's).
func appendInt(b []byte, v int64) []byte {
	if v < 0 && v > -1000 {
		b = append(b, '-')
		v = -v
	}
	switch {
	case v < 0 || v >= 1000:
		return strconv.AppendInt(b, v, 10)
	case v < 10:
		return append(b, byte('0'+v))
	case v < 100:
		return append(b, byte('0'+v/10), byte('0'+v%10))
	}
	return append(b, byte('0'+v/100), byte('0'+v/10%10), byte('0'+v%10))
}

func finite(f float64) bool { return !math.IsInf(f, 0) && !math.IsNaN(f) }

func allFinite(fs []float64) bool {
	for _, f := range fs {
		if !finite(f) {
			return false
		}
	}
	return true
}

// plainString reports whether JSON writes s as it is between quotes
// (encoding/json escapes controls, quotes, backslashes, <, > and &, and
// checks UTF-8).
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x80 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}
