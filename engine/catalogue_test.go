package engine

import (
	"reflect"
	"strings"
	"testing"
)

// bareGame has options but says nothing for people beyond their specs.
type bareGame struct{ entry *Entry }

func (bareGame) ID() string   { return "bare" }
func (bareGame) Name() string { return "Bare" }
func (bareGame) Specs() []OptionSpec {
	return []OptionSpec{
		{Name: "seeds", Kind: Int, Default: "4", Min: 1, Max: 9, Doc: "seeds in each hole"},
		{Name: "order", Kind: Enum, Default: "a", Values: []string{"a", "b"}, Doc: "which order"},
	}
}
func (bareGame) Info(Options) (Info, error)      { return Info{}, nil }
func (bareGame) NewState(Options) (State, error) { return nil, nil }

type listedGame struct{ bareGame }

func (g listedGame) Catalogue() Entry { return *g.entry }

func complete() Entry {
	both := func(s string) Text { return Text{"en": s, "de": s + " (de)"} }
	return Entry{
		People: both("p"), Region: both("r"), Date: both("d"), Kind: both("k"), Evidence: both("e"),
		Sources: []string{"a book"},
		Summary: []Text{both("rules")},
		Options: map[string]OptionText{
			"seeds": {Title: both("Seeds"), Doc: Text{"de": "Samen"}},
			"order": {Title: both("Order"), Doc: Text{"de": "Reihenfolge"}, Values: map[string]Text{"a": both("A"), "b": both("B")}},
		},
		Words: map[string]Text{ScoreNote: both("Score: seeds")},
	}
}

func TestCheckCatalogueAcceptsACompleteEntry(t *testing.T) {
	e := complete()
	if errs := CheckCatalogue(listedGame{bareGame{&e}}); len(errs) > 0 {
		t.Errorf("complete entry: %v", errs)
	}
	got, ok := CatalogueOf(listedGame{bareGame{&e}})
	if !ok || got.Options["seeds"].Doc["en"] != "seeds in each hole" || got.Options["seeds"].Doc["de"] != "Samen" {
		t.Errorf("the English description comes from the spec: got %v", got.Options["seeds"].Doc)
	}
}

func TestCheckCatalogueNamesWhatIsMissing(t *testing.T) {
	if errs := CheckCatalogue(bareGame{}); len(errs) != 1 || !strings.Contains(errs[0].Error(), "no catalogue entry") {
		t.Errorf("game without entry: %v", errs)
	}
	cases := []struct {
		name  string
		spoil func(e *Entry)
		want  string
	}{
		{"german option doc", func(e *Entry) { e.Options["seeds"] = OptionText{} }, `option seeds has no "de" text`},
		{"option title", func(e *Entry) { o := e.Options["order"]; o.Title = Text{"en": "Order"}; e.Options["order"] = o }, `title of option order has no "de" text`},
		{"enum label", func(e *Entry) { delete(e.Options["order"].Values, "b") }, `value b of option order has no "en" text`},
		{"german enum label", func(e *Entry) { e.Options["order"].Values["a"] = Text{"en": "A"} }, `value a of option order has no "de" text`},
		{"unknown value", func(e *Entry) { e.Options["order"].Values["c"] = Text{"en": "C", "de": "C"} }, `no value "c"`},
		{"unknown option", func(e *Entry) { e.Options["speed"] = OptionText{Doc: Text{"en": "x", "de": "y"}} }, `option "speed", which the game does not have`},
		{"people", func(e *Entry) { e.People = Text{"en": "p"} }, `people has no "de" text`},
		{"summary", func(e *Entry) { e.Summary = nil }, "no summary"},
		{"word", func(e *Entry) { e.Words["phase_x"] = Text{"de": "x"} }, `word phase_x has no "en" text`},
		{"score note", func(e *Entry) { delete(e.Words, ScoreNote) }, `no word "scoreNote"`},
	}
	for _, c := range cases {
		e := complete()
		c.spoil(&e)
		errs := CheckCatalogue(listedGame{bareGame{&e}})
		found := false
		for _, err := range errs {
			found = found || strings.Contains(err.Error(), c.want)
		}
		if !found {
			t.Errorf("%s: errors %v, want one saying %q", c.name, errs, c.want)
		}
	}
}

// Table makes each word's texts by its key, in both languages.
func TestTableMakesTextsByKey(t *testing.T) {
	got := Table([]Word{{Key: "a", En: "one", De: "eins"}, {Key: "b", En: "two", De: "zwei"}})
	want := map[string]Text{"a": {"en": "one", "de": "eins"}, "b": {"en": "two", "de": "zwei"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Table: %v, want %v", got, want)
	}
}

// A Word has a field for each language of Languages: a language added to
// the list without one would leave its texts empty in every table.
func TestWordsCoverEveryLanguage(t *testing.T) {
	text := Table([]Word{{Key: "k", En: "one", De: "eins"}})["k"]
	for _, l := range Languages {
		if text[l] == "" {
			t.Errorf("Table gives no text in %q: Word has no field for it", l)
		}
	}
	if len(text) != len(Languages) {
		t.Errorf("Table gives texts in %d languages, Languages lists %d", len(text), len(Languages))
	}
}
