package wire

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabula/view"
)

// The live protocol is described in docs/api-live.md; these tests hold the page
// to this package: every message, field, event kind and close code the
// package has is listed there, and the page lists nothing else.

func apiDoc(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../docs/api-live.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// section is the text of doc from the line that starts with heading to the
// next heading of any level.
func section(t *testing.T, doc, heading string) string {
	t.Helper()
	i := strings.Index(doc, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("docs/api-live.md has no %q", heading)
	}
	rest := doc[i+len(heading)+2:]
	if j := strings.Index(rest, "\n#"); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// tableRows maps the first cell of each row of the first table in text
// (without its backticks) to the row's other cells; the header is left out.
func tableRows(text string) map[string][]string {
	rows := map[string][]string{}
	seen := 0
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "|") {
			if seen > 0 {
				break
			}
			continue
		}
		if seen++; seen <= 2 {
			continue // the header and its rule
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		rows[strings.Trim(strings.TrimSpace(cells[0]), "`")] = cells[1:]
	}
	return rows
}

var backticked = regexp.MustCompile("`([^`]+)`")

func names(text string) []string {
	var out []string
	for _, m := range backticked.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

func sameSet(t *testing.T, what string, doc, pkg []string) {
	t.Helper()
	doc, pkg = slices.Sorted(slices.Values(doc)), slices.Sorted(slices.Values(pkg))
	if !slices.Equal(slices.Compact(doc), slices.Compact(pkg)) {
		t.Errorf("%s: docs/api-live.md lists %v, package wire has %v", what, doc, pkg)
	}
}

func TestDocListsClientMessages(t *testing.T) {
	rows := tableRows(section(t, apiDoc(t), "## Messages from the client"))
	sameSet(t, "client message types", slices.Collect(mapKeys(rows)), ClientTypes)
	for _, typ := range ClientTypes {
		var want []string
		for _, f := range ClientFields {
			if slices.Contains(f.Types, typ) {
				want = append(want, f.Name)
			}
		}
		if row, ok := rows[typ]; ok {
			sameSet(t, "fields of "+typ, names(row[0]), want)
		}
	}
}

// serverSamples is one message of each type the server sends, every
// optional field set.
func serverSamples() map[string][]byte {
	return map[string][]byte{
		TypeWelcome:  Welcome(View{}, nil),
		TypeEvent:    EventMsg(Event{}, json.RawMessage("null"), []view.EventView{}),
		TypeAck:      Ack(1, true),
		TypeReject:   Reject("stale", "x", &View{}),
		TypePresence: Presence([]bool{true}),
		TypeToken:    Token(0, "t"),
		TypeNote:     NoteLevelLowered(1, "mcts:hard", "mcts:easy"),
		TypePong:     Pong(),
		TypeChat:     Chat([]ChatLine{{}}),
	}
}

func TestDocListsServerMessages(t *testing.T) {
	rows := tableRows(section(t, apiDoc(t), "## Messages from the server"))
	samples := serverSamples()
	sameSet(t, "server message types", slices.Collect(mapKeys(rows)), ServerTypes)
	sameSet(t, "server message samples", slices.Collect(mapKeys(samples)), ServerTypes)
	for typ, b := range samples {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(b, &fields); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		if got := string(fields["type"]); got != strconv.Quote(typ) {
			t.Errorf("the %s sample says type %s", typ, got)
		}
		documented := names(strings.Join(rows[typ], " "))
		for f := range fields {
			if f != "type" && !slices.Contains(documented, f) {
				t.Errorf("docs/api-live.md does not list the field %q of a %s message", f, typ)
			}
		}
	}
}

// jsonNames are the JSON names of the fields of struct value v.
func jsonNames(v any) []string {
	var out []string
	typ := reflect.TypeOf(v)
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

func TestDocListsEventKindsAndFields(t *testing.T) {
	doc := apiDoc(t)
	s := section(t, doc, "## Messages from the server")
	i := strings.Index(s, "An EVENT has")
	if i < 0 {
		t.Fatal(`docs/api-live.md: no "An EVENT has" in "Messages from the server"`)
	}
	events := s[i:]
	sameSet(t, "event kinds", slices.Collect(mapKeys(tableRows(events))), strs(Kinds))
	documented := names(events)
	for _, f := range jsonNames(Event{}) {
		if !slices.Contains(documented, f) {
			t.Errorf("docs/api-live.md does not list the event field %q", f)
		}
	}
}

func TestDocListsViewFields(t *testing.T) {
	s := section(t, apiDoc(t), "## Messages from the server")
	i, j := strings.Index(s, "A VIEW is"), strings.Index(s, "An EVENT has")
	if i < 0 || j < i {
		t.Fatal(`docs/api-live.md: no "A VIEW is" before "An EVENT has"`)
	}
	text := s[i:j]
	for _, v := range []any{View{}, SeatView{}, TurnView{}} {
		for _, f := range jsonNames(v) {
			if !strings.Contains(text, strconv.Quote(f)) {
				t.Errorf("docs/api-live.md: the VIEW does not list %q (%T)", f, v)
			}
		}
	}
}

func TestDocListsRejectCodes(t *testing.T) {
	s := section(t, apiDoc(t), "## Messages from the server")
	i := strings.Index(s, "Reject codes:")
	if i < 0 {
		t.Fatal(`docs/api-live.md: no "Reject codes:" in "Messages from the server"`)
	}
	text, _, _ := strings.Cut(s[i:], "\n\n")
	sameSet(t, "reject codes", names(text), RejectCodes)
}

func TestDocListsCloseCodes(t *testing.T) {
	rows := tableRows(section(t, apiDoc(t), "## Close codes"))
	var doc []string
	for code := range rows {
		if strings.HasPrefix(code, "4") || code == "1001" {
			doc = append(doc, code)
		}
	}
	var pkg []string
	for _, c := range []int{CloseGoingAway, CloseBadToken, CloseTooFast, CloseSlow, CloseRoomGone, CloseNoHello} {
		pkg = append(pkg, strconv.Itoa(c))
	}
	sameSet(t, "close codes", doc, pkg)
}

// strs are xs as strings.
func strs[S ~string](xs []S) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	return out
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
