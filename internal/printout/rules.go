package printout

import (
	"regexp"
	"strings"
)

// A rulesPage is what a rules sheet takes from a game's rules page
// (docs/rules/GAME.md, or GAME.de.md): its title, the paragraph that cites
// the source, and the rules, section by section. The page is the one source
// of these words; the sheet only leaves out the columns that tie each rule
// to the source's words and to the code.
type rulesPage struct {
	Title    string
	Source   string
	Sections []section
}

type section struct {
	Heading string
	Rules   []string
}

// parseRules reads a rules page. A rule is the first cell of a row of a
// table whose last column is headed "Code" (the pages' tables of rules,
// in both languages); the table's section is the heading above it. The
// source is the first paragraph or list item that opens in bold and gives
// an address (<http...>).
func parseRules(md string) rulesPage {
	var p rulesPage
	var heading string
	inTable, rulesTable := false, false
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		switch {
		case strings.HasPrefix(line, "```"):
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
			}
		case strings.HasPrefix(line, "# ") && p.Title == "":
			p.Title = plain(line[2:])
		case strings.HasPrefix(line, "#"):
			heading = plain(strings.TrimLeft(line, "# "))
			inTable = false
		case strings.HasPrefix(line, "|"):
			cells := splitRow(line)
			if !inTable {
				inTable = true
				rulesTable = len(cells) > 1 && cells[len(cells)-1] == "Code"
				if rulesTable {
					p.Sections = append(p.Sections, section{Heading: heading})
				}
				continue
			}
			if !rulesTable || strings.Trim(cells[0], "-: ") == "" {
				continue
			}
			s := &p.Sections[len(p.Sections)-1]
			s.Rules = append(s.Rules, plain(cells[0]))
		case line == "":
			inTable = false
		case p.Source == "" && (strings.HasPrefix(line, "**") || strings.HasPrefix(line, "- **")):
			// the paragraph or list item goes on to a blank line or the next item
			text := strings.TrimPrefix(line, "- ")
			for i+1 < len(lines) {
				next := strings.TrimSpace(lines[i+1])
				if next == "" || strings.HasPrefix(next, "- ") || strings.HasPrefix(next, "#") {
					break
				}
				text += " " + next
				i++
			}
			if strings.Contains(text, "<http") {
				p.Source = plain(text)
			}
		}
	}
	return p
}

// splitRow splits a table row into its cells; "\|" is a bar within a cell.
func splitRow(line string) []string {
	line = strings.Trim(line, "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(line[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

var (
	mdLink   = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	mdAddr   = regexp.MustCompile(`<(https?://[^>]*)>`)
	mdMarkup = strings.NewReplacer("**", "", "`", "", "*", "")
)

// plain is markdown's inline text without its markup: links keep their
// words, addresses lose their brackets, emphasis and code marks go.
func plain(s string) string {
	s = mdLink.ReplaceAllString(s, "$1")
	var out strings.Builder
	last := 0
	// an address keeps its underscores and stars; the text around it loses them
	for _, m := range mdAddr.FindAllStringSubmatchIndex(s, -1) {
		out.WriteString(mdMarkup.Replace(s[last:m[0]]))
		out.WriteString(s[m[2]:m[3]])
		last = m[1]
	}
	out.WriteString(mdMarkup.Replace(s[last:]))
	return strings.Join(strings.Fields(out.String()), " ")
}
