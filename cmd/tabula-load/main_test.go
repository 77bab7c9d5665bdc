package main

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRefusesWhatIsNotBounded(t *testing.T) {
	for _, args := range [][]string{
		{"--addr", "192.0.2.1:80"},
		{"--addr", "example.com:80"},
		{"--games", "0"}, {"--games", "100000"},
		{"--duration", "1h"}, {"--duration", "0s"},
		{"--moves", "0"}, {"--think", "-1s"},
	} {
		if err := run(args, io.Discard); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// TestShortRun loads an in-process server with a few matches until 200
// moves are played, and checks the report.
func TestShortRun(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"--games", "4", "--moves", "200", "--duration", "1m"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"4 concurrent adji-boto matches", "moves: 20", "p99", "peak"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "not played") {
		t.Errorf("moves were refused:\n%s", out.String())
	}
}

// BenchmarkTwoPersonGames plays b.N moves in 100 concurrent two-person
// matches against an in-process server and reports the round trip.
func BenchmarkTwoPersonGames(b *testing.B) {
	addr, stop, err := startServer()
	if err != nil {
		b.Fatal(err)
	}
	defer stop()
	c := config{addr: addr, game: "adji-boto", options: gameOptions("adji-boto"), games: 100, moves: b.N, duration: maxDuration}
	b.ResetTimer()
	r := load(c)
	b.StopTimer()
	slices.Sort(r.rtts)
	b.ReportMetric(float64(len(r.rtts))/r.elapsed.Seconds(), "moves/s")
	b.ReportMetric(float64(r.quantile(0.5))/float64(time.Millisecond), "p50-ms")
	b.ReportMetric(float64(r.quantile(0.99))/float64(time.Millisecond), "p99-ms")
}
