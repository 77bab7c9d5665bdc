package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabula/internal/rooms"
)

// The flags each subcommand's help must list, with the defaults it must
// state. A subcommand missing here must still give help (exit 0, a usage
// line and an example).
var wantHelp = map[string][]string{
	"games":      nil,
	"replay":     {"--game ID", "--option name=value", "--record FILE", "--line int", "(default: 1)"},
	"play":       {"--option name=value", "--players string", "--vs string", "--seed uint", "--threads int", "--record FILE", "--line int"},
	"sim":        {"--game ID", "--agents string", "--games int", "(default: 100)", "--seed uint", "--threads int", "--json", "--records FILE", "--quiet", "--progress"},
	"tournament": {"--game ID", "--agents string", "--games int", "(default: 20)", "--seed uint", "--threads int", "--json"},
	"serve":      {"--addr string", "(default: 127.0.0.1:8080)"},
	"analyze":    {"--game ID", "--vary name=v1,v2", "--agents string", "--games int", "(default: 200)", "--shard i/n", "--out DIR", "--skill string"},
	"version":    nil,
}

func TestHelpForEverySubcommand(t *testing.T) {
	for _, c := range commands {
		for _, args := range [][]string{{c.name, "-h"}, {c.name, "--help"}, {c.name, "-help"}, {"help", c.name}} {
			code, out, errOut := runTabula(t, "", args...)
			if code != 0 || errOut != "" {
				t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
				continue
			}
			for _, want := range append([]string{"Usage:\n  tabula " + c.name, "Example:\n  tabula " + c.name}, wantHelp[c.name]...) {
				if !strings.Contains(out, want) {
					t.Errorf("%v: help lacks %q:\n%s", args, want, out)
				}
			}
			if strings.Contains(out, "help requested") {
				t.Errorf("%v: %s", args, out)
			}
		}
	}
}

// Help comes before any other check of the arguments: 'play -h' needs no
// game, and flags before -h are parsed first.
func TestHelpWinsOverMissingArguments(t *testing.T) {
	for _, args := range [][]string{
		{"play", "-h"}, {"play", "adji-boto", "--vs", "random", "-h"}, {"replay", "--game", "adji-boto", "--help"},
		{"sim", "--games", "3", "-h"},
	} {
		code, out, _ := runTabula(t, "", args...)
		if code != 0 || !strings.Contains(out, "Flags:\n") {
			t.Errorf("%v: exit %d\n%s", args, code, out)
		}
	}
}

func TestGeneralHelpListsEveryCommand(t *testing.T) {
	for _, args := range [][]string{{}, {"help"}, {"-h"}, {"--help"}} {
		code, out, errOut := runTabula(t, "", args...)
		if code != 0 || errOut != "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
		for _, c := range commands {
			if !strings.Contains(out, "\n  tabula "+c.name) {
				t.Errorf("%v: usage lacks %s", args, c.name)
			}
		}
	}
	// 'help play' is the help of play, not the general usage.
	_, out, _ := runTabula(t, "", "help", "play")
	if strings.Contains(out, "tabula serve") || !strings.Contains(out, "--vs string") {
		t.Errorf("help play:\n%s", out)
	}
}

