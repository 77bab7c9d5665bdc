// Package policy holds what a server accepts that the command line does
// not: the options whose values could make one move run for minutes are
// narrowed to the range the game declares fast (engine.OptionSpec.FastMin
// and FastMax). The rooms and the HTTP API both parse options here.
package policy

import (
	"slices"
	"strconv"
	"strings"

	"tabula/engine"
	_ "tabula/messages" // the words of its errors
)

// Range is the range of a number option that a server accepts: Min..Max
// narrowed to FastMin..FastMax where the game declares them.
func Range(s engine.OptionSpec) (lo, hi float64) {
	if s.FastMin == 0 && s.FastMax == 0 {
		return s.Min, s.Max
	}
	return max(s.Min, s.FastMin), min(s.Max, s.FastMax)
}

// ParseOptions is engine.ParseOptions within each option's Range: a value
// outside it is refused with both ranges named.
func ParseOptions(g engine.Game, settings []string) (engine.Options, error) {
	specs := g.Specs()
	for _, set := range settings {
		name, value, _ := strings.Cut(set, "=")
		i := slices.IndexFunc(specs, func(s engine.OptionSpec) bool { return s.Name == name })
		if i < 0 || specs[i].Kind != engine.Int && specs[i].Kind != engine.Float {
			continue
		}
		s := specs[i]
		lo, hi := Range(s)
		v, err := strconv.ParseFloat(value, 64)
		if err != nil || lo == s.Min && hi == s.Max || v >= lo && v <= hi {
			continue // engine.ParseOptions says what is wrong, if anything
		}
		narrow := s
		narrow.Min, narrow.Max = lo, hi
		return engine.Options{}, engine.NewError("server.option_range", "option", s.Name, "value", strconv.FormatFloat(v, 'f', -1, 64), "range", narrow.Allowed(), "cli", s.Allowed())
	}
	return engine.ParseOptions(g, settings)
}
