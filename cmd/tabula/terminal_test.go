package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"tabula/messages"
)

// Tests of what the terminal says and how the command line answers, one
// defect of issue 21 (point 7) each.

// Ctrl-D ends the input: the game stops with the record line that
// --record resumes, as after 'quit', and exits 1 with one line on stderr.
func TestPlayEndOfInputPrintsTheRecord(t *testing.T) {
	code, out, errOut := runTabula(t, "9\n4\n", "play", "adji-boto", "--players", "human,human")
	if code != 1 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "input ended") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var rec struct {
		Game  string   `json:"game"`
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal([]byte(quitRecord(t, out)), &rec); err != nil || rec.Game != "adji-boto" || strings.Join(rec.Moves, " ") != "9 4" {
		t.Errorf("record %+v, %v", rec, err)
	}
}

// playOut plays a game of computers in the terminal and returns its output.
func playOut(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := runTabula(t, "", append([]string{"play"}, args...)...)
	if code != 0 {
		t.Fatalf("play %v: exit %d: %s", args, code, errOut)
	}
	return out
}

// An Agsinnoninka round's end is told after the turn that ended it: the
// turn's sowing, then the board as the round ended, then how it ended.
func TestPlayAgsinnoninkaTellsTheRoundEndAfterItsTurn(t *testing.T) {
	out := playOut(t, "agsinnoninka", "--players", "greedy,random", "--seed", "3")
	board := strings.Index(out, "round 1 ends on this board")
	ended := strings.Index(out, "Round 1 is over (")
	if board < 0 || ended < board {
		t.Fatalf("the board at the end of round 1 (at %d) does not come before its end (at %d):\n%s", board, ended, lastLines(out))
	}
	reveal := strings.LastIndex(out[:board], "reveal:")
	if !strings.Contains(out[reveal:board], "player 1 sowed from hole") {
		t.Errorf("the turn that ended the round is not told before its end:\n%s", out[reveal:ended])
	}
}

// After the last round no header of a turn follows, and the end of the
// match says why in words.
func TestPlayAgsinnoninkaMatchEndsInWords(t *testing.T) {
	out := playOut(t, "agsinnoninka", "--players", "greedy,random", "--seed", "3")
	last := out[strings.LastIndex(out, " is over ("):]
	if strings.Contains(last, "of the round") || strings.Contains(out, "match over (") {
		t.Errorf("the end of the match:\n%s", last)
	}
	if !strings.Contains(last, "the match is over after round 1, ended by a player who could not fill a single hole") {
		t.Errorf("the end of the match does not say why:\n%s", last)
	}
}

// The players of a simultaneous turn are named in words, not as a Go list.
func TestPlayRevealNamesThePlayers(t *testing.T) {
	out := playOut(t, "agsinnoninka", "--players", "greedy,random", "--seed", "3")
	if !strings.Contains(out, "player 0 and player 1 reveal: ") || strings.Contains(out, "[0 1]") {
		t.Errorf("reveal lines:\n%s", lastLines(out))
	}
}

// Tamman says whose men a move sent back and from which squares.
func TestPlayTammanSaysWhoseMenWentBackFromWhere(t *testing.T) {
	out := playOut(t, "tamman", "--players", "greedy,greedy", "--seed", "3")
	said := regexp.MustCompile(`player (\d) sent (1 man|\d+ men) of player \d back to the 'ayn, from [a-e][1-5](, [a-e][1-5])*\.`).FindAllString(out, -1)
	if len(said) == 0 || strings.Contains(out, "man (men)") {
		t.Errorf("no capture told with its owner and squares:\n%s", lastLines(out))
	}
}

// Tamman's drawing is explained once: the letters of the named squares and
// what the steps count; the steps read as a list of numbers, not Go's.
func TestPlayTammanExplainsTheBoardOnce(t *testing.T) {
	out := playOut(t, "tamman", "--players", "greedy,greedy", "--seed", "3")
	if n := strings.Count(out, "A: a player's 'ayn"); n != 1 {
		t.Errorf("the letters are explained %d times", n)
	}
	if strings.Count(out, "steps: how far each man has gone") != 1 || strings.Contains(out, "steps [") {
		t.Errorf("the steps are not explained once, or read as a Go list:\n%s", lastLines(out))
	}
}

// 'help' at the move prompt repeats the instructions and is no move.
func TestPlayHelpAtThePrompt(t *testing.T) {
	code, out, errOut := runTabula(t, "help\n9\nquit\n", "play", "adji-boto", "--players", "human,human")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Count(out, messages.App["t_instructions"]["en"]) != 2 || strings.Contains(out, `"help"`) {
		t.Errorf("help at the prompt:\n%s", out)
	}
	if !strings.Contains(quitRecord(t, out), `"moves":["9"]`) {
		t.Errorf("record %s", quitRecord(t, out))
	}
}

// An Adji-Boto move that captures nothing says nothing of captures; one
// that captures says who captured how many.
func TestPlayAdjiBotoTellsOnlyCaptures(t *testing.T) {
	out := playOut(t, "adji-boto", "--players", "greedy,random", "--seed", "2")
	if strings.Contains(out, "captured 0") || strings.Contains(out, "seed(s)") {
		t.Errorf("a move that captured nothing is told:\n%s", lastLines(out))
	}
	if !regexp.MustCompile(`player [01] captured \d+ seeds?\.\n`).MatchString(out) {
		t.Errorf("no capture told:\n%s", lastLines(out))
	}
}

