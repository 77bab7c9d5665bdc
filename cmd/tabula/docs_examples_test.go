package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The documented commands: every `tabula` command shown in README.md and
// docs/ is run and must exit 0. A command is a line of a fenced code block
// marked sh or not marked at all (the block is an example; a synopsis is
// marked text) or an inline code span that starts
// with tabula, `go run ./cmd/tabula` or `/tmp/tabula`. Not run: a bare
// `tabula NAME` (a reference to the command, not an example) and a synopsis
// (a placeholder in capitals, [optional] parts, `...` or alternatives `|`).
//
// A command that starts a server or runs long is marked in the page by an
// HTML comment before its block (a fenced block, a paragraph, a list or a
// table); "all examples" marks the rest of the page:
//
//	<!-- examples: bounded: REASON -->      run until it has started (or used boundedCPU, or for boundedFor); it must not fail in that time
//	<!-- all examples: bounded: REASON -->
//	<!-- examples: skip: REASON -->         not run, for the reason given
const (
	// A bounded command is stopped once it says it has started (got past
	// its flags and its setup and done a first piece of its work: a game
	// played, a room made, a server listening; see started), or has used
	// boundedCPU of processor time with the processes it started (a first
	// game that takes longer), or after boundedFor when it waits or the
	// machine is busy: what it would compute further is thrown away.
	boundedCPU    = 150 * time.Millisecond
	boundedFor    = 2 * time.Second
	boundedAtOnce = 8               // bounded commands run at once
	completeFor   = 2 * time.Minute // an unmarked command that runs longer fails
)

// TestDocumentedCommandsRun runs every documented command in a directory of
// its page's own (so that one command can read the file another wrote) and
// checks its exit status. The pages run in parallel, and a page's commands
// in order, but for its measurements (tabula lab, cut to tiny sizes): those
// that read no file of the page run side by side (at most labAtOnce in the
// whole test), and a command waits for them before it runs. The same
// measurement, or bounded command line, on two pages runs once
// (sharedRuns). A page's bounded commands, stopped whatever they do, run
// beside its other commands (at most boundedAtOnce at a time in the whole
// test): a later command cannot rely on what a killed one wrote.
func TestDocumentedCommandsRun(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	slots := make(chan struct{}, boundedAtOnce)
	labSlots := make(chan struct{}, labAtOnce)
	runs := &sharedRuns{}
	for _, path := range docPages(t) {
		name := strings.TrimPrefix(path, "../../")
		cmds := docCommands(t, path, name)
		if len(cmds) == 0 {
			continue
		}
		total += len(cmds)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			var bounded, labs sync.WaitGroup
			for _, c := range cmds {
				switch {
				case c.mode == "skip":
					t.Logf("%s: not run: tabula %s: %s", c.where, strings.Join(c.args, " "), c.reason)
				case c.args[0] == "lab":
					args, ok := labArgs(t, dir, c) // cut to tiny sizes, bounded or not
					if !ok {
						continue
					}
					run := func() {
						out, err := runs.run(exe, dir, args, labSlots)
						checkLabRun(t, dir, c, args, out, err)
					}
					if readsPageFile(args, dir) {
						labs.Wait()
						run()
					} else {
						labs.Go(run)
					}
				case c.mode == "bounded":
					bounded.Go(func() {
						// The same command line on another page is the
						// same run, unless it names a file of its page.
						key := strings.Join(c.args, "\x00")
						if slices.ContainsFunc(c.args, func(a string) bool { return pageHas(dir, a) }) {
							key = dir + "\x00" + key
						}
						runs.get("bounded\x00" + key).once.Do(func() {
							slots <- struct{}{}
							defer func() { <-slots }()
							runDocCommand(t, exe, dir, c, boundedFor, true)
						})
					})
				default:
					labs.Wait()
					runDocCommand(t, exe, dir, c, completeFor, false)
				}
			}
			labs.Wait()
			bounded.Wait()
		})
	}
	if total < 20 {
		t.Errorf("found %d documented commands; the reader of the pages is broken", total)
	}
}

