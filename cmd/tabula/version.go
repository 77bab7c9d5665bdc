package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
)

func runVersion(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Errorf("no build information in this binary")
	}
	fmt.Fprintln(stdout, versionText(bi))
	return nil
}

// versionText gives "tabula MODULE_VERSION, revision REV (TIME), built
// with GO": the module version is "(devel)" for a build from a checkout,
// the revision is the VCS commit go build stamps into the binary.
func versionText(bi *debug.BuildInfo) string {
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	version := bi.Main.Version
	if version == "" {
		version = "(unknown)"
	}
	text := "tabula " + version
	if rev := settings["vcs.revision"]; rev != "" {
		text += ", revision " + rev
		if t := settings["vcs.time"]; t != "" {
			text += " (" + t + ")"
		}
		if settings["vcs.modified"] == "true" {
			text += " with local changes"
		}
	} else {
		text += ", no VCS revision (build it from a git checkout with -buildvcs=true to record one)"
	}
	return text + ", built with " + bi.GoVersion
}
