package main

import (
	"strings"
	"testing"
)

func TestDBLabelHidesSecrets(t *testing.T) {
	for _, c := range []struct{ db, want string }{
		{"tabula.db", "tabula.db"},
		{"postgres://tabula:s3cret@db.example.org:5432/tabula?sslmode=require&password=p2", "postgres://db.example.org:5432/tabula"},
		{"postgresql://u:s3cret@/tabula?host=/run/pg", "postgresql:///tabula"},
		{"postgres://%zz", "postgres://(unreadable URL)"},
	} {
		got := dbLabel(c.db)
		if got != c.want || strings.Contains(got, "s3cret") {
			t.Errorf("dbLabel(%q) = %q, want %q", c.db, got, c.want)
		}
	}
	if isPostgres("postgres.db") || !isPostgres("postgresql://x/y") {
		t.Error("isPostgres tells files from URLs wrongly")
	}
}

func TestServeRefusesBadSharedFlags(t *testing.T) {
	for _, args := range [][]string{{"--lease", "0s"}, {"--poll", "-1s"}} {
		var out, errb strings.Builder
		err := runServe(args, nil, &out, &errb)
		if err == nil || !strings.Contains(err.Error(), "--lease and --poll must be positive") {
			t.Errorf("serve %v: err = %v", args, err)
		}
	}
}

func TestServeRefusesNegativeDrain(t *testing.T) {
	var out, errb strings.Builder
	err := runServe([]string{"--drain", "-1s"}, nil, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "--drain must not be negative") {
		t.Errorf("serve --drain -1s: err = %v", err)
	}
}

// The limits of the computer players' pool and of connections are
// checked before anything starts.
func TestServeRefusesBadPoolAndConnLimits(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--search-share", "0"}, "--search-share"},
		{[]string{"--search-share", "1.5"}, "--search-share"},
		{[]string{"--search-workers", "-1"}, "--search-workers"},
		{[]string{"--conns", "0"}, "--conns"},
	} {
		var out, errb strings.Builder
		if err := runServe(c.args, nil, &out, &errb); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("serve %v: err = %v, want one naming %s", c.args, err, c.want)
		}
	}
}