// runDocCommand runs c as a child process (the test binary acting as
// tabula) with the input "quit" (which a game in the terminal obeys). A
// bounded command passes if it is still running when it has started or
// at the bound; then it is killed with every process it started.
func runDocCommand(t *testing.T, exe, dir string, c docCommand, limit time.Duration, bounded bool) {
	cmd := exec.Command(exe, c.args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader("quit\n")
	cmd.Env = append(os.Environ(), "TABULA_AS_COMMAND=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	var begun <-chan struct{} // closed when the command has started
	if bounded {
		r, w, err := os.Pipe()
		if err != nil {
			t.Error(err)
			return
		}
		defer r.Close()
		defer w.Close()
		cmd.ExtraFiles = []*os.File{w} // descriptor 3
		cmd.Env = append(cmd.Env, startedEnv+"=3")
		ch := make(chan struct{})
		go func() {
			if n, _ := r.Read(make([]byte, 1)); n > 0 {
				close(ch)
			}
		}()
		begun = ch
	}
	if err := cmd.Start(); err != nil {
		t.Errorf("%s: %v", c.where, err) // not Fatal: bounded commands run on goroutines of their own
		return
	}
	if bounded {
		cmd.ExtraFiles[0].Close() // the child's now
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(limit)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s: tabula %s: %v\n%s", c.where, strings.Join(c.args, " "), err, lastLines(out.String()))
			}
			return
		case <-tick.C:
			if !bounded || treeCPU(cmd.Process.Pid) < boundedCPU {
				continue
			}
		case <-begun:
		case <-deadline:
		}
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		if err := <-done; bounded && cmd.ProcessState.Exited() {
			// It ended by itself before the kill.
			if err != nil {
				t.Errorf("%s: tabula %s: %v\n%s", c.where, strings.Join(c.args, " "), err, lastLines(out.String()))
			}
			return
		}
		if !bounded {
			t.Errorf("%s: tabula %s still runs after %v: mark it bounded (see TestDocumentedCommandsRun)", c.where, strings.Join(c.args, " "), limit)
		}
		return
	}
}

// startedEnv names the descriptor on which a bounded command says it has
// started (watchStarted).
const startedEnv = "TABULA_STARTED_FD"

// watchStarted makes started write a line on the descriptor startedEnv
// names, once, in the test binary acting as a bounded command. The
// processes the command starts (a load test's server) neither inherit
// the descriptor nor the variable.
func watchStarted() {
	fd, err := strconv.Atoi(os.Getenv(startedEnv))
	if err != nil {
		return
	}
	os.Unsetenv(startedEnv)
	syscall.CloseOnExec(fd)
	f := os.NewFile(uintptr(fd), "started")
	started = sync.OnceFunc(func() {
		f.Write([]byte("started\n"))
		f.Close()
	})
}

// treeCPU is the processor time a running process and the processes it
// started (a load test's server, say) have used so far, as far as /proc
// tells (0 where it cannot).
func treeCPU(pid int) time.Duration {
	cpu := processCPU(pid)
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, task := range tasks {
		b, _ := os.ReadFile(task)
		for _, c := range strings.Fields(string(b)) {
			if child, err := strconv.Atoi(c); err == nil {
				cpu += treeCPU(child)
			}
		}
	}
	return cpu
}

// processCPU is the processor time a running process has used so far (0
// where /proc cannot tell).
func processCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// After the command's name, in parentheses: state, ..., utime and
	// stime (the 12th and 13th fields), in ticks of 1/100 s.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	user, _ := strconv.Atoi(f[11])
	sys, _ := strconv.Atoi(f[12])
	return time.Duration(user+sys) * 10 * time.Millisecond
}

