package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// OptionKind is the type of an option's value.
type OptionKind int

// The kinds of option values.
const (
	Bool OptionKind = iota
	Int
	Float
	Enum
)

func (k OptionKind) String() string {
	switch k {
	case Bool:
		return "bool"
	case Int:
		return "int"
	case Float:
		return "float"
	case Enum:
		return "enum"
	}
	return fmt.Sprintf("OptionKind(%d)", int(k))
}

// OptionSpec declares one option of a game.
type OptionSpec struct {
	Name    string
	Kind    OptionKind
	Default string
	// Min and Max bound Int and Float options (inclusive).
	Min, Max float64
	// Values lists the allowed values of an Enum option.
	Values []string
	// Doc is a one-line description for people.
	Doc string
	// FastMin and FastMax are the values within which one move is known
	// to take at most about a second, where others can make it run for
	// minutes (Agsinnoninka's max-steps 0, no limit). Both zero: every
	// value is fast. What a server does with it is its policy.
	FastMin, FastMax float64
}

// Allowed describes the allowed values for people ("2..25", "any|opponent").
func (s OptionSpec) Allowed() string {
	switch s.Kind {
	case Bool:
		return "true|false"
	case Int:
		return fmt.Sprintf("%d..%d", int64(s.Min), int64(s.Max))
	case Float:
		return fmt.Sprintf("%g..%g", s.Min, s.Max)
	default:
		return strings.Join(s.Values, "|")
	}
}

// check parses text as a value of this option and returns it in canonical
// form.
func (s OptionSpec) check(text string) (string, error) {
	outOf := func(v string) error {
		return NewError("engine.option_range", "option", s.Name, "value", v, "range", s.Allowed())
	}
	switch s.Kind {
	case Bool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return "", NewError("engine.option_bool", "option", s.Name, "value", strconv.Quote(text))
		}
		return strconv.FormatBool(b), nil
	case Int:
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return "", NewError("engine.option_int", "option", s.Name, "value", strconv.Quote(text))
		}
		if float64(n) < s.Min || float64(n) > s.Max {
			return "", outOf(strconv.FormatInt(n, 10))
		}
		return strconv.FormatInt(n, 10), nil
	case Float:
		f, err := strconv.ParseFloat(text, 64)
		if err != nil || f != f {
			return "", NewError("engine.option_number", "option", s.Name, "value", strconv.Quote(text))
		}
		if f < s.Min || f > s.Max {
			return "", outOf(strconv.FormatFloat(f, 'f', -1, 64))
		}
		return strconv.FormatFloat(f, 'g', -1, 64), nil
	default:
		if !slices.Contains(s.Values, text) {
			return "", NewError("engine.option_enum", "option", s.Name, "value", strconv.Quote(text), "values", s.Allowed())
		}
		return text, nil
	}
}

// Options holds the effective value of every option of one game. The zero
// value has no options. Options are immutable once made.
type Options struct {
	specs  []OptionSpec
	values []string // canonical text, parallel to specs
}

// ParseOptions validates "name=value" settings against the game's specs and
// returns every option with its effective value (the default where not set).
// A later setting of the same name wins.
func ParseOptions(g Game, settings []string) (Options, error) {
	specs := g.Specs()
	o := Options{specs: specs, values: make([]string, len(specs))}
	for i, s := range specs {
		o.values[i] = s.Default
	}
	for _, set := range settings {
		name, value, ok := strings.Cut(set, "=")
		if !ok {
			return Options{}, NewError("engine.option_form", "setting", strconv.Quote(set))
		}
		i := o.index(name)
		if i < 0 {
			return Options{}, NewError("engine.option_unknown", "option", name, "game", g.ID(), "options", specNames(specs))
		}
		v, err := specs[i].check(value)
		if err != nil {
			return Options{}, err
		}
		o.values[i] = v
	}
	return o, nil
}

// DefaultOptions returns every option of g at its default value.
func DefaultOptions(g Game) Options {
	o, err := ParseOptions(g, nil)
	if err != nil {
		panic("engine: bad default option of " + g.ID() + ": " + err.Error())
	}
	return o
}

func specNames(specs []OptionSpec) string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

func (o Options) index(name string) int {
	for i, s := range o.specs {
		if s.Name == name {
			return i
		}
	}
	return -1
}

func (o Options) text(name string, kind OptionKind) string {
	i := o.index(name)
	if i < 0 || o.specs[i].Kind != kind {
		// A game asking for an option it did not declare is a programming
		// error, caught by its first test.
		panic(fmt.Sprintf("engine: no %s option %q", kind, name))
	}
	return o.values[i]
}

// Bool returns the value of a Bool option.
func (o Options) Bool(name string) bool {
	b, _ := strconv.ParseBool(o.text(name, Bool))
	return b
}

// Int returns the value of an Int option.
func (o Options) Int(name string) int {
	n, _ := strconv.Atoi(o.text(name, Int))
	return n
}

// Float returns the value of a Float option.
func (o Options) Float(name string) float64 {
	f, _ := strconv.ParseFloat(o.text(name, Float), 64)
	return f
}

// Enum returns the value of an Enum option.
func (o Options) Enum(name string) string { return o.text(name, Enum) }

// Settings returns every option as "name=value", in the game's order; fed
// to ParseOptions they give the same options back.
func (o Options) Settings() []string {
	out := make([]string, len(o.specs))
	for i, s := range o.specs {
		out[i] = s.Name + "=" + o.values[i]
	}
	return out
}

// Map returns every option with its typed value (bool, int, float64 or
// string), for JSON.
func (o Options) Map() map[string]any {
	m := make(map[string]any, len(o.specs))
	for i, s := range o.specs {
		switch s.Kind {
		case Bool:
			m[s.Name] = o.Bool(s.Name)
		case Int:
			m[s.Name] = o.Int(s.Name)
		case Float:
			m[s.Name] = o.Float(s.Name)
		default:
			m[s.Name] = o.values[i]
		}
	}
	return m
}

// Equal reports whether o and p hold the same options with the same values
// (without allocating, for searches that cache what depends on options).
func (o Options) Equal(p Options) bool {
	if len(o.specs) != len(p.specs) {
		return false
	}
	for i := range o.specs {
		if o.specs[i].Name != p.specs[i].Name || o.values[i] != p.values[i] {
			return false
		}
	}
	return true
}
