package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode"
)

// helpRequest is returned by a command's run function when its arguments
// ask for help (-h, --help): run prints the command's help from its flags
// and exits 0.
type helpRequest struct{ fs *flag.FlagSet }

func (helpRequest) Error() string { return "help requested" }

// parseFlags parses a command's flags. A request for help becomes a
// helpRequest carrying the flags; any other failure is a usageError.
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		return helpRequest{fs}
	}
	return usageErr(err)
}

// flagGiven reports whether the flag name was given on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// help prints the command's synopsis, its flags with their defaults and an
// example.
func (c command) help(w io.Writer, h helpRequest) {
	fmt.Fprintf(w, "tabula %s: %s\n\nUsage:\n  %s\n", c.name, c.summary, c.synopsis())
	if h.fs != nil {
		first := true
		h.fs.VisitAll(func(f *flag.Flag) {
			if first {
				fmt.Fprintln(w, "\nFlags:")
				first = false
			}
			fmt.Fprintf(w, "  %s\n", flagHelp(f))
		})
	}
	if c.more != nil {
		fmt.Fprint(w, c.more())
	}
	if c.example != "" {
		fmt.Fprintf(w, "\nExample:\n  tabula %s\n", c.example)
	}
}

// flagHelp gives "--name TYPE  usage (default: x)" for one flag.
func flagHelp(f *flag.Flag) string {
	typ, text := flag.UnquoteUsage(f)
	head := "--" + f.Name
	if typ != "" {
		head += " " + typ
	}
	if def := f.DefValue; def != "" && def != "false" {
		text += fmt.Sprintf(" (default: %s)", def)
	}
	return fmt.Sprintf("%-22s %s", head, text)
}

// flags returns the command's flags, as its run function defines them
// (asked for help, a command only parses its flags).
func (c command) flags() *flag.FlagSet {
	var h helpRequest
	if err := c.run([]string{"--help"}, strings.NewReader(""), io.Discard, io.Discard); errors.As(err, &h) {
		return h.fs
	}
	return nil
}

// optional is an optional flag of a synopsis: "[--name VALUE".
var optional = regexp.MustCompile(`\[--([a-z0-9-]+)( [^\]\[ ]+)?`)

// synopsis is "tabula NAME" and the command's usage, its flags' values
// taken from the flags themselves so that they cannot drift: a literal
// value ("[--lease 6s]", not a placeholder such as "[--games N]") is the
// flag's default, and every flag the usage leaves out is added at its end.
func (c command) synopsis() string {
	usage := c.usage
	fs := c.flags()
	if fs != nil {
		named := map[string]bool{}
		usage = optional.ReplaceAllStringFunc(usage, func(m string) string {
			sub := optional.FindStringSubmatch(m)
			named[sub[1]] = true
			f := fs.Lookup(sub[1])
			value := strings.TrimSpace(sub[2])
			if f == nil || value == "" || shownDefault(f) == "" || placeholder(value) {
				return m
			}
			return "[--" + f.Name + " " + shownDefault(f)
		})
		var more []string
		fs.VisitAll(func(f *flag.Flag) {
			if named[f.Name] || strings.Contains(usage, "--"+f.Name+" ") || strings.HasSuffix(usage, "--"+f.Name) {
				return
			}
			typ, _ := flag.UnquoteUsage(f)
			switch {
			case typ == "":
				more = append(more, "[--"+f.Name+"]")
			case shownDefault(f) != "" && shownDefault(f) != "0":
				more = append(more, "[--"+f.Name+" "+shownDefault(f)+"]")
			default:
				more = append(more, "[--"+f.Name+" "+metavar(typ)+"]")
			}
		})
		if len(more) > 0 {
			usage = strings.TrimSpace(usage + " " + strings.Join(more, " "))
		}
	}
	return strings.TrimSpace("tabula " + c.name + " " + usage)
}

// placeholder reports whether a synopsis value names what to give (N,
// FILE, HOSTS, CIDR,..., i/n, name=value, X-Forwarded-For|Forwarded)
// rather than a default: it has no digit and no lower-case letter, or
// it shows a form or choices.
func placeholder(v string) bool {
	if strings.ContainsAny(v, "|/=,") {
		return true
	}
	for _, r := range v {
		if unicode.IsLower(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// shownDefault is a flag's default as a person writes it: a duration
// without its empty minutes and seconds ("168h", not "168h0m0s").
func shownDefault(f *flag.Flag) string {
	d := f.DefValue
	if strings.HasSuffix(d, "m0s") && len(d) > 3 {
		d = strings.TrimSuffix(d, "0s")
		if strings.HasSuffix(d, "h0m") {
			d = strings.TrimSuffix(d, "0m")
		}
	}
	return d
}

// metavar names what a flag of type typ takes, where its usage names
// nothing better (`FILE`).
func metavar(typ string) string {
	switch typ {
	case "int", "uint":
		return "N"
	case "float":
		return "X"
	case "duration":
		return "D"
	case "string":
		return "S"
	}
	return typ
}

// parseGameFlags parses the flags of a command that names a game, which
// comes first (tabula play GAME --vs hard) but may stand among the flags;
// it returns the game ("" when none is named) and refuses other arguments.
func parseGameFlags(fs *flag.FlagSet, args []string) (string, error) {
	var gameID string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		gameID, args = args[0], args[1:]
	}
	if err := parseFlags(fs, args); err != nil {
		return "", err
	}
	rest := fs.Args()
	if gameID == "" && len(rest) > 0 {
		// flags may follow the game too (tabula play --lang de GAME --vs hard)
		gameID = rest[0]
		if err := parseFlags(fs, rest[1:]); err != nil {
			return "", err
		}
		rest = fs.Args()
	}
	if len(rest) > 0 {
		return "", usagef("unexpected argument %q", rest[0])
	}
	return gameID, nil
}
