// Command tabula plays, replays and studies the traditional board games of
// Tabula. Run "tabula help" for the subcommands.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	_ "tabula/games/all"
)

// usageError is bad input from the user: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

type command struct {
	name, args, doc string
	run             func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands []command

func init() {
	commands = []command{
		{"games", "", "list the games and their options", runGames},
		{"replay", "--game ID [--option name=value]... MOVE... | --record FILE [--line N]", "apply moves from the start (or a saved record) and print the state as JSON", runReplay},
		{"play", "GAME [--option name=value]... [--players human,mcts:hard,...] [--vs AGENT] [--threads T]", "play in the terminal", runPlay},
		{"sim", "--game ID [--option name=value]... --agents A,B[,C,D] [--games N] [--seed S] [--threads T] [--json] [--records FILE]", "self-play: agents play each other, seats rotated; summary of wins, draws, lengths", runSim},
		{"tournament", "--game ID [--option name=value]... --agents A,B,C... [--games N] [--neighbours N] [--seed S] [--threads T] [--json]", "round robin: every group of agents plays N games; Elo ratings with 95% intervals", runTournament},
		{"solve", "--game adji-boto [--option name=value]... --seeds-left K [--out FILE] [--from-start]", "endgame table: the best margin of every board with at most K seeds (docs/ai.md)", runSolve},
		{"serve", "[--addr 127.0.0.1:8080]", "play in the browser: serve the web app and its JSON API", runServe},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status: 0 on
// success, 2 for bad input, 1 for other failures.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		err := c.run(args[1:], stdin, stdout, stderr)
		if err == nil {
			return 0
		}
		fmt.Fprintf(stderr, "tabula %s: %s\n", c.name, oneLine(err.Error()))
		var ue usageError
		if errors.As(err, &ue) {
			return 2
		}
		return 1
	}
	fmt.Fprintf(stderr, "tabula: unknown command %q (run 'tabula help')\n", args[0])
	return 2
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

func usage(w io.Writer) {
	fmt.Fprintln(w, "tabula: traditional board games from ethnographic sources")
	fmt.Fprintln(w, "\nUsage:")
	for _, c := range commands {
		fmt.Fprintf(w, "  tabula %s %s\n      %s\n", c.name, c.args, c.doc)
	}
	fmt.Fprintln(w, "\nAgents (--players, --vs, --agents): random, greedy, mcts[:LEVEL], alphabeta[:LEVEL]")
	fmt.Fprintln(w, "  LEVEL is easy, medium (the default), hard or max; or a budget per move: mcts:5000")
	fmt.Fprintln(w, "  (iterations), alphabeta:8 (depth), mcts:200ms or alphabeta:1s (time). A bare level")
	fmt.Fprintln(w, "  (hard) means mcts at that level. alphabeta needs two players and no simultaneous turns.")
}

// optionList collects repeated --option name=value flags.
type optionList []string

func (o *optionList) String() string { return strings.Join(*o, " ") }

func (o *optionList) Set(v string) error {
	*o = append(*o, v)
	return nil
}
