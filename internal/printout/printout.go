// Package printout draws a game to print and play with real seeds, shells
// and men: its board at true scale and a one-page rules sheet, as a PDF
// (package pdf). The board is the one the game declares (engine.Board);
// the rules are the game's rules page (docs/rules), in English or German;
// the throws' table is computed from the rules package. "tabula print" and
// the server's print.pdf give it.
package printout

import (
	"io"
	"io/fs"
	"slices"

	"tabula/engine"
	"tabula/internal/pdf"
	"tabula/messages"
)

// A Paper is a sheet's size in millimetres (portrait), with the sizes the
// boards are drawn at on it: a grid's unit square and a mancala's holes.
type Paper struct {
	W, H       float64
	Unit, Hole float64
}

// Papers are the sizes a sheet can be printed on.
var Papers = map[string]Paper{
	"a4": {W: 210, H: 297, Unit: 30, Hole: 34},
	"a3": {W: 297, H: 420, Unit: 44, Hole: 50},
}

// Sheets are what can be printed: the board, the rules, or both.
var Sheets = []string{"all", "board", "rules"}

// margin is the empty edge of every page, in millimetres: printers print
// to about 5 mm of the edge.
const margin = 12

// Request says what to print: Paper (a key of Papers), Lang (one of
// engine.Languages) and Sheet (one of Sheets).
type Request struct {
	Paper, Lang, Sheet string
}

// Check says what is wrong with r, as a coded error.
func (r Request) Check() error {
	if _, ok := Papers[r.Paper]; !ok {
		return engine.NewError("print.paper", "paper", r.Paper)
	}
	if !slices.Contains(engine.Languages, r.Lang) {
		return engine.NewError("print.lang", "lang", r.Lang)
	}
	if !slices.Contains(Sheets, r.Sheet) {
		return engine.NewError("print.sheet", "sheet", r.Sheet)
	}
	return nil
}

// Write writes the PDF of s's game (s is its start, under the options to
// print: the throws' chances follow them) as r asks; rules holds the rules
// pages, GAME.md and GAME.de.md.
func Write(w io.Writer, s engine.State, rules fs.FS, r Request) error {
	if err := r.Check(); err != nil {
		return err
	}
	g := s.Game()
	sh := sheet{s: s, lang: r.Lang, paper: Papers[r.Paper], words: wordsOf(s)}
	doc := &pdf.Doc{Title: g.Name()}
	if r.Sheet != "rules" {
		if err := sh.board(doc); err != nil {
			return err
		}
	}
	if r.Sheet != "board" {
		page, err := rulesOf(rules, g.ID(), r.Lang)
		if err != nil {
			return err
		}
		sh.rules(doc, page)
	}
	return doc.Write(w)
}

// rulesOf reads and parses the rules page of game id in lang, the English
// one where the language has none (as the server's rules do).
func rulesOf(rules fs.FS, id, lang string) (rulesPage, error) {
	if rules != nil {
		if lang != engine.Languages[0] {
			if b, err := fs.ReadFile(rules, id+"."+lang+".md"); err == nil {
				return parseRules(string(b)), nil
			}
		}
		if b, err := fs.ReadFile(rules, id+".md"); err == nil {
			return parseRules(string(b)), nil
		}
	}
	return rulesPage{}, engine.NewError("print.no_rules", "game", id)
}

// sheet is what the pages of one print share.
type sheet struct {
	s     engine.State
	lang  string
	paper Paper
	words messages.Words
}

// say renders the words key with its arguments (name, value pairs) in the
// sheet's language; player arguments are named as the app names seats.
func (sh sheet) say(key string, args ...any) string {
	m := engine.Message{Key: key, Args: map[string]any{}}
	for i := 0; i+1 < len(args); i += 2 {
		m.Args[args[i].(string)] = args[i+1]
	}
	return messages.Texts(m, sh.words, nil)[sh.lang]
}

// footer writes the line at the foot of every page: the command that
// prints the sheet again, with the options that are not the defaults.
func (sh sheet) footer(p *pdf.Page) {
	g := sh.s.Game()
	cmd := g.ID()
	def := engine.DefaultOptions(g).Settings()
	for i, set := range sh.s.Options().Settings() {
		if i >= len(def) || set != def[i] {
			cmd += " --option " + set
		}
	}
	p.Fill(0.35)
	p.Text(margin*pdf.MM, margin*pdf.MM, pdf.Regular, 7, sh.say("pr_footer", "game", g.Name(), "id", cmd))
	p.Fill(0)
}

// wordsOf are the words a sheet of s's game says.
func wordsOf(s engine.State) messages.Words { return messages.GameWords(s.Game()) }
