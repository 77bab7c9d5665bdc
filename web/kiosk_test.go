package web

import (
	"io/fs"
	"strings"
	"testing"
	"time"
)

// web.Kiosk marks index.html, and only it, with the kiosk's settings.
func TestKioskMarksTheIndex(t *testing.T) {
	k, err := Kiosk(90*time.Second, "tamman")
	if err != nil {
		t.Fatal(err)
	}
	index, err := fs.ReadFile(k, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	if want := `<meta name="tabula-kiosk" content="game=tamman&amp;idle=1m30s">`; !strings.Contains(string(index), want) {
		t.Errorf("index.html lacks %s:\n%.400s", want, index)
	}
	f, err := k.Open("index.html")
	if err != nil {
		t.Fatal(err)
	}
	info, _ := f.Stat()
	f.Close()
	if info.Size() != int64(len(index)) {
		t.Errorf("index.html's size %d, its contents %d bytes", info.Size(), len(index))
	}
	for _, name := range []string{"app.js", "kiosk.js", "attract.js"} {
		a, _ := fs.ReadFile(k, name)
		b, _ := fs.ReadFile(Static(), name)
		if len(a) == 0 || string(a) != string(b) {
			t.Errorf("%s differs in the kiosk", name)
		}
	}
	if plain, _ := fs.ReadFile(Static(), "index.html"); strings.Contains(string(plain), "tabula-kiosk") {
		t.Error("the app's own index.html is a kiosk")
	}
}

// kiosk.js reads the kiosk's settings from the page's meta and its
// address (the address wins), and keeps in memory what it stores.
func TestKioskSettings(t *testing.T) {
	for _, c := range []struct{ meta, search, want string }{
		{"", "", "null"},
		{"", "?kiosk=1", `{"idle":90000,"game":""}`},
		{"", "?kiosk=1&idle=2s&game=tamman", `{"idle":2000,"game":"tamman"}`},
		{"idle=2m30s&game=adji-boto", "", `{"idle":150000,"game":"adji-boto"}`},
		{"idle=45", "", `{"idle":45000,"game":""}`},
		{"idle=2m&game=adji-boto", "?idle=1500ms", `{"idle":1500,"game":"adji-boto"}`},
		{"idle=2m", "?kiosk=0", "null"},
		{"", "?kiosk=1&idle=10ms", `{"idle":1000,"game":""}`},
		{"", "?kiosk=1&idle=soon", `{"idle":90000,"game":""}`},
	} {
		meta := "null"
		if c.meta != "" {
			meta = `({ content: '` + c.meta + `' })`
		}
		out := nodeScript(t, `
globalThis.location = { search: '`+c.search+`' };
globalThis.document.querySelector = () => `+meta+`;
const k = await import('./kiosk.js');
k.store.setItem('tabula.lang', 'de');
console.log(JSON.stringify(k.kiosk));
console.log(k.kiosk ? k.store.getItem('tabula.lang') : 'local');
`)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 2 || lines[0] != c.want {
			t.Errorf("meta %q, address %q: %q, want %s", c.meta, c.search, out, c.want)
		}
		if len(lines) == 2 && lines[0] != "null" && lines[1] != "de" {
			t.Errorf("a kiosk's store lost what it kept: %q", lines[1])
		}
	}
}
