package docs

import (
	"io/fs"
	"testing"
)

func TestRulesAreEmbedded(t *testing.T) {
	data, err := fs.ReadFile(RulesFS(), "adji-boto.md")
	if err != nil || len(data) == 0 {
		t.Fatalf("rules/adji-boto.md: %v", err)
	}
}
