// Package version says which build of Tabula runs, so that a report or a
// bug can be tied to a binary: the module version and the VCS revision Go
// stamps into a binary built from a git checkout (go build, go install).
// Where Go stamps none (go run, -buildvcs=false, a container build
// without .git), the revision comes from Revision, set by the linker:
//
//	go build -ldflags "-X tabula/internal/version.Revision=$(git rev-parse HEAD)" ./cmd/tabula
package version

import (
	"runtime/debug"
	"strings"
)

// Revision is the VCS revision stamped by -ldflags -X at build time; ""
// when none was. Go's own VCS stamp wins when both are present.
var Revision string

// Info is what a build knows of itself.
type Info struct {
	// Version is the module version: "(devel)" for a build from a
	// checkout, "v1.2.0" for go install tabula/cmd/tabula@v1.2.0.
	Version string `json:"version"`
	// Revision is the VCS commit ("" when unknown), Time its commit
	// time, Modified whether the checkout had local changes.
	Revision string `json:"revision"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	// From says where the revision came from: "vcs" (Go's stamp),
	// "ldflags" (Revision) or "" (unknown).
	From string `json:"from,omitempty"`
	Go   string `json:"go"`
}

// Get describes the running binary.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return FromBuild(bi, Revision)
}

// FromBuild describes a build from its build information (nil when the
// binary has none) and the revision stamped by the linker.
func FromBuild(bi *debug.BuildInfo, stamped string) Info {
	in := Info{Version: "(unknown)", Go: "(unknown)"}
	settings := map[string]string{}
	if bi != nil {
		if bi.Main.Version != "" {
			in.Version = bi.Main.Version
		}
		in.Go = bi.GoVersion
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
	}
	switch {
	case settings["vcs.revision"] != "":
		in.Revision, in.Time, in.From = settings["vcs.revision"], settings["vcs.time"], "vcs"
		in.Modified = settings["vcs.modified"] == "true"
	case strings.TrimSpace(stamped) != "":
		in.Revision, in.From = strings.TrimSpace(stamped), "ldflags"
	}
	return in
}

// String gives "tabula VERSION, revision REV (TIME), built with GO".
func (in Info) String() string {
	text := "tabula " + in.Version
	if in.Revision != "" {
		text += ", revision " + in.Revision
		if in.Time != "" {
			text += " (" + in.Time + ")"
		}
		if in.Modified {
			text += " with local changes"
		}
	} else {
		text += ", no VCS revision (build from a git checkout, or stamp one: -ldflags \"-X tabula/internal/version.Revision=$(git rev-parse HEAD)\")"
	}
	return text + ", built with " + in.Go
}

// Short is "VERSION REV" for a report's first line: the revision cut to
// 12 characters, "+" after it for local changes.
func (in Info) Short() string {
	rev := in.Revision
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		rev = "no revision"
	}
	if in.Modified {
		rev += "+"
	}
	return in.Version + " " + rev
}
