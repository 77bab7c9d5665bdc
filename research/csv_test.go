package research

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabula/internal/version"
)

// report.csv holds every table of the report in long form: the run and
// its build, the readings' measures, the differences with their p and
// Holm values, the pairing correlations, the ranking and the replication
// verdicts; each number exactly as in report.json.
func TestCSVHoldsEveryTable(t *testing.T) {
	p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Games: 400,
		Vary: []Vary{{Name: "skip-origin", Values: []string{"all"}}}})
	rep := Analyze(p, synthetic(p, 1, 10, 10, 0.6))
	rp := Analyze(p, synthetic(p, 2, 10, 0, 0.6))
	rp.Config.Seed = 2
	Replicate(rep, []*Report{rp})
	var b bytes.Buffer
	if err := rep.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rows[0], CSVHeader) {
		t.Fatalf("header %v", rows[0])
	}
	tables := map[string]int{}
	find := func(table, reading, measure, text string) []string {
		for _, r := range rows[1:] {
			if r[0] == table && r[1] == reading && r[3] == measure && strings.HasPrefix(r[10], text) {
				return r
			}
		}
		t.Errorf("no row %s/%s/%s/%s", table, reading, measure, text)
		return make([]string, len(CSVHeader))
	}
	for _, r := range rows[1:] {
		tables[r[0]]++
	}
	for _, want := range []string{"run", "readings", "outcomes", "play", "drama", "differences", "pairing", "ranking", "replication"} {
		if tables[want] == 0 {
			t.Errorf("no table %q in report.csv (tables %v)", want, tables)
		}
	}
	if r := find("run", "", "revision", ""); r[10] != version.Get().Revision {
		t.Errorf("revision %q, want %q", r[10], version.Get().Revision)
	}
	var turns Comparison
	for _, c := range rep.Comparisons {
		if c.Metric == "turns" {
			turns = c
		}
	}
	d := find("differences", "1", "turns", "significant")
	if d[4] != strconv.FormatFloat(turns.Diff.Value, 'g', -1, 64) || d[8] != strconv.FormatFloat(turns.P, 'g', -1, 64) ||
		d[9] != strconv.FormatFloat(turns.Holm, 'g', -1, 64) {
		t.Errorf("turns difference row %v, comparison %+v", d, turns)
	}
	if r := find("pairing", "1", "turns", "pairing r"); r[4] != strconv.FormatFloat(turns.Corr, 'g', -1, 64) {
		t.Errorf("pairing row %v, want r %g", r, turns.Corr)
	}
	if r := find("replication", "1", "turns", "replicated:"); r[10] != "replicated: yes" {
		t.Errorf("verdict row %v", r)
	}
	find("replication", "1", "turns", "replication, seed 2")
	find("ranking", "0", "overall", "rank")
}

// Every report file names the build that wrote it.
func TestReportsNameTheirBuild(t *testing.T) {
	p := mustPlan(t, Config{Game: "adji-boto", Agents: []string{"random"}, Games: 40,
		Vary: []Vary{{Name: "skip-origin", Values: []string{"all"}}}})
	rep := Analyze(p, synthetic(p, 1, 10, 10, 0.6))
	want := version.Get()
	for name, write := range map[string]func(*bytes.Buffer) error{
		"text": func(b *bytes.Buffer) error { return rep.WriteText(b) },
		"html": func(b *bytes.Buffer) error { return rep.WriteHTML(b) },
		"json": func(b *bytes.Buffer) error { return rep.WriteJSON(b) },
		"csv":  func(b *bytes.Buffer) error { return rep.WriteCSV(b) },
	} {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), want.Version) || !strings.Contains(b.String(), want.Go) {
			t.Errorf("%s report does not name version %q and Go %q", name, want.Version, want.Go)
		}
	}
}
