package web

import (
	"encoding/json"
	"flag"
	"maps"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabula/ai"
	"tabula/engine"
	"tabula/internal/wire"
	"tabula/messages"
	"tabula/view"
)

// update rewrites the generated files of static/ (contract.js, engine.wasm.gz, wasm_exec.js) instead of checking them.
var update = flag.Bool("update", false, "write static/contract.js, static/engine.wasm.gz and static/wasm_exec.js from the Go sources")

// contractJS is static/contract.js as the Go packages define it: the
// close codes of a room's WebSocket (package wire), the facts each kind of
// board is drawn from (view.BoardDetails) and the kinds and levels of
// computer players (package ai).
func contractJS(t *testing.T) string {
	t.Helper()
	js := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	quick := map[string]engine.Text{}
	for _, q := range wire.QuickChat {
		quick[q], _ = messages.AppWords("chat_" + q)
	}
	closeCodes := map[string]int{
		"goingAway": wire.CloseGoingAway, "badToken": wire.CloseBadToken, "tooFast": wire.CloseTooFast,
		"slow": wire.CloseSlow, "roomGone": wire.CloseRoomGone, "noHello": wire.CloseNoHello,
	}
	return `// What the page's modules read of the server's Go packages, generated
// from them by TestContractJS (web/contract_test.go): do not edit; after
// a change there, go test ./web -run TestContractJS -update writes it.

// closeCodes are the close codes of a room's WebSocket (package wire).
export const closeCodes = ` + js(closeCodes) + `;

// boardDetails are the facts of a state each kind of board is drawn from
// (view.BoardDetails): boards.js reads these and no other.
export const boardDetails = ` + js(view.BoardDetails) + `;

// agentKinds and agentLevels are the kinds and levels of computer players
// (package ai): a spec is KIND or KIND:LEVEL.
export const agentKinds = ` + js(ai.Kinds) + `;
export const agentLevels = ` + js(ai.Levels) + `;

// appWords are the words of the one catalogue (package messages, the
// engine's) that the page says itself: t() reads them after its own.
export const appWords = ` + js(pageWords(t)) + `;

// quickChat are the quick messages of a room's chat (wire.QuickChat), each
// code with its words in every language (package messages).
export const quickChat = ` + js(quick) + `;
`
}

// pageWordKeys are the catalogue's words the page says by itself (the
// rest of its words come with the game or the room): seats' names, the
// levels of the computer players, chance, a hidden choice made.
var pageWordKeys = []string{"seatName", "computerName", "computerNameN", "chance", "t_chosen"}

// pageWords are the words of pageWordKeys and every level's (lvl_), from
// messages.AppWords, and those of "Find a game" (messages.LobbyPage).
func pageWords(t *testing.T) map[string]engine.Text {
	t.Helper()
	keys := slices.Clone(pageWordKeys)
	for k := range messages.App {
		if strings.HasPrefix(k, "lvl_") {
			keys = append(keys, k)
		}
	}
	out := map[string]engine.Text{}
	for _, k := range keys {
		w, ok := messages.AppWords(k)
		if !ok {
			t.Fatalf("the catalogue has no words %q", k)
		}
		out[k] = w
	}
	maps.Copy(out, messages.LobbyPage)
	return out
}

// static/contract.js is what the Go packages define (-update writes it).
func TestContractJS(t *testing.T) {
	want := contractJS(t)
	if *update {
		if err := os.WriteFile("static/contract.js", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("static/contract.js")
	if err != nil || string(got) != want {
		t.Errorf("static/contract.js is not what the Go packages define (%v): go test ./web -run TestContractJS -update", err)
	}
	// no module writes a close code by its number
	for _, f := range []string{"conn.js", "room.js", "roomdraw.js", "app.js"} {
		src, _ := os.ReadFile("static/" + f)
		if m := regexp.MustCompile(`\b(1001|400[1-9])\b`).Find(src); m != nil {
			t.Errorf("%s writes the close code %s by its number, not from contract.js", f, m)
		}
	}
}

// No module of the page reads a result, or anything, out of a sentence:
// results are data (view.Result) and their words come from the server.
func TestNoSentenceParsedInThePage(t *testing.T) {
	for _, f := range []string{"online.js", "roomstate.js", "archive.js", "room.js", "roomdraw.js"} {
		src, err := os.ReadFile("static/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if m := regexp.MustCompile(`wins\$/|/\^player|'player \$\{`).Find(src); m != nil {
			t.Errorf("%s reads a result out of its words: %s", f, m)
		}
	}
}

// boards.js draws each kind of board from the facts view.BoardDetails
// declares for it, and reads no other of a state's own.
func TestBoardsReadTheDeclaredFacts(t *testing.T) {
	src, err := os.ReadFile("static/boards.js")
	if err != nil {
		t.Fatal(err)
	}
	var common []string
	typ := reflect.TypeOf(view.StateView{})
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		common = append(common, name)
	}
	for _, kind := range slices.Sorted(maps.Keys(view.BoardDetails)) {
		facts := view.BoardDetails[kind]
		start := strings.Index(string(src), "\nconst "+kind+" = {\n  view(s) {")
		if start < 0 {
			t.Errorf("boards.js has no view(s) of the %s board", kind)
			continue
		}
		body := string(src[start:])
		body = body[:strings.Index(body, "\n  },")]
		var read []string
		for _, m := range regexp.MustCompile(`\bs\.(\w+)`).FindAllStringSubmatch(body, -1) {
			if !slices.Contains(common, m[1]) {
				read = append(read, m[1])
			}
		}
		read = slices.Compact(slices.Sorted(slices.Values(read)))
		declared := slices.Sorted(slices.Values(append(slices.Clone(facts.Required), facts.Optional...)))
		if !slices.Equal(read, declared) {
			t.Errorf("the %s board's view(s) reads the facts %v, view.BoardDetails declares %v", kind, read, declared)
		}
	}
}
