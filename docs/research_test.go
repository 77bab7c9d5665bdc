package docs

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabula/research"
)

// researchReports are the committed reports of docs/research that the
// current workbench wrote (the MCTS reports are older single runs, kept
// as they were: docs/research/README.md says so).
func researchReports(t *testing.T, ext string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("research", "*", "*."+ext))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if !strings.Contains(filepath.Base(f), "mcts") {
			out = append(out, f)
		}
	}
	if len(out) < 10 {
		t.Fatalf("only %d %s reports in docs/research", len(out), ext)
	}
	return out
}

// Every committed report.csv has the documented schema, names its build
// and command, and its seat edges' p-values are the z test's on the seat
// wins it holds, never 0 (gonum's normal survival once gave 0 for 2e-55).
func TestResearchCSVs(t *testing.T) {
	for _, f := range researchReports(t, "csv") {
		data, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(data).ReadAll()
		data.Close()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !slices.Equal(rows[0], research.CSVHeader) {
			t.Errorf("%s: header %v, want %v", f, rows[0], research.CSVHeader)
			continue
		}
		run := map[string]string{}
		wins := map[string][]int{} // reading: seat wins
		for _, r := range rows[1:] {
			if r[0] == "run" {
				run[r[3]] = r[10]
			}
			if r[0] == "outcomes" && strings.HasSuffix(r[3], " win") {
				v, _ := strconv.ParseFloat(r[4], 64)
				n, _ := strconv.Atoi(r[7])
				wins[r[1]] = append(wins[r[1]], int(math.Round(v*float64(n))))
			}
		}
		if run["revision"] == "" || !strings.Contains(run["command"], "--seed") || run["version"] == "" {
			t.Errorf("%s: the run rows do not name the revision and command: %v", f, run)
		}
		for _, r := range rows[1:] {
			if r[0] != "outcomes" || !strings.HasSuffix(r[3], " edge") {
				continue
			}
			seat, _ := strconv.Atoi(strings.Fields(r[3])[1])
			p, err := strconv.ParseFloat(r[8], 64)
			_, want := research.SeatEdgeP(wins[r[1]], seat)
			if err != nil || p <= 0 || math.Abs(p-want) > 1e-12*want {
				t.Errorf("%s: reading %s %s: p %q, want %g from the seat wins %v", f, r[1], r[3], r[8], want, wins[r[1]])
			}
		}
	}
}

// No committed text report gives a seat edge finding a p-value of 0
// ("< 1e-300"): the largest edges in them have z below 38.
func TestResearchTextSeatP(t *testing.T) {
	seatRow := regexp.MustCompile(`seat \d edge .*< 1e-300`)
	for _, f := range researchReports(t, "txt") {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if seatRow.MatchString(line) {
				t.Errorf("%s:%d: a seat edge with p < 1e-300: %s", f, i+1, line)
			}
		}
		if lines := strings.SplitN(string(data), "\n", 4); len(lines) < 3 || !strings.HasPrefix(lines[2], "tabula ") || !strings.Contains(lines[2], "revision") {
			t.Errorf("%s: the third line does not name the build", f)
		}
	}
}
