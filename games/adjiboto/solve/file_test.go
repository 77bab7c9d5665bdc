package solve

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wholeFile is the file of a table built in memory in one go.
func wholeFile(t *testing.T, k int, settings ...string) []byte {
	t.Helper()
	tab, _, err := Build(options(t, settings...), k, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := tab.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func buildFile(t *testing.T, path string, k, upto int, settings ...string) *Table {
	t.Helper()
	tab, _, err := BuildFile(path, options(t, settings...), k, upto, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestBuildInPartsEqualsWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k8.tab")
	if tab := buildFile(t, path, 8, 3, "skip-origin=true"); tab.Levels() != 4 {
		t.Fatalf("first part: levels 0 to %d, want 0 to 3", tab.Levels()-1)
	}
	buildFile(t, path, 8, 6, "skip-origin=true")
	if tab := buildFile(t, path, 8, 8, "skip-origin=true"); tab.Levels() != 9 {
		t.Fatalf("last part: levels 0 to %d, want 0 to 8", tab.Levels()-1)
	}
	got, _ := os.ReadFile(path)
	if !bytes.Equal(got, wholeFile(t, 8, "skip-origin=true")) {
		t.Fatal("the file built in three parts differs from the table built whole")
	}
}

// A build stopped while writing a level leaves part of it, or a level
// whose checksum fails; the next run builds again from that level.
func TestResumedBuildEqualsUninterrupted(t *testing.T) {
	want := wholeFile(t, 8)
	for name, damage := range map[string]func(tab *Table, data []byte) []byte{
		"half a level written": func(tab *Table, data []byte) []byte {
			return data[:tab.start[6]+tab.levelBytes(6)/2]
		},
		"a level written but its checksum wrong": func(tab *Table, data []byte) []byte {
			end := tab.start[6] + tab.levelBytes(6)
			data = data[:end+4]
			data[end-2] ^= 0x10
			return data
		},
	} {
		path := filepath.Join(t.TempDir(), "k8.tab")
		tab := buildFile(t, path, 8, 8)
		data, _ := os.ReadFile(path)
		os.WriteFile(path, damage(tab, data), 0o644)
		if tab := buildFile(t, path, 8, 8); tab.Levels() != 9 {
			t.Fatalf("%s: resumed to level %d", name, tab.Levels()-1)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, want) {
			t.Fatalf("%s: the resumed build differs from the uninterrupted one", name)
		}
	}
}

func TestBuildFileKeepsAnotherFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(path, []byte("my notes\n"), 0o644)
	if _, _, err := BuildFile(path, options(t), 4, 4, nil); err == nil || !strings.Contains(err.Error(), "will not overwrite") {
		t.Fatalf("error %v, want a refusal to overwrite", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "my notes\n" {
		t.Fatalf("the file now holds %q", got)
	}
	table := filepath.Join(t.TempDir(), "k4.tab")
	buildFile(t, table, 4, 4)
	if _, _, err := BuildFile(table, options(t, "skip-origin=true"), 4, 4, nil); err == nil {
		t.Fatal("a table of other rules was resumed")
	}
}

// Open maps a table; a file cut short, lengthened or changed anywhere
// fails with an error that says so, never a table.
func TestOpenChecksTheFile(t *testing.T) {
	dir := t.TempDir()
	whole := wholeFile(t, 6)
	good := filepath.Join(dir, "good.tab")
	os.WriteFile(good, whole, 0o644)
	tab, err := Open(good)
	if err != nil {
		t.Fatal(err)
	}
	mem, _ := Read(bytes.NewReader(whole))
	for n := 0; n <= 6; n++ {
		for i := int64(0); i < tab.count[n]; i++ {
			if tab.get(n, i) != mem.get(n, i) {
				t.Fatalf("level %d entry %d: mapped %d, read %d", n, i, tab.get(n, i), mem.get(n, i))
			}
		}
	}
	if err := tab.Close(); err != nil {
		t.Fatal(err)
	}
	flip := func(at int64) []byte {
		b := bytes.Clone(whole)
		b[at] ^= 0x04
		return b
	}
	for name, c := range map[string]struct {
		data []byte
		says string
	}{
		"last byte missing":   {whole[:len(whole)-1], "truncated"},
		"last level missing":  {whole[:tab.start[6]], "levels 0 to 5 of k=6"},
		"a byte more":         {append(bytes.Clone(whole), 0), "more than"},
		"a value changed":     {flip(tab.start[6] + 100), "level 6 (boards of 6 seeds): checksum mismatch"},
		"a checksum changed":  {flip(tab.start[4] - 2), "level 3 (boards of 3 seeds): checksum mismatch"},
		"the rules changed":   {bytes.Replace(whole, []byte("capture-from=any"), []byte("capture-from=opponent"), 1), "checksum mismatch"},
		"another format":      {[]byte("tabula adji-boto endgame table 1\nk=6\n"), "first line"},
		"an empty file":       {nil, "no first line"},
		"k beyond the limit":  {bytes.Replace(whole, []byte("k=6"), []byte("k=99"), 1), "want k=0 to k=30"},
		"options out of line": {bytes.Replace(whole, []byte("skip-origin=false"), []byte("skip-origin=maybe"), 1), "skip-origin"},
	} {
		path := filepath.Join(dir, "bad.tab")
		os.WriteFile(path, c.data, 0o644)
		_, err := Open(path)
		if !errors.Is(err, ErrBadTable) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: error %v, want ErrBadTable saying %q", name, err, c.says)
		}
		if _, err := Read(bytes.NewReader(c.data)); !errors.Is(err, ErrBadTable) {
			t.Errorf("%s: Read: error %v, want ErrBadTable", name, err)
		}
	}
}

// An unfinished build's file gives the table of its levels written so far
// to OpenUnfinished (which a solver searches beyond), and none to Open;
// a file that ends within a level, or a changed byte, fails both.
func TestOpenUnfinished(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k8.tab")
	part := buildFile(t, path, 8, 5)
	if _, err := Open(path); err == nil {
		t.Fatal("Open took an unfinished table")
	}
	tab, err := OpenUnfinished(path)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	if tab.Levels() != 6 {
		t.Fatalf("levels 0 to %d, want 0 to 5", tab.Levels()-1)
	}
	whole, _, err := Build(options(t), 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	for n := range 6 {
		for i := range whole.count[n] {
			if got, want := tab.get(n, i), whole.get(n, i); got != want {
				t.Fatalf("level %d, entry %d: %d, want %d", n, i, got, want)
			}
		}
	}
	data, _ := os.ReadFile(path)
	for name, bad := range map[string][]byte{
		"ends within a level": data[:len(data)-3],
		"a byte changed":      append(append([]byte(nil), data[:part.start[3]]...), append([]byte{data[part.start[3]] ^ 1}, data[part.start[3]+1:]...)...),
	} {
		os.WriteFile(path, bad, 0o644)
		if _, err := OpenUnfinished(path); !errors.Is(err, ErrBadTable) {
			t.Errorf("%s: error %v, want ErrBadTable", name, err)
		}
	}
}
