package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The pages' commands: which pages hold examples, and how a page's code
// blocks and spans become the commands TestDocumentedCommandsRun runs
// (the markers are told in docs_examples_test.go).

// docCommand is one command of a page, and how it is run.
type docCommand struct {
	where  string   // file:line
	text   string   // the command line as the page shows it
	args   []string // a tabula command's arguments
	out    string   // the file a lab command's output is redirected to (> FILE)
	mode   string   // "", "bounded" or "skip"
	reason string
}

var (
	markerRE      = regexp.MustCompile(`^<!--\s*(all )?examples:\s*(bounded|skip):\s*(.*?)\s*-->\s*$`)
	inlineCodeRE  = regexp.MustCompile("`([^`]+)`")
	placeholderRE = regexp.MustCompile(`\[|\.\.\.|…|\||(^|[\s=,:/@])[A-Z][A-Z0-9_-]*([\s=,:/@.]|$)`)
	invocations   = []string{"go run ./cmd/tabula ", "/tmp/tabula ", "tabula "}
)

// docCommands reads the runnable tabula commands of one Markdown page.
func docCommands(t *testing.T, path, name string) []docCommand {
	t.Helper()
	var cmds []docCommand
	for _, c := range pageCommands(t, path, name) {
		args, ok, err := commandArgs(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.where, err)
		}
		if ok {
			c.args = args
			// A measurement's log goes to a file that a later one reads.
			if n := len(args); n > 3 && args[0] == "lab" && args[n-2] == ">" {
				c.args, c.out = args[:n-2], args[n-1]
			}
			cmds = append(cmds, c)
		}
	}
	return cmds
}

// pageCommands reads the command lines of one Markdown page, each with
// the marker of its block: every line of a fenced block marked sh (or not
// marked), joined with the next where it ends in \, and every inline code
// span, a span broken over lines included (read as one line).
func pageCommands(t *testing.T, path, name string) []docCommand {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		cmds              []docCommand
		fence, fenceInfo  string // the open fence and its info string
		inBlock           bool   // inside a paragraph, list or table
		pageMode, pageWhy string
		next, nextWhy     string   // the marker for the next block
		mode, why         string   // the marker of the current block
		cont              string   // a shell line continued with \
		block             []string // the lines of the current block
		blockStart        int
	)
	// spans adds the inline code spans of the block read so far.
	spans := func() {
		text := strings.Join(block, "\n")
		for _, m := range inlineCodeRE.FindAllStringSubmatchIndex(text, -1) {
			n := blockStart + strings.Count(text[:m[0]], "\n")
			span := strings.Join(strings.Fields(text[m[2]:m[3]]), " ")
			cmds = append(cmds, docCommand{where: fmt.Sprintf("%s:%d", name, n), text: span, mode: mode, reason: why})
		}
		block = nil
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		where := fmt.Sprintf("%s:%d", name, n)
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, "`~") == "" {
				fence, mode, why = "", "", ""
				continue
			}
			if fenceInfo != "sh" && fenceInfo != "bash" && fenceInfo != "shell" && fenceInfo != "x" {
				continue
			}
			if strings.HasSuffix(trimmed, `\`) {
				cont += strings.TrimSuffix(trimmed, `\`) + " "
				continue
			}
			cmds = append(cmds, docCommand{where: where, text: cont + trimmed, mode: mode, reason: why})
			cont = ""
			continue
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			spans()
			fence = trimmed[:3]
			fenceInfo = strings.Fields(strings.TrimLeft(trimmed, "`~") + " x")[0]
			if !inBlock {
				mode, why, next, nextWhy = orPage(next, nextWhy, pageMode, pageWhy)
			}
			continue
		case trimmed == "":
			spans()
			inBlock = false
			continue
		}
		if m := markerRE.FindStringSubmatch(trimmed); m != nil {
			spans()
			if m[3] == "" {
				t.Errorf("%s: a marker gives no reason", where)
			}
			if m[1] != "" {
				pageMode, pageWhy = m[2], m[3]
			} else {
				next, nextWhy = m[2], m[3]
			}
			continue
		}
		if !inBlock {
			inBlock = true
			mode, why, next, nextWhy = orPage(next, nextWhy, pageMode, pageWhy)
		}
		if len(block) == 0 {
			blockStart = n
		}
		block = append(block, line)
	}
	spans()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cmds
}

// orPage is the marker of a block that starts now: the one just before it,
// else the page's. It clears the one just before.
func orPage(next, nextWhy, page, pageWhy string) (mode, why, _, _ string) {
	if next != "" {
		return next, nextWhy, "", ""
	}
	return page, pageWhy, "", ""
}

// commandArgs reads the arguments of a tabula command line; ok is false
// for text that is not a runnable tabula command.
func commandArgs(text string) (args []string, ok bool, err error) {
	text = strings.TrimPrefix(strings.TrimSpace(text), "$ ")
	var rest string
	for _, p := range invocations {
		if r, found := strings.CutPrefix(text, p); found {
			rest = r
			break
		}
	}
	if rest == "" || placeholderRE.MatchString(rest) {
		return nil, false, nil
	}
	words, err := shellWords(rest)
	if err != nil {
		return nil, false, fmt.Errorf("%q: %v", text, err)
	}
	if len(words) < 2 || words[0] == "lab" && len(words) < 3 {
		return nil, false, nil // `tabula serve`, `tabula lab tamman-match`: names the command
	}
	if i := slices.Index(words, ">"); i >= 0 && (words[0] != "lab" || i != len(words)-2) {
		return nil, false, fmt.Errorf("%q: shell syntax '>' that the test cannot run (only a lab command's output may go to a file)", text)
	}
	return words, true, nil
}

// shellWords splits a command line as sh does for the plain words, quotes
// and comments the documentation uses, and refuses the rest of the shell.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, errors.New("unclosed quote")
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '#' && !inWord:
			i = len(s)
		case c == '>' && !inWord:
			words = append(words, ">") // a redirection: the caller decides
		case strings.IndexByte("$|&;<>`(){}\\*?", c) >= 0:
			return nil, fmt.Errorf("shell syntax %q that the test cannot run", c)
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

func docPages(t *testing.T) []string {
	t.Helper()
	pages := []string{"../../README.md"}
	err := filepath.WalkDir("../../docs", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}