// Ctrl-C stops the game with the record that resumes it, as 'quit' does.
func TestPlayCtrlCPrintsTheRecord(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "play", "adji-boto", "--players", "human,human")
	cmd.Env = append(os.Environ(), "TABULA_AS_COMMAND=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var out, errOut lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, "9\n")
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(out.String(), "player 1, your move") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(errOut.String(), "interrupted") {
		t.Errorf("after Ctrl-C: %v, stderr %q", err, errOut.String())
	}
	if !strings.Contains(quitRecord(t, out.String()), `"moves":["9"]`) {
		t.Errorf("record after Ctrl-C: %s", quitRecord(t, out.String()))
	}
}

// The summary of sim says "1 thread".
func TestSimSaysOneThread(t *testing.T) {
	code, out, errOut := runTabula(t, "", "sim", "--game", "adji-boto", "--agents", "random,random", "--games", "2", "--threads", "1")
	if code != 0 || !strings.Contains(out, ", 1 thread:") {
		t.Errorf("exit %d %s:\n%s", code, errOut, out)
	}
}

// A win rate of none has a lower bound of exactly 0 (not 1.4e-17), and
// one of all an upper bound of exactly 1.
func TestWinRateBoundsAreExact(t *testing.T) {
	for n := 1; n <= 1000; n++ {
		if lo, _ := wilson(0, n); lo != 0 {
			t.Fatalf("0 of %d: low %v", n, lo)
		}
		if _, hi := wilson(n, n); hi != 1 {
			t.Fatalf("%d of %d: high %v", n, n, hi)
		}
	}
}

// tabula --version is tabula version; tabula help help is tabula help.
func TestVersionFlagAndHelpHelp(t *testing.T) {
	code, out, _ := runTabula(t, "", "--version")
	_, want, _ := runTabula(t, "", "version")
	if code != 0 || out != want {
		t.Errorf("--version: exit %d, %q, want %q", code, out, want)
	}
	code, out, _ = runTabula(t, "", "help", "help")
	_, want, _ = runTabula(t, "", "help")
	if code != 0 || out != want {
		t.Errorf("help help: exit %d, %q", code, out)
	}
}

// Bad command lines exit 2 at once, with one line that names what is wrong.
func TestBadCommandLinesExitTwo(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "--game", "adji-boto", "--line", "3"}, "--line"},
		{[]string{"loadtest", "--game", "chess", "--duration", "1s"}, `unknown game "chess"`},
		{[]string{"analyze", "--game", "adji-boto", "--vary", "opening=all", "--agents", "oracle", "--games", "2", "--out", t.TempDir()}, `unknown agent "oracle"`},
		{[]string{"solve", "--game", "adji-boto"}, "give either --seeds-left K"},
	} {
		code, out, errOut := runTabula(t, "", c.args...)
		if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// --lang de plays the game in German: the prompts, the narration and the
// record line's words.
func TestPlayInGerman(t *testing.T) {
	code, out, errOut := runTabula(t, "9\n4\nquit\n", "play", "adji-boto", "--players", "human,human", "--lang", "de")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Spieler 0, dein Zug (9 8 7 6 5): ", "Spieler 0 spielt 9", "Spieler 1 spielt 4", "Angehalten nach 2 Zügen.", "Speicher (boto) von Spieler 1: 0", "Loch     0"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
}

// A move the game cannot read is refused in the player's language.
func TestPlayRefusesABadMoveInGerman(t *testing.T) {
	code, out, errOut := runTabula(t, "3\nquit\n", "play", "adji-boto", "--players", "human,human", "--lang", "de")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := "adji-boto: Loch 3 liegt nicht in der Reihe von Spieler 0 (Löcher 5-9)"; !strings.Contains(out, want) {
		t.Errorf("lacks %q:\n%s", want, out)
	}
}

// Without --lang the terminal speaks the environment's language.
func TestPlaySpeaksTheEnvironmentsLanguage(t *testing.T) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANGUAGE"} {
		t.Setenv(v, "")
	}
	t.Setenv("LANG", "de_DE.UTF-8")
	_, out, _ := runTabula(t, "quit\n", "play", "tamman", "--players", "human,human", "--seed", "2")
	if !strings.Contains(out, "Spieler 0 wirft die Kaurimuscheln: der Wurf des Zuges.") || !strings.Contains(out, "dein Zug") {
		t.Errorf("not German:\n%s", out)
	}
	t.Setenv("LANG", "C.UTF-8")
	_, out, _ = runTabula(t, "quit\n", "play", "tamman", "--players", "human,human", "--seed", "2")
	if !strings.Contains(out, "player 0 throws the cowries: the turn's throw.") {
		t.Errorf("not English:\n%s", out)
	}
}

// A command's error is said in the environment's language.
func TestErrorsInTheEnvironmentsLanguage(t *testing.T) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANGUAGE"} {
		t.Setenv(v, "")
	}
	t.Setenv("LANG", "de_DE.UTF-8")
	code, _, errOut := runTabula(t, "", "replay", "--game", "adji-boto", "9", "3", "9")
	if want := `tabula replay: Zug 3 ("9"): "9" ist für Spieler 0 jetzt nicht erlaubt (erlaubt: 8 7 6 5)`; code != 2 || strings.TrimSpace(errOut) != want {
		t.Errorf("exit %d, %q, want 2 and %q", code, errOut, want)
	}
}

// --lang takes a language the words have.
func TestPlayRefusesAnUnknownLanguage(t *testing.T) {
	code, _, errOut := runTabula(t, "", "play", "adji-boto", "--lang", "fr")
	if code != 2 || !strings.Contains(errOut, "--lang") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}
