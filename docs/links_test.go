package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Every relative link of README.md and docs/ names a file of the
// repository, and its #fragment a heading of that page: pages move (the
// lab journals did), and a link left behind would say nothing.
func TestLinksResolve(t *testing.T) {
	pages := []string{"../README.md"}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, page := range pages {
		text := readPage(t, page)
		for _, m := range linkRE.FindAllStringSubmatch(stripCode(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), file)
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s: the link %q names no file", page, target)
					continue
				}
			}
			checked++
			if frag == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			if !anchors(readPage(t, path))[frag] {
				t.Errorf("%s: the link %q names no heading of %s", page, target, path)
			}
		}
	}
	if checked < 50 {
		t.Errorf("checked %d links; the reader of the pages is broken", checked)
	}
}

var (
	linkRE    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	fenceRE   = regexp.MustCompile("(?ms)^\\s*```.*?^\\s*```")
	spanRE    = regexp.MustCompile("`[^`\n]*`")
	headingRE = regexp.MustCompile(`(?m)^#+\s+(.*)$`)
	slugDrop  = regexp.MustCompile(`[^\p{L}\p{N} _-]`)
)

func readPage(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// stripCode blanks fenced blocks and code spans, where a ](x) is no link.
func stripCode(text string) string {
	return spanRE.ReplaceAllString(fenceRE.ReplaceAllString(text, ""), "")
}

// anchors are the fragments GitHub gives a page's headings: lower case,
// punctuation dropped, spaces as hyphens, a repeated one numbered.
func anchors(text string) map[string]bool {
	seen := map[string]int{}
	out := map[string]bool{}
	for _, m := range headingRE.FindAllStringSubmatch(fenceRE.ReplaceAllString(text, ""), -1) {
		slug := strings.ReplaceAll(slugDrop.ReplaceAllString(strings.ToLower(strings.TrimSpace(m[1])), ""), " ", "-")
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}
