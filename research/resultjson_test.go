package research

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// A result's line is json.Marshal's, byte for byte: results played by the
// workbench, and made-up ones that take every branch (omitted fields,
// floats that JSON writes with an exponent, negative zero, names JSON
// escapes, an evaluation, values that are not finite).
func TestResultLineIsJSONs(t *testing.T) {
	fc := new(floatTexts) // kept across the results: its texts are found again
	check := func(r Result) {
		t.Helper()
		want, werr := json.Marshal(r)
		got, gerr := appendResult([]byte("x"), r)
		if (werr != nil) != (gerr != nil) {
			t.Fatalf("%+v: json.Marshal's error %v, appendResult's %v", r, werr, gerr)
		}
		if werr == nil && string(got) != "x"+string(want) {
			t.Fatalf("%+v:\n got %s\nwant x%s", r, got, want)
		}
		if kept, _ := appendResultIn([]byte("x"), r, fc); string(kept) != string(got) {
			t.Fatalf("%+v: with kept texts\n got %s\nwant %s", r, kept, got)
		}
	}
	for _, cfg := range []Config{
		{Game: "tamman", Chance: ChanceStream},
		{Game: "adji-boto"},
		{Game: "agsinnoninka", Games: 2},
	} {
		cfg.Agents, cfg.Seed = []string{"random"}, 3
		if cfg.Games == 0 {
			cfg.Games = 30
		}
		pl := newPlayer(mustPlan(t, cfg))
		for g := range cfg.Games {
			r, err := pl.play(unit{game: g})
			if err != nil {
				t.Fatal(err)
			}
			check(r)
		}
	}
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1.0 / 3, 1e-6, 9.99e-7, -1e-7, 1e-300, 1e20, 1e21, -1e21, 123456789.125, 5e-324, math.MaxFloat64,
		10, -43, 1e15, 1<<53 - 1, 1 << 53, -(1<<53 + 2), 1e21 - 65536}
	rng := rand.New(rand.NewPCG(1, 2))
	f := func() float64 { return floats[rng.IntN(len(floats))] }
	stalls := []string{"", "repetition", "workbench-cap", "a<b", `q"`, "é", "\n"}
	for range 2000 {
		r := Result{Reading: rng.IntN(3), Game: rng.IntN(1 << 20), Skill: rng.IntN(2) == 0, Winner: rng.IntN(5) - 1, Agent: rng.IntN(5) - 1,
			Stall: stalls[rng.IntN(len(stalls))], Plies: rng.IntN(1000), Turns: rng.IntN(1000), Rounds: rng.IntN(3), Decisions: rng.IntN(1000),
			Choices: rng.IntN(1000), Options: rng.IntN(1000), LeadChanges: rng.IntN(10), Trailed: rng.IntN(2) == 0, Secure: f(), Margin: f()}
		switch rng.IntN(3) {
		case 0:
			r.Lead = []float64{}
		case 1:
			for range 1 + rng.IntN(11) {
				r.Lead = append(r.Lead, f())
			}
		}
		if rng.IntN(10) == 0 {
			r.Eval = &EvalResult{Positions: 3, Threshold: f()}
		}
		check(r)
	}
	check(Result{Secure: math.NaN()})
	check(Result{Lead: []float64{math.Inf(1)}})
}

// The kept texts of fractions are appendFloat's, found again or replaced
// in their slot: the secure shares of games (turns over turns) and floats
// of every size, many to a slot, in an order that comes back to each;
// whole numbers, small (written without the float path), negative zero
// and beyond an int64, as appendFloat writes them.
func TestFloatTextsAreAppendFloats(t *testing.T) {
	var fs []float64
	for n := 1; n <= 300; n++ {
		for k := 0; k <= n; k++ {
			fs = append(fs, float64(k)/float64(n), -float64(k)/float64(n)*1e-7)
		}
	}
	for v := -1500; v <= 1500; v++ {
		fs = append(fs, float64(v))
	}
	fs = append(fs, math.Copysign(0, -1), 1<<62, -(1 << 63), 1<<63, 1e300)
	rng := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		fs = append(fs, math.Float64frombits(rng.Uint64()), rng.NormFloat64()*1e25)
	}
	fc := new(floatTexts)
	for round := range 3 {
		rng.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
		for _, f := range fs {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				continue
			}
			if got, want := string(fc.append([]byte("x"), f)), string(appendFloat([]byte("x"), f)); got != want {
				t.Fatalf("round %d, %v (%#x): kept text %q, appendFloat %q", round, f, math.Float64bits(f), got, want)
			}
		}
	}
	filled := 0
	for _, x := range fc.bits {
		if x != 0 {
			filled++
		}
	}
	if filled < floatSlots/2 {
		t.Errorf("only %d of %d slots hold a text", filled, floatSlots)
	}
}

// appendInt writes what strconv does, around its short cuts' edges.
func TestAppendIntIsStrconvs(t *testing.T) {
	for _, v := range []int64{0, 1, 9, 10, 99, 100, 999, 1000, 1001, 12345, -1, -9, -10, -99, -100, -999, -1000, -1001, math.MaxInt64, math.MinInt64} {
		if got, want := string(appendInt([]byte("x"), v)), "x"+strconv.FormatInt(v, 10); got != want {
			t.Errorf("appendInt(%d) = %q, want %q", v, got, want)
		}
	}
	// Every number from -2,000 to 200,000.
	var got, want []byte
	for v := int64(-2_000); v <= 200_000; v++ {
		if got, want = appendInt(got[:0], v), strconv.AppendInt(want[:0], v, 10); string(got) != string(want) {
			t.Fatalf("appendInt(%d) = %q, want %q", v, got, want)
		}
	}
}
