package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestGoStampWins(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "tabula", Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "3d767a8c0ffee"},
			{Key: "vcs.time", Value: "2026-11-30T19:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	in := FromBuild(bi, "ffffffff")
	want := "tabula (devel), revision 3d767a8c0ffee (2026-11-30T19:00:00Z) with local changes, built with go1.26.0"
	if got := in.String(); got != want || in.From != "vcs" {
		t.Errorf("got  %q (from %q)\nwant %q", got, in.From, want)
	}
	if got := in.Short(); got != "(devel) 3d767a8c0ffe+" {
		t.Errorf("short %q", got)
	}
}

// go run and -buildvcs=false stamp no revision: the linker's stamp is
// used, and said to be.
func TestLinkerStampWithoutVCS(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "tabula", Version: "(devel)"}}
	in := FromBuild(bi, "abc123\n")
	if in.Revision != "abc123" || in.From != "ldflags" {
		t.Errorf("%+v", in)
	}
	if got := FromBuild(bi, "").String(); !strings.HasPrefix(got, "tabula (devel), no VCS revision") {
		t.Errorf("nothing stamped: %q", got)
	}
	if got := FromBuild(nil, "").String(); got == "" || !strings.Contains(got, "(unknown)") {
		t.Errorf("no build info: %q", got)
	}
}
