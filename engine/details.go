package engine

// Detail is one named fact of a state's board (its holes, the throws
// waiting), for the views of the state: view writes a state's Details as
// the fields of its JSON, in order. Value is a number, a text, a bool, a
// list of them, Details, or a list of Details.
type Detail struct {
	Name  string
	Value any
}

// Details are the facts of a board, in the order they are shown. A fact
// that does not apply is left out, not given as empty.
type Details []Detail

// With is d with the fact name, value added at the end.
func (d Details) With(name string, value any) Details {
	return append(d, Detail{Name: name, Value: value})
}

// Get returns the value of the fact name, or nil.
func (d Details) Get(name string) any {
	for _, x := range d {
		if x.Name == name {
			return x.Value
		}
	}
	return nil
}