func TestHelpOfAnUnknownCommandExitsTwo(t *testing.T) {
	for _, args := range [][]string{{"help", "chess"}, {"help", "play", "sim"}, {"chess", "-h"}} {
		code, out, errOut := runTabula(t, "", args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

func TestVersion(t *testing.T) {
	code, out, errOut := runTabula(t, "", "version")
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "tabula ") || !strings.Contains(out, "built with go") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, _, _ := runTabula(t, "", "version", "extra"); code != 2 {
		t.Errorf("version extra: exit %d, want 2", code)
	}
}

// A binary built by go run stamps no VCS revision; the linker's stamp
// (version.Revision) names it: deploy's TestDockerfileStampsTheVersion
// builds tabula so, as the container build and every test's build do
// (servetest.BuildFlags), and reads it back from `tabula version`.

// Arguments that used to be ignored or accepted are refused with one line
// that names them, and exit status 2.
func TestRefusedArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"games", "extra"}, `unexpected argument "extra"`},
		{[]string{"play", "adji-boto", "--threads", "0"}, "--threads must be at least 1, got 0"},
		{[]string{"sim", "--game", "adji-boto", "--agents", "random,random", "--threads", "0"}, "--threads must be at least 1, got 0"},
		{[]string{"tournament", "--game", "adji-boto", "--agents", "random,greedy", "--threads", "0"}, "--threads must be at least 1, got 0"},
		{[]string{"play", "adji-boto", "extra"}, `unexpected argument "extra"`},
		{[]string{"play"}, "name the game"},
		{[]string{"play", "tamman", "--players", "human,random,random"}, "got 3 names; add --option players=3"},
		{[]string{"sim", "--game", "tamman", "--agents", "random,random,random"}, "add --option players=3"},
		{[]string{"play", "--record", "-"}, "give a file"},
		{[]string{"play", "adji-boto", "--record", "x.jsonl"}, "--record replaces GAME"},
		{[]string{"play", "--record", "testdata/no-such-file"}, "no-such-file"},
		{[]string{"serve", "--kiosk-game", "tamman"}, "go with --kiosk"},
		{[]string{"serve", "--kiosk", "--kiosk-idle", "500ms"}, "--kiosk-idle 500ms: want at least 1s"},
		{[]string{"serve", "--kiosk", "--kiosk-game", "chess"}, "--kiosk-game"},
	} {
		code, out, errOut := runTabula(t, "", c.args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q (want %q)", c.args, code, out, errOut, c.want)
		}
	}
	// A game of two has no hint about a players option it does not have.
	_, _, errOut := runTabula(t, "", "play", "adji-boto", "--players", "human,random,random")
	if strings.Contains(errOut, "--option players") {
		t.Errorf("adji-boto: %s", errOut)
	}
}

// A synopsis cannot drift from the flags (issue #37: serve showed
// [--lease 30s] for a default of 6 s, and loadtest's left out --vs,
// --heavy and --think-spread): every flag of every command is in its
// synopsis, in 'tabula help' and in its own help, and every literal value
// shown is the flag's default.
func TestSynopsesFollowTheFlags(t *testing.T) {
	_, overview, _ := runTabula(t, "", "help")
	for _, c := range commands {
		fs := c.flags()
		syn := c.synopsis()
		if !strings.Contains(overview, "  "+syn+"\n") {
			t.Errorf("tabula help lacks %s's synopsis %q", c.name, syn)
		}
		if fs == nil {
			continue
		}
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(syn+" ", "--"+f.Name+" ") && !strings.Contains(syn, "--"+f.Name+"]") {
				t.Errorf("%s: the synopsis lacks --%s: %s", c.name, f.Name, syn)
			}
		})
		for _, m := range optional.FindAllStringSubmatch(c.usage, -1) {
			if fs.Lookup(m[1]) == nil {
				t.Errorf("%s: the usage names --%s, which is no flag", c.name, m[1])
			}
		}
	}
	serve, _ := lookupCommand("serve")
	for _, want := range []string{"[--lease " + rooms.DefaultLease.String() + "]", "[--room-idle 168h]", "[--addr 127.0.0.1:8080]"} {
		if !strings.Contains(serve.synopsis(), want) {
			t.Errorf("serve's synopsis lacks %q: %s", want, serve.synopsis())
		}
	}
	loadtest, _ := lookupCommand("loadtest")
	for _, want := range []string{"[--vs AGENT]", "[--heavy N]", "[--think-spread 0.2]"} {
		if !strings.Contains(loadtest.synopsis(), want) {
			t.Errorf("loadtest's synopsis lacks %q: %s", want, loadtest.synopsis())
		}
	}
}

// No example of a command writes over a file of the repository (issue
// #37: train's wrote over games/tamman/learned.txt).
func TestExamplesWriteNoFileOfTheRepository(t *testing.T) {
	for _, c := range commands {
		fields := strings.Fields(c.example)
		for i, f := range fields {
			if f != "--out" && f != "--records" || i+1 == len(fields) {
				continue
			}
			out := fields[i+1]
			if _, err := os.Stat(filepath.Join("..", "..", out)); err == nil || !filepath.IsAbs(out) && strings.Contains(out, "/") {
				t.Errorf("%s's example writes %s, in the repository", c.name, out)
			}
		}
	}
}
