package engine

import (
	"fmt"
	"maps"
	"slices"
)

// Languages are the languages every text for people is given in, the
// first being the reference.
var Languages = []string{"en", "de"}

// Text is one text for people in several languages, keyed by language
// code ("en", "de").
type Text map[string]string

// Word is one text for people in every language of Languages, by its
// key: the catalogues' tables are written as slices of Words and made
// into maps by Table. A map literal of Texts compiles to code that builds
// each map, which weighed about 0.4 MB in the browser's engine; a slice of
// Words is data.
type Word struct {
	Key, En, De string
}

// Table is words as texts by key.
func Table(words []Word) map[string]Text {
	m := make(map[string]Text, len(words))
	for _, w := range words {
		m[w.Key] = Text{"en": w.En, "de": w.De}
	}
	return m
}

// Entry is what the catalogue says about a game, from its source. It lives
// in the game's package, so that the server and the browser show a game
// without naming it. The player range is not repeated here: Info gives it.
type Entry struct {
	// People who play the game, Region where and Date when it was recorded.
	People, Region, Date Text
	// Kind says what sort of game it is, in one line.
	Kind Text
	// Evidence says how good the source is.
	Evidence Text
	// Sources are the references, as they are cited (not translated).
	Sources []string
	// Summary gives the rules in a few plain paragraphs.
	Summary []Text
	// Options describe the game's options for people, by name. The English
	// description may be left out: it is the option's OptionSpec.Doc.
	Options map[string]OptionText
	// Words are the game's own words and messages for its board (a phase,
	// an end of the game, a name of a square), by key, in every language.
	// Every game has the word ScoreNote.
	Words map[string]Text
}

// ScoreNote is the key of the word that says what a game's scores
// (State.Scores) count, shown beside them ("Score: seeds in the store").
const ScoreNote = "scoreNote"

// OptionText describes one option for people.
type OptionText struct {
	// Title names the option for people ("Seeds per hole"); the option's
	// own name ("seeds") stays what records and the command line use.
	Title Text
	Doc   Text
	// Values labels each value of an Enum option.
	Values map[string]Text
}

// Cataloguer is implemented by games that say where they come from: their
// catalogue entry, option descriptions and words in every language.
type Cataloguer interface {
	Catalogue() Entry
}

// CatalogueOf returns the entry of g, with the English description of
// each option taken from its spec where the entry leaves it out. ok is
// false when g has no catalogue entry (the entry is then empty).
func CatalogueOf(g Game) (e Entry, ok bool) {
	c, ok := g.(Cataloguer)
	if ok {
		e = c.Catalogue()
	}
	opts := make(map[string]OptionText, len(e.Options))
	for _, sp := range g.Specs() {
		ot := e.Options[sp.Name]
		doc := Text{}
		for l, s := range ot.Doc {
			doc[l] = s
		}
		if doc[Languages[0]] == "" {
			doc[Languages[0]] = sp.Doc
		}
		ot.Doc = doc
		opts[sp.Name] = ot
	}
	e.Options = opts
	return e, ok
}

// CheckCatalogue returns what the catalogue of g lacks: a game without an
// entry, a text of the entry missing in a language, an option without a
// description or title or an Enum value without a label in some language, or a
// description of an option g does not have. Every game must pass it.
func CheckCatalogue(g Game) []error {
	e, ok := CatalogueOf(g)
	if !ok {
		return []error{fmt.Errorf("%s: no catalogue entry (engine.Cataloguer)", g.ID())}
	}
	var errs []error
	need := func(what string, t Text) {
		for _, l := range Languages {
			if t[l] == "" {
				errs = append(errs, fmt.Errorf("%s: %s has no %q text", g.ID(), what, l))
			}
		}
	}
	need("people", e.People)
	need("region", e.Region)
	need("date", e.Date)
	need("kind", e.Kind)
	need("evidence", e.Evidence)
	if len(e.Sources) == 0 {
		errs = append(errs, fmt.Errorf("%s: no sources", g.ID()))
	}
	if len(e.Summary) == 0 {
		errs = append(errs, fmt.Errorf("%s: no summary", g.ID()))
	}
	for i, p := range e.Summary {
		need(fmt.Sprintf("summary paragraph %d", i+1), p)
	}
	if _, ok := e.Words[ScoreNote]; !ok {
		errs = append(errs, fmt.Errorf("%s: no word %q saying what its scores count", g.ID(), ScoreNote))
	}
	for _, k := range slices.Sorted(maps.Keys(e.Words)) {
		need("word "+k, e.Words[k])
	}
	specs := g.Specs()
	for _, sp := range specs {
		ot := e.Options[sp.Name]
		need("option "+sp.Name, ot.Doc)
		need("title of option "+sp.Name, ot.Title)
		for _, v := range sp.Values {
			need(fmt.Sprintf("value %s of option %s", v, sp.Name), ot.Values[v])
		}
		for _, v := range slices.Sorted(maps.Keys(ot.Values)) {
			if !slices.Contains(sp.Values, v) {
				errs = append(errs, fmt.Errorf("%s: option %s has no value %q to label", g.ID(), sp.Name, v))
			}
		}
	}
	if c, ok := g.(Cataloguer); ok {
		for _, name := range slices.Sorted(maps.Keys(c.Catalogue().Options)) {
			if !slices.ContainsFunc(specs, func(sp OptionSpec) bool { return sp.Name == name }) {
				errs = append(errs, fmt.Errorf("%s: the catalogue describes option %q, which the game does not have", g.ID(), name))
			}
		}
	}
	return errs
}