// labArgs is a documented measurement's command line (tabula lab NAME)
// with its sizes cut to tiny ones (measureArgs) and its logs in dir.
func labArgs(t *testing.T, dir string, c docCommand) ([]string, bool) {
	r, ok := lookupLab(c.args[1])
	if _, known := labReports[c.args[1]]; !ok || !known {
		t.Errorf("%s: tabula lab %s: no such measurement, or no labReports entry for it", c.where, c.args[1])
		return nil, false
	}
	args := []string{"lab", r.name}
	fs := r.flags()
	given := map[string]bool{}
	for i := 2; i < len(c.args); i++ {
		name, value, hasValue := strings.Cut(strings.TrimLeft(c.args[i], "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			t.Errorf("%s: tabula lab %s has no flag --%s", c.where, r.name, name)
			return nil, false
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && !(ok && b.IsBoolFlag()) && i+1 < len(c.args) {
			i++
			value = c.args[i]
		}
		args = append(args, measureArgs(name, value, dir)...)
		given[name] = true
	}
	// The sizes the page leaves at their defaults are cut too.
	for _, name := range sizeFlags {
		if f := fs.Lookup(name); f != nil && !given[name] {
			args = append(args, measureArgs(name, f.DefValue, dir)...)
		}
	}
	return args, true
}

// readsPageFile tells whether a measurement reads a log of its page (in
// dir): it runs after the page's measurements before it.
func readsPageFile(args []string, dir string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return strings.Contains(a, dir) })
}

// checkLabRun checks a measurement's run: it must succeed and print what
// it measures (labReports); its output goes to the file the page
// redirects it to.
func checkLabRun(t *testing.T, dir string, c docCommand, args []string, out []byte, err error) {
	if err != nil {
		t.Errorf("%s: tabula %s: %v\n%s", c.where, strings.Join(args, " "), err, lastLines(string(out)))
		return
	}
	if want := labReports[c.args[1]]; !bytes.Contains(out, []byte(want)) {
		t.Errorf("%s: tabula %s: %q not reported:\n%s", c.where, strings.Join(args, " "), want, lastLines(string(out)))
	}
	if c.out != "" {
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(c.out)), out, 0o644); err != nil {
			t.Error(err)
		}
	}
}

// pageHas tells whether the argument names a file in the page's
// directory (FILE or --flag=FILE).
func pageHas(dir, arg string) bool {
	if _, v, ok := strings.Cut(arg, "="); ok {
		arg = v
	}
	_, err := os.Stat(filepath.Join(dir, arg))
	return arg != "" && !filepath.IsAbs(arg) && err == nil
}

// sharedRuns runs each measurement once: cut to tiny sizes, many pages'
// measurements are the same command line (mcts:hard,greedy and
// mcts:max,greedy both play easy against greedy), and one that reads no
// file of its page does the same wherever it runs. So does a bounded
// command line (24 of the 102 repeat another).
type sharedRuns struct {
	mu   sync.Mutex
	runs map[string]*sharedRun
}

type sharedRun struct {
	once sync.Once
	out  []byte
	err  error
}

// labAtOnce is how many measurements run at once in the whole test.
var labAtOnce = max(2, runtime.GOMAXPROCS(0))

