package view

import (
	"bytes"
	"encoding/json"

	"tabula/engine"
)

// detailsJSON encodes a state's Details: engine.Details as an object with
// its facts in order, anything else as encoding/json does.
func detailsJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	err := writeDetail(&b, v)
	return b.Bytes(), err
}

func writeDetail(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case engine.Details:
		if x == nil {
			b.WriteString("null")
			return nil
		}
		b.WriteByte('{')
		for i, d := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			name, _ := json.Marshal(d.Name)
			b.Write(name)
			b.WriteByte(':')
			if err := writeDetail(b, d.Value); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []engine.Details:
		if x == nil {
			b.WriteString("null")
			return nil
		}
		b.WriteByte('[')
		for i, d := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeDetail(b, d); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	default:
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(data)
	}
	return nil
}
