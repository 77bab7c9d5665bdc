package pdf

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Each entry of the cross-reference table points at its object, and the
// trailer at the table: what a reader finds the objects by.
func TestCrossReferencesPointAtTheirObjects(t *testing.T) {
	d := &Doc{Title: "Spiel (Größe)"}
	p := d.AddPage(100, 200)
	p.Circle(50, 50, 20, false)
	p.Text(10, 10, Bold, 12, "Öffnungen (oben) \\ 4")
	d.AddPage(200, 100).Line(0, 0, 10, 10)
	var buf bytes.Buffer
	if err := d.Write(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no startxref at the end:\n%s", out)
	}
	at, _ := strconv.Atoi(m[1])
	if !strings.HasPrefix(out[at:], "xref\n0 10\n") {
		t.Fatalf("startxref %d does not point at a table of 10 entries: %q", at, out[at:at+20])
	}
	entries := strings.Split(out[at:], "\n")[3:12]
	for i, e := range entries {
		off, _ := strconv.Atoi(e[:10])
		if want := strconv.Itoa(i+1) + " 0 obj\n"; !strings.HasPrefix(out[off:], want) {
			t.Errorf("entry %d points at %q", i+1, out[off:off+10])
		}
	}
	for _, want := range []string{"/MediaBox [0 0 100 200]", "/MediaBox [0 0 200 100]", "(\xd6ffnungen \\(oben\\) \\\\ 4) Tj", "/Title (Spiel \\(Gr\xf6\xdfe\\))", "/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// Widths are Helvetica's (Adobe's metrics): "Wahid" is W 944 + a 556 + h
// 556 + i 222 + d 556 = 2834 thousandths of the size; ä is as wide as a.
func TestWidthsAreHelveticas(t *testing.T) {
	if got := Width(Regular, 10, "Wahid"); math.Abs(got-28.34) > 1e-9 {
		t.Errorf("Wahid at 10 pt: %g, want 28.34", got)
	}
	if Width(Regular, 10, "ä") != Width(Regular, 10, "a") || Width(Bold, 10, "a") == Width(Regular, 10, "m") {
		t.Error("umlauts or bold widths wrong")
	}
	if got := string(Encode("ß→x−1 ≥ λ₀ ☃")); got != "\xdf->x-1 >= lambda0 ?" {
		t.Errorf("Encode: %q", got)
	}
}
