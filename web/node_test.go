package web

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tabula/engine"
	_ "tabula/games/all"
	"tabula/view"
)

// nodeScript runs an ES module script with node from web/static, where it
// imports the page's modules (those that need no document), with a stub
// of localStorage and document; it skips the test where node is missing.
func nodeScript(t *testing.T, script string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node: ", err)
	}
	stub := "globalThis.localStorage = { getItem: () => null, setItem: () => {} };\n" +
		"globalThis.document = { documentElement: {} };\n"
	dir, _ := filepath.Abs("static")
	f := filepath.Join(t.TempDir(), "t.mjs")
	script = strings.ReplaceAll(script, "./", "file://"+dir+"/")
	if err := os.WriteFile(f, []byte(stub+script), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, f).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	return string(out)
}

// The move list shows the passes a turn led to (the trace's event pass),
// and the one person against the computer is told her own turns in the
// second person (issue #37: no passes in the move list; "Du warf 2"): the
// page shows the words the server made (view.Told), "you" for her turns.
func TestMoveListShowsPassesAndYouAreToldInTheSecondPerson(t *testing.T) {
	g, err := engine.Lookup("tamman")
	if err != nil {
		t.Fatal(err)
	}
	words, err := json.Marshal(g.(engine.Cataloguer).Catalogue().Words)
	if err != nil {
		t.Fatal(err)
	}
	// what the server tells of a throw of 2 by seat p
	thrown := func(p int) string {
		m := engine.Message{Key: "ev_thrown", Args: map[string]any{"player": p, "value": 2, "name": "tinteyn"}}
		told, _ := json.Marshal([]view.MessageView{view.TellView(g, m)})
		return string(told)
	}
	out := nodeScript(t, `
const m = await import('./roomstate.js');
const i = await import('./i18n.js');
i.setWords(`+string(words)+`);
m.setP({ tokens: ['tok', ''], match: { seats: [{ kind: 'person' }, { kind: 'computer', agent: 'mcts:hard' }], turns: [] } });
const trace = [{ kind: 'step', player: 1 }, { kind: 'pass', player: 0 }];
const thrown = (p) => ({ actors: [-1], toMove: [p], told: [`+thrown(0)+`, `+thrown(1)+`][p] });
for (const l of ['en', 'de']) {
  i.setLanguage(l);
  console.log(m.describeTurn({ actors: [1], move: 'c5+2', passes: m.passesOf(trace) }));
  console.log(m.describeTurn({ actors: [0], move: 'c1+2', passes: [1] }));
  console.log(m.told(thrown(0)).join(' '));
  console.log(m.told(thrown(1)).join(' '));
}
`)
	for _, want := range []string{
		"Computer (hard): c5+2; you pass\n", "You: c1+2; Computer (hard) passes\n",
		"You threw 2 (tinteyn).\n", "Player 1 threw 2 (tinteyn).\n",
		"Computer (schwer): c5+2; du setzt aus\n", "Du: c1+2; Computer (schwer) setzt aus\n",
		"Du warfst 2 (tinteyn).\n", "Spieler 1 warf 2 (tinteyn).\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
}