// run runs tabula with args in dir, or returns the output of the run of
// the same command line (one that reads no file of dir) made before;
// slots bounds the runs at once.
func (r *sharedRuns) run(exe, dir string, args []string, slots chan struct{}) ([]byte, error) {
	key := strings.Join(args, "\x00")
	if readsPageFile(args, dir) {
		key = dir + "\x00" + key // its own
	}
	run := r.get(key)
	run.once.Do(func() {
		slots <- struct{}{}
		defer func() { <-slots }()
		cmd := exec.Command(exe, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TABULA_AS_COMMAND=1")
		run.out, run.err = cmd.CombinedOutput()
	})
	return run.out, run.err
}

// get is the run of key, made the first time.
func (r *sharedRuns) get(key string) *sharedRun {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.runs == nil {
		r.runs = map[string]*sharedRun{}
	}
	run := r.runs[key]
	if run == nil {
		run = &sharedRun{}
		r.runs[key] = run
	}
	return run
}

// lastLines is the end of a long output.
func lastLines(s string) string {
	if len(s) > 2000 {
		return "..." + s[len(s)-2000:]
	}
	return s
}

// TestCLIPageListsEveryFlag checks docs/cli.md, the command reference,
// against the commands themselves: a section "## tabula NAME" for every
// command, whose table lists every flag of the command's --help with its
// default and no other, and whose synopsis shows the flags' defaults
// (`[--lease 6s]`).
func TestCLIPageListsEveryFlag(t *testing.T) {
	data, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{}
	for _, s := range strings.Split(string(data), "\n## tabula ")[1:] {
		name, body, _ := strings.Cut(s, "\n")
		sections[strings.TrimSpace(name)] = body
	}
	helpFlag := regexp.MustCompile(`(?m)^  --([a-z-]+)\b(.*)$`)
	// A default of "the cores" is the machine's (runtime.NumCPU), which
	// the page cannot write as a number.
	row := regexp.MustCompile("(?m)^\\| `--([a-z-]+)[^`]*` \\| (?:`([^`]*)`|(the cores))? *\\|")
	synopsis := regexp.MustCompile(`\[--([a-z-]+) ([^\]\sA-Z.|/]+)\]`)
	checked := 0
	for _, c := range commands {
		body, ok := sections[c.name]
		if !ok {
			t.Errorf("docs/cli.md has no section \"## tabula %s\"", c.name)
			continue
		}
		_, help, _ := runTabula(t, "", c.name, "--help")
		defaults := map[string]string{}
		for _, m := range helpFlag.FindAllStringSubmatch(help, -1) {
			def := regexp.MustCompile(`\(default: ([^)]*)\)\s*$`).FindStringSubmatch(m[2])
			defaults[m[1]] = ""
			if def != nil {
				defaults[m[1]] = def[1]
			}
		}
		listed := map[string]bool{}
		for _, m := range row.FindAllStringSubmatch(body, -1) {
			listed[m[1]] = true
			def, ok := defaults[m[1]]
			if m[3] != "" && def == strconv.Itoa(runtime.NumCPU()) {
				m[2] = def
			}
			switch {
			case !ok:
				t.Errorf("docs/cli.md lists --%s for tabula %s, which has no such flag", m[1], c.name)
			case def != m[2]:
				t.Errorf("docs/cli.md gives tabula %s --%s the default %q; the flag says %q", c.name, m[1], m[2], def)
			}
			checked++
		}
		for name := range defaults {
			if !listed[name] {
				t.Errorf("docs/cli.md does not list tabula %s --%s", c.name, name)
			}
		}
		for _, m := range synopsis.FindAllStringSubmatch(body, -1) {
			if def, ok := defaults[m[1]]; ok && def != "" && def != m[2] && !strings.HasPrefix(def, m[2]) {
				t.Errorf("docs/cli.md shows `tabula %s [--%s %s]`; the flag's default is %q", c.name, m[1], m[2], def)
			}
		}
	}
	if checked < 50 {
		t.Errorf("checked %d flags; the reader of docs/cli.md is broken", checked)
	}
}

// A bounded command's processor time counts the processes it started: a
// shell that waits for a busy child of its own has used the child's.
func TestTreeCPUCountsTheChildren(t *testing.T) {
	cmd := exec.Command("sh", "-c", "while :; do :; done & wait")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
	}()
	for deadline := time.Now().Add(time.Minute); treeCPU(cmd.Process.Pid) < 100*time.Millisecond; {
		if time.Now().After(deadline) {
			t.Fatalf("the tree used %v in a minute", treeCPU(cmd.Process.Pid))
		}
		time.Sleep(10 * time.Millisecond)
	}
	if own := processCPU(cmd.Process.Pid); own >= 100*time.Millisecond {
		t.Errorf("the waiting shell itself used %v", own)
	}
}
