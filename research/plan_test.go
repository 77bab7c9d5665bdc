package research

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestGridAndEach(t *testing.T) {
	cfg := Config{Game: "adji-boto", Agents: []string{"random"}, Games: 1,
		Vary: []Vary{{Name: "opening", Values: []string{"all"}}, {Name: "skip-origin", Values: []string{"all"}}}}
	p := mustPlan(t, cfg)
	var labels []string
	for _, r := range p.Readings {
		labels = append(labels, r.Label())
	}
	want := []string{
		"opening=free skip-origin=false", "opening=free skip-origin=true",
		"opening=ordered skip-origin=false", "opening=ordered skip-origin=true",
		"opening=none skip-origin=false", "opening=none skip-origin=true",
	}
	if !slices.Equal(labels, want) {
		t.Errorf("grid readings:\n%q\nwant\n%q", labels, want)
	}
	if !p.Readings[0].Base || p.Readings[1].Base {
		t.Error("the defaults are not the base reading of the grid")
	}
	cfg.Design = Each
	p = mustPlan(t, cfg)
	labels = labels[:0]
	for _, r := range p.Readings {
		labels = append(labels, r.Label())
	}
	want = []string{"base", "opening=ordered", "opening=none", "skip-origin=true"}
	if !slices.Equal(labels, want) {
		t.Errorf("each readings: %q, want %q", labels, want)
	}
	// Units interleave readings and decode back.
	for u := range p.Units() {
		if got := p.unitNumber(p.unitAt(u)); got != u {
			t.Fatalf("unit %d decodes to %+v and back to %d", u, p.unitAt(u), got)
		}
	}
}

func TestPlanErrors(t *testing.T) {
	base := Config{Game: "tamman", Agents: []string{"random"}, Games: 2}
	for _, c := range []struct {
		change func(*Config)
		want   string
	}{
		{func(c *Config) { c.Game = "chess" }, "chess"},
		{func(c *Config) { c.Vary = []Vary{{Name: "colour", Values: []string{"red"}}} }, "no such option"},
		{func(c *Config) { c.Vary = []Vary{{Name: "players", Values: []string{"all"}}} }, "only enum and bool"},
		{func(c *Config) { c.Vary = []Vary{{Name: "players", Values: []string{"2", "9"}}} }, "out of range"},
		{func(c *Config) { c.Vary = []Vary{{Name: "players", Values: []string{"2", "2"}}} }, "twice"},
		{func(c *Config) {
			c.Vary = []Vary{{Name: "safe-ayn", Values: []string{"all"}}, {Name: "safe-ayn", Values: []string{"own"}}}
		}, "given twice"},
		{func(c *Config) {
			c.Vary = []Vary{{Name: "players", Values: []string{"2", "3"}}}
			c.Agents = []string{"random", "greedy"}
		}, "3 players"},
		{func(c *Config) {
			// 25*64^3 readings: refused before the grid is made.
			c.Game = "agsinnoninka"
			c.Vary = []Vary{{Name: "seeds", Values: numbers(1, 25)}, {Name: "repetition", Values: numbers(0, 63)},
				{Name: "max-rounds", Values: numbers(1, 64)}, {Name: "max-turns", Values: numbers(0, 63)}}
		}, "more than 4096 readings"},
		{func(c *Config) { c.Games = 0 }, "--games"},
		{func(c *Config) { c.Agents = nil }, "--agents"},
		{func(c *Config) { c.Design = "latin" }, "--design"},
	} {
		cfg := base
		c.change(&cfg)
		_, err := NewPlan(cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: err %v, want one with %q", cfg, err, c.want)
		}
	}
	// An unknown agent is refused before any game.
	p := mustPlan(t, Config{Game: "tamman", Agents: []string{"oracle"}, Games: 1})
	if err := p.CheckAgents(); err == nil {
		t.Error("agent oracle is accepted")
	}
}

// numbers gives the texts of lo..hi.
func numbers(lo, hi int) []string {
	var out []string
	for n := lo; n <= hi; n++ {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

func TestParseVaryAndShard(t *testing.T) {
	v, err := ParseVary(" seeds = 4, 5 ,6")
	if err != nil || v.Name != "seeds" || !slices.Equal(v.Values, []string{"4", "5", "6"}) {
		t.Errorf("ParseVary: %+v, %v", v, err)
	}
	for _, bad := range []string{"", "seeds", "=4", "seeds=", "seeds=4,,5"} {
		if _, err := ParseVary(bad); err == nil {
			t.Errorf("ParseVary(%q) is accepted", bad)
		}
	}
	s, err := ParseShard("2/5")
	if err != nil || s != (Shard{Index: 2, Count: 5}) {
		t.Errorf("ParseShard(2/5) = %v, %v", s, err)
	}
	for _, bad := range []string{"", "1", "5/5", "-1/3", "0/0", "a/b", "1/2/3", "0/1000001"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) is accepted", bad)
		}
	}
}

func FuzzParseVary(f *testing.F) {
	for _, s := range []string{"seeds=4,5", "opening=all", "x=", "=,", "a=b,,c", strings.Repeat("v,", 70)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVary(s)
		if err != nil {
			return
		}
		if v.Name == "" || len(v.Values) == 0 || len(v.Values) > maxValues {
			t.Fatalf("ParseVary(%q) = %+v", s, v)
		}
		// The form it gives reads back the same.
		again, err := ParseVary(v.String())
		if err != nil || again.Name != v.Name || !slices.Equal(again.Values, v.Values) {
			t.Fatalf("ParseVary(%q) = %+v, but its text %q reads as %+v, %v", s, v, v.String(), again, err)
		}
		// Checking it against a game never panics.
		NewPlan(Config{Game: "adji-boto", Agents: []string{"random"}, Games: 1, Vary: []Vary{v}})
	})
}

func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"0/1", "3/4", "4/4", "-1/2", "1/0", " 2/3 ", "9999999999999999999/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		if sh.Index < 0 || sh.Index >= sh.Count || sh.Count > maxShards {
			t.Fatalf("ParseShard(%q) = %v", s, sh)
		}
		if again, err := ParseShard(sh.String()); err != nil || again != sh {
			t.Fatalf("ParseShard(%q) = %v does not round-trip: %v, %v", s, sh, again, err)
		}
	})
}
