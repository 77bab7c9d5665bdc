// Command tabula plays, replays and studies the traditional board games of
// Tabula. Run "tabula help" for the subcommands.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"tabula/engine"
	_ "tabula/games/all"
	"tabula/messages"
)

// usageError is bad input from the user: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// usageErr is err, a bad command line (exit 2), keeping its code.
func usageErr(err error) error { return usageError{err} }

// A command is one subcommand: adding one is one entry in commands. Its run
// function parses its flags with parseFlags, which answers -h and --help:
// the help lists the flags the run function declared, so they are declared
// in one place only.
type command struct {
	name    string
	usage   string // what follows "tabula NAME" in the synopsis
	summary string // one line
	example string // one command line, without "tabula "
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
	more    func() string // more help, after the flags (lab: its measurements)
}

var commands []command

func init() {
	commands = []command{
		{name: "games", summary: "list the games and their options", example: "games", run: runGames},
		{name: "replay", usage: "--game ID [--option name=value]... MOVE... | --record FILE [--line N] [--coach [--coach-iterations 3000]]",
			summary: "apply moves from the start (or a saved record) and print the state as JSON; --coach also reviews each player's move",
			example: "replay --game adji-boto --option seeds=4 9 4 8", run: runReplay},
		{name: "play", usage: "GAME [--option name=value]... [--players human,mcts:hard,...] [--vs AGENT] [--threads T] | --record FILE",
			summary: "play in the terminal; 'quit' prints a record that --record FILE resumes",
			example: "play tamman --option players=3 --players human,hard,greedy", run: runPlay},
		{name: "sim", usage: "--game ID [--option name=value]... --agents A,B[,C,D] [--games N] [--seed S] [--threads T] [--json] [--records FILE]",
			summary: "self-play: agents play each other, seats rotated; summary of wins, draws, lengths",
			example: "sim --game adji-boto --agents mcts:hard,random --games 200 --json", run: runSim},
		{name: "tournament", usage: "--game ID [--option name=value]... --agents A,B,C... [--games N] [--neighbours N] [--seed S] [--threads T] [--json]",
			summary: "round robin: every group of agents plays N games; Elo ratings with 95% intervals",
			example: "tournament --game adji-boto --agents random,greedy,mcts:easy --games 40", run: runTournament},
		{name: "solve", usage: "[--game adji-boto] [--option name=value]... --seeds-left K [--out FILE [--upto J]] | --table FILE [--query \"H0 ... H9\" --to-move P] [--from-start] [--audit A,B,... [--endgame FILE]]",
			summary: "endgame table: the exact value of every board with at most K seeds (docs/ai.md); query a board, solve the game from its start",
			example: "solve --game adji-boto --seeds-left 14 --out k14.tab", run: runSolve},
		{name: "train", usage: "--game tamman [--net [--inputs N] [--hidden N] [--then GAMES@ALPHA,...]] [--from FILE] [--games N] [--seed S] [--alpha A] [--lambda L] [--explore E] [--out FILE]",
			summary: "learn Tamman's evaluation by self-play with TD(lambda) and write its weights (docs/ai.md)",
			example: "train --game tamman --games 1000 --out /tmp/learned.txt", run: runTrain},
		{name: "analyze", usage: "--game ID [--option k=v]... --vary k=v1,v2|k=all [--vary ...] --agents A[,B...] [--games N] [--design grid|each] [--skill AGENT] [--seed S] [--threads T] [--shard i/n] [--out DIR] | merge [--out DIR] DIR... | report DIR",
			summary: "research workbench: every reading of the rules side by side, with 95% intervals, tests and an HTML report",
			example: "analyze --game adji-boto --vary capture-from=all --agents random --skill greedy --games 400", run: runAnalyze},
		{name: "serve", usage: "[--addr 127.0.0.1:8080] [--db tabula.db] [--origins HOSTS] [--room-idle 168h] [--rooms-per-minute 10] [--conns-per-ip 32] [--msg-rate 10] [--lease 30s] [--poll 2s] [--trusted-proxies CIDR,...] [--proxy-header X-Forwarded-For|Forwarded] [--drain 0s] [--endgame FILE]",
			summary: "play in the browser, at one device or online: serve the web app, its JSON API and online rooms (kept in the SQLite file --db, or in PostgreSQL shared by several instances: --db postgres://...)",
			example: "serve --addr 127.0.0.1:8080 --db tabula.db", run: runServe},
		{name: "print", usage: "GAME --out FILE.pdf [--paper a4|a3] [--lang en|de] [--sheet all|board|rules] [--option name=value]...",
			summary: "write a PDF to print and play with real seeds or shells: the board at true scale and a one-page rules sheet with the source (docs/museum.md)",
			example: "print tamman --out /tmp/tamman.pdf --lang de", run: runPrint},
		{name: "site", usage: "--out DIR [--server https://host]",
			summary: "write a static copy of the web app that plays in the browser with no server (docs/browser.md)",
			example: "site --out /tmp/tabula-site", run: runSite},
		{name: "loadtest", usage: "[--rooms N] [--duration D] [--game ID] [--think D] [--think-spread 0.2] [--vs AGENT] [--heavy N] [--heavy-agent alphabeta:max] [--seed S] [--server http://127.0.0.1:PORT] [--json]",
			summary: "load generator: N rooms of bots play over WebSocket on loopback; moves/s, round trips, memory per room",
			example: "loadtest --rooms 100 --duration 30s", run: runLoadtest},
		{name: "lab", usage: "NAME [FLAGS]",
			summary: "run a measurement of the computer players (docs/lab): a long run that prints its figures",
			example: "lab tamman-match --match greedy,mcts:easy --match-games 4", run: runLab, more: labList},
		{name: "version", summary: "print the module version and the VCS revision it was built from",
			example: "version", run: runVersion},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status: 0 on
// success, 2 for bad input, 1 for other failures.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		args[0] = "version"
	}
	if args[0] == "help" {
		if len(args) == 1 || len(args) == 2 && args[1] == "help" {
			usage(stdout)
			return 0
		}
		if len(args) > 2 {
			fmt.Fprintf(stderr, "tabula help: name one command, got %q\n", strings.Join(args[1:], " "))
			return 2
		}
		// "tabula help NAME" is "tabula NAME --help".
		args = []string{args[1], "--help"}
	}
	c, ok := lookupCommand(args[0])
	if !ok {
		fmt.Fprintf(stderr, "tabula: unknown command %q (run 'tabula help')\n", args[0])
		return 2
	}
	err := c.run(args[1:], stdin, stdout, stderr)
	var help helpRequest
	switch {
	case err == nil:
		return 0
	case errors.As(err, &help):
		c.help(stdout, help)
		return 0
	}
	// A coded error is said in the environment's language.
	fmt.Fprintf(stderr, "tabula %s: %s\n", c.name, oneLine(engine.InLang(err, messages.Lang())))
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

func lookupCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

func usage(w io.Writer) {
	fmt.Fprintln(w, "tabula: traditional board games from ethnographic sources")
	fmt.Fprintln(w, "\nUsage:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %s\n      %s\n", c.synopsis(), c.summary)
	}
	fmt.Fprintln(w, "\n'tabula help COMMAND' or 'tabula COMMAND --help' lists a command's flags.")
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
